"""The round-1 draw: make it, record a physical one, read it back with its notes.

Each act runs as one command (``services/command.py``) and returns a frozen value saying
what changed. Reading functions open one reading and return plain values.

- ``make_draw``: the draw the event's rules ask for (cards, chits or a random
  order), from ``random.Random(seed)``. Without a seed one is picked from the
  system's random source and recorded, so the draw can be shown to be fair
  and repeated.
- ``record_physical_draw``: a draw made with real cards, chits or lots (what the rules
  file draws), typed in as printed on them; the window checks them as they are typed
  with ``domain/seating/physical.py``'s ``check_typed``.
- A draw can be redone (``redo=True``) until round 1 starts: the old draw is
  marked superseded and kept, the new one becomes the event's draw. Once a seating is
  published, a new draw needs the director's PIN where one is set.
- The draw's notes end with the field note (``field_note.py``): the field
  against the seating actually published.

``services/seating.py`` seats the rounds from it.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from sqlmodel import Session

from clubdesk.domain.event.model import side_size
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating import draw as domain_draw
from clubdesk.domain.seating.draw import Card, Draw, draw_for
from clubdesk.domain.seating.field import field_problem
from clubdesk.domain.seating.movements import movement_of
from clubdesk.domain.seating.physical import Deck
from clubdesk.domain.seating.physical import record_physical_draw as physical_draw
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.services.field_note import field_note_in
from clubdesk.store import draw as draw_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.entrants import entrant_refs
from clubdesk.store.events import EventRecord as Event

Layout = Literal["teams", "partners", "pairs"]
SEED_LIMIT = 10**9  # a seed a director can read out and type back in


# --- values -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawInfo:
    """An event's draw: the domain draw, when it was made, and notes for the director.

    ``replaced`` is the id of the draw this one superseded (a redraw), else None.
    """

    event_id: str
    draw_id: int
    draw: Draw
    made_at: dt.datetime
    notes: tuple[str, ...]
    superseded: bool = False
    replaced: int | None = None
    changes: Change = changes_field()  # what the command that made it changed

    @property
    def seed(self) -> int | None:
        return self.draw.seed

    @property
    def method(self) -> str:
        return self.draw.method

    @property
    def kind(self) -> str:
        return self.draw.kind


@dataclass(frozen=True)
class EntrantLine:
    number: int
    name: str
    status: str


@dataclass(frozen=True)
class DrawOverview:
    """What the Draw page shows besides a round's seating.

    ``layout`` says how a table is drawn: ``teams`` (N/S and E/W teams),
    ``partners`` (four players in seats 1-4) or ``pairs`` (one against one).
    """

    event_id: str
    event_name: str
    rules_title: str
    unit: Literal["team", "individual"]
    draw_kind: Literal["cards", "chits", "random"]
    layout: Layout
    rounds: int
    entrants: tuple[EntrantLine, ...]
    draw: DrawInfo | None
    round_one_started: bool
    published_rounds: tuple[int, ...]
    field_problem: str | None = None  # before the draw: why it cannot seat the field
    playoffs: bool = False  # a playoff bracket follows the rounds (bid whist)
    deck: Deck = Deck()  # what a physical draw of this format is typed in from

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(e.number for e in self.entrants if e.status == "active")

    @property
    def names(self) -> dict[int, str]:
        return {e.number: e.name for e in self.entrants}

    @property
    def can_redo(self) -> bool:
        return self.draw is not None and not self.round_one_started


# --- making the draw --------------------------------------------------------------------------


def _redrawn_once_seated(do: Command, *_: object, redo: bool = False) -> bool:
    """A new draw in place of one whose seating is published needs the director's PIN."""
    return redo and bool(seat_store.published_rounds(do.session, do.event.id))


@act("draw.make", Change.DRAW | Change.SEATING, pin=_redrawn_once_seated)
def make_draw(do: Command, rng_seed: int | None, *, redo: bool = False) -> DrawInfo:
    """Make the round-1 draw from ``random.Random(seed)``; a seed is picked when none is given."""
    if rng_seed is not None and (isinstance(rng_seed, bool) or not isinstance(rng_seed, int)):
        raise UserError(f"seed: must be a whole number, not {rng_seed!r}")
    seed = rng_seed if rng_seed is not None else random.SystemRandom().randrange(1, SEED_LIMIT)
    session, event_id, rules = do.session, do.event.id, do.rules
    active = _active(session, event_id, rules)
    old = _replaceable(session, event_id, redo)
    draw = draw_for(rules, active, random.Random(seed), seed=seed)
    return _store(do, draw, old)


@act("draw.physical", Change.DRAW | Change.SEATING, pin=_redrawn_once_seated)
def record_physical_draw(do: Command, picks: Mapping[int, str], *, redo: bool = False) -> DrawInfo:
    """Record a draw made with real cards, chits or lots: what each entrant drew, as printed
    on it (``{3: "B2"}``, ``{3: "table 2 seat 3"}``, ``{3: "lot 5"}``).

    The rules file says which (``seating.draw``). Every active entrant needs one pick of
    the deck for the field, none drawn twice; each mistake names the entrant and the pick.
    """
    session, event_id, rules = do.session, do.event.id, do.rules
    deck = Deck.of(rules)
    active = _active(session, event_id, rules)
    old = _replaceable(session, event_id, redo)
    draw = physical_draw(_by_number(picks, deck), active, deck)
    return _store(do, draw, old)


def _by_number(picks: Mapping[int, str], deck: Deck) -> dict[int, str]:
    """The typed picks by entrant number (a number written as text, ``"3"``, is read as
    one: an event file's or a JSON object's keys)."""
    found: dict[int, str] = {}
    for key, pick in picks.items():
        number = key if isinstance(key, int) and not isinstance(key, bool) else None
        digits = key.strip() if isinstance(key, str) else ""
        if digits.isascii() and digits.isdigit() and len(digits) <= 18:
            number = int(digits)
        if number is None:
            raise UserError(f"{str(key)[:40]!r} is not a {deck.entrant} number")
        if not isinstance(pick, str):
            raise UserError(
                f"{deck.entrant} {number}: {repr(pick)[:40]} is not a {deck.noun}; "
                f"type e.g. {deck.example}"
            )
        found[number] = pick
    return found


def _active(session: Session, event_id: str, rules: Rules) -> list[int]:
    active = [e.number for e in entrant_refs(session, event_id) if e.status == "active"]
    if not active:
        who = "teams" if rules.unit == "team" else "players"
        raise UserError(f"there are no {who} to draw; register the entrants first")
    return active


def _replaceable(session: Session, event_id: str, redo: bool) -> draw_store.StoredDraw | None:
    """The current draw a new one may replace; UserError when it may not."""
    old = draw_store.current_draw(session, event_id)
    if old is None:
        if seat_store.round_started(session, event_id, 1):  # e.g. an event file with its rounds
            raise UserError("round 1 has started: the draw is made before it")
        return None
    if not redo:
        raise UserError(
            "the draw is already made for this event; redo the draw to replace it "
            "(possible until round 1 starts)"
        )
    if seat_store.round_started(session, event_id, 1):
        raise UserError("round 1 has started: the draw can no longer be redone")
    return old


def _store(do: Command, draw: Draw, old: draw_store.StoredDraw | None) -> DrawInfo:
    session, event, rules, at = do.session, do.event, do.rules, do.at
    removed: list[int] = []
    if old is not None:
        removed = seat_store.unpublish_pending(session, event.id)
        draw_store.supersede(session, old.id)
    draw_id = draw_store.add_draw(session, event.id, draw, at)
    details: dict[str, object] = {
        "draw_id": draw_id,
        "kind": draw.kind,
        "method": draw.method,
        "seed": draw.seed,
        "drawn": draw.to_json()["drawn"],
    }
    if old is not None:
        details["replaces"] = old.id
        details["unpublished_rounds"] = removed
    do.log(details)
    stored = draw_store.StoredDraw(draw_id, at, False, draw)
    return _info(session, event, rules, stored, replaced=old.id if old else None)


# --- reading the draw -------------------------------------------------------------------------


def current_draw(db: Database, event_id: str) -> DrawInfo | None:
    """The event's draw in force, with the notes the director needs (None before the draw)."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        stored = draw_store.current_draw(session, event_id)
        return None if stored is None else _info(session, event, rules, stored)


def draw_history(db: Database, event_id: str) -> list[DrawInfo]:
    """Every draw made for the event, the first first; replaced ones are ``superseded``."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        return [_info(session, event, rules, s) for s in draw_store.draw_history(session, event_id)]


def draw_overview(db: Database, event_id: str) -> DrawOverview:
    """Everything the Draw page shows apart from a round's seating."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        stored = draw_store.current_draw(session, event_id)
        entrants = tuple(
            EntrantLine(e.number, e.name, e.status) for e in entrant_refs(session, event_id)
        )
        active = sum(1 for e in entrants if e.status == "active")
        return DrawOverview(
            event_id=event.id,
            event_name=event.name,
            rules_title=rules.title,
            unit=rules.unit,
            draw_kind=rules.seating.draw,
            layout=_layout(rules),
            rounds=rules.schedule.rounds,
            entrants=entrants,
            draw=None if stored is None else _info(session, event, rules, stored),
            round_one_started=seat_store.round_started(session, event_id, 1),
            published_rounds=tuple(seat_store.published_rounds(session, event_id)),
            field_problem=field_problem(rules, active) if stored is None else None,
            playoffs=has_playoffs(rules),
            deck=Deck.of(rules),
        )


def _layout(rules: Rules) -> Layout:
    if rules.unit == "team":
        return "teams"
    return "partners" if side_size(rules) == 2 else "pairs"


def _info(
    session: Session,
    event: Event,
    rules: Rules,
    stored: draw_store.StoredDraw,
    *,
    replaced: int | None = None,
) -> DrawInfo:
    draw = stored.draw
    notes = [*_draw_notes(rules, draw), *_entrant_notes(session, event.id, rules, draw)]
    if not stored.superseded:
        field = field_note_in(session, event.id, rules)
        if field.text:
            notes.append(field.text)
    return DrawInfo(
        event_id=event.id,
        draw_id=stored.id,
        draw=replace(draw, notes=tuple(notes)),
        made_at=stored.made_at,
        notes=tuple(notes),
        superseded=stored.superseded,
        replaced=replaced,
    )


def _draw_notes(rules: Rules, draw: Draw) -> tuple[str, ...]:
    """The domain's notes for this draw (they depend on the field, and a random draw's bye
    on who drew the last lot)."""
    if draw.notes:
        return draw.notes
    entrants = list(draw.entrants)
    try:
        if draw.kind == "cards":
            cards = {d.entrant: d.pick.label for d in draw.drawn if isinstance(d.pick, Card)}
            return physical_draw(cards, entrants, Deck.of(rules)).notes
        if draw.kind == "chits":
            return domain_draw.chit_draw(entrants, random.Random(0)).notes
        return domain_draw.random_draw_notes(draw.drawn)
    except UserError as exc:
        return (str(exc),)


def _entrant_notes(session: Session, event_id: str, rules: Rules, draw: Draw) -> list[str]:
    word = "teams" if rules.unit == "team" else "players"
    refs = entrant_refs(session, event_id)
    drawn = set(draw.entrants)
    gone = [e.number for e in refs if e.number in drawn and e.status != "active"]
    late = [e.number for e in refs if e.number not in drawn and e.status == "active"]
    if seat_store.published_rounds(session, event_id):
        late = []  # the field note names them against the seating published
    notes = []
    if gone:
        notes.append(f"{word} no longer playing since the draw: {_listed(gone)}")
    if late:
        started = seat_store.round_started(session, event_id, 1)
        if not movement_of(rules).fixed_field and started:
            how = "the movement seats them from the next round"
        elif started:
            how = "round 1 has started, and this movement has no place for them"
        else:
            how = "redo the draw before round 1 to seat them"
        notes.append(f"{word} registered after the draw and not in it: {_listed(late)}; {how}")
    return notes


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)
