"""clubdesk: run a card club's tournament night from one laptop.

``clubdesk.__version__`` is read from the installed package's metadata when first asked
for, not when the package loads (docs/architecture.md, "The layers": a command loads only
what it needs).
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name != "__version__":
        raise AttributeError(f"module 'clubdesk' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("clubdesk")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+source"
    globals()["__version__"] = found
    return found
