"""The registry of printed documents (``services/printouts.py``): each row's builder and
rows are there to be loaded, every kind is in the command line's reference, and a kind
that is none is refused naming those there are."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from clubdesk.errors import UserError
from clubdesk.services import printouts

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("printed", printouts.DOCUMENTS, ids=lambda printed: printed.kind)
def test_each_documents_builder_and_rows_are_functions_where_its_row_says(printed) -> None:
    build = printed.build()
    assert inspect.isfunction(build)
    assert build.__module__ == f"clubdesk.printing.{printed.builder.partition(':')[0]}"
    gather = printed.gather()
    assert inspect.isfunction(gather) and gather.__module__ == "clubdesk.services.gathering"


def test_the_kinds_are_one_each_and_titled() -> None:
    assert len(set(printouts.KINDS)) == len(printouts.KINDS)
    assert all(re.fullmatch(r"[a-z]+", kind) for kind in printouts.KINDS)  # one word to type
    assert all(printouts.TITLES[kind] for kind in printouts.KINDS)


def test_the_command_lines_reference_names_every_kind() -> None:
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    paragraph = reference.split("`print` KIND: ", 1)[1].split("\n\n", 1)[0]
    assert re.findall(r"`(\w+)`", paragraph) == list(printouts.KINDS)


def test_a_kind_that_is_none_is_refused_naming_the_kinds() -> None:
    with pytest.raises(UserError) as refused:
        printouts.document("menu")
    assert str(refused.value) == f"kind: 'menu' is not one of {', '.join(printouts.KINDS)}"
