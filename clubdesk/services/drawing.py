"""The round-1 draw: make it, record a physical one, read it back with its notes.

Each function that changes something is one transaction with an audit row,
takes a ``clock`` and returns a frozen value saying what changed. Reading
functions open one session and return plain values.

- ``make_draw``: the draw the event's rules ask for (cards, chits or a random
  order), from ``random.Random(seed)``. Without a seed one is picked from the
  system's random source and recorded, so the draw can be shown to be fair
  and repeated.
- ``record_physical_draw``: the cards a club's teams drew by hand, typed in.
- A draw can be redone (``redo=True``) until round 1 starts: the old draw is
  marked superseded and kept, the new one becomes the event's draw.
- The draw's notes end with the field note (``field_note.py``): the field
  against the seating actually published.

``services/draw.py`` seats the rounds from it; these functions are
importable from there too.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Literal

from sqlmodel import Session

from clubdesk.clock import Clock
from clubdesk.domain.event.model import side_size
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating import draw as domain_draw
from clubdesk.domain.seating.draw import Card, Draw, card_deck, draw_for
from clubdesk.domain.seating.field import field_problem
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, changes_field, writes
from clubdesk.services.common import aware, event_and_rules
from clubdesk.services.field_note import (  # noqa: F401  (importable from here too)
    FIXED_FIELD,
    FieldNote,
    field_note,
    field_note_in,
)
from clubdesk.store import Database
from clubdesk.store import seating as seat_store
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

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(e.number for e in self.entrants if e.status == "active")

    @property
    def names(self) -> dict[int, str]:
        return {e.number: e.name for e in self.entrants}

    @property
    def can_redo(self) -> bool:
        return self.draw is not None and not self.round_one_started


@dataclass(frozen=True)
class CardCheck:
    """A physical draw as typed so far: a message per entrant whose card is wrong, how many
    cards are typed, and the draw once every card is typed and right."""

    errors: Mapping[int, str]
    typed: int
    needed: int
    draw: Draw | None
    deck: str = ""  # the cards of this draw, e.g. "blue 1-6, red 1-7"

    @property
    def complete(self) -> bool:
        return self.draw is not None


# --- making the draw --------------------------------------------------------------------------


@writes(Change.DRAW | Change.SEATING)
def make_draw(
    db: Database,
    event_id: str,
    rng_seed: int | None,
    clock: Clock,
    *,
    redo: bool = False,
    actor: str = "director",
) -> DrawInfo:
    """Make the round-1 draw from ``random.Random(seed)``; a seed is picked when none is given."""
    if rng_seed is not None and (isinstance(rng_seed, bool) or not isinstance(rng_seed, int)):
        raise UserError(f"seed: must be a whole number, not {rng_seed!r}")
    seed = rng_seed if rng_seed is not None else random.SystemRandom().randrange(1, SEED_LIMIT)
    at = aware(clock.now())
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        active = _active(session, event_id, rules)
        old = _replaceable(session, event_id, redo)
        draw = draw_for(rules, active, random.Random(seed), seed=seed)
        return _store(session, event, rules, draw, old, at, actor, "draw.make")


@writes(Change.DRAW | Change.SEATING)
def record_physical_draw(
    db: Database,
    event_id: str,
    cards: Mapping[int, str],
    clock: Clock,
    *,
    redo: bool = False,
    actor: str = "director",
) -> DrawInfo:
    """Record the cards the teams drew by hand (``{team: "B3", ...}``).

    Every active team needs one card of the deck for the field; errors name
    the team and the card.
    """
    at = aware(clock.now())
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        if rules.seating.draw != "cards":
            raise UserError(
                f"{rules.title} draws {rules.seating.draw}, not cards; "
                "only a card draw can be typed in"
            )
        active = _active(session, event_id, rules)
        old = _replaceable(session, event_id, redo)
        draw = domain_draw.record_physical_draw(
            _by_number(cards), active, rounds=rules.schedule.rounds
        )
        return _store(session, event, rules, draw, old, at, actor, "draw.physical")


def _by_number(cards: Mapping[int, str]) -> dict[int, str]:
    """The typed cards by team number (a number typed as text is read as a number)."""
    found: dict[int, str] = {}
    for key, card in cards.items():
        try:
            number = int(key)
        except (TypeError, ValueError):
            raise UserError(f"{key!r} is not a team number") from None
        if not isinstance(card, str):
            raise UserError(f"team {number}: {card!r} is not a card; type e.g. B3 or R4")
        found[number] = card
    return found


def check_physical_cards(
    entrants: Sequence[int], cards: Mapping[int, str], *, rounds: int | None = None
) -> CardCheck:
    """Check cards as they are typed, before the draw is complete.

    Each typed card is checked on its own (the other teams given the cards
    still free), then cards typed twice; the messages are the domain's. When
    every team has a card and all is right, ``draw`` is the draw.
    """
    numbers = sorted(entrants)
    typed = {n: cards[n] for n in numbers if cards.get(n, "").strip()}
    errors: dict[int, str] = {}
    for number, text in typed.items():
        try:
            domain_draw.record_physical_draw(_filled(numbers, {number: text}), numbers)
        except UserError as exc:
            errors[number] = str(exc)
    holders: dict[Card, int] = {}
    for number, text in typed.items():
        if number in errors:
            continue
        card = Card.parse(text)
        if card in holders:
            first = holders[card]
            pair = {first: typed[first], number: text}
            try:
                domain_draw.record_physical_draw(_filled(numbers, pair), numbers)
            except UserError as exc:
                errors[first] = errors[number] = str(exc)
        else:
            holders[card] = number
    draw = None
    if not errors and len(typed) == len(numbers) and numbers:
        draw = domain_draw.record_physical_draw(typed, numbers, rounds=rounds)
    return CardCheck(errors, len(typed), len(numbers), draw, _deck_text(len(numbers)))


def _deck_text(teams: int) -> str:
    deck = card_deck(teams)
    parts = []
    for colour in ("blue", "red"):
        top = max((c.number for c in deck if c.colour == colour), default=0)
        if top:
            parts.append(f"{colour} 1-{top}" if top > 1 else f"{colour} 1")
    return ", ".join(parts)


def _filled(numbers: Sequence[int], given: Mapping[int, str]) -> dict[int, str]:
    """``given`` plus, for every other team, a card of the deck nobody in ``given`` holds."""
    taken = set()
    for text in given.values():
        with suppress(UserError):
            taken.add(Card.parse(text))
    free = [c for c in card_deck(len(numbers)) if c not in taken]
    others = [n for n in numbers if n not in given]
    return {**dict(given), **{n: c.label for n, c in zip(others, free, strict=False)}}


def _active(session: Session, event_id: str, rules: Rules) -> list[int]:
    active = [e.number for e in entrant_refs(session, event_id) if e.status == "active"]
    if not active:
        who = "teams" if rules.unit == "team" else "players"
        raise UserError(f"there are no {who} to draw; register the entrants first")
    return active


def _replaceable(session: Session, event_id: str, redo: bool) -> seat_store.StoredDraw | None:
    """The current draw a new one may replace; UserError when it may not."""
    old = seat_store.current_draw(session, event_id)
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


def _store(
    session: Session,
    event: Event,
    rules: Rules,
    draw: Draw,
    old: seat_store.StoredDraw | None,
    at: dt.datetime,
    actor: str,
    action: str,
) -> DrawInfo:
    removed: list[int] = []
    if old is not None:
        removed = seat_store.unpublish_pending(session, event.id)
        seat_store.supersede(session, old.id)
    draw_id = seat_store.add_draw(session, event.id, draw, at)
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
    audit.record(session, at=at, actor=actor, action=action, event_id=event.id, details=details)
    stored = seat_store.StoredDraw(draw_id, at, False, draw)
    return _info(session, event, rules, stored, replaced=old.id if old else None)


# --- reading the draw -------------------------------------------------------------------------


def current_draw(db: Database, event_id: str) -> DrawInfo | None:
    """The event's draw in force, with the notes the director needs (None before the draw)."""
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        stored = seat_store.current_draw(session, event_id)
        return None if stored is None else _info(session, event, rules, stored)


def draw_history(db: Database, event_id: str) -> list[DrawInfo]:
    """Every draw made for the event, the first first; replaced ones are ``superseded``."""
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        return [_info(session, event, rules, s) for s in seat_store.draw_history(session, event_id)]


def draw_overview(db: Database, event_id: str) -> DrawOverview:
    """Everything the Draw page shows apart from a round's seating."""
    with db.session() as session:
        event, rules = event_and_rules(session, event_id)
        stored = seat_store.current_draw(session, event_id)
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
        )


def _layout(rules: Rules) -> Layout:
    if rules.unit == "team":
        return "teams"
    return "partners" if side_size(rules) == 2 else "pairs"


def _info(
    session: Session,
    event: Event,
    rules: Rules,
    stored: seat_store.StoredDraw,
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
            return domain_draw.record_physical_draw(
                cards, entrants, rounds=rules.schedule.rounds
            ).notes
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
        if rules.seating.movement not in FIXED_FIELD and started:
            how = "the movement seats them from the next round"
        elif started:
            how = "round 1 has started, and this movement has no place for them"
        else:
            how = "redo the draw before round 1 to seat them"
        notes.append(f"{word} registered after the draw and not in it: {_listed(late)}; {how}")
    return notes


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)
