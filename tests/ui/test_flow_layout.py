"""A row of buttons that wraps where the page is narrow (ui/widgets/flow_layout.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from clubdesk.ui.widgets.flow_layout import FlowLayout


def row_of(qtbot, width: int) -> tuple[QWidget, list[QPushButton]]:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = FlowLayout(holder)
    buttons = [QPushButton(f"A button with a long label  {n}") for n in range(4)]
    for button in buttons:
        layout.addWidget(button)
    holder.resize(width, layout.heightForWidth(width))
    holder.show()
    qtbot.waitExposed(holder)
    return holder, buttons


def test_the_row_is_one_line_where_it_fits_and_wraps_where_it_does_not(qtbot) -> None:
    wide, buttons = row_of(qtbot, 2000)
    assert len({b.y() for b in buttons}) == 1
    assert [b.x() for b in buttons] == sorted(b.x() for b in buttons)
    narrow, buttons = row_of(qtbot, buttons[0].width() * 2 + 40)
    assert len({b.y() for b in buttons}) == 2  # two a line
    assert all(b.geometry().right() < narrow.width() for b in buttons)  # none cut off
    assert narrow.layout().minimumSize().width() == max(b.minimumSizeHint().width()
                                                        for b in buttons)  # fmt: skip


def test_a_hidden_button_takes_no_room(qtbot) -> None:
    holder, buttons = row_of(qtbot, 2000)
    buttons[1].hide()
    holder.layout().activate()
    assert buttons[2].x() < buttons[1].x() + buttons[1].width()
