"""The field against the seating actually published: one note, said alike everywhere.

``field_note`` reads the latest published round's tables and byes, the active
entrants it does not seat who join from the next round (a late entry placed
in the draw, or one a progressive movement seats), and those the movement
has no place for (a late entry in a fixed field with no free place). The
Draw page's note (the last of the draw's notes), the Players page's count
line and the status bar's count line all come from it, so they always agree
with the seating published.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.movements import movement_of
from clubdesk.services.common import event_and_rules
from clubdesk.store import draw as draw_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.entrants import entrant_refs


@dataclass(frozen=True)
class FieldNote:
    """The field against the seating actually published.

    ``round`` is the latest round whose seating is published (None: none yet,
    and then nothing else is said); ``tables`` and ``byes`` are that round's.
    ``joining``: active entrants not in that round who will be seated from the
    next one (placed in the draw late, or seated by a progressive movement; in
    a round after the cut, those not seated did not advance and are not named);
    ``unseated``: active entrants the movement has no place for (a late entry
    in a fixed field with no free place); ``sitting_out``: the entrants on that round's
    byes.
    """

    round: int | None
    tables: int = 0
    byes: int = 0
    joining: tuple[int, ...] = ()
    unseated: tuple[int, ...] = ()
    text: str = ""
    sitting_out: tuple[int, ...] = ()


def field_note(db: Database, event_id: str) -> FieldNote:
    """The field against the seating actually published (see ``FieldNote``)."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        return field_note_in(session, event_id, rules)


def field_note_in(session: Session, event_id: str, rules: Rules) -> FieldNote:
    """``field_note`` inside the caller's session."""
    published = seat_store.published_rounds(session, event_id)
    if not published:
        return FieldNote(None)
    number = published[-1]
    seats = seat_store.load_seating(session, event_id, number)
    if seats is None:  # not reached: the round is listed as published
        return FieldNote(None)
    seated = {*seats.entrants, *seats.byes}
    active = [e.number for e in entrant_refs(session, event_id) if e.status == "active"]
    outside = [n for n in active if n not in seated]
    stored = draw_store.current_draw(session, event_id)
    drawn = set(stored.draw.entrants) if stored is not None else set()
    fixed = movement_of(rules).fixed_field
    unseated = tuple(n for n in outside if fixed and n not in drawn)
    after_cut = rules.cut is not None and number > rules.cut.after_round
    joining = () if after_cut else tuple(n for n in outside if n not in unseated)
    word = "team" if rules.unit == "team" else "player"
    byes = len(seats.byes)
    parts = [
        f"round {number} as published: {_count(len(seats.tables), 'table')}, "
        + (_count(byes, "bye") if byes else "no bye")
    ]
    if joining and number < rules.schedule.rounds:
        parts.append(f"{_numbered(word, joining)} joining from round {number + 1}")
    elif joining:
        parts.append(f"{_numbered(word, joining)} not seated: round {number} is the last")
    if unseated:
        parts.append(
            f"{_numbered(word, unseated)} cannot be seated: registered after the draw, and "
            "this movement has no free place for " + ("it" if len(unseated) == 1 else "them")
        )
    return FieldNote(
        number, len(seats.tables), byes, joining, unseated, "; ".join(parts), tuple(seats.byes)
    )


def _count(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _numbered(word: str, numbers: Sequence[int]) -> str:
    return f"{word}{'' if len(numbers) == 1 else 's'} {_listed(numbers)}"


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)
