"""The bundled resources: icon, chime and fonts are found and usable."""

from __future__ import annotations

import configparser
import importlib.util
import io
import struct
import wave
from array import array
from pathlib import Path
from xml.etree import ElementTree

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from clubdesk import paths

ROOT = Path(__file__).resolve().parent.parent
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
FONTS = {
    "DejaVuSans": "fonts/DejaVuSans.ttf",
    "DejaVuSans-Bold": "fonts/DejaVuSans-Bold.ttf",
    "DejaVuSansMono": "fonts/DejaVuSansMono.ttf",
}


def _load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# --- icon -------------------------------------------------------------------


def test_resources_dir_is_found():
    assert paths.resources_dir().is_dir()


def test_icon_svg_is_square_svg():
    path = paths.resource("icons/clubdesk.svg")
    assert path.is_file()
    root = ElementTree.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    _x, _y, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert width == height


@pytest.mark.parametrize("size", PNG_SIZES)
def test_icon_png_renders(size):
    path = paths.resource(f"icons/clubdesk-{size}.png")
    assert path.is_file()
    assert _png_size(path) == (size, size)


def test_windows_icon_has_all_sizes():
    data = paths.resource("icons/clubdesk.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        width = data[6 + 16 * i]
        sizes.add(width or 256)  # 0 means 256
    assert {16, 24, 32, 48, 256} <= sizes


def test_macos_icon_is_icns():
    data = paths.resource("icons/clubdesk.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)


# --- chime ------------------------------------------------------------------


def _read_chime() -> tuple[tuple, array]:
    with wave.open(str(paths.resource("sounds/chime.wav")), "rb") as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(wav.getnframes()))
    return params, samples


def test_chime_is_valid_wav():
    params, samples = _read_chime()
    assert params.nchannels == 1
    assert params.sampwidth == 2
    assert params.framerate == 44_100
    seconds = params.nframes / params.framerate
    assert 1.2 <= seconds <= 2.0
    assert len(samples) == params.nframes


def test_chime_is_audible_and_clean():
    _params, samples = _read_chime()
    peak = max(abs(s) for s in samples)
    assert 0.5 * 32767 < peak < 32767  # loud, never clipped
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # no click at either end


def test_chime_matches_its_generator(tmp_path):
    make_chime = _load_script("make_chime")
    out = tmp_path / "chime.wav"
    assert make_chime.main([str(out)]) == 0
    with wave.open(str(out), "rb") as wav:
        fresh = array("h", wav.readframes(wav.getnframes()))
    _params, bundled = _read_chime()
    assert len(fresh) == len(bundled)
    # equal up to the last bit of rounding in another maths library
    assert max(abs(a - b) for a, b in zip(fresh, bundled, strict=True)) <= 1


# --- fonts ------------------------------------------------------------------


@pytest.mark.parametrize("name, file", FONTS.items())
def test_font_is_bundled_and_registers(name, file):
    path = paths.resource(file)
    assert path.is_file()
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    # the first registration of a face stands (clubdesk.printing registers these same files)
    assert pdfmetrics.getFont(name).face.name == font.face.name
    # card suits and accented names must be in the font, not boxes
    for char in "♠♥♦♣éøñßŁ€":
        assert ord(char) in font.face.charToGlyph, f"{name} lacks {char!r}"


def test_fonts_write_a_pdf():
    for name, file in FONTS.items():
        pdfmetrics.registerFont(TTFont(name, str(paths.resource(file))))
    pdfmetrics.registerFontFamily("DejaVuSans", normal="DejaVuSans", bold="DejaVuSans-Bold")
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("DejaVuSans-Bold", 14)
    pdf.drawString(72, 760, "Table 4 · Ødegård / Muñoz ♠♥")
    pdf.setFont("DejaVuSansMono", 10)
    pdf.drawString(72, 740, "  1  250  −20  ♦♣")
    pdf.save()
    data = buffer.getvalue()
    assert data.startswith(b"%PDF")
    assert b"DejaVuSans-Bold" in data


def test_font_licence_is_bundled():
    text = paths.resource("fonts/LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in text
    assert "DejaVu" in text


# --- packaging files --------------------------------------------------------


def test_desktop_entry():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(ROOT / "packaging" / "clubdesk.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "clubdesk"
    assert entry["Icon"] == "clubdesk"
    categories = entry["Categories"].rstrip(";").split(";")
    assert "Office" in categories and "Game" in categories


def test_pyinstaller_spec_compiles():
    source = (ROOT / "packaging" / "clubdesk.spec").read_text(encoding="utf-8")
    compile(source, "clubdesk.spec", "exec")


def test_every_package_is_listed_for_installing() -> None:
    """A plain (non-editable) install and the packaged app carry every package of the source."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "clubdesk").rglob("__init__.py")
    }
    assert found - listed == set()
