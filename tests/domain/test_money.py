"""Amounts of money as written, read into integer cents, and written back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubdesk.domain.money.amounts import MAX_CENTS, MoneyError, format_money, parse_money


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("50", 5000),
        ("50.00", 5000),
        ("$50", 5000),
        (" $ 50.5 ", 5050),
        (".75", 75),
        ("0", 0),
        ("1,250", 125000),
        ("$1,250.05", 125005),
        ("999999.99", MAX_CENTS),
    ],
)
def test_amounts_as_people_write_them(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize(
    "text", ["", "  ", "fifty", "-5", "12.345", "1,25", "$", ".", "5 0", "50$", "1e3", "1000000"]
)
def test_anything_else_is_not_an_amount(text: str) -> None:
    with pytest.raises(MoneyError) as refused:
        parse_money(text)
    assert repr(text.strip()) in str(refused.value)


def test_the_message_quotes_what_was_written() -> None:
    with pytest.raises(ValueError, match=r"^'fifty' is not an amount$"):
        parse_money("fifty")
    with pytest.raises(MoneyError, match=r"^'1000000' is more than \$999,999.99$"):
        parse_money("1000000")


def test_cents_are_written_as_dollars() -> None:
    assert format_money(5000) == "$50.00"
    assert format_money(123456) == "$1,234.56"
    assert format_money(5) == "$0.05"
    assert format_money(-250) == "-$2.50"


@given(st.integers(min_value=0, max_value=MAX_CENTS))
def test_what_is_written_reads_back(cents: int) -> None:
    assert parse_money(format_money(cents)) == cents
