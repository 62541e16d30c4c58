"""Refunds of an entry fee: whether there are any, and how much one may give back.

How the rules are read (docs/rules.md "Money"; bid whist, seed 004: "No refunds on
entry/tournament fee - period!!!"):

- Whether a fee once paid is ever given back is the format's to say: its
  rules file's ``money.refunds`` (default true; bid whist false). An event
  cannot change it, so a format that gives none gives none at every door:
  the window, the services, the event file.
- A refund gives back (part of) one entrant's fee: it names the entrant, and
  is never more than that entrant paid less what was already refunded.
- A removed entrant's fee stays in the prize fund where the rules say so
  (``penalties.removed_forfeits_fee``): it is never refunded.

Each check gives the problem as words without a field name (None: no
problem); the service and the event file each say where.
"""

from __future__ import annotations

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import Rules


def no_refunds(rules: Rules) -> str | None:
    """Why these rules give no refund at all; None where they give them."""
    if rules.money.refunds:
        return None
    return f"{rules.title} gives no refunds of the entry fee (rules: money.refunds = false)"


def forfeited(rules: Rules, number: int, status: str) -> str | None:
    """Why a removed entrant's fee cannot be refunded; None for any other entrant."""
    if status != "removed" or not rules.penalties.removed_forfeits_fee:
        return None
    return (
        f"entrant {number} was removed from the tournament; its entry fee stays in the prize fund"
    )


def refundable_cents(paid_cents: int, refunded_cents: int) -> int:
    """The most a refund can give back: what was paid less what was refunded already."""
    return max(0, paid_cents - refunded_cents)


def over_limit(number: int, paid_cents: int, refunded_cents: int, cents: int) -> str | None:
    """Why a refund of ``cents`` is more than entrant ``number`` can be given back, having
    paid ``paid_cents`` in fees and been refunded ``refunded_cents`` already; None if not."""
    left = refundable_cents(paid_cents, refunded_cents)
    if cents <= left:
        return None
    paid, asked = format_money(paid_cents), format_money(cents)
    if paid_cents <= 0:
        return f"entrant {number} has paid nothing; there is no fee to refund"
    if refunded_cents <= 0:
        return f"entrant {number} has paid {paid}; a refund of {asked} is more than that"
    done = f"entrant {number} paid {paid} and {format_money(refunded_cents)} of it is refunded"
    if left == 0:
        return f"{done} already; nothing is left to refund"
    return f"{done} already; a refund of {asked} is more than the {format_money(left)} left"
