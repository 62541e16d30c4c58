"""Event files in and out of the database (restoring a whole database: ``restore.py``).

Import checks everything before it writes anything (``check_event_file``:
the file, its rules, its date), then writes the whole event as one act
(``services/command.py``), with its audit row. A refused import leaves the
database as it was. Export gives the event file back (docs/event-file.md,
``clubdesk-event/1``): export, import into another database and export again give
the same file.

How the rules are read:

- The event file names its format by id; the rules file found for it
  (bundled or the user's own, ``load_rules``) is stored with the event as
  its snapshot, and the file's settings as given. (Given a path to a rules
  file instead, the event keeps that file's own id.)
- The database keeps a date for every event. A file without one is refused
  (``date: the event file has no date ...``) unless the date is given with
  the import (``date=``, the command line's ``--date``); a date given for a
  file that has a different one is refused too.
- A store credit the file says was redeemed after the tournament's day is refused,
  naming its row, as the window refuses a credit lapsed (``credit.late_redemptions``).
- The payouts final in the file are the ones ``finalize`` froze: the payouts the results
  gave at the time they were finalized, final then; else they are refused, naming the
  pool or the prize (``_frozen_problems``).
- An event id already in the database is refused unless ``replace``: then
  the event there is archived, never deleted. It keeps every row under a
  new id (``gp-2011--replaced-1``, the next free number), is listed in
  ``event_archive``, and is left out of ``current_event_ids``; the imported
  event takes the id. Both happen in the one transaction.
- Export of a sheet still being filled in (hands, no score yet) writes the
  score its hands give, as an import of the file would read it.
- Export writes ``"time_called": true`` on a sheet of hands that stops before
  its game's end in a format whose round clock ends games (the Grand Prix):
  such a sheet was taken because time was called (the clock's end of the round
  or the director's word), which the file then says, as an import requires.
- The director's rulings kept beside the event's rows are carried both ways: the
  warning infractions (bid whist) and who removed an entrant from the tournament, why
  and when (``store.rulings``).
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clubdesk.domain.event.finished import clock_calls_time, not_over
from clubdesk.domain.event.model import Entrant, Event, EventError, Game, Removal, Round
from clubdesk.domain.event.sheet import played_hands, sheet_result
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.domain.money.credit import late_redemptions
from clubdesk.domain.money.payouts import compute_payouts
from clubdesk.domain.roundclock.actions import AHEAD_S, check_given
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Command, act
from clubdesk.services.common import event_and_rules
from clubdesk.services.final_payouts import check_final
from clubdesk.store import carried_on
from clubdesk.store import eventfile as store
from clubdesk.store import events as events_store
from clubdesk.store import rulings as rulings_store
from clubdesk.store.db import Database
from clubdesk.store.rulings import RemovalRecord

REPLACED_REASON = "replaced by an imported event file"


@dataclass(frozen=True)
class ImportResult:
    """What an import wrote: the event, how many rows of each kind, what it replaced."""

    event_id: str
    entrants: int
    rounds: int
    games: int
    hands: int
    ledger_rows: int  # including a fee row for each entrant's paid_cents not itemized
    replaced: str | None = None  # the id the event it replaced is kept under
    changes: Change = changes_field()  # what the command that made it changed


# --- import ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Checked:
    event: Event
    rules: Rules


def check_event_file(
    data: Any, *, date: dt.date | None = None, now: dt.datetime | None = None
) -> Event:
    """Every check an import makes before writing: the file, its rules and its date (and,
    given ``now``, the times of what it carries on: ``_check_carried_times``).

    Raises ``EventError`` listing every problem, each naming where it is.
    """
    event = _check(data, date).event
    if now is not None:
        _check_carried_times(event, _aware(now))
    return event


def _check(data: Any, date: dt.date | None) -> _Checked:
    found: dict[str, Rules] = {}

    def lookup(rules_id: str) -> Rules:
        if rules_id not in found:
            found[rules_id] = load_rules(rules_id)
        return found[rules_id]

    problems: list[str] = []
    event: Event | None = None
    try:
        event = parse_event(data, lookup)
    except EventError as exc:
        problems = list(exc.problems)
    file_date = data.get("date") if isinstance(data, dict) else None
    if date is not None and event is not None and event.date not in (None, date):
        problems.append(
            f"date: the event file says {event.date.isoformat()}, "
            f"but the date given is {date.isoformat()}"
        )
    if date is None and file_date is None and isinstance(data, dict):
        problems.append(
            'date: the event file has no date; add one (e.g. "date": "2011-10-22") '
            "or give it with --date"
        )
    if problems or event is None:
        raise EventError(problems)
    if event.date is None:
        event = dataclasses.replace(event, date=date)
    late = late_redemptions(event)  # seed 003: "must be redeemed the day of the tournament"
    if late:
        raise EventError(late)
    rules = found[event.rules]
    frozen = _frozen_problems(event, rules)
    if frozen:
        raise EventError(frozen)
    return _Checked(event, rules)


def _frozen_problems(event: Event, rules: Rules) -> list[str]:
    """The payouts final now are the ones ``finalize`` froze: the payouts the results gave
    when they were finalized (a sheet amended since is not in them), final then
    (``final_payouts.check_final``). Payouts reopened since were checked when they stood."""
    if not event.payouts or event.payouts[-1].reopened is not None:
        return []
    index, payout = len(event.payouts) - 1, event.payouts[-1]
    where = f"payouts[{index}]"
    played_by = rules.with_settings(copy.deepcopy(dict(event.settings)))
    found = compute_payouts(_results_at(event, payout.at), played_by)
    try:
        check_final(found)
    except UserError as exc:
        return [f"{where}: finalized, but {str(exc).removeprefix('payouts: ')}"]
    if payout.pool_cents != found.pool_cents:
        return [f"{where}: pool_cents: {payout.pool_cents}, but the results and the ledger "
                f"give {found.pool_cents}"]  # fmt: skip
    given = [(p.place, p.number, p.amount_cents, p.credit_cents) for p in payout.prizes]
    computed = [(p.place, p.number, p.amount_cents, p.credit_cents) for p in found.prizes]
    for n, (frozen, due) in enumerate(zip([*given, None], [*computed, None], strict=False)):
        if frozen != due:
            said = "no prize" if frozen is None else _prize_words(frozen)
            gives = "no more prizes" if due is None else _prize_words(due)
            return [f"{where}.prizes[{n}]: {said}, but the results give {gives}"]
    return []


def _prize_words(prize: tuple[int, int, int, int]) -> str:
    place, number, cents, credit = prize
    part = f", {credit} of it in store credit" if credit else ""
    return f"place {place} to entrant {number} ({cents} cents{part})"


def _results_at(event: Event, at: dt.datetime) -> Event:
    """The event's results as they stood at ``at``: its sheets without the amendments made
    later."""
    rounds = []
    for round_ in event.rounds:
        games = []
        for game in round_.games:
            kept = tuple(x for x in game.amendments if x.at <= at)
            if len(kept) < len(game.amendments):
                stood = kept[-1].after if kept else game.amendments[0].before
                game = dataclasses.replace(
                    game, score=stood.score, winner=stood.winner, amendments=kept
                )
            games.append(game)
        rounds.append(dataclasses.replace(round_, games=tuple(games)))
    return dataclasses.replace(event, rounds=tuple(rounds))


@act("event.import", Change.everything())
def import_event(
    do: Command, data: Any, *, replace: bool = False, date: dt.date | None = None
) -> ImportResult:
    """Load an event file (parsed JSON, or the Event ``check_event_file`` gave) into the
    database.

    Everything is checked first; then the event is written in the act's one transaction.
    An event id already in the database is refused unless ``replace``, which archives the
    event there (see the module's docstring).
    """
    checked = (
        _Checked(data, load_rules(data.rules)) if isinstance(data, Event) else _check(data, date)
    )
    event, rules = checked.event, checked.rules
    rules_text = _rules_text(rules)
    at, actor, session = do.at, do.actor, do.session
    _check_carried_times(event, at)
    replaced = None
    if events_store.event_exists(session, event.id):
        if not replace:
            raise UserError(
                f"id: event {event.id!r} is already in this database; use --replace to replace it"
            )
        # its audit row is written first (the database moves its rows only just after it)
        replaced = events_store.archive_event(session, event.id, at, REPLACED_REASON, actor=actor)
    counts = _rows_of(event)
    # the audit row first: the database takes the event's tie-breaks only just after it
    do.event_id = event.id
    do.log(
        {
            "name": event.name,
            "rules_id": rules.id,
            **counts,
            "amendments": _amendments_in(event),
            "replaced": replaced,
        }
    )
    session.flush()
    saved = store.save_event(session, event, rules_id=rules.id, rules_text=rules_text, at=at)
    rulings_store.save_rulings(session, event, actor, at)
    carried_on.save(session, event, actor=actor)  # the payouts, the clock: as it happened
    result = ImportResult(
        event_id=saved.event_id,
        entrants=saved.entrants,
        rounds=saved.rounds,
        games=saved.games,
        hands=saved.hands,
        ledger_rows=saved.ledger_rows,
        replaced=replaced,
    )
    written = {key: getattr(result, key) for key in counts}
    if written != counts:  # the audit row must say what was written
        raise RuntimeError(f"import wrote {written}, its audit row says {counts}")
    return result


def _check_carried_times(event: Event, now: dt.datetime) -> None:
    """Refuse clock facts and signatures outside the event's day to now (plus a few minutes:
    the bound the clock and ``submit`` hold to, ``check_given``), and payouts
    finalized, paid, redeemed or reopened after now: times that have not come, or that no
    clock can have recorded, would stand in the record."""
    problems = []
    for index, fact in enumerate(event.clock):
        try:
            if event.date is not None:
                check_given(fact.at, event.date, now)
        except UserError as exc:
            problems.append(f"clock[{index}] (round {fact.round}): {exc}")
    for r, round_ in enumerate(event.rounds):
        for g, game in enumerate(round_.games):
            for index, signature in enumerate(game.signatures):
                try:
                    if event.date is not None:
                        check_given(signature.at, event.date, now, f"signatures[{index}].at")
                except UserError as exc:
                    problems.append(
                        f"rounds[{r}].games[{g}] (round {round_.number}, table {game.table}): {exc}"
                    )
    for index, payout in enumerate(event.payouts):
        times = [payout.at, *(p.at for p in payout.paid), *(r.at for r in payout.redeemed)]
        if payout.reopened is not None:
            times.append(payout.reopened.at)
        if any(at > now + dt.timedelta(seconds=AHEAD_S) for at in times):
            problems.append(f"payouts[{index}]: at: a time that has not come yet")
    if problems:
        raise EventError(problems)


def _rows_of(event: Event) -> dict[str, int]:
    """How many rows of each kind importing ``event`` writes, as its audit row records them
    (the ledger: a fee row for each entrant's paid_cents the ledger does not itemize)."""
    games = [game for round_ in event.rounds for game in round_.games]
    itemized = {e.entrant for e in event.ledger if e.kind == "fee" and e.entrant is not None}
    fees = [e for e in event.entrants if e.paid_cents and e.number not in itemized]
    return {
        "entrants": len(event.entrants),
        "rounds": len(event.rounds),
        "games": len(games),
        "hands": sum(len(game.hands) for game in games),
        "ledger_rows": len(event.ledger) + len(fees),
    }


def _amendments_in(event: Event) -> int:
    """How many amendments the event file holds: the database logs as many with its import
    (migration step 14), and no more."""
    return sum(len(game.amendments) for round_ in event.rounds for game in round_.games)


def _rules_text(rules: Rules) -> str:
    try:
        return Path(rules.source_path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.__class__.__name__
        raise UserError(f"rules: cannot read {rules.source_path} ({reason})") from None


# --- export ---------------------------------------------------------------------------------


def export_event(db: Database, event_id: str) -> dict[str, Any]:
    """The event file of an event in the database (archived ones too, by their id)."""
    with db.reading() as session:
        event = store.load_event(session, event_id)
        _, rules = event_and_rules(session, event_id)
        removals = rulings_store.removals(session, event_id)
        payouts, facts = carried_on.load(session, event_id)
        event = dataclasses.replace(
            event,
            entrants=tuple(_removed(e, removals.get(e.number)) for e in event.entrants),
            warnings=tuple(rulings_store.warnings(session, event_id)),
            payouts=payouts,
            clock=facts,
        )
    if any(game.hands for r in event.rounds for game in r.games):
        rounds = tuple(_scored(round_, rules) for round_ in event.rounds)
        event = dataclasses.replace(event, rounds=rounds)
    return event_to_json(event)


def _removed(entrant: Entrant, removal: RemovalRecord | None) -> Entrant:
    """The entrant with who removed it from the tournament, why and when (if it was)."""
    if removal is None:
        return entrant
    return dataclasses.replace(
        entrant, removal=Removal(removal.director, removal.reason, removal.at)
    )


def _scored(round_: Round, rules: Rules) -> Round:
    """The round with the score its hands give on every sheet that has hands but no score,
    and time called on every sheet of hands taken before its game's end."""
    games = []
    for game in round_.games:
        if game.hands and game.score is None:
            game = _score_from_hands(game, rules, round_.number)
        if game.hands and game.award is None and clock_calls_time(rules):
            game = dataclasses.replace(game, time_called=_stopped(game, rules, round_.number))
        games.append(game)
    return dataclasses.replace(round_, games=tuple(games))


def _stopped(game: Game, rules: Rules, round_number: int) -> bool:
    """Do the sheet's hands stop before its game's end?"""
    try:
        played = played_hands(rules, round_number, game.hands, game.adjustments)
    except UserError:
        return False  # an import of the file names what is wrong
    return not_over(rules, round_number, played) is not None


def _score_from_hands(game: Game, rules: Rules, round_number: int) -> Game:
    try:
        result = sheet_result(
            rules,
            round_number,
            hands=game.hands,
            adjustments=game.adjustments,
            winner=game.winner,
            amendments=game.amendments,
        )
    except UserError:
        return game  # an import of the file names what is wrong
    return dataclasses.replace(game, score=result.score, winner=result.winner)


# --- which events ---------------------------------------------------------------------------


def current_event_ids(db: Database) -> list[str]:
    """The events in the database that are not archived, the latest first."""
    with db.reading() as session:
        return events_store.current_event_ids(session)


def _aware(at: dt.datetime) -> dt.datetime:
    if at.tzinfo is None:
        raise ValueError("the clock must give timezone-aware times")
    return at
