"""The window sizes the layout tests fit a page into: the default, 1280x820, the tighter fit,
in the quick run; and a larger one, 1600x1000, in the slow tier (README.md, "Development")."""

from __future__ import annotations

import pytest

DEFAULT = (1280, 820)
LARGE = (1600, 1000)
SIZES = [DEFAULT, pytest.param(LARGE, marks=pytest.mark.slow)]
