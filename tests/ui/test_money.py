"""The dollars-and-cents field."""

from __future__ import annotations

from clubdesk.ui.widgets.money_edit import MoneyEdit


def test_the_money_field(qtbot):
    field = MoneyEdit()
    qtbot.addWidget(field)
    field.set_cents(123456)
    assert field.text() == "1234.56"
    assert field.cents() == 123456
    field.clear()
    assert field.cents() is None
    qtbot.keyClicks(field, "12.345x")  # the third decimal and the letter are refused
    assert field.text() == "12.34"
    assert field.cents() == 1234
    field.setText(".")
    assert field.cents() is None


def test_the_largest_amount_the_field_takes(qtbot):
    field = MoneyEdit()
    qtbot.addWidget(field)
    qtbot.keyClicks(field, "99999999")
    assert field.text() == "999999"
    assert field.cents() == 99_999_900


def test_changes_are_announced(qtbot):
    field = MoneyEdit()
    qtbot.addWidget(field)
    with qtbot.waitSignal(field.cents_changed):
        qtbot.keyClicks(field, "5")
