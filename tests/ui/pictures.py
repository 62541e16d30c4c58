"""Pictures of what the window draws, for the tests that look at a page or a dialog.

A test grabs the widget as it is drawn (every paint of it runs) and checks the picture holds
something: more than a flat colour or two. The picture is written to a file only when
``CLUBDESK_PICTURES`` names a folder, for a person to look at (compressing a PNG costs more
than the rest of such a test): ``CLUBDESK_PICTURES=pictures pytest tests/ui``.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

FOLDER = "CLUBDESK_PICTURES"
GRID = 40  # points across and down where the picture's colours are sampled


def picture(widget: QWidget, name: str) -> QImage:
    """``widget`` as drawn; kept as ``NAME.png`` in the folder ``CLUBDESK_PICTURES`` names."""
    image = widget.grab().toImage()
    assert not image.isNull(), f"{name}: nothing drawn"
    step_x, step_y = max(1, image.width() // GRID), max(1, image.height() // GRID)
    colours = {
        image.pixel(x, y)
        for x in range(0, image.width(), step_x)
        for y in range(0, image.height(), step_y)
    }
    assert len(colours) > 2, f"{name}: {len(colours)} colours drawn, nothing on them"
    folder = os.environ.get(FOLDER)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        assert image.save(str(Path(folder) / f"{name}.png"))
    return image
