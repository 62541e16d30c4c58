"""What the event file carries on (``carried``), read and checked: the payouts finalized and
the round clock's facts, at the top level after ``warnings``, each written only when there
is some (docs/event-file.md, "What the event file keeps").

``"payouts": [{"director", "pool_cents", "at", "prizes": [{"place", "entrant",
"amount_cents", "credit_cents"}], "paid": [{"entrant", "cents", "method", "note", "at"}],
"redeemed": [{"entrant", "cents", "at"}], "reopened": {"director", "reason", "at"} | null}]``
in the order they were finalized: each but the last reopened. A prize paid is the cash part
of a prize of the payouts final then, paid once; a credit redeemed is the store-credit part
of one, redeemed once. Times go forward: finalized, then paid and redeemed, then reopened.

``"clock": [{"round", "kind", "at", "seconds", "announcement"}]``, round by round, each
round's facts in the order recorded: a round's clock starts first, once; ``seconds`` (not
0) says what an ``adjust`` added (negative: took off), ``announcement`` (``warning`` or
``time``) what was ``announced``; a round ends once and each announcement is given once;
nothing is recorded before the fact before it. Only a round the file lists has a clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from clubdesk.domain.event.carried import (
    CreditRedeemed,
    FinalPayout,
    FrozenPrize,
    PrizePaid,
    Reopened,
)
from clubdesk.domain.event.model import Round
from clubdesk.domain.eventfile import schema
from clubdesk.domain.eventfile.warnings_file import Reader
from clubdesk.domain.limits import CLOCK_MINUTES_MAX
from clubdesk.domain.roundclock.state import ClockFact, Reading


def read_payouts(reader: Reader, value: Any) -> tuple[FinalPayout, ...]:
    """The file's finalized payouts, each checked; problems go to ``reader.problems``."""
    items = reader.listing(value, "payouts")
    parsed: list[FinalPayout] = []
    paid: set[int] = set()
    redeemed: set[int] = set()
    for index, item in enumerate(items):
        where = f"payouts[{index}]"
        found = reader.validate(schema.PayoutIn, item, where)
        if found is None:
            continue
        problems = _payout_problems(found, index == len(items) - 1, paid, redeemed)
        if parsed and found.at < _ended(parsed[-1]):
            problems.append("at: finalized before the payouts before it were reopened")
        reader.problems.extend(f"{where}.{problem}" for problem in problems)
        if problems:
            continue
        parsed.append(
            FinalPayout(
                found.director,
                found.pool_cents,
                found.at,
                tuple(
                    FrozenPrize(p.place, p.entrant, p.amount_cents, p.credit_cents)
                    for p in found.prizes
                ),  # fmt: skip
                tuple(PrizePaid(p.entrant, p.cents, p.method, p.note, p.at) for p in found.paid),
                tuple(CreditRedeemed(r.entrant, r.cents, r.at) for r in found.redeemed),
                None
                if found.reopened is None
                else Reopened(found.reopened.director, found.reopened.reason, found.reopened.at),
            )
        )
    return tuple(parsed)


def _ended(payout: FinalPayout) -> datetime:
    return payout.reopened.at if payout.reopened is not None else payout.at


def _payout_problems(found: Any, last: bool, paid: set[int], redeemed: set[int]) -> list[str]:
    """What is wrong with one payout of the file (each line starts with its field)."""
    problems = []
    if found.reopened is None and not last:
        problems.append("reopened: payouts finalized again later were reopened first")
    prizes = {}
    for index, prize in enumerate(found.prizes):
        if prize.entrant in prizes:
            problems.append(f"prizes[{index}]: entrant {prize.entrant} has two prizes")
        if prize.amount_cents <= 0 or prize.credit_cents > prize.amount_cents:
            problems.append(f"prizes[{index}]: a prize is more than 0, its credit part no more")
        prizes[prize.entrant] = prize
    for index, row in enumerate(found.paid):
        prize = prizes.get(row.entrant)
        cash = prize.amount_cents - prize.credit_cents if prize is not None else 0
        if not cash or row.cents != cash or row.entrant in paid:
            problems.append(
                f"paid[{index}]: entrant {row.entrant} is paid {row.cents} cents, not the cash "
                "part of a prize of these payouts paid once"
            )
        elif not _between(row.at, found):
            problems.append(f"paid[{index}]: at: not while these payouts were final")
        paid.add(row.entrant)
    for index, row in enumerate(found.redeemed):
        prize = prizes.get(row.entrant)
        if (
            prize is None
            or row.cents != prize.credit_cents
            or not row.cents
            or (row.entrant in redeemed)
        ):
            problems.append(
                f"redeemed[{index}]: entrant {row.entrant} redeems {row.cents} cents, not the "
                "store credit of a prize of these payouts redeemed once"
            )
        elif not _between(row.at, found):
            problems.append(f"redeemed[{index}]: at: not while these payouts were final")
        redeemed.add(row.entrant)
    if found.reopened is not None and found.reopened.at < found.at:
        problems.append("reopened: at: before the payouts were finalized")
    return problems


def _between(at: datetime, found: Any) -> bool:
    return found.at <= at and (found.reopened is None or at <= found.reopened.at)


def read_clock(reader: Reader, value: Any, rounds: Sequence[Round]) -> tuple[ClockFact, ...]:
    """The file's round clock facts, each checked; problems go to ``reader.problems``."""
    listed = {r.number for r in rounds}
    parsed: list[ClockFact] = []
    once: set[tuple[int, str]] = set()
    started: set[int] = set()
    ended: set[int] = set()
    last: datetime | None = None
    for index, item in enumerate(reader.listing(value, "clock")):
        where = f"clock[{index}]"
        found = reader.validate(schema.ClockFactIn, item, where)
        if found is None:
            continue
        wrong = _fact_problem(found, listed, started, ended, once)
        if wrong is None and last is not None and found.at < last:
            wrong = "at: before the clock's fact before it"
        if wrong is not None:
            reader.problems.append(f"{where} (round {found.round}): {wrong}")
            continue
        last = found.at
        key = found.announcement if found.kind == "announced" else found.kind
        once.add((found.round, key))
        if found.kind == "start":
            started.add(found.round)
        elif found.kind == "end":
            ended.add(found.round)
        parsed.append(
            ClockFact(
                found.round, found.kind, Reading(found.at), found.seconds or 0, found.announcement
            )  # fmt: skip
        )
    return tuple(parsed)


def _fact_problem(
    found: Any, listed: set[int], started: set[int], ended: set[int], once: set[tuple[int, str]]
) -> str | None:
    """What is wrong with one clock fact given those before it, or None."""
    if found.round not in listed:
        return f"round: the file lists no round {found.round}"
    if found.kind == "adjust":
        if not found.seconds or abs(found.seconds) > CLOCK_MINUTES_MAX * 60:
            return f"seconds: an adjust adds or takes off 1 to {CLOCK_MINUTES_MAX * 60} seconds"
    elif found.seconds is not None:
        return f"seconds: only an adjust has seconds, not a {found.kind}"
    if (found.kind == "announced") != (found.announcement is not None):
        return "announcement: an announced fact (only) says which: warning or time"
    if found.kind != "start" and found.round not in started:
        return f"kind: a {found.kind} before the round's clock started"
    key = found.announcement if found.kind == "announced" else found.kind
    if key in ("start", "end", "warning", "time") and (found.round, key) in once:
        return f"kind: a round's {key} is recorded once"
    if found.kind in ("pause", "resume", "adjust") and found.round in ended:
        return f"kind: a {found.kind} after the round's clock ended"
    return None
