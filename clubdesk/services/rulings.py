"""The director's and treasurer's rulings: fines due and collected, warnings logged.

Fines (RULES.md §3): what is due is derived every time from the submitted
score sheets (their hands and seats) and the event's rules, less what the
ledger already holds: a fine collected is a ``fine`` ledger row whose note
is the fine's reference (``round 2 table 3 hand 5: set``), so the match is
exact. Collected fines are in the prize pool (``payouts.py``).

Warnings (RULES.md §6): each warning infraction is a ``warning`` row with
the ruling it got (warning or loss of hand); rows are never changed, and an
event archived by an import keeps its own.

Each function that changes something is one transaction with one audit row,
takes a ``clock``, and returns what changed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from clubdesk.clock import Clock
from clubdesk.domain.event.model import plays_final
from clubdesk.domain.event.sheet import score_tiebreak
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money import fines
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.fines import FineKey, FineReason, fine_reference, parse_fine_reference
from clubdesk.domain.rules import Rules
from clubdesk.domain.rulings.penalties import late_ruling
from clubdesk.domain.rulings.warnings import (
    LoggedWarning,
    WarningRuling,
    in_round,
    rule_on_warning,
    warnings_allowed,
)
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, changes_field, writes
from clubdesk.services.common import aware
from clubdesk.services.events import event_rules
from clubdesk.services.rounds import published_round
from clubdesk.services.sheets import open_game
from clubdesk.store import Database
from clubdesk.store import entrants as store
from clubdesk.store.draws import sides_of_games
from clubdesk.store.models import (
    Adjustment,
    Entrant,
    Game,
    Hand,
    LedgerEntry,
    Round,
    Tiebreak,
    Warning,
)

PAYMENT_METHODS = ("cash", "check", "other")
WARNING_ACTION = "warning.log"


# --- fines -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FineOwed:
    """A fine a submitted sheet makes due and the ledger does not show collected.

    ``entrant`` is who pays; None when the sheet does not say which partner
    (``flagged``): the director picks one of ``candidates``, ``problem`` says why.
    """

    round: int
    table: int
    hand: int
    reason: FineReason
    cents: int
    entrant: int | None
    candidates: tuple[int, ...]
    problem: str = ""

    @property
    def flagged(self) -> bool:
        return self.entrant is None

    @property
    def reference(self) -> str:
        """The note to collect it with."""
        return fine_reference(self.round, self.table, self.hand, self.reason)

    @property
    def key(self) -> FineKey:
        return FineKey(self.round, self.table, self.hand, self.reason)


@dataclass(frozen=True)
class FineCollected:
    """What collecting a fine changed: the ledger's fines and what is still due."""

    event_id: str
    entrant: int
    cents: int
    note: str
    method: str
    at: dt.datetime
    fines_collected_cents: int  # every fine row of the event, this one included
    still_due: int  # fines still due after this one
    changes: Change = changes_field()  # what the command that made it changed


def fines_due(db: Database, event_id: str) -> list[FineOwed]:
    """Every fine due and not collected, by round, table and hand."""
    rules = event_rules(db, event_id)
    with db.session() as session:
        owed = _owed(session, event_id, rules)
        collected = _collected_keys(session, event_id)
    return [fine for fine in owed if fine.key not in collected]


@writes(Change.MONEY)
def collect_fine(
    db: Database,
    event_id: str,
    entrant: int,
    cents: int,
    note: str,
    method: str,
    clock: Clock,
    *,
    actor: str = "director",
) -> FineCollected:
    """The treasurer takes a fine: a ``fine`` ledger row (into the prize pool) and an audit row.

    With a fine's reference as ``note`` (``round 2 table 3 hand 5: set``) it
    collects that fine: it must be due and not collected yet, paid by the
    player charged (for a flagged fine, one of the candidates) in the amount
    due. Any other note records a fine the club charges for another reason.
    """
    cents = _check_cents(cents)
    if method not in PAYMENT_METHODS:
        raise UserError(f"method: {method!r} is not one of {', '.join(PAYMENT_METHODS)}")
    note = " ".join(str(note).split())
    if not note:
        example = fine_reference(1, 1, 1, "set")
        raise UserError(f"note: say what the fine is for (a fine's reference, e.g. {example!r})")
    key = parse_fine_reference(note)
    rules = event_rules(db, event_id)
    at = aware(clock.now())
    with db.session() as session:
        record = store.entrant_by_number(session, event_id, entrant)
        if record is None:
            raise UserError(f"entrant: there is no entrant {entrant} in this event")
        owed = _owed(session, event_id, rules)
        collected = _collected_keys(session, event_id)
        if key is not None:
            _check_collectable(key, entrant, cents, owed, collected)
            note = key.reference
        store.add_ledger_entry(
            session,
            event_id,
            kind="fine",
            cents=cents,
            entrant_id=record.id,
            method=method,
            note=note,
            at=at,
        )
        audit.record(
            session,
            at=at,
            actor=actor,
            action="fine.collect",
            event_id=event_id,
            details={"number": entrant, "cents": cents, "method": method, "note": note},
        )
        if key is not None:
            collected = {**collected, key: entrant}
        still_due = sum(1 for fine in owed if fine.key not in collected)
        total = _fines_cents(session, event_id)
    return FineCollected(event_id, entrant, cents, note, method, at, total, still_due)


def _check_collectable(
    key: FineKey,
    entrant: int,
    cents: int,
    owed: list[FineOwed],
    collected: dict[FineKey, int | None],
) -> None:
    if key in collected:
        payer = collected[key]
        by = f" (from entrant {payer})" if payer is not None else ""
        raise UserError(f"note: the fine for {key.reference} is already collected{by}")
    fine = next((f for f in owed if f.key == key), None)
    if fine is None:
        raise UserError(f"note: no fine is due for {key.reference}")
    if entrant not in fine.candidates:
        who = " or ".join(str(n) for n in fine.candidates)
        raise UserError(
            f"entrant: the fine for {key.reference} is charged to entrant {who}, not {entrant}"
        )
    if cents != fine.cents:
        raise UserError(
            f"cents: the fine for {key.reference} is {format_money(fine.cents)}, "
            f"not {format_money(cents)}"
        )


def _owed(session: Session, event_id: str, rules: Rules) -> list[FineOwed]:
    """Every fine the submitted sheets make due, collected or not."""
    if not (rules.money.fine_set_cents or rules.money.fine_renege_cents):
        return []
    games = session.exec(
        select(Round.number, Game.id, Game.table_number)
        .join(Round, col(Round.id) == col(Game.round_id))
        .where(Round.event_id == event_id, col(Game.submitted_at).is_not(None))
        .order_by(col(Round.number), col(Game.table_number))
    ).all()
    ids = [game_id for _, game_id, _ in games]
    if not ids:
        return []
    sides = sides_of_games(session, ids)
    hands: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game_id, data in session.exec(
        select(Hand.game_id, Hand.data)
        .where(col(Hand.game_id).in_(ids))
        .order_by(col(Hand.game_id), col(Hand.number))
    ):
        hands[game_id].append(data)
    owed: list[FineOwed] = []
    for round_number, game_id, table in games:
        if not hands[game_id]:
            continue  # typed in from a paper sheet: no hands, no fines to derive
        try:
            due = fines.fines_due(
                hands[game_id], sides[game_id], rules, final=plays_final(rules, round_number)
            )
        except (HandError, UserError) as exc:
            raise UserError(f"round {round_number}, table {table}: {exc}") from None
        owed += [
            FineOwed(
                round_number,
                table,
                fine.hand_number,
                fine.reason,
                fine.cents,
                fine.entrant,
                fine.candidates,
                fine.problem,
            )
            for fine in due
        ]
    return owed


def _collected_keys(session: Session, event_id: str) -> dict[FineKey, int | None]:
    """The fines the ledger shows collected, each with the entrant who paid it."""
    found: dict[FineKey, int | None] = {}
    rows = session.exec(
        select(LedgerEntry.note, Entrant.number)
        .join(Entrant, col(Entrant.id) == col(LedgerEntry.entrant_id), isouter=True)
        .where(LedgerEntry.event_id == event_id, LedgerEntry.kind == "fine")
        .order_by(col(LedgerEntry.id))
    )
    for note, number in rows:
        try:
            key = parse_fine_reference(note)
        except UserError:
            continue  # a note that only looks like a reference (e.g. imported): no fine of ours
        if key is not None:
            found.setdefault(key, number)
    return found


def _fines_cents(session: Session, event_id: str) -> int:
    cents = session.exec(
        select(LedgerEntry.cents).where(
            LedgerEntry.event_id == event_id, LedgerEntry.kind == "fine"
        )
    ).all()
    return sum(cents)


def _check_cents(cents: object) -> int:
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise UserError("cents: must be a whole number of cents")
    if cents <= 0:
        raise UserError(f"cents: must be more than {format_money(0)}")
    return cents


# --- warnings --------------------------------------------------------------------------------


def log_warning(
    db: Database,
    event_id: str,
    round: int,
    team: int,
    reason: str,
    clock: Clock,
    *,
    playoff: bool = False,
    actor: str = "director",
) -> WarningRuling:
    """Log a warning infraction against a team; the ruling says warning or loss of hand.

    A preliminary round must be one of the format's rounds with its seating
    published; a playoff round is any round number (playoffs are counted
    apart from the preliminaries).
    """
    reason = " ".join(str(reason).split())
    if not reason:
        raise UserError("reason: say what the infraction was")
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise UserError(f"round: must be a round number from 1, not {round!r}")
    if isinstance(team, bool) or not isinstance(team, int):
        raise UserError(f"team: must be a team's number, not {team!r}")
    rules = event_rules(db, event_id)
    warnings_allowed(rules, playoff=playoff)
    if not playoff and round > rules.schedule.rounds:
        later = " (a later round is a playoff round)" if rules.cut is not None else ""
        raise UserError(
            f"round: {rules.title} has {rules.schedule.rounds} rounds, not {round}{later}"
        )
    at = aware(clock.now())
    with db.session() as session:
        if not playoff:
            published_round(session, event_id, round)
        record = store.entrant_by_number(session, event_id, team)
        if record is None:
            raise UserError(f"team: there is no team {team} in this event")
        if record.status != "active":
            raise UserError(f"team: team {team} is {record.status}")
        logged = _logged(session, event_id)
        ruling = rule_on_warning(logged, rules, round_number=round, team=team, playoff=playoff)
        session.add(
            Warning(event_id=event_id, round_number=round, playoff=playoff,
                    entrant_id=record.id, reason=reason, ruling=ruling.kind, actor=actor, at=at)
        )  # fmt: skip
        audit.record(
            session,
            at=at,
            actor=actor,
            action=WARNING_ACTION,
            event_id=event_id,
            details={
                "round": round,
                "team": team,
                "reason": reason,
                "playoff": playoff,
                "ruling": ruling.kind,
                "count": ruling.count_in_round,
            },
        )
    return ruling


def warnings_logged(
    db: Database,
    event_id: str,
    *,
    round_number: int | None = None,
    team: int | None = None,
    playoff: bool = False,
) -> list[LoggedWarning]:
    """The warnings logged in the event in order; with ``round_number`` and ``team``, only
    that team's in that round (``playoff`` says which kind of round)."""
    event_rules(db, event_id)  # the event exists
    with db.session() as session:
        logged = _logged(session, event_id)
    if round_number is not None and team is not None:
        return in_round(logged, round_number, team, playoff=playoff)
    return [
        w
        for w in logged
        if (round_number is None or w.round == round_number) and (team is None or w.team == team)
    ]


def _logged(session: Session, event_id: str) -> list[LoggedWarning]:
    rows = session.exec(
        select(Warning, Entrant.number)
        .join(Entrant, col(Entrant.id) == col(Warning.entrant_id))
        .where(Warning.event_id == event_id)
        .order_by(col(Warning.id))
    ).all()
    return [
        LoggedWarning(
            round=row.round_number,
            team=number,
            reason=row.reason,
            playoff=row.playoff,
            kind="loss-of-hand" if row.ruling == "loss-of-hand" else "warning",
        )
        for row, number in rows
    ]


# --- tie-breaks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TiebreakRecorded:
    event_id: str
    round_number: int
    a: int
    b: int
    winner: int  # the winning entrant's number
    changes: Change = changes_field()  # what the command that made it changed


@writes(Change.SHEETS)
def record_tiebreak(
    db: Database,
    event_id: str,
    round_number: int,
    a: int,
    b: int,
    clock: Clock,
    *,
    winner: str | None = None,
    hands: Sequence[dict[str, Any]] = (),
    actor: str = "director",
) -> TiebreakRecorded:
    """Record a tie at a cut line broken at the table: gin's sudden-death match, bid
    whist's one-hand play-off. With ``hands`` the winner is computed from them;
    without, ``winner`` ("a"/"b") says who won. Filed in the round of the cut."""
    rules = event_rules(db, event_id)
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
    at = aware(clock.now())
    with db.session() as session:
        round_row = published_round(session, event_id, round_number)
        ids = []
        for side, number in (("a", a), ("b", b)):
            record = store.entrant_by_number(session, event_id, number)
            if record is None:
                raise UserError(f"{side}: there is no entrant {number} in this event")
            ids.append(record.id)
        session.add(Tiebreak(round_id=round_row.id, entrant_a_id=ids[0], entrant_b_id=ids[1],
                             winner=winner, hands=[dict(h) for h in hands]))  # fmt: skip
        won_by = a if winner == "a" else b
        audit.record(session, at=at, actor=actor, action="tiebreak.record", event_id=event_id,
                     details={"round": round_number, "a": a, "b": b, "winner": won_by})  # fmt: skip
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


@writes(Change.SHEETS)
def rule_late(
    db: Database,
    event_id: str,
    round_number: int,
    table: int,
    side: str,
    minutes: int,
    clock: Clock,
    *,
    actor: str = "director",
) -> TableRuling:
    """A side arrived ``minutes`` late: an adjustment line for the opponents on the sheet,
    or, past the format's limit, a DQ award that decides the game (RULES.md §1)."""
    rules = event_rules(db, event_id)
    ruling = late_ruling(minutes, rules)
    opponents = _other_side(side)
    at = aware(clock.now())
    with db.session() as session:
        _, game = open_game(session, event_id, round_number, table)
        if ruling.kind == "points":
            session.add(Adjustment(game_id=game.id, side=opponents, points=ruling.points,
                                   reason=f"side {side} {minutes} minutes late"))  # fmt: skip
        elif ruling.kind == "disqualified":
            _award(session, game, "dq", side, at)
        audit.record(session, at=at, actor=actor, action="ruling.late", event_id=event_id,
                     details={"round": round_number, "table": table, "side": side,
                              "minutes": minutes, "ruling": ruling.kind})  # fmt: skip
    return TableRuling(event_id, round_number, table, side, ruling.kind, ruling.text)


@writes(Change.SHEETS | Change.ENTRANTS | Change.MONEY)
def remove_from_table(
    db: Database,
    event_id: str,
    round_number: int,
    table: int,
    side: str,
    reason: str,
    clock: Clock,
    *,
    actor: str = "director",
) -> TableRuling:
    """The director removes a side from its table for the round: it scores 0 and the
    opponents the format's award (500 in the Grand Prix)."""
    rules = event_rules(db, event_id)
    reason = " ".join(str(reason).split())
    if not reason:
        raise UserError("reason: say why the side is removed")
    _other_side(side)
    at = aware(clock.now())
    with db.session() as session:
        _, game = open_game(session, event_id, round_number, table)
        _award(session, game, "removed", side, at)
        audit.record(session, at=at, actor=actor, action="ruling.remove", event_id=event_id,
                     details={"round": round_number, "table": table, "side": side,
                              "reason": reason})  # fmt: skip
    text = (
        f"removed from the table ({reason}): scores 0; "
        f"the opponents score {rules.penalties.removed_award_points}"
    )
    return TableRuling(event_id, round_number, table, side, "removed", text)


def _other_side(side: str) -> str:
    if side not in ("a", "b"):
        raise UserError(f'side: must be "a" or "b", not {side!r}')
    return "b" if side == "a" else "a"


def _award(session: Session, game: Game, kind: str, against: str, at: dt.datetime) -> None:
    # an award decides the game: the sheet is final with it
    game.award_kind, game.award_against, game.submitted_at = kind, against, at
    session.add(game)
