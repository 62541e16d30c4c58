"""A field that changes while the event runs: late entries placed, unplayed rounds seated again.

Registration calls ``fit_field_in`` inside its own transaction each time the
field changes (an entrant registered, withdrawn or reinstated):

1. **Late entries.** In the movements whose field the round-1 draw fixes
   (stationary-rotating, random pairs) an active entrant the draw has not
   placed takes the place the draw still has free (``late_place``): the Grand
   Prix's bye station (the late team takes its blue card: N/S at the new last
   table, and the E/W team reaching that station plays it instead of sitting
   out), gin's odd player out (the late player takes the next lot and plays
   them). One place, so one late entry; a second one has no place and the
   field note says so. The place is a draw assignment with its own audit row
   (``draw.late_entry``). The progressive movements seat late entries
   themselves from the next round.
2. **Rounds not played yet.** A round published but not started, with nothing
   written on any of its sheets, is seated again from the field as it is now:
   unpublished and published again, with a ``seating.reseat`` audit row naming
   the rounds. So a withdrawn team's opponents get the bye in every round not
   yet played, also a round a progressive close has already published, and a
   late team placed now plays from that round. Bid whist's first playoff round,
   a bracket seeded by the cut, is seeded again too while none of it is played: a
   team gone before the playoffs is passed over and the next team advances in its
   place (docs/rules.md §6); the later playoff rounds, seeded by the matches won,
   stay as they are. A round that has started keeps
   its seating, and so does every unplayed round when one of them cannot be
   seated again (a sheet already written on, a field too small to seat): the
   change of the field itself stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.seating.draw import Drawn, Pick
from clubdesk.domain.seating.first_round import late_place
from clubdesk.domain.seating.movements import movement_of
from clubdesk.domain.seating.values import RoundSeating
from clubdesk.errors import UserError
from clubdesk.services.command import Command
from clubdesk.services.common import event_and_rules
from clubdesk.services.seating import publish_in
from clubdesk.store import draw as draw_store
from clubdesk.store import seating as seat_store
from clubdesk.store.entrants import entrant_refs


@dataclass(frozen=True)
class LatePlace:
    """A late entry given the draw's free place."""

    number: int
    pick: Pick


@dataclass(frozen=True)
class FieldFit:
    """What fitting the field changed: late entries placed, rounds seated again."""

    placed: tuple[LatePlace, ...] = ()
    reseated: tuple[int, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.placed or self.reseated)


def fit_field_in(do: Command) -> FieldFit:
    """Place late entries and seat the unplayed rounds again, as part of the act that
    changed the field (see the module's docstring)."""
    placed = _place_late_entries(do)
    reseated = _reseat_unplayed(do)
    return FieldFit(tuple(placed), tuple(reseated))


def _place_late_entries(do: Command) -> list[LatePlace]:
    session, event_id = do.session, do.event.id
    if not movement_of(do.rules).fixed_field:
        return []
    stored = draw_store.current_draw(session, event_id)
    if stored is None:
        return []
    drawn = set(stored.draw.entrants)
    late = [e.number for e in entrant_refs(session, event_id) if e.status == "active"]
    late = [number for number in late if number not in drawn]
    if not late:
        return []
    try:
        pick = late_place(stored.draw)
    except UserError:  # a draw that is not a complete deck places nobody more
        return []
    if pick is None:
        return []
    number = late[0]
    draw_store.add_to_draw(session, event_id, stored.id, Drawn(number, pick))
    do.log({"draw_id": stored.id, "number": number, "drawn": str(pick)}, action="draw.late_entry")
    return [LatePlace(number, pick)]


def _reseat_unplayed(do: Command) -> list[int]:
    """Seat again the published rounds nothing of which is played yet, when their seating
    would change; the rounds seated again (none when one of them could not be)."""
    session, event_id = do.session, do.event.id
    unplayed = _unplayed_rounds(session, event_id)
    if not unplayed:
        return []
    before = {n: _places(seat_store.load_seating(session, event_id, n)) for n in unplayed}
    savepoint = session.begin_nested()
    try:
        for number in reversed(unplayed):
            seat_store.unpublish_round(session, event_id, number)
        after = {n: _places(publish_in(do, n).seating) for n in unplayed}
    except UserError:  # a sheet written on, or a field that cannot be seated
        savepoint.rollback()
        return []
    if after == before:
        savepoint.rollback()  # the same seating: nothing to log
        return []
    savepoint.commit()
    changed = [n for n in unplayed if after[n] != before[n]]
    do.log({"rounds": changed}, action="seating.reseat")
    return changed


def _places(seating: RoundSeating | None) -> tuple[object, ...]:
    """Who sits where (the tables and the byes; a partner draw's cards aside)."""
    return () if seating is None else (seating.tables, seating.byes)


def _unplayed_rounds(session: Session, event_id: str) -> list[int]:
    """The published rounds, in order, that have not started (one with something written on
    a sheet is refused by the store when it is unpublished, and keeps its seating). Of bid
    whist's playoff rounds only the first, seeded by the cut, may be seated again: in a
    later one a withdrawn team's opponents win that match."""
    _, rules = event_and_rules(session, event_id)
    last = rules.schedule.rounds + 1 if has_playoffs(rules) else None
    found = []
    for number in seat_store.published_rounds(session, event_id):
        if last is not None and number > last:
            continue
        record = seat_store.find_round(session, event_id, number)
        if record is None or record.status != "pending":
            continue
        if seat_store.round_started(session, event_id, number):
            continue
        found.append(number)
    # a round can only be published after the one before it: keep the unbroken run at the end
    published = seat_store.published_rounds(session, event_id)
    return [n for n in found if all(m in found for m in published if m > n)]
