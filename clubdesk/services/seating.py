"""The seating: say who sits where in a round, publish it, seed the playoffs.

Each function that changes something is one transaction with an audit row,
takes a ``clock`` and returns a frozen value saying what changed. Reading
functions open one session and return plain values.

- ``seating``: round N's seating: as published when it is stored, else
  computed from the draw (stationary-rotating, and the same pairs for random
  pairs before the cut), from round N-1's results (progressive movements,
  with the players still active and every earlier round's byes; the partner
  draw at the tables is seeded from the draw's seed and the round, so asking
  twice gives the same seating), or, for a round after the cut (gin's
  final), from the cut: the players who advance drawn into random pairs,
  seeded from the draw's seed and the round. The cut needs every sheet of
  the rounds up to it, and a tie at the cut line settled first.
- Playoff rounds (bid whist, whose cut comes after its last round): the
  rounds numbered on after the format's rounds, seated from the bracket
  (``playoffs.py`` beside this module); after the final, asking for another
  round is refused.
- ``publish_seating``: round N's seating stored as a fact (round, games,
  seats, byes).
- ``playoff_bracket``: the first playoff round of a format whose cut comes
  after its last round (bid whist), seeded from the cut; read only.
- ``follows_from``: whether round N+1 is seated from round N's results (a
  progressive movement, gin's final, a playoff round), so that closing
  round N publishes it (``rounds.close_round``).

The round-1 draw itself is made and read in ``draw.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.results import playoffs
from clubdesk.domain.results.playoffs import Match, has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.first_round import random_pairs
from clubdesk.domain.seating.movements import movement_of
from clubdesk.domain.seating.progressive import bye_counts, progressive_round
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.domain.sides import Side
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import playoff_seating, settled_cut
from clubdesk.store import draw as draw_store
from clubdesk.store import games
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.entrants import entrant_refs
from clubdesk.store.events import EventRecord as Event

# --- values -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatingPublished:
    """A round's seating stored: the seating, its round row and the number of games."""

    event_id: str
    seating: RoundSeating
    round_id: int
    games: int
    changes: Change = changes_field()  # what the command that made it changed


# --- seating ----------------------------------------------------------------------------------


def seating(db: Database, event_id: str, round_number: int) -> RoundSeating:
    """Who sits where in round ``round_number``; UserError when it cannot be said yet."""
    with db.reading() as session:
        event, rules = _event(session, event_id)
        return _seating(session, event, rules, round_number)


@act("seating.publish", Change.SEATING)
def publish_seating(do: Command, round_number: int) -> SeatingPublished:
    """Store round ``round_number``'s seating as a fact: its round, games, seats and byes."""
    return publish_in(do, round_number)


def publish_in(do: Command, round_number: int) -> SeatingPublished:
    """``publish_seating`` as part of another act (closing a round publishes the next one of
    a progressive movement), with its own audit row."""
    session, event_id, event, rules = do.session, do.event.id, do.event, do.rules
    published = seat_store.published_rounds(session, event_id)
    if round_number in published:
        raise UserError(f"round {round_number}'s seating is already published")
    if round_number > 1 and round_number - 1 not in published:
        raise UserError(f"round {round_number} cannot be published before round {round_number - 1}")
    seats = _seating(session, event, rules, round_number)
    round_id = seat_store.save_seating(session, event_id, seats)
    details: dict[str, object] = {"round": round_number, **seats.to_json()}
    if seats.partner_draws:
        details["partner_draws"] = [p.to_json() for p in seats.partner_draws]
    do.log(details, action="seating.publish")
    return SeatingPublished(event_id, seats, round_id, len(seats.tables))


def _seating(session: Session, event: Event, rules: Rules, number: int) -> RoundSeating:
    rounds = rules.schedule.rounds
    bracket = has_playoffs(rules)
    whole = isinstance(number, int) and not isinstance(number, bool)
    if not whole or number < 1 or (number > rounds and not bracket):
        more = " and its playoffs" if bracket else ""
        raise UserError(f"round: the event has rounds 1 to {rounds}{more}, not {number!r}")
    stored = seat_store.load_seating(session, event.id, number)
    if stored is not None:
        return stored
    if number > rounds:
        return playoff_seating(session, event, rules, number)
    cut = rules.cut
    if cut is not None and number > cut.after_round:
        return _after_cut(session, event, rules, cut.after_round, number)
    current = draw_store.current_draw(session, event.id)
    if current is None:
        raise UserError("the draw is not made yet: make the draw first")
    draw = current.draw
    active = _still_playing(session, event.id)
    movement = movement_of(rules)
    if movement.fixed_field:
        # a late entry has no card or lot in the draw: the draw's notes say so, and the
        # rest of the field is seated as drawn
        active = [number for number in active if number in set(draw.entrants)]
    drawn = movement.from_draw(draw, number, active)
    if drawn is not None:
        return drawn
    previous = _seating(session, event, rules, number - 1)
    winners = _winners(session, event.id, number - 1)
    earlier = seat_store.byes_by_round(session, event.id)
    sat_out = bye_counts(earlier.get(n, ()) for n in range(1, number))
    return progressive_round(
        movement.name,
        previous,
        winners,
        random.Random(f"{draw.seed}:{number}"),
        active=active,
        byes_so_far=sat_out,
    )


def _still_playing(session: Session, event_id: str) -> list[int]:
    return [e.number for e in entrant_refs(session, event_id) if e.status == "active"]


def _after_cut(
    session: Session, event: Event, rules: Rules, cut_round: int, number: int
) -> RoundSeating:
    """A round after the cut (gin's final): the players who advance, in new random pairs."""
    lead = f"round {number} is played after the cut after round {cut_round}"
    if not movement_of(rules).pairs_after_cut:
        raise UserError(f"{lead}: {rules.title} draws it as a playoff bracket, not a seating")
    result = settled_cut(session, event, rules, f"{lead}, which cannot be made yet")
    current = draw_store.current_draw(session, event.id)
    if current is None:  # rounds were played, so there was a draw
        raise UserError("the draw is not made yet: make the draw first")
    rng = random.Random(f"{current.draw.seed}:{number}")
    return random_pairs(result.advancing, rng, round_number=number)


def follows_from(rules: Rules, number: int) -> bool:
    """Is round ``number`` + 1 seated from round ``number``'s results: a progressive
    movement, the round after the cut (gin's final), or a playoff round?"""
    following = number + 1
    if following > rules.schedule.rounds:
        return has_playoffs(rules) and number >= rules.cut.after_round  # type: ignore[union-attr]
    if movement_of(rules).from_results:
        return True
    return rules.cut is not None and number == rules.cut.after_round


def playoff_bracket(db: Database, event_id: str) -> list[Match]:
    """The first playoff round (bid whist): the teams that advance, seeded by the cut.

    Read only. UserError while a round up to the cut has a sheet missing or
    a tie at the cut line is not settled, and for a format without playoffs.
    """
    with db.reading() as session:
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
        result = settled_cut(session, event, rules, lead)
        return playoffs.playoff_bracket([team for _, team in result.seeds()])


def _winners(session: Session, event_id: str, number: int) -> dict[int, Side]:
    """The winning side of every submitted game of round ``number`` with a result, as it
    counts: the sheet's result with the director's amendments applied."""
    winners: dict[int, Side] = {}
    for stored in games.load_games(session, event_id, number):
        side = stored.game.won_by() if stored.submitted else None
        if side is not None:
            winners[stored.game.table] = side
    return winners


# --- events -----------------------------------------------------------------------------------


def _event(session: Session, event_id: str) -> tuple[Event, Rules]:
    return event_and_rules(session, event_id)
