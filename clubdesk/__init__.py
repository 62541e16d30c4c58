"""clubdesk: run a card club's tournament night from one laptop."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("clubdesk")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
