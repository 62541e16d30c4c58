"""The Rounds board: one round's tables, who plays at each, and where each sheet stands.

A reader only: it opens one session and returns plain frozen values. The
round it shows by default is the one being played: the last round whose
clock started, else the first published round (before round 1 starts).
A table of a closed round without its sheet is ``no-sheet``: it scored
nothing, as the standings count it (``domain/results/standings.py``).
Each table carries the director's rulings on its sheet (an adjustment line
such as 100 points for a late side's opponents, or the award that decided
the game) and the warning infractions logged there that round (bid whist); an
entrant withdrawn, removed or ejected since is marked where it is seated, and
each entrant carries its warnings over the whole event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from clubdesk.domain.event.model import Adjustment, Award
from clubdesk.domain.results.playoffs import round_title
from clubdesk.domain.rounds import STORED_STATES, RoundState
from clubdesk.domain.rulings.penalties import removal_word, status_word
from clubdesk.domain.rulings.warnings import LoggedWarning, has_warnings
from clubdesk.errors import UserError
from clubdesk.services.common import event_and_rules
from clubdesk.services.playoffs import round_titles
from clubdesk.services.seating import follows_from
from clubdesk.store import roundclock as clock_store
from clubdesk.store import seating as seat_store
from clubdesk.store.db import Database
from clubdesk.store.drafts import drafts_by_game
from clubdesk.store.entrants import entrant_refs
from clubdesk.store.rulings import warnings
from clubdesk.store.sheets import load_games

__all__ = ["Board", "BoardTable", "Seated", "board"]


@dataclass(frozen=True)
class Seated:
    """An entrant at a table: its number and its name."""

    number: int
    name: str
    withdrawn: bool = False  # no longer playing: withdrawn, removed or ejected since
    status: str = "active"  # as the format names it: withdrawn, removed, ejected
    warnings: int = 0  # warning infractions logged against it over the event (bid whist)


@dataclass(frozen=True)
class BoardTable:
    """One table of the round: its two sides and its sheet's state."""

    table: int
    a: tuple[Seated, ...]
    b: tuple[Seated, ...]
    state: str  # waiting, submitted, amended, awarded, or no-sheet (closed without it)
    rulings: tuple[str, ...] = ()  # the director's lines on the sheet, in the order given
    draft: int = 0  # hands kept as the sheet's draft while it is typed (``services/drafts``)
    draft_source: str = ""  # where that draft is typed: "window", or "phone" at the table


@dataclass(frozen=True)
class Board:
    """One round as the front table sees it (``round_number`` None: nothing published yet)."""

    event_id: str
    event_name: str
    rounds: int  # rounds the event has
    round_number: int | None
    status: str  # the round's status: pending, running or closed ("" with no round)
    tables: tuple[BoardTable, ...] = ()
    byes: tuple[Seated, ...] = ()
    next_published: bool = False  # the round after it is seated (published)
    unit: str = "team"  # what an entrant is: "team" or "player"
    playoff_titles: Mapping[int, str] = field(default_factory=dict)  # published playoff rounds
    seats_next: bool = False  # the round after it is seated from this round's results
    warnings: bool = False  # the format logs warning infractions (bid whist)
    removal: str = "removed"  # what the format calls removal from the tournament ("ejected")

    @property
    def state(self) -> RoundState | None:
        """The round's state (``domain/rounds.py`` says what may be done in it); None with
        no round."""
        return STORED_STATES.get(self.status)

    @property
    def state_word(self) -> str:
        """What the board's heading adds: "not started", "closed", or "" (in play)."""
        return {"seated": "not started", "closed": "closed"}.get(self.state or "", "")

    @property
    def next_note(self) -> str:
        """What the director does when this round closed with tables missing and the next
        round is seated from its results: "" when there is nothing to do."""
        if self.status != "closed" or not self.seats_next or self.next_published:
            return ""
        missing = [t.table for t in self.tables if t.state == "no-sheet"]
        if not missing or self.round_number is None:
            return ""
        number, following = self.round_number, self.round_number + 1
        word = "table" if len(missing) == 1 else "tables"
        listed = ", ".join(str(t) for t in missing)
        its = "its sheet" if len(missing) == 1 else "their sheets"
        return (
            f"Round {following} is seated from round {number}'s results, and {word} {listed} "
            f"handed in no sheet. Record {its} (open the table; round {following} is seated "
            f"once the last one is in), or reopen round {number}."
        )

    def round_title(self, number: int | None = None) -> str:
        """How a round (default: this one) is named on screen: "Round 2 of 3", or a
        playoff round's "Playoffs: quarter-final"."""
        number = self.round_number if number is None else number
        if number is None:
            return ""
        return self.playoff_titles.get(number) or round_title(number, self.rounds)

    @property
    def sheets_in(self) -> int:
        return sum(1 for t in self.tables if t.state not in ("waiting", "no-sheet"))

    @property
    def withdrawn(self) -> tuple[Seated, ...]:
        """Entrants seated this round who have withdrawn from the event since."""
        return tuple(s for t in self.tables for s in (*t.a, *t.b) if s.withdrawn)

    @property
    def gone_text(self) -> str:
        """``Withdrawn since this round was seated: 2  Team 2``; where one was removed or
        ejected, ``Gone since this round was seated: 2  Team 2 (ejected)``; "" for none."""
        gone = self.withdrawn
        if all(s.status in ("active", "withdrawn") for s in gone):
            names = ",   ".join(f"{s.number}  {s.name}".rstrip() for s in gone)
            return f"Withdrawn since this round was seated: {names}" if gone else ""
        names = ",   ".join(f"{s.number}  {s.name}  ({s.status})" for s in gone)
        return f"Gone since this round was seated: {names}"

    @property
    def missing(self) -> tuple[int, ...]:
        """The tables whose sheet is not in (yet)."""
        return tuple(t.table for t in self.tables if t.state in ("waiting", "no-sheet"))

    @property
    def kept_note(self) -> str:
        """A round not started yet that still seats an entrant withdrawn since: it could not
        be seated again (``services/reseating.py``). Why, and the table to rule on; "" when
        there is nothing to say."""
        if self.status != "pending" or not self.withdrawn or self.round_number is None:
            return ""
        gone = ", ".join(f"{s.number} {s.name}".rstrip() for s in self.withdrawn)
        written = [t.table for t in self.tables if t.state != "waiting" or t.rulings]
        if written:
            listed = ", ".join(str(t) for t in written)
            why = (
                f"table {listed}'s sheet is already written on"
                if len(written) == 1
                else (f"the sheets of tables {listed} are already written on")
            )
        else:
            why = "the field left cannot be seated in this movement"
        at = [t.table for t in self.tables if any(s.withdrawn for s in (*t.a, *t.b))]
        where = ", ".join(str(t) for t in at)
        return (
            f"Round {self.round_number} was not seated again after {gone} withdrew: {why}. "
            f"Rule on table {where} from the board (Late…, more than 10 minutes: the "
            f"opponents score as for a bye)."
        )

    @property
    def tables_heading(self) -> str:
        """The board's heading: "Round 4's tables"; a playoff round's "Playoffs: final ·
        round 7's tables"."""
        own = f"Round {self.round_number}'s tables"
        title = self.playoff_titles.get(self.round_number or 0)
        return f"{title} · {own[0].lower()}{own[1:]}" if title else own

    @property
    def count_text(self) -> str:
        """``9 of 12 sheets in``."""
        return f"{self.sheets_in} of {len(self.tables)} sheets in"


def board(db: Database, event_id: str, round_number: int | None = None) -> Board:
    """Round ``round_number``'s board (default: the round being played)."""
    with db.reading() as session:
        event, rules = event_and_rules(session, event_id)
        published = seat_store.published_rounds(session, event_id)
        if round_number is None:
            round_number = _round_in_play(
                {f.round for f in clock_store.facts(session, event_id) if f.kind == "start"},
                published,
            )
        warned = has_warnings(rules)
        if round_number is None:
            unit = "team" if rules.unit == "team" else "player"
            return Board(event_id, event.name, rules.schedule.rounds, None, "", unit=unit,
                         warnings=warned, removal=removal_word(rules))  # fmt: skip
        found = seat_store.find_round(session, event_id, round_number)
        seating = seat_store.load_seating(session, event_id, round_number)
        if found is None or seating is None:
            raise UserError(f"round: round {round_number}'s seating is not published yet")
        refs = entrant_refs(session, event_id)
        logged = warnings(session, event_id)
        games = {
            stored.game.table: stored
            for stored in load_games(session, event_id, round_number=round_number, drawn=False)
        }
        drafts = drafts_by_game(session, [stored.id for stored in games.values()])
        titles = round_titles(session, event_id)
        seats_next = follows_from(rules, round_number)
    names = {ref.number: ref.name for ref in refs}
    status = {ref.number: status_word(rules, ref.status) for ref in refs}
    counts = Counter(w.team for w in logged)

    def seated(numbers: tuple[int, ...]) -> tuple[Seated, ...]:
        return tuple(
            Seated(n, names.get(n, ""), status.get(n, "active") != "active",
                   status.get(n, "active"), counts[n])
            for n in numbers
        )  # fmt: skip

    def table_of(number: int, a: tuple[int, ...], b: tuple[int, ...]) -> BoardTable:
        stored = games.get(number)
        closed = found.status == "closed"
        infractions = tuple(
            warning_text(w) for w in logged if w.round == round_number and w.team in (*a, *b)
        )
        if stored is None:
            state = "no-sheet" if closed else "waiting"
            return BoardTable(number, seated(a), seated(b), state, infractions)
        game = stored.game
        state = _state(stored.submitted, bool(game.amendments), game.award is not None)
        if state == "waiting" and closed:
            state = "no-sheet"
        lines = tuple(adjustment_text(x) for x in game.adjustments)
        if game.award is not None:
            lines += (award_text(game.award),)
        lines += infractions
        kept = drafts.get(stored.id)
        if kept is None or state != "waiting":
            return BoardTable(number, seated(a), seated(b), state, lines)
        return BoardTable(number, seated(a), seated(b), state, lines, len(kept.hands), kept.source)

    tables = tuple(
        table_of(t.table, t.a, t.b) for t in sorted(seating.tables, key=lambda t: t.table)
    )
    return Board(
        event_id,
        event.name,
        rules.schedule.rounds,
        round_number,
        found.status,
        tables,
        seated(seating.byes),
        round_number + 1 in published,
        "team" if rules.unit == "team" else "player",
        titles,
        seats_next,
        warned,
        removal_word(rules),
    )


def _round_in_play(started: set[int], published: list[int]) -> int | None:
    if started:
        return max(started)
    return min(published) if published else None


def _state(submitted: bool, amended: bool, awarded: bool) -> str:
    if not submitted:
        return "waiting"
    if awarded:
        return "awarded"
    return "amended" if amended else "submitted"


AWARD_WORDS = {"dq": "disqualified for lateness", "removed": "removed from the table"}


def adjustment_text(adjustment: Adjustment) -> str:
    """``+100 to side B (side a 7 minutes late)``."""
    reason = f" ({adjustment.reason})" if adjustment.reason else ""
    return f"{adjustment.points:+d} to side {adjustment.side.upper()}{reason}"


def warning_text(warning: LoggedWarning) -> str:
    """``Warning: team 3 (talking)``; ``Loss of hand: team 3 (bid out of turn)``."""
    what = "Loss of hand" if warning.kind == "loss-of-hand" else "Warning"
    return f"{what}: team {warning.team} ({warning.reason})"


def award_text(award: Award) -> str:
    """``Award: side A removed from the table``."""
    return f"Award: side {award.against.upper()} {AWARD_WORDS.get(award.kind, award.kind)}"
