"""The Money page's words: the pool's terms, the prizes, the cash box, one ledger row.

Plain functions of what the services return, so the page only lays them out
and the tests can read them without a window.
"""

from __future__ import annotations

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.payouts import Payouts, Pool, paid_in_text
from clubdesk.services.ledger import CashBox, LedgerRow

KIND_WORDS: dict[str, str] = {
    "fee": "Entry fee",
    "fine": "Fine",
    "added": "Added money",
    "expense": "Expense",
    "refund": "Refund",
    "prize": "Prize paid",
}
PRIZE_WORDS: dict[str, str] = {"cash": "cash", "store-credit": "store credit"}


def pool_lines(pool: Pool) -> list[tuple[str, str]]:
    """Every term of the prize pool (docs/rules.md "Money") as (words, amount), the pool last."""
    lines = [("Entry fees received", format_money(pool.fees_cents))]
    if pool.refunds_cents:
        lines.append(("less refunds", _less(pool.refunds_cents)))
    lines += [
        (f"returned to the prize fund ({pool.return_percent}%)", format_money(pool.returned_cents)),
        ("+ added money", format_money(pool.added_cents)),
        ("+ fines collected", format_money(pool.fines_cents)),
        ("- expenses taken from the pot", _less(pool.expenses_cents)),
        ("Prize pool", format_money(pool.pool_cents)),
    ]
    return lines


def prize_lines(payouts: Payouts) -> list[tuple[str, str, str]]:
    """The prizes as (place, who, amount); a team prize lists each player's share
    below it, undecided places say who plays for them."""
    default = PRIZE_WORDS.get(payouts.prizes_in, payouts.prizes_in)
    lines: list[tuple[str, str, str]] = []
    for prize in payouts.prizes:
        lines.append(
            (
                _ordinal(prize.place),
                f"{prize.number} {prize.name}",
                f"{format_money(prize.amount_cents)} "
                + paid_in_text(prize.amount_cents, prize.credit_cents),
            )
        )
        if len(prize.players) > 1:
            for share in prize.players:
                amount = format_money(share.amount_cents)
                if 0 < prize.credit_cents < prize.amount_cents:  # mixed: each share's kinds
                    amount += " " + paid_in_text(share.amount_cents, share.credit_cents)
                lines.append(("", f"    {share.player}", amount))
    for item in payouts.undecided:
        places = " & ".join(_ordinal(place) for place in item.places)
        who = ", ".join(f"{n} {name}" for n, name in zip(item.entrants, item.names, strict=True))
        lines.append(
            (
                places,
                f"undecided ({item.settled_by}): {who}",
                format_money(item.amount_cents) + f" {default}",
            )
        )
    return lines


def status_line(payouts: Payouts) -> str:
    """Whether the prizes shown are final, and if not what they wait for."""
    if not payouts.played:
        return "No prizes yet: no round has been played."
    kinds = {paid_in_text(p.amount_cents, p.credit_cents) for p in payouts.prizes}
    default = PRIZE_WORDS.get(payouts.prizes_in, payouts.prizes_in)
    kind = kinds.pop() if len(kinds) == 1 else default if not kinds else "cash or store credit"
    kind = "cash or store credit" if kind.startswith("(") else kind  # a share of both
    if payouts.final:
        return f"FINAL ({payouts.final}). Prizes are paid in {kind}."
    if payouts.provisional:
        why = f" ({payouts.why})" if payouts.why else ""
        return f"PROVISIONAL{why}. Prizes are paid in {kind}."
    return f"Final order. Prizes are paid in {kind}."


def cash_lines(cash: CashBox, prizes_in: str) -> list[tuple[str, str]]:
    """What the cash box should hold, before and after the prizes listed."""
    lines = [
        ("Cash taken in (fees, fines, added money)", format_money(cash.cash_in_cents)),
        ("Cash paid out (refunds, expenses)", _less(cash.cash_out_cents)),
    ]
    if cash.prizes_paid_cents:
        lines.append(("Cash prizes paid so far", _less(cash.prizes_paid_cents)))
    lines.append(("In the box now", format_money(cash.before_prizes_cents)))
    if prizes_in == "cash":
        after = cash.after_prizes_cents
        last = "In the box once they are paid" if after >= 0 else "Cash short for the prizes"
        still = cash.cash_prizes_cents - cash.prizes_paid_cents
        lines += [
            ("Cash prizes still to pay" if cash.prizes_paid_cents else "Cash prizes listed",
             _less(still)),
            (last, format_money(after)),
        ]  # fmt: skip
    else:
        lines.append(("Prizes are store credit: none leave the box", ""))
    return lines


def row_cells(row: LedgerRow) -> tuple[str, str, str, str, str, str]:
    """One ledger row's cells: time, kind, entrant, method, note, amount."""
    at = row.at.strftime("%H:%M") if row.at is not None else ""
    who = f"{row.entrant} {row.name}" if row.entrant is not None else ""
    sign = "-" if row.kind in ("refund", "expense") else ""
    return (
        at,
        KIND_WORDS.get(row.kind, row.kind),
        who,
        row.method,
        row.note,
        sign + format_money(row.cents),
    )


def _less(cents: int) -> str:
    """An amount taken away: ``-$7.00`` (``$0.00`` when nothing is)."""
    return "-" + format_money(cents) if cents else format_money(0)


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
