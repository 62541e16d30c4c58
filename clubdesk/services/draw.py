"""The draw and the seating: make the round-1 draw, record a physical one, say who sits where.

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
- ``seating``: round N's seating: as published when it is stored, else
  computed from the draw (stationary-rotating, and the same pairs for random
  pairs before the cut), from round N-1's results (progressive movements,
  with the players still active and every earlier round's byes; the partner
  draw at the tables is seeded from the draw's seed and the round, so asking
  twice gives the same seating), or, for a round after the cut (gin's
  final), from the cut: the players who advance drawn into random pairs,
  seeded from the draw's seed and the round. The cut needs every sheet of
  the rounds up to it, and a tie at the cut line settled first.
- ``publish_seating``: round N's seating stored as a fact (round, games,
  seats, byes).
- ``playoff_bracket``: the first playoff round of a format whose cut comes
  after its last round (bid whist), seeded from the cut; read only.
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
from clubdesk.domain.results import playoffs
from clubdesk.domain.results.cut import CutResult, compute_cut
from clubdesk.domain.results.playoffs import Match
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating import draw as domain_draw
from clubdesk.domain.seating.draw import Card, Draw, card_deck, draw_for
from clubdesk.domain.seating.first_round import first_round, random_pairs, starting_pairs
from clubdesk.domain.seating.progressive import bye_counts, progressive_round
from clubdesk.domain.seating.stationary import stationary_rotating
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.domain.sides import Side
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.common import aware, event_row, rules_of
from clubdesk.store import Database
from clubdesk.store import draws as store
from clubdesk.store import eventfile as event_store
from clubdesk.store.models import Event

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
class SeatingPublished:
    """A round's seating stored: the seating, its round row and the number of games."""

    event_id: str
    seating: RoundSeating
    round_id: int
    games: int


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
        event, rules = _event(session, event_id)
        active = _active(session, event_id, rules)
        old = _replaceable(session, event_id, redo)
        draw = draw_for(rules, active, random.Random(seed), seed=seed)
        return _store(session, event, rules, draw, old, at, actor, "draw.make")


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
        event, rules = _event(session, event_id)
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
    active = [e.number for e in store.entrants(session, event_id) if e.status == "active"]
    if not active:
        who = "teams" if rules.unit == "team" else "players"
        raise UserError(f"there are no {who} to draw; register the entrants first")
    return active


def _replaceable(session: Session, event_id: str, redo: bool) -> store.StoredDraw | None:
    """The current draw a new one may replace; UserError when it may not."""
    old = store.current_draw(session, event_id)
    if old is None:
        if store.round_started(session, event_id, 1):  # e.g. an event file with its rounds
            raise UserError("round 1 has started: the draw is made before it")
        return None
    if not redo:
        raise UserError(
            "the draw is already made for this event; redo the draw to replace it "
            "(possible until round 1 starts)"
        )
    if store.round_started(session, event_id, 1):
        raise UserError("round 1 has started: the draw can no longer be redone")
    return old


def _store(
    session: Session,
    event: Event,
    rules: Rules,
    draw: Draw,
    old: store.StoredDraw | None,
    at: dt.datetime,
    actor: str,
    action: str,
) -> DrawInfo:
    removed: list[int] = []
    if old is not None:
        removed = store.unpublish_pending(session, event.id)
        store.supersede(session, old.id)
    draw_id = store.add_draw(session, event.id, draw, at)
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
    stored = store.StoredDraw(draw_id, at, False, draw)
    return _info(session, event, rules, stored, replaced=old.id if old else None)


# --- reading the draw -------------------------------------------------------------------------


def current_draw(db: Database, event_id: str) -> DrawInfo | None:
    """The event's draw in force, with the notes the director needs (None before the draw)."""
    with db.session() as session:
        event, rules = _event(session, event_id)
        stored = store.current_draw(session, event_id)
        return None if stored is None else _info(session, event, rules, stored)


def draw_history(db: Database, event_id: str) -> list[DrawInfo]:
    """Every draw made for the event, the first first; replaced ones are ``superseded``."""
    with db.session() as session:
        event, rules = _event(session, event_id)
        return [_info(session, event, rules, s) for s in store.draw_history(session, event_id)]


def draw_overview(db: Database, event_id: str) -> DrawOverview:
    """Everything the Draw page shows apart from a round's seating."""
    with db.session() as session:
        event, rules = _event(session, event_id)
        stored = store.current_draw(session, event_id)
        return DrawOverview(
            event_id=event.id,
            event_name=event.name,
            rules_title=rules.title,
            unit=rules.unit,
            draw_kind=rules.seating.draw,
            layout=_layout(rules),
            rounds=rules.schedule.rounds,
            entrants=tuple(
                EntrantLine(e.number, e.name, e.status) for e in store.entrants(session, event_id)
            ),
            draw=None if stored is None else _info(session, event, rules, stored),
            round_one_started=store.round_started(session, event_id, 1),
            published_rounds=tuple(store.published_rounds(session, event_id)),
        )


def _layout(rules: Rules) -> Layout:
    if rules.unit == "team":
        return "teams"
    return "partners" if side_size(rules) == 2 else "pairs"


def _info(
    session: Session,
    event: Event,
    rules: Rules,
    stored: store.StoredDraw,
    *,
    replaced: int | None = None,
) -> DrawInfo:
    draw = stored.draw
    notes = [*_draw_notes(rules, draw), *_entrant_notes(session, event.id, rules, draw)]
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
    """The domain's notes for this draw (they depend on the field, not on who drew what)."""
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
        return domain_draw.random_draw(entrants, random.Random(0)).notes
    except UserError as exc:
        return (str(exc),)


def _entrant_notes(session: Session, event_id: str, rules: Rules, draw: Draw) -> list[str]:
    word = "teams" if rules.unit == "team" else "players"
    refs = store.entrants(session, event_id)
    drawn = set(draw.entrants)
    gone = [e.number for e in refs if e.number in drawn and e.status != "active"]
    late = [e.number for e in refs if e.number not in drawn and e.status == "active"]
    notes = []
    if gone:
        notes.append(f"{word} no longer playing since the draw: {_listed(gone)}")
    if late:
        started = store.round_started(session, event_id, 1)
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


# --- seating ----------------------------------------------------------------------------------


def seating(db: Database, event_id: str, round_number: int) -> RoundSeating:
    """Who sits where in round ``round_number``; UserError when it cannot be said yet."""
    with db.session() as session:
        event, rules = _event(session, event_id)
        return _seating(session, event, rules, round_number)


def publish_seating(
    db: Database, event_id: str, round_number: int, clock: Clock, *, actor: str = "director"
) -> SeatingPublished:
    """Store round ``round_number``'s seating as a fact: its round, games, seats and byes."""
    at = aware(clock.now())
    with db.session() as session:
        event, rules = _event(session, event_id)
        published = store.published_rounds(session, event_id)
        if round_number in published:
            raise UserError(f"round {round_number}'s seating is already published")
        if round_number > 1 and round_number - 1 not in published:
            raise UserError(
                f"round {round_number} cannot be published before round {round_number - 1}"
            )
        seats = _seating(session, event, rules, round_number)
        round_id = store.save_seating(session, event_id, seats)
        details: dict[str, object] = {"round": round_number, **seats.to_json()}
        if seats.partner_draws:
            details["partner_draws"] = [p.to_json() for p in seats.partner_draws]
        audit.record(
            session,
            at=at,
            actor=actor,
            action="seating.publish",
            event_id=event_id,
            details=details,
        )
        return SeatingPublished(event_id, seats, round_id, len(seats.tables))


def _seating(session: Session, event: Event, rules: Rules, number: int) -> RoundSeating:
    rounds = rules.schedule.rounds
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= rounds:
        more = ""
        if rules.cut is not None and rules.cut.after_round == rounds:
            more = f"; the playoffs after the cut after round {rounds} are drawn as a bracket"
        raise UserError(f"round: the event has rounds 1 to {rounds}, not {number!r}{more}")
    stored = store.load_seating(session, event.id, number)
    if stored is not None:
        return stored
    cut = rules.cut
    if cut is not None and number > cut.after_round:
        return _after_cut(session, event, rules, cut.after_round, number)
    current = store.current_draw(session, event.id)
    if current is None:
        raise UserError("the draw is not made yet: make the draw first")
    draw = current.draw
    active = _still_playing(session, event.id)
    movement = rules.seating.movement
    if movement in FIXED_FIELD:
        # a late entry has no card or lot in the draw: the draw's notes say so, and the
        # rest of the field is seated as drawn
        active = [number for number in active if number in set(draw.entrants)]
    if movement == "stationary-rotating":
        return stationary_rotating(draw, number, active)
    if number == 1:
        return first_round(draw, active)
    if movement == "random-pairs":
        return starting_pairs(draw, number, active)
    previous = _seating(session, event, rules, number - 1)
    winners = _winners(session, event.id, number - 1)
    earlier = store.byes_by_round(session, event.id)
    sat_out = bye_counts(earlier.get(n, ()) for n in range(1, number))
    return progressive_round(
        movement,
        previous,
        winners,
        random.Random(f"{draw.seed}:{number}"),
        active=active,
        byes_so_far=sat_out,
    )


# movements whose field is fixed by the round-1 draw (the stations, the pairs)
FIXED_FIELD = ("stationary-rotating", "random-pairs")


def _still_playing(session: Session, event_id: str) -> list[int]:
    return [e.number for e in store.entrants(session, event_id) if e.status == "active"]


def _after_cut(
    session: Session, event: Event, rules: Rules, cut_round: int, number: int
) -> RoundSeating:
    """A round after the cut (gin's final): the players who advance, in new random pairs."""
    lead = f"round {number} is played after the cut after round {cut_round}"
    if rules.seating.movement != "random-pairs":
        raise UserError(f"{lead}: {rules.title} draws it as a playoff bracket, not a seating")
    result = _cut(session, event, rules, f"{lead}, which cannot be made yet")
    current = store.current_draw(session, event.id)
    if current is None:  # rounds were played, so there was a draw
        raise UserError("the draw is not made yet: make the draw first")
    rng = random.Random(f"{current.draw.seed}:{number}")
    return random_pairs(result.advancing, rng, round_number=number)


def _cut(session: Session, event: Event, rules: Rules, lead: str) -> CutResult:
    """The cut, once every sheet up to it is in and no tie at the line is left; else
    UserError starting with ``lead`` (or naming the tie)."""
    cut = rules.cut
    if cut is None:
        raise UserError(f"{rules.title} has no cut: every entrant plays every round")
    for number in range(1, cut.after_round + 1):
        missing = store.unsubmitted_tables(session, event.id, number)
        if missing is None:
            raise UserError(f"{lead}: round {number} is not seated yet")
        if missing:
            which = "table" if len(missing) == 1 else "tables"
            raise UserError(
                f"{lead}: round {number} is not finished "
                f"(no sheet yet from {which} {_listed(missing)})"
            )
    result = compute_cut(event_store.load_event(session, event.id, results_only=True), rules)
    if result.ties:
        texts = [_tie_text(result.after_round, tie.entrants, cut.tie) for tie in result.ties]
        raise UserError("; ".join(texts))
    return result


def _tie_text(after_round: int, entrants: Sequence[int], kind: str) -> str:
    many = len(entrants) > 2
    if kind == "sudden-death":
        what = "sudden-death matches" if many else "sudden-death match"
    else:
        what = "play-off hands" if many else "play-off hand"
    who = ", ".join(str(n) for n in entrants[:-1]) + f" and {entrants[-1]}"
    return f"the cut after round {after_round} is tied between {who}: record the {what} first"


def playoff_bracket(db: Database, event_id: str) -> list[Match]:
    """The first playoff round (bid whist): the teams that advance, seeded by the cut.

    Read only. UserError while a round up to the cut has a sheet missing or
    a tie at the cut line is not settled, and for a format without playoffs.
    """
    with db.session() as session:
        event, rules = _event(session, event_id)
        cut = rules.cut
        if cut is None:
            raise UserError(f"{rules.title} has no cut and no playoffs")
        if cut.after_round < rules.schedule.rounds:
            first, last = cut.after_round + 1, rules.schedule.rounds
            which = f"round {first}" if first == last else f"rounds {first} to {last}"
            raise UserError(f"{rules.title} plays {which} after the cut, not a playoff bracket")
        lead = (
            f"the playoffs are seeded by the cut after round {cut.after_round}, "
            "which cannot be made yet"
        )
        result = _cut(session, event, rules, lead)
        return playoffs.playoff_bracket([team for _, team in result.seeds()])


def _winners(session: Session, event_id: str, number: int) -> dict[int, Side]:
    """The winning side of every submitted game of round ``number`` with a result, as it
    counts: the sheet's result with the director's amendments applied."""
    winners: dict[int, Side] = {}
    for stored in store.load_games(session, event_id, number):
        side = stored.game.won_by() if stored.submitted else None
        if side is not None:
            winners[stored.game.table] = side
    return winners


# --- events -----------------------------------------------------------------------------------


def _event(session: Session, event_id: str) -> tuple[Event, Rules]:
    row = event_row(session, event_id)
    return row, rules_of(row.id, row.rules_id, row.rules_text, row.settings)
