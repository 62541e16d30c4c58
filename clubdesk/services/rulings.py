"""The director's rulings at a table: tie-breaks, lateness and removal from the table.

Fines due and collected are in ``fines.py``; bid whist's
warning infractions in ``warnings.py``; removal from the tournament in ``removal.py``.

Each act runs as one command (``services/command.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.event.model import Adjustment, Award
from clubdesk.domain.event.sheet import score_tiebreak
from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.limits import line_problem
from clubdesk.domain.rulings.penalties import late_ruling
from clubdesk.errors import UserError
from clubdesk.services.board import adjustment_text, award_text
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.events import event_rules
from clubdesk.services.playoffs import check_playoffs_stand
from clubdesk.services.rounds import round_record
from clubdesk.store import entrants as store
from clubdesk.store import rulings as rulings_store
from clubdesk.store import sheets as sheets_store
from clubdesk.store.db import Database

# --- tie-breaks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TiebreakRecorded:
    event_id: str
    round_number: int
    a: int
    b: int
    winner: int  # the winning entrant's number
    changes: Change = changes_field()  # what the command that made it changed


@act("tiebreak.record", Change.SHEETS)
def record_tiebreak(
    do: Command,
    round_number: int,
    a: int,
    b: int,
    *,
    winner: str | None = None,
    hands: Sequence[dict[str, Any]] = (),
) -> TiebreakRecorded:
    """Record a tie at a cut line broken at the table: gin's sudden-death match, bid
    whist's one-hand play-off. With ``hands`` the winner is computed from them;
    without, ``winner`` ("a"/"b") says who won. Filed in the round of the cut."""
    rules = do.rules
    if rules.cut is None:
        raise UserError(f"rules: {rules.title} has no cut, so its ties share a place")
    if a == b:
        raise UserError("b: a tie-break is between two different entrants")
    if hands:
        try:
            computed = score_tiebreak(list(hands), rules)
        except HandError as exc:
            raise UserError(f"tie-break: {exc}") from None
        if computed is None:
            raise UserError("hands: the tie-break is not decided yet")
        if winner is not None and winner != computed:
            raise UserError(f"winner: the hands give the tie-break to {computed}, not {winner}")
        winner = computed
    if winner not in ("a", "b"):
        raise UserError(f'winner: must be "a" or "b", not {winner!r}')
    session, event_id = do.session, do.event.id
    cut_round = round_record(session, event_id, round_number)
    ids = []
    for side, number in (("a", a), ("b", b)):
        record = store.entrant_by_number(session, event_id, number)
        if record is None:
            raise UserError(f"{side}: there is no entrant {number} in this event")
        ids.append(record.id)
    won_by = a if winner == "a" else b
    # the audit row first: the database takes a tie-break only just after its record
    do.log({"round": round_number, "a": a, "b": b, "winner": won_by})
    session.flush()
    rulings_store.add_tiebreak(session, cut_round.id, (ids[0], ids[1]), winner, hands)
    check_playoffs_stand(session, event_id, "tie-break")  # bid whist: the bracket stands
    return TiebreakRecorded(event_id, round_number, a, b, won_by)


# --- lateness and removal from the table ------------------------------------------------------


@dataclass(frozen=True)
class TableRuling:
    """What a ruling at a table changed: the adjustment line or the award it gave."""

    event_id: str
    round_number: int
    table: int
    against: str  # the side ruled against, "a" or "b"
    kind: str  # "points", "disqualified", "removed" or "on-time"
    text: str
    changes: Change = changes_field()  # what the command that made it changed


def lateness_preview(db: Database, event_id: str, side: str, minutes: int) -> str:
    """What ``rule_late`` would record for ``side`` ``minutes`` late, as the board will show
    it, then the ruling in words (nothing stored): "+100 to side A (side B 7 minutes late).
    More than 5 minutes late: 100 points to the opponents"."""
    ruling = late_ruling(minutes, event_rules(db, event_id))
    opponents = _other_side(side)
    if ruling.kind == "points":
        recorded = adjustment_text(Adjustment(opponents, ruling.points, _late(side, minutes)))
    elif ruling.kind == "disqualified":
        recorded = award_text(Award("dq", side))
    else:
        recorded = f"nothing recorded for side {side.upper()}"
    return f"{sentence(recorded)} {sentence(ruling.text)}"


def _late(side: str, minutes: int) -> str:
    """The reason of a late side's adjustment line: ``side B 7 minutes late``."""
    return f"side {side.upper()} {minutes} minutes late"


@act("ruling.late", Change.SHEETS)
def rule_late(do: Command, round_number: int, table: int, side: str, minutes: int) -> TableRuling:
    """A side arrived ``minutes`` late: an adjustment line for the opponents on the sheet,
    or, past the format's limit, a DQ award that decides the game (docs/rules.md §1)."""
    ruling = late_ruling(minutes, do.rules)
    opponents = _other_side(side)
    session, event_id = do.session, do.event.id
    game_id = sheets_store.open_sheet(session, event_id, round_number, table).game_id
    if ruling.kind == "points":
        rulings_store.add_adjustment(session, game_id, opponents, ruling.points,
                                     _late(side, minutes))  # fmt: skip
    elif ruling.kind == "disqualified":
        rulings_store.award(session, game_id, "dq", side, do.at)
    do.log({"round": round_number, "table": table, "side": side, "minutes": minutes,
            "ruling": ruling.kind})  # fmt: skip
    return TableRuling(event_id, round_number, table, side, ruling.kind, ruling.text)


@act("ruling.remove", Change.SHEETS | Change.ENTRANTS | Change.MONEY)
def remove_from_table(
    do: Command, round_number: int, table: int, side: str, reason: str
) -> TableRuling:
    """The director removes a side from its table for the round: it scores 0 and the
    opponents the format's award (500 in the Grand Prix)."""
    rules = do.rules
    reason = " ".join(str(reason).split())
    if not reason:
        raise UserError("reason: say why the side is removed")
    if line_problem(reason):
        raise UserError(f"reason{line_problem(reason)}", field="reason")
    _other_side(side)
    session, event_id = do.session, do.event.id
    game_id = sheets_store.open_sheet(session, event_id, round_number, table).game_id
    rulings_store.award(session, game_id, "removed", side, do.at)
    do.log({"round": round_number, "table": table, "side": side, "reason": reason})
    text = (
        f"removed from the table ({reason}): scores 0; "
        f"the opponents score {rules.penalties.removed_award_points}"
    )
    return TableRuling(event_id, round_number, table, side, "removed", text)


def _other_side(side: str) -> str:
    if side not in ("a", "b"):
        raise UserError(f'side: must be "a" or "b", not {side!r}')
    return "b" if side == "a" else "a"
