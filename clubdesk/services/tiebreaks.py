"""The tie-breaks the standings call for: which are due, and the director's record of one.

``ties_due`` reads what the standings say must be played now (gin's sudden
death at the cut or for a prize in the final order, bid whist's one-hand
play-off at the cut; ``domain/results/ties.py``). ``break_tie`` records the
result of one: the winner of a tie ``between`` two or more entrants beats
each of the others, filed as pairwise tie-breaks in the round the domain
names (the cut round, or gin's last round). A tie the standings do not hold
is refused, naming ``between`` or ``winner``.

``break_tie`` runs as one command (``services/command.py``): each pairwise row just
after its own ``tiebreak.record`` audit row (round, a, b, winner: the database takes a
tie-break only so), and a ``tiebreak.reason`` audit row after them when the director gave
a reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clubdesk.domain.event.model import Tiebreak
from clubdesk.domain.limits import line_problem
from clubdesk.domain.results.ties import TieDue, tiebreak_rows
from clubdesk.domain.results.ties import ties_due as domain_ties_due
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import check_playoffs_stand
from clubdesk.store import entrants as entrant_store
from clubdesk.store import eventfile as event_store
from clubdesk.store import rulings as rulings_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database

RECORD_ACTION = "tiebreak.record"  # one per pairwise row; its details are fixed (migrations)
REASON_ACTION = "tiebreak.reason"


@dataclass(frozen=True)
class TieBroken:
    """What ``break_tie`` recorded, and the tie-breaks still due after it."""

    event_id: str
    round_number: int
    between: tuple[int, ...]
    winner: int
    rows: tuple[Tiebreak, ...]
    still_due: tuple[TieDue, ...]
    changes: Change = changes_field()  # what the command that made it changed


def ties_due(db: Database, event_id: str) -> tuple[TieDue, ...]:
    """The tie-breaks the standings call for now (none where the format shares ties)."""
    with db.reading() as session:
        _, rules = event_and_rules(session, event_id)
        event = event_store.load_event(session, event_id, results_only=True)
    return domain_ties_due(event, rules)


@act(RECORD_ACTION, Change.SHEETS)
def break_tie(do: Command, between: Sequence[int], winner: int, *, reason: str = "") -> TieBroken:
    """Record that ``winner`` won the tie-break ``between`` these entrants (their numbers)."""
    reason = " ".join(str(reason).split())
    if reason and line_problem(reason):
        raise UserError(f"reason{line_problem(reason)}", field="reason")
    for field, values in (("between", list(between)), ("winner", [winner])):
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int):
                raise UserError(f"{field}: an entrant's number, not {value!r}", field=field)
    session, event_id, rules = do.session, do.event.id, do.rules
    event = event_store.load_event(session, event_id, results_only=True)
    round_number, rows = tiebreak_rows(event, rules, between, winner)
    filed = seat_store.find_round(session, event_id, round_number)
    if filed is None:  # a complete round is always published; kept as a plain refusal
        raise UserError(f"between: round {round_number} is not published", field="between")
    for row in rows:
        ids = []
        for number in (row.a, row.b):
            record = entrant_store.entrant_by_number(session, event_id, number)
            assert record is not None  # tiebreak_rows checked the numbers
            ids.append(record.id)
        # the audit row first: the database takes a tie-break only just after its record
        do.log({"round": round_number, "a": row.a, "b": row.b, "winner": row.winner_number})
        session.flush()
        rulings_store.add_tiebreak(session, filed.id, (ids[0], ids[1]), row.winner, ())
    if reason:
        do.log({"round": round_number, "between": list(between), "winner": winner,
                "reason": reason}, action=REASON_ACTION)  # fmt: skip
    check_playoffs_stand(session, event_id, "between")  # bid whist: the bracket stands
    after = event_store.load_event(session, event_id, results_only=True)
    still = domain_ties_due(after, rules)
    return TieBroken(event_id, round_number, tuple(between), winner, rows, still)
