"""The director removes an entrant from the tournament (docs/rules.md §1; bid whist ejects a team
for an ejection infraction, §6).

Seed 000: "a team may be removed from the tournament. IF a team is removed from the
tournament, ALL fees paid to enter that tourney will be FORFEITED." Seed 004: "the team
causing the infraction will be ejected from the tournament". How it is read:

- Only an entrant still playing (``active``) is removed; its status becomes
  ``removed`` (bid whist names it ``ejected``: ``penalties.status_word``), with a
  ``removal`` row saying who ruled (the director's name), why and when, and an audit
  row. It is never undone: a removed entrant is not reinstated.
- It plays no further rounds: the rounds not played yet are seated again without it
  (``reseating.py``), so its later opponents get a bye where the movement has one.
- Its fee stays in the prize pool: a refund to it is refused from then on
  (``domain.money.refunds.forfeited``). An entrant already given part of its fee back
  cannot be removed (the fee it forfeits would not be whole).
- The standings list it, marked, and it is placed for no prize
  (``domain/results/standings.py``).
"""

from __future__ import annotations

from clubdesk.domain.event.names import clean_name
from clubdesk.domain.limits import line_problem, name_problem
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rulings.penalties import removal_word
from clubdesk.errors import UserError
from clubdesk.services.changes import Change
from clubdesk.services.command import Command, act, always
from clubdesk.services.entrants import EntrantInfo, current_info, entrant_record
from clubdesk.services.registration import FIELD_CHANGES
from clubdesk.services.reseating import fit_field_in
from clubdesk.store import entrants as store
from clubdesk.store import events
from clubdesk.store import rulings as rulings_store
from clubdesk.store.db import Database
from clubdesk.store.rulings import RemovalRecord

REMOVE_ACTION = "entrant.remove"


@act(REMOVE_ACTION, FIELD_CHANGES, pin=always)
def remove_from_tournament(do: Command, number: int, reason: str, director: str) -> EntrantInfo:
    """Remove (bid whist: eject) an active entrant from the tournament, by the director
    named, for the reason given (module docstring)."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise UserError("reason: say why the entrant is removed from the tournament",
                        field="reason")  # fmt: skip
    if line_problem(reason):
        raise UserError(f"reason{line_problem(reason)}", field="reason")
    director = clean_name(str(director))
    if not director:
        raise UserError("director: the director who rules is named", field="director")
    if name_problem(director):
        raise UserError(f"director{name_problem(director)}", field="director")
    session, event, event_id, at = do.session, do.event, do.event.id, do.at
    word = removal_word(do.rules)
    record = entrant_record(session, event_id, number)
    if record.status != "active":
        raise UserError(
            f"number: entrant {number} is {record.status}; only an entrant still playing "
            f"can be {word} from the tournament",
            field="number",
        )
    if record.refunds_cents:
        raise UserError(
            f"number: entrant {number} has been refunded "
            f"{format_money(record.refunds_cents)} of its fee; an entrant {word} from the "
            "tournament forfeits its whole fee",
            field="number",
        )
    store.set_status(session, event_id, number, "removed")
    rulings_store.add_removal(session, record.id, director, reason, at)
    do.log({"number": number, "name": record.name, "director": director,
            "reason": reason, "ruling": word})  # fmt: skip
    if not fit_field_in(do).changed:
        do.changes &= Change.ENTRANTS | Change.MONEY
    return current_info(session, event, number)


def removal_of(db: Database, event_id: str, number: int) -> RemovalRecord | None:
    """Who removed entrant ``number`` from the tournament, why and when (None: not removed)."""
    with db.reading() as session:
        events.get_event(session, event_id)
        return rulings_store.removals(session, event_id).get(number)
