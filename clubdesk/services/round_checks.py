"""What a round must hold before it closes, checked inside the caller's transaction.

``check_winners_in``: no table of the round ended level without a winner where the round
needs one (bid whist's round wins; the next seating of a winners-stay or winners-down
movement). Sheets are refused without it at every door (``services.sheets``, the event
file); this keeps a database written before that rule, or by other means, from closing a
round the next seating cannot follow.
"""

from __future__ import annotations

from sqlmodel import Session

from clubdesk.domain.event.sheet import check_round_decided
from clubdesk.services.common import event_and_rules
from clubdesk.store import sheets as sheets_store


def check_winners_in(session: Session, event_id: str, round_number: int) -> None:
    """UserError (field ``round``) naming the round's level tables without a winner where
    the round needs one; nothing otherwise."""
    _, rules = event_and_rules(session, event_id)
    stored = sheets_store.load_games(session, event_id, round_number=round_number, details=False)
    check_round_decided(rules, round_number, [s.game for s in stored if s.submitted])
