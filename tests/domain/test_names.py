"""Names: tidied for storing, folded for comparing and searching."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from clubdesk.domain.event.names import (
    clean_name,
    entrant_name,
    fold,
    matches,
    name_key,
    repeated,
    search_text,
)


def test_a_name_is_stored_with_its_spaces_tidied() -> None:
    assert clean_name("  Ann \t  Smith  ") == "Ann Smith"
    assert clean_name("José Díaz") == "José Díaz"  # accents and case are kept
    assert clean_name("   ") == ""


def test_the_same_name_ignores_case_spacing_and_accents() -> None:
    same = ["Ann Smith", "ann smith", "  ANN   SMITH ", "Änn Smíth", "ann\u00a0smith"]
    assert {name_key(name) for name in same} == {"ann smith"}
    assert name_key("Ann Smith") != name_key("Anne Smith")
    assert name_key("Straße") == name_key("STRASSE")  # casefold, not lower


def test_an_entrant_is_named_after_its_players() -> None:
    assert entrant_name(["Ann Smith", " Bob  Jones "]) == "Ann Smith / Bob Jones"
    assert entrant_name(["Ann Smith"]) == "Ann Smith"


def test_repeated_names_are_paired_with_their_first_use() -> None:
    assert repeated(["Ann", "Bob", "ann", "", "", "BOB", "ANN"]) == [(0, 2), (1, 5), (0, 6)]
    assert repeated([]) == []


def test_a_search_matches_every_word_in_the_number_or_names() -> None:
    haystack = search_text(14, ["Smith / Jones", "José Díaz", "Bob Jones"])
    assert matches("", haystack)
    assert matches("smith", haystack)
    assert matches("JOSE", haystack)
    assert matches("  díaz   jose ", haystack)
    assert matches("14", haystack) and matches("#14", haystack) and matches("1", haystack)
    assert not matches("15", haystack)
    assert not matches("smith carl", haystack)


@given(st.text())
def test_folding_is_idempotent_and_never_has_extra_spaces(text: str) -> None:
    folded = fold(text)
    assert fold(folded) == folded
    assert folded == folded.strip() and "  " not in folded
