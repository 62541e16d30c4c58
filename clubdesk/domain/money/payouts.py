"""The prize pool and the prizes (docs/rules.md "Money"). Integer cents throughout.

How each rule is read:

- Fees received = every entrant's ``paid_cents`` + ledger ``fee`` rows that
  name no entrant (a fee row that names one is part of its ``paid_cents``,
  see ``event.py``) - ``refund`` rows. A removed entrant's fee is kept in
  the pool (its refund is refused when the event file is read).
- Prize pool = fees received x ``money.return_percent`` / 100 (cents rounded
  down) + ``money.added_cents`` (money the club adds by its rules) + ledger
  ``added`` rows + ``fine`` rows - ``expense`` rows (every expense in the
  ledger is taken from the pot). A pool below zero is an error.
- The scheme: fixed prizes first; each percent prize is that percent of what
  remains, rounded down to ``money.rounding_cents``; whatever rounding
  leaves goes to 1st place, so the prizes add up to the pool exactly.
  A pool that cannot cover the fixed prizes is an error saying by how much.
  A place nobody finishes in (fewer entrants than places) is not allocated
  (seed 003: "the remainder of the prize pot after the 3rd and 4th place
  prizes are allocated"): its fixed prize is not taken from the pool, so
  with three gin players the rest after 3rd's $35 is split 60/40, and with
  two the whole pot is; a percent place left out leaves its share to 1st as
  rounding does.
- Prizes follow the finishing order (``finish.py``: the standings, or bid
  whist's playoffs; or an order a caller passes in), marked provisional
  until it is final. With no round played there is no prize to show.
  Entrants sharing a place share the prizes of the places
  they cover equally, cents rounded down, the leftover cents to the tied
  entrant with the lowest number. A group whose place is not decided yet
  (a gin tie waiting for its sudden-death match, the teams still in bid
  whist's playoffs) is not shared: the places it covers and their money are
  listed as undecided, with the entrants who play for them. Prizes handed
  out for more places than finishers (``hand_out`` called with them) add
  the places nobody finishes in to 1st place, so the pool is still paid in
  full.
- A team's prize is split between its two players, the odd cent to the
  first-listed player; its cash and its store credit are each split so (the
  odd cent of credit to the first too), so each share says its own kinds.
- Each place is paid in cash or store credit: its own ``paid_in`` in the
  scheme, else ``money.prizes_in`` (house gin: every prize store credit). A
  prize's ``credit_cents`` is the part of it paid in store credit. Entrants
  tied across places of both kinds share each kind by the rule above on its
  own (the cash of the places they cover, then their credit), so a share may
  be part cash, part credit. A place nobody finishes in adds its money to
  1st place in its own kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain.event.carried import FrozenPrize
from clubdesk.domain.event.model import Event
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.finish import FinalOrder, Finisher, SettledBy, final_order
from clubdesk.domain.rules import Money, Rules
from clubdesk.errors import UserError


@dataclass(frozen=True)
class Pool:
    """Where the prize pool comes from, every line in cents."""

    fees_cents: int
    refunds_cents: int
    return_percent: int
    returned_cents: int
    added_cents: int
    fines_cents: int
    expenses_cents: int
    pool_cents: int


def prize_pool(event: Event, rules: Rules) -> Pool:
    """The prize pool from the entrants' fees and the ledger."""
    money = rules.money
    kinds: dict[str, int] = {"fee": 0, "fine": 0, "added": 0, "expense": 0, "refund": 0}
    for entry in event.ledger:
        if entry.kind == "fee" and entry.entrant is not None:
            continue  # already in the entrant's paid_cents
        kinds[entry.kind] += entry.cents
    fees = sum(e.paid_cents for e in event.entrants) + kinds["fee"]
    received = fees - kinds["refund"]
    returned = received * money.return_percent // 100
    added = money.added_cents + kinds["added"]
    pool = returned + added + kinds["fine"] - kinds["expense"]
    if pool < 0:
        raise UserError(
            f"the prize pool is {format_money(pool)}: expenses ({format_money(kinds['expense'])}) "
            "are more than the money in it"
        )
    return Pool(
        fees_cents=fees,
        refunds_cents=kinds["refund"],
        return_percent=money.return_percent,
        returned_cents=returned,
        added_cents=added,
        fines_cents=kinds["fine"],
        expenses_cents=kinds["expense"],
        pool_cents=pool,
    )


def paid_in(money: Money, place: int) -> str:
    """How place ``place`` of the scheme is paid: its own kind, else ``prizes_in``."""
    for listed in money.payout:
        if listed.place == place and listed.paid_in is not None:
            return listed.paid_in
    return money.prizes_in


def place_prizes(pool_cents: int, money: Money, places: int | None = None) -> tuple[int, ...]:
    """The prize for each place 1, 2, 3, ... of the scheme; they add up to the pool.
    ``places``: how many places anyone finishes in (None: all of them); the scheme's
    places after those are not allocated."""
    if pool_cents < 0:
        raise UserError(f"the prize pool cannot be negative ({format_money(pool_cents)})")
    if places == 0:
        return ()
    scheme = sorted(money.payout, key=lambda p: p.place)[:places]
    if not scheme:
        return (pool_cents,) if pool_cents else ()
    fixed = sum(p.fixed_cents or 0 for p in scheme)
    if fixed > pool_cents:
        raise UserError(
            f"the prize pool ({format_money(pool_cents)}) cannot cover the fixed prizes "
            f"({format_money(fixed)}): {format_money(fixed - pool_cents)} short"
        )
    rest = pool_cents - fixed
    unit = money.rounding_cents
    prizes = [
        p.fixed_cents if p.fixed_cents is not None else rest * p.percent // 100 // unit * unit
        for p in scheme
    ]
    prizes[0] += pool_cents - sum(prizes)
    return tuple(prizes)


@dataclass(frozen=True)
class PlayerPrize:
    """One player's share of a prize (a team's prize is split between its players)."""

    place: int
    number: int
    player: str
    amount_cents: int
    credit_cents: int = 0  # the part of the share paid in store credit; the rest is cash

    @property
    def cash_cents(self) -> int:
        return self.amount_cents - self.credit_cents


@dataclass(frozen=True)
class Prize:
    place: int
    number: int
    name: str
    amount_cents: int
    players: tuple[PlayerPrize, ...]
    credit_cents: int = 0  # the part paid in store credit; the rest is cash

    @property
    def cash_cents(self) -> int:
        return self.amount_cents - self.credit_cents


def paid_in_text(amount_cents: int, credit_cents: int) -> str:
    """How a prize is paid, in words: ``cash``, ``store credit``, or the two parts."""
    if credit_cents <= 0:
        return "cash"
    if credit_cents >= amount_cents:
        return "store credit"
    return (
        f"({format_money(amount_cents - credit_cents)} cash + "
        f"{format_money(credit_cents)} store credit)"
    )


@dataclass(frozen=True)
class Undecided:
    """Paid places not decided yet: ``entrants`` play for them (``settled_by``)."""

    places: tuple[int, ...]
    entrants: tuple[int, ...]
    names: tuple[str, ...]
    amount_cents: int
    settled_by: SettledBy

    def to_json(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "entrants": list(self.entrants),
            "amount_cents": self.amount_cents,
            "settled_by": self.settled_by,
        }


def share_prizes(
    prizes: Sequence[int], finish: Sequence[Finisher], *, team: bool
) -> tuple[Prize, ...]:
    """Hand out the place prizes in finishing order; ties share (module docstring)."""
    return hand_out(prizes, finish, team=team)[0]


def _share(cents: int, count: int) -> list[int]:
    """``cents`` shared by ``count`` in order: equal parts, the leftover cents to the first."""
    each, leftover = divmod(cents, count)
    return [each + (leftover if index == 0 else 0) for index in range(count)]


def hand_out(
    prizes: Sequence[int],
    finish: Sequence[Finisher],
    *,
    team: bool,
    settled_by: SettledBy = "sudden-death",
    credit: Sequence[bool] = (),
) -> tuple[tuple[Prize, ...], tuple[Undecided, ...]]:
    """The prizes handed out in finishing order, and the paid places not decided yet.
    ``credit[i]``: place i + 1 is paid in store credit (left out: cash)."""
    order = sorted(finish, key=lambda f: (f.place, f.number))
    groups: list[list[Finisher]] = []
    for finisher in order:
        if groups and groups[-1][0].place == finisher.place:
            groups[-1].append(finisher)
        else:
            groups.append([finisher])
    amounts = list(prizes)
    credits = [
        cents if index < len(credit) and credit[index] else 0 for index, cents in enumerate(amounts)
    ]
    covered = sum(len(group) for group in groups)
    if covered < len(amounts) and covered:
        amounts[0] += sum(amounts[covered:])
        credits[0] += sum(credits[covered:])
        amounts, credits = amounts[:covered], credits[:covered]
    handed: list[Prize] = []
    undecided: list[Undecided] = []
    position = 0
    for group in groups:
        covered_places = range(position + 1, min(position + len(group), len(amounts)) + 1)
        shared = sum(amounts[position : position + len(group)])
        shared_credit = sum(credits[position : position + len(group)])
        position += len(group)
        if not all(finisher.decided for finisher in group):
            if shared > 0:
                numbers = tuple(f.number for f in group)
                names = tuple(f.name for f in group)
                places = tuple(covered_places)
                undecided.append(Undecided(places, numbers, names, shared, settled_by))
            continue
        cash = _share(shared - shared_credit, len(group))  # the group is in number order
        credit_shares = _share(shared_credit, len(group))
        for finisher, in_cash, in_credit in zip(group, cash, credit_shares, strict=True):
            if in_cash + in_credit > 0:
                handed.append(_prize(finisher, in_cash + in_credit, team=team, credit=in_credit))
    return tuple(handed), tuple(undecided)


def _prize(finisher: Finisher, amount: int, *, team: bool, credit: int = 0) -> Prize:
    players = finisher.players or (finisher.name,)
    if team and len(players) == 2:
        split, credits = _halves(amount), _halves(credit)
    else:
        split = (amount,) + (0,) * (len(players) - 1)
        credits = (credit,) + (0,) * (len(players) - 1)
    return Prize(
        place=finisher.place,
        number=finisher.number,
        name=finisher.name,
        amount_cents=amount,
        players=tuple(
            PlayerPrize(finisher.place, finisher.number, player, cents, in_credit)
            for player, cents, in_credit in zip(players, split, credits, strict=True)
        ),
        credit_cents=credit,
    )


def _halves(cents: int) -> tuple[int, int]:
    """``cents`` split between two players, the odd cent to the first. Split so, a
    prize's credit part never gives a player more credit than share: the first's half
    of the credit is at most the first's half of the prize, and so for the second."""
    half, odd = divmod(cents, 2)
    return half + odd, half


@dataclass(frozen=True)
class Payouts:
    pool: Pool
    place_prizes: tuple[int, ...]
    prizes: tuple[Prize, ...]
    prizes_in: str = "cash"  # money.prizes_in: "cash" or "store-credit"
    provisional: bool = False
    undecided: tuple[Undecided, ...] = ()
    played: bool = True  # False: no round counted yet, so no prizes to show
    why: str = ""  # what provisional payouts still wait for, in words
    final: str = ""  # who froze these prizes and when, in words ("": not finalized)

    @property
    def pool_cents(self) -> int:
        return self.pool.pool_cents

    def to_json(self) -> dict[str, Any]:
        return {
            "pool_cents": self.pool.pool_cents,
            "places": [
                {
                    "place": prize.place,
                    "number": prize.number,
                    "name": prize.name,
                    "amount_cents": prize.amount_cents,
                }
                for prize in self.prizes
            ],
            "players": [
                {
                    "place": share.place,
                    "number": share.number,
                    "name": share.player,
                    "amount_cents": share.amount_cents,
                    "credit_cents": share.credit_cents,
                }
                for prize in self.prizes
                for share in prize.players
            ],
            "provisional": self.provisional,
            "undecided": [item.to_json() for item in self.undecided],
            "final": bool(self.final),
        }


def compute_payouts(
    event: Event, rules: Rules, finish: Sequence[Finisher] | None = None
) -> Payouts:
    """The pool and who wins what; ``finish`` defaults to the event's final order
    (``finish.py``), a ``finish`` given is taken as final."""
    pool = prize_pool(event, rules)
    order = final_order(event, rules) if finish is None else FinalOrder(tuple(finish), False, True)
    prizes: tuple[int, ...] = ()
    handed: tuple[Prize, ...] = ()
    undecided: tuple[Undecided, ...] = ()
    if order.played:
        prizes = place_prizes(pool.pool_cents, rules.money, len(order.finish))
        money = rules.money
        handed, undecided = hand_out(
            prizes,
            order.finish,
            team=rules.unit == "team",
            settled_by=order.settled_by,
            credit=[paid_in(money, place) == "store-credit" for place in range(1, len(prizes) + 1)],
        )
    why = order.why
    if undecided and not why:
        why = "tied places wait for their tie-break"
    return Payouts(
        pool,
        prizes,
        handed,
        prizes_in=rules.money.prizes_in,
        provisional=order.provisional or bool(undecided) or not order.played,
        undecided=undecided,
        played=order.played,
        why=why if order.played else "no round has been played yet",
    )


def frozen_payouts(
    event: Event, rules: Rules, prizes: Sequence[FrozenPrize], final: str
) -> Payouts:
    """The payouts as frozen: these prizes (a team's split between its players as ever),
    final, whatever the standings say now; ``final`` says who froze them and when."""
    pool = prize_pool(event, rules)
    entrants = {e.number: e for e in event.entrants}
    handed = tuple(
        _prize(
            Finisher(p.place, p.number, entrants[p.number].name, entrants[p.number].players),
            p.amount_cents,
            team=rules.unit == "team",
            credit=p.credit_cents,
        )
        for p in prizes
    )
    return Payouts(
        pool,
        place_prizes(pool.pool_cents, rules.money, len(prizes)),
        handed,
        prizes_in=rules.money.prizes_in,
        final=final,
    )
