"""The tables' pages on the club's network (docs/cli.md, "The tables' pages"): a third front
end beside the window (``ui``) and the command line (``cli``), calling the same services.
``app.py`` answers the requests, ``guard.py`` keeps them safe, ``hall.py`` is the hall page's
reading, ``server.py`` serves them; the pages themselves are ``resources/web/``."""

DEFAULT_PORT = 8765  # where the pages are served unless the director chooses another
