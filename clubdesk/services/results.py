"""Results from the database: standings and payouts, computed afresh every time.

The event is read without its hand records (the stored final scores are
enough) and its rules come from the snapshot stored with it, with the
event's settings applied; the domain does the rest.
"""

from __future__ import annotations

from clubdesk.domain.event.model import Event
from clubdesk.domain.money.payouts import Payouts, compute_payouts
from clubdesk.domain.results.standings import Standings, compute_standings
from clubdesk.domain.rules import Rules
from clubdesk.services.common import rules_for
from clubdesk.store import Database, events
from clubdesk.store import eventfile as store


def standings(db: Database, event_id: str, after_round: int | None = None) -> Standings:
    """The standings after round ``after_round`` (default: the last complete round)."""
    event, rules = _results(db, event_id)
    return compute_standings(event, rules, after_round)


def payouts(db: Database, event_id: str) -> Payouts:
    """The prize pool and who wins what, by the event's final order as far as it is known
    (the standings after the last complete round; bid whist's playoffs), marked
    provisional until it is final."""
    event, rules = _results(db, event_id)
    return compute_payouts(event, rules)


def _results(db: Database, event_id: str) -> tuple[Event, Rules]:
    with db.session() as session:
        record = events.get_event(session, event_id)
        event = store.load_event(session, event_id, results_only=True)
    return event, rules_for(record)
