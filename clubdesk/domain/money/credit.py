"""Store-credit prizes redeemed, waiting, or lapsed (seed 003: "All prizes are for store credit
only and must be redeemed the day of the tournament").

Once the payouts are final, each prize with a store-credit part is a credit its winner
redeems at the store, once, on the tournament's day: the event's date, or the day the
payouts were finalized when that is later (a tournament that runs into a second day awards
its prizes on that day). The treasurer records a credit redeemed; after that day a credit
not redeemed has lapsed and can no longer be redeemed. So at every door: the window refuses
a credit lapsed (``redeem_problem``), and an event file that says a credit was redeemed after
that day is refused at import, naming the row (``late_redemptions``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clubdesk.domain.event.carried import FrozenPrize
from clubdesk.domain.event.model import Event
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.results.ties import ordinal

CreditState = Literal["redeemed", "to redeem", "lapsed"]


@dataclass(frozen=True)
class Credit:
    """One frozen prize's store-credit part: whose, how much, whether it was redeemed."""

    place: int
    number: int
    name: str
    cents: int
    day: dt.date  # the last day it can be redeemed: the tournament's day
    redeemed_at: dt.datetime | None = None

    def state(self, today: dt.date) -> CreditState:
        if self.redeemed_at is not None:
            return "redeemed"
        return "lapsed" if today > self.day else "to redeem"

    def text(self, today: dt.date) -> str:
        """``1st  7 Ann Lee: $180.00 store credit, redeemed at 14:05`` and the like."""
        head = f"{ordinal(self.place)}  {self.number} {self.name}: {format_money(self.cents)}"
        state = self.state(today)
        if state == "redeemed":
            assert self.redeemed_at is not None
            when = self.redeemed_at.strftime("%H:%M")
            if self.redeemed_at.date() != self.day:
                when = self.redeemed_at.strftime("%Y-%m-%d %H:%M")
            return f"{head} store credit, redeemed at {when}"
        if state == "lapsed":
            return f"{head} store credit, lapsed (not redeemed on {self.day.isoformat()})"
        return f"{head} store credit, to redeem by the end of {self.day.isoformat()}"

    def to_json(self, today: dt.date) -> dict[str, Any]:
        return {
            "place": self.place,
            "number": self.number,
            "name": self.name,
            "credit_cents": self.cents,
            "state": self.state(today),
            "redeemed_at": None if self.redeemed_at is None else self.redeemed_at.isoformat(),
            "day": self.day.isoformat(),
        }


def redemption_day(event_date: dt.date, finalized_at: dt.datetime) -> dt.date:
    """The day a credit is redeemed by: the event's day, or the day the prizes were
    finalized when later."""
    return max(event_date, finalized_at.date())


def credits(
    prizes: Sequence[FrozenPrize],
    names: Mapping[int, str],
    redeemed: Mapping[int, dt.datetime],
    day: dt.date,
) -> tuple[Credit, ...]:
    """The store-credit part of each frozen prize, in place order, with its redemption."""
    return tuple(
        Credit(
            p.place, p.number, names.get(p.number, ""), p.credit_cents, day, redeemed.get(p.number)
        )  # fmt: skip
        for p in sorted(prizes, key=lambda p: (p.place, p.number))
        if p.credit_cents > 0
    )


def redeem_problem(credit: Credit, today: dt.date) -> str | None:
    """Why this credit cannot be recorded redeemed today (worded to follow "number: "), or
    None."""
    state = credit.state(today)
    if state == "redeemed":
        assert credit.redeemed_at is not None
        return (
            f"entrant {credit.number}'s store credit was redeemed already "
            f"({credit.redeemed_at:%Y-%m-%d %H:%M})"
        )
    if state == "lapsed":
        return (
            f"entrant {credit.number}'s store credit has lapsed: it had to be redeemed the "
            f"day of the tournament ({credit.day.isoformat()})"
        )
    return None


def late_redemptions(event: Event) -> list[str]:
    """Each credit the event's finalized payouts say was redeemed after the tournament's
    day, one line naming its row (``payouts[0].redeemed[1]: ...``); none without a date."""
    if event.date is None:
        return []
    problems = []
    for index, payout in enumerate(event.payouts):
        day = redemption_day(event.date, payout.at)
        for row, redeemed in enumerate(payout.redeemed):
            if redeemed.at.date() > day:
                problems.append(
                    f"payouts[{index}].redeemed[{row}]: at: entrant {redeemed.entrant}'s store "
                    f"credit is redeemed on {redeemed.at.date().isoformat()}; it had to be "
                    f"redeemed the day of the tournament ({day.isoformat()})"
                )
    return problems
