"""Render clubdesk's application icon from its SVG source.

Writes, next to ``resources/icons/clubdesk.svg`` (sizes up to 24 px are drawn
from ``clubdesk-small.svg``, a simplified version that stays sharp):

* ``clubdesk-<size>.png`` for every size in ``PNG_SIZES``,
* ``clubdesk.ico`` (Windows, multi-size),
* ``clubdesk.icns`` (macOS).

The PNGs are rendered with PySide6 (QtSvg + QImage, offscreen). The .ico and
.icns containers are written with Pillow, which is needed for this build step
only (``pip install pillow``); the app itself never imports it.

Usage::

    python packaging/make_icons.py
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SOURCE = ICONS / "clubdesk.svg"
# A simplified drawing on the 16 px grid: sharper than the full icon scaled down.
SMALL_SOURCE = ICONS / "clubdesk-small.svg"
SMALL_MAX = 24  # sizes up to this one are drawn from SMALL_SOURCE

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The SVG drawn on a transparent, square ``size`` x ``size`` image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not encode a PNG")
    buffer.close()
    return bytes(data.data())


def write_containers(renders: dict[int, bytes]) -> list[Path]:
    """Write the .ico and .icns files with Pillow; skipped (with a note) without it."""
    try:
        from PIL import Image
    except ImportError:
        print(
            "Pillow is not installed: clubdesk.ico and clubdesk.icns were not rebuilt "
            "(pip install pillow)",
            file=sys.stderr,
        )
        return []

    def pil(size: int) -> Image.Image:
        return Image.open(io.BytesIO(renders[size])).convert("RGBA")

    written = []

    ico = ICONS / "clubdesk.ico"
    largest = max(ICO_SIZES)
    pil(largest).save(
        ico,
        format="ICO",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[pil(s) for s in ICO_SIZES if s != largest],
    )
    written.append(ico)

    icns = ICONS / "clubdesk.icns"
    largest = max(ICNS_SIZES)
    pil(largest).save(
        icns,
        format="ICNS",
        append_images=[pil(s) for s in ICNS_SIZES if s != largest],
    )
    written.append(icns)
    return written


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderers = {}
    for source in (SOURCE, SMALL_SOURCE):
        renderers[source] = QSvgRenderer(str(source))
        if not renderers[source].isValid():
            print(f"cannot read {source}", file=sys.stderr)
            return 1

    renders: dict[int, bytes] = {}
    for size in sorted(set(PNG_SIZES) | set(ICO_SIZES) | set(ICNS_SIZES)):
        source = SMALL_SOURCE if size <= SMALL_MAX else SOURCE
        renders[size] = png_bytes(render(renderers[source], size))

    written = []
    for size in PNG_SIZES:
        path = ICONS / f"clubdesk-{size}.png"
        path.write_bytes(renders[size])
        written.append(path)
    written += write_containers(renders)

    for path in written:
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
