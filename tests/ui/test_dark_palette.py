"""The window reads on a dark desktop palette as on a light one: the page list's titles and
the Players page's entry row (its captions) stand out from what is behind them, in the app's
own style, by at least WCAG's 4.5 to 1 for text."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from clubdesk.store.db import open_database
from clubdesk.ui import style
from tests.ui.pictures import picture

READABLE = 4.5  # WCAG 2's contrast ratio for text
Role = QPalette.ColorRole
DARK = {  # a dark desktop's palette (KDE's Breeze Dark, GNOME's Adwaita dark alike)
    Role.Window: "#2a2e32",
    Role.WindowText: "#e8e8e8",
    Role.Base: "#1b1e20",
    Role.AlternateBase: "#232629",
    Role.Text: "#e8e8e8",
    Role.Button: "#31363b",
    Role.ButtonText: "#e8e8e8",
    Role.Highlight: "#3daee9",
    Role.HighlightedText: "#ffffff",
    Role.PlaceholderText: "#9a9a9a",
    Role.Light: "#474d54",
    Role.Midlight: "#3b4045",
    Role.Mid: "#25292c",
    Role.Dark: "#1b1e20",
    Role.Shadow: "#121314",
    Role.ToolTipBase: "#31363b",
    Role.ToolTipText: "#e8e8e8",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    return palette


def luminance(colour: QColor) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * linear(colour.redF())
        + 0.7152 * linear(colour.greenF())
        + 0.0722 * linear(colour.blueF())
    )


def contrast(one: QColor, other: QColor) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def text_contrast(image: QImage, rect: QRect) -> float:
    """How the text in ``rect`` of ``image`` stands out: the contrast of its inkiest pixel
    against the colour most of the rectangle is (its background)."""
    colours = Counter(
        image.pixel(x, y)
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )
    background = QColor(colours.most_common(1)[0][0])
    return max(contrast(background, QColor(pixel)) for pixel in colours)


@pytest.fixture(params=["light", "dark"])
def palette_styled(request, qapp):
    """The application styled as ``app.py`` styles it, on a light (Fusion's own) or a dark
    desktop palette; put back as it was after."""
    saved = (qapp.styleSheet(), qapp.font(), qapp.style().name(), qapp.palette())
    qapp.setStyle("Fusion")
    qapp.setPalette(dark_palette() if request.param == "dark" else qapp.style().standardPalette())
    style.apply(qapp)
    yield request.param
    sheet, font, style_name, palette = saved
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setStyle(style_name)
    qapp.setPalette(palette)


def in_window(widget: QWidget, rect: QRect) -> QRect:
    """``rect`` of ``widget`` in its window's coordinates."""
    return rect.translated(widget.mapTo(widget.window(), QPoint(0, 0)))


def test_the_page_list_and_the_entry_row_read_on_the_desktops_palette(
    palette_styled, make_window, db_path, new_demo
):
    window = make_window(open_database(new_demo(db_path)))
    window.show_page("players")
    window.resize(1280, 820)
    QApplication.processEvents()
    image = picture(window, f"players-{palette_styled}-palette")
    pages = window.page_list
    titles = {
        pages.item(row).text(): text_contrast(
            image, in_window(pages.viewport(), pages.visualItemRect(pages.item(row)))
        )
        for row in range(pages.count())
    }
    assert min(titles.values()) >= READABLE, titles
    entry = window.players_page.entry
    captions = {
        label.text(): text_contrast(image, in_window(label, label.rect()))
        for label in entry.findChildren(QLabel)
        if label.isVisible() and label.text()
    }
    assert {"&Name", "Pai&d ($)", "&Method"} <= captions.keys()
    assert min(captions.values()) >= READABLE, captions


def test_the_panels_with_their_own_light_background_read_on_the_desktops_palette(
    palette_styled, make_window, db_path, new_demo
):
    # the Draw page's notes and the Rounds page's clock keep their own light backgrounds
    # (a pale yellow, a pale grey): their text is dark on them whatever the palette's text is
    window = make_window(open_database(new_demo(db_path)))
    window.resize(1280, 820)
    found = {}
    for key, frame in (("draw", "drawNotes"), ("rounds", "clockPanel")):
        window.show_page(key)
        QApplication.processEvents()
        image = picture(window, f"{key}-{palette_styled}-palette")
        panel = window.page(key).findChild(QWidget, frame)
        assert panel is not None and panel.isVisible(), frame
        found[frame] = {
            label.text(): text_contrast(image, in_window(label, label.rect()))
            for label in panel.findChildren(QLabel)
            if label.isVisible() and label.text().strip()
        }
        assert found[frame], frame
    assert min(min(texts.values()) for texts in found.values()) >= READABLE, found
