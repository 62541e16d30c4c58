"""The window's fixtures (tests/ui/conftest.py) for the nights played in the window."""

from tests.ui.conftest import (  # noqa: F401 - fixtures, found by name
    make_window,
    message_boxes,
    qsettings,
    settings_file,
    windows_shown,
)
