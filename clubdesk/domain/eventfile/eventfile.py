"""The event file (``clubdesk-event/1``) in domain form: parse, validate, write.

An event file holds the facts of one tournament (docs/event-file.md): who entered
and paid, who sat where each round, the score sheets (final scores or hand
by hand), the director's awards and tie-breaks, and the money ledger.
Results (standings, cut, payouts) are derived from it, never stored in it.

``parse_event`` checks everything before anything is used and reports every
problem it finds, one line each, naming where (``EventError.problems``).
``event_to_json`` writes every field it knows in a fixed key order, so
export -> import -> export gives the same file.

What docs/event-file.md fixes is kept as it is written there. What it leaves to
us, and how we read it:

- ``date`` (ISO ``YYYY-MM-DD`` or null) and ``venue`` (text, may be empty)
  sit at the top level, after ``name``.
- Sides ``a`` and ``b`` of a game are entrant numbers. In team events and in
  gin (one player against one player) each side is one number; in the
  individual partnership formats (NPA, Sun City West) each side is a list of
  the two partners' numbers, ``[seat 1, seat 3]`` and ``[seat 2, seat 4]``.
- Entrants: a team has exactly two ``players``; an individual entrant has
  one (left out, it is the entrant's ``name``). ``members`` beside them gives each
  player's member number in the club, or null (left out: no player is a member); a member
  plays once in an event.
- Gin: a game is one Hollywood match (the starting matches are rounds of
  their own, as the rules file's schedule says); a round after
  ``cut.after_round`` is played to ``gin.final_target``.
- Tie-breaks: a round may carry
  ``"tiebreaks": [{"a": 3, "b": 8, "winner": "a", "hands": []}]``, the
  director's record of a sudden-death match (gin, to
  ``gin.sudden_death_target``) or a one-hand play-off (bid whist) between two
  entrants, recorded in the round after which the tie was broken (a tie at
  the cut line: the round of the cut). ``a`` and ``b`` are single entrant
  numbers. With ``hands`` the winner is computed from them (a disagreeing
  ``winner`` is an error); without, ``winner`` is required. Only formats
  with a cut break ties this way; elsewhere tied entrants share a place.
- Ledger rows also carry ``method`` (``cash``, ``check``, ``other`` or null)
  and ``at`` (an ISO time with its timezone, or null).
- An entrant's ``paid_cents`` is the entry fee it paid. Where the ledger has
  ``fee`` rows for that entrant they are the same money, written out row by
  row, and must add up to ``paid_cents``; ``fee`` rows without an entrant are
  fees on their own. So fees received = every entrant's ``paid_cents`` + fee
  rows without an entrant - refunds (``payouts.py``). A ``refund`` row names
  its entrant and is never more than that entrant's ``paid_cents`` less the
  refunds listed before it; a format that gives no refunds (bid whist) has
  none (``domain.money.refunds``).
- A game entered hand by hand is a game over (``finished``: the point limit,
  the round's hands, gin's three games at the target), or one where time was
  called: ``"time_called": true`` (written only then, and only in a format
  whose round clock ends a game, the Grand Prix). An adjustment line's
  ``points`` are never below 0. A level game where the round needs a winner
  (bid whist; NPA's winners stay and Sun City West's winners down, before the
  last round) carries its ``winner`` (or bid whist's fifth hand).
- A game with neither ``score``, ``hands`` nor ``award`` is seated but not
  played yet. Rounds are listed in order, numbered 1, 2, 3, ... Every
  published round is listed, played or not, so that an event goes on where
  it was when the file is imported elsewhere (docs/event-file.md, "What the event
  file keeps").
- ``draw`` (after ``entrants``; null before the draw) is the round-1 draw in
  force: ``{"kind": "cards"|"chits"|"random", "method": "random"|"physical",
  "seed": int|null, "made_at": ISO time|null, "drawn": [{"entrant": 3,
  "card": "blue 2"} | {"entrant": 4, "chit": {"table": 1, "seat": 3}} |
  {"entrant": 5, "lot": 7}, ...]}``.
- A director's amendment of a submitted sheet is listed on its game:
  ``"amendments": [{"at", "director", "reason", "before": {"score": {"a",
  "b"}, "winner"}, "score": {"a", "b"}, "winner"}]`` (the ``sheet`` output's
  shape, with the result before it). The game's ``score`` and ``winner`` are
  the result as it counts, its amendments applied in order; the sheet as
  submitted (hands, adjustments, the recorded tie winner) gives the first
  amendment's ``before``. An amendment signed on the pad carries the
  director's ``strokes``.
- A signature drawn on the pad carries ``"strokes"``: a list of strokes,
  each a list of ``[x, y]`` points, x and y fractions (0 to 1) of the pad's
  width and height (``domain.limits`` bounds them); left out for a typed name.
- Bid whist's warning infractions: ``warnings_file``; an entrant removed from the
  tournament carries its ``removal`` (director, reason, at): ``schema.RemovalIn``.
- The payouts finalized and the round clock's facts: ``carried_file``.
- Unknown keys are errors (a typo must not silently lose a fact).

The file's structure is described once, as pydantic models (``schema``),
which reading validates with and writing fills; ``problems`` words what they
find, and ``checks`` holds the checks across fields and parts.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from clubdesk.domain.event.model import (
    Entrant,
    Event,
    EventError,
    Game,
    LedgerEntry,
    Removal,
    Round,
    RoundAward,
    RulesLookup,
    Tiebreak,
    side_size,
)
from clubdesk.domain.eventfile import checks, fields, schema
from clubdesk.domain.eventfile.carried_file import read_clock, read_payouts
from clubdesk.domain.eventfile.checks import Invalid
from clubdesk.domain.eventfile.fields import EVENT_FORMAT as EVENT_FORMAT
from clubdesk.domain.eventfile.games_read import game_of
from clubdesk.domain.eventfile.problems import first_per_score, own_key, worded
from clubdesk.domain.eventfile.warnings_file import read_warnings
from clubdesk.domain.eventfile.writing import event_to_json as event_to_json
from clubdesk.domain.results.playoffs import has_playoffs
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import Draw
from clubdesk.errors import UserError


def parse_event(data: Any, rules_lookup: RulesLookup) -> Event:
    """Validate an event file (parsed JSON) and return it as an Event.

    ``rules_lookup`` maps a format id to its Rules (e.g. ``formats.load_rules``).
    Raises EventError listing every problem, each naming where it is.
    """
    return _Reader(rules_lookup).event(data)


class _Reader:
    """One reading of a file: the problems found so far, and what later parts need."""

    def __init__(self, rules_lookup: RulesLookup):
        self.rules_lookup = rules_lookup
        self.problems: list[str] = []
        self.rules: Rules | None = None
        self.numbers: set[int] | None = None  # None: the entrants could not be read
        self.players: dict[int, tuple[str, ...]] | None = None  # who may sign; None: unread

    def checked(self, model: type[BaseModel], data: Any) -> tuple[Any, list[dict[str, Any]]]:
        """``data`` as ``model`` (None when it has problems) and the problems, unworded."""
        context = {"numbers": self.numbers, "team": None, "size": None, "rules_id": None}
        if self.rules is not None:
            context.update(team=self.rules.unit == "team", size=side_size(self.rules),
                           rules_id=self.rules.id)  # fmt: skip
        try:
            return model.model_validate(data, context=context), []
        except ValidationError as exc:
            return None, first_per_score(exc.errors())

    def report(
        self, errors: list[dict[str, Any]], where: str, *, keys_where: str | None = None,
        only: tuple[str, ...] | None = None,
    ) -> None:  # fmt: skip
        """Add the problems, worded. ``only``: just those of these fields (and unknown
        keys), for a part read no further."""
        if only is not None:
            errors = [e for e in errors if own_key(e) or not e["loc"] or e["loc"][0] in only]
        self.problems.extend(worded(errors, where, keys_where=keys_where))

    def validate(self, model: type[BaseModel], data: Any, where: str) -> Any:
        """``data`` as ``model``, or None once its problems are reported."""
        found, errors = self.checked(model, data)
        self.report(errors, where)
        return found

    # the file

    def event(self, data: Any) -> Event:
        if not isinstance(data, dict):
            raise EventError([f"event file: must be a JSON object, not {fields.show(data)}"])
        broken = checks.unicode_text(data)
        if broken:
            raise EventError(broken)
        shell = {**data, "entrants": [], "draw": None, "rounds": [], "ledger": [], "warnings": [],
                 "payouts": [], "clock": []}  # fmt: skip
        header = self.validate(schema.EventFile, shell, "")
        self.read_rules(data)
        entrants = self.entrants(data.get("entrants"))
        draw = self.draw(data.get("draw"))
        rounds = self.rounds(data.get("rounds"))
        ledger = self.ledger(data.get("ledger"), entrants)
        warnings = read_warnings(self, data.get("warnings"), rounds)
        payouts = read_payouts(self, data.get("payouts"))
        clock = read_clock(self, data.get("clock"), rounds)
        if self.problems or header is None:
            raise EventError(self.problems)
        event = Event(
            id=header.id,
            name=header.name,
            rules=header.rules,
            date=header.date,
            venue=header.venue,
            settings=header.settings,
            entrants=entrants,
            rounds=rounds,
            ledger=ledger,
            draw=None if draw is None else draw[0],
            draw_made_at=None if draw is None else draw[1],
            warnings=warnings,
            payouts=payouts,
            clock=clock,
        )
        if self.rules is not None:
            self.problems.extend(checks.playoffs(event, self.rules))
        if self.problems:
            raise EventError(self.problems)
        return event

    def read_rules(self, data: dict[str, Any]) -> None:
        rules_id = data.get("rules")
        if not isinstance(rules_id, str) or not rules_id.strip():
            return
        try:
            self.rules = self.rules_lookup(rules_id)
        except UserError as exc:
            message = str(exc).splitlines()[0] if str(exc) else f"cannot load {rules_id!r}"
            self.problems.append(message if message.startswith("rules:") else f"rules: {message}")
            return
        settings = data.get("settings")
        if isinstance(settings, dict):
            try:
                self.rules = self.rules.with_settings(copy.deepcopy(settings))
            except UserError as exc:
                self.problems.append(str(exc))
                self.rules = None

    # entrants and the draw

    def listing(self, value: Any, name: str) -> list[Any]:
        """A list of the file's parts (null: none)."""
        if value is None or isinstance(value, list):
            return value or []
        self.problems.append(f"{name}: {name} must be a list, not {fields.show(value)}")
        return []

    def entrants(self, value: Any) -> tuple[Entrant, ...]:
        items = self.listing(value, "entrants")
        parsed = []
        members: dict[int, str] = {}  # where each member number was first met
        for index, item in enumerate(items):
            where = f"entrants[{index}]"
            found, errors = self.checked(schema.EntrantIn, item)
            if _stops(errors, "number"):
                self.report(errors, where, only=("number",))
                continue
            number = fields.whole(item["number"], 1)
            self.report(errors, f"{where} (number {number})", keys_where=where)
            if found is not None:
                gone = found.removal and Removal(**dict(found.removal))
                parsed.append(Entrant(found.number, found.name, found.players,
                                      found.paid_cents, found.status, gone,
                                      found.members if any(found.members) else ()))  # fmt: skip
                self._member_once(found.members, where, members)
        seen: dict[int, int] = defaultdict(int)
        for item in items:
            number = item.get("number") if isinstance(item, dict) else None
            if checks.is_int(number):
                seen[number] += 1
        for number, count in seen.items():
            if count > 1:
                self.problems.append(f"entrants: number {number} appears {checks.times(count)}")
        if value is None or isinstance(value, list):
            self.numbers = set(seen)
        if len(parsed) == len(items):  # else a signer's entrant may be one not read
            self.players = {entrant.number: entrant.players for entrant in parsed}
        return tuple(parsed)

    def _member_once(self, numbers: Sequence[int | None], where: str, seen: dict[int, str]) -> None:
        """A member plays once in an event: a number met again is a problem naming both."""
        for index, number in enumerate(numbers):
            if number is None:
                continue
            if number in seen:
                self.problems.append(f"{where}.members[{index}]: member {number} is also "
                                     f"{seen[number]}")  # fmt: skip
            else:
                seen[number] = f"{where}.members[{index}]"

    def draw(self, value: Any) -> tuple[Draw, Any] | None:
        """The round-1 draw in force (null: not made yet) and when it was made."""
        if value is None:
            return None
        found = self.validate(schema.DrawIn, value, "draw")
        if found is None:
            return None
        try:
            draw = Draw.from_json(found.model_dump())
        except UserError as exc:
            self.problems.append(str(exc) if str(exc).startswith("draw") else f"draw: {exc}")
            return None
        seen: set[int] = set()
        for drawn in draw.drawn:
            if drawn.entrant in seen:
                self.problems.append(f"draw: entrant {drawn.entrant} drew twice")
            seen.add(drawn.entrant)
        return draw, found.made_at

    # rounds

    def rounds(self, value: Any) -> tuple[Round, ...]:
        parsed = []
        for index, item in enumerate(self.listing(value, "rounds")):
            try:
                parsed.append(self.round(item, index))
            except Invalid as exc:
                if exc.line:
                    self.problems.append(exc.line)
        return tuple(parsed)

    def round(self, item: Any, index: int) -> Round:
        where = f"rounds[{index}]"
        before = len(self.problems)
        shell = dict(item) if isinstance(item, dict) else item
        games = tiebreaks = []
        if isinstance(item, dict):
            for key in ("games", "tiebreaks"):
                if isinstance(item.get(key), list):
                    shell[key] = []
            games = item["games"] if isinstance(item.get("games"), list) else []
            tiebreaks = item["tiebreaks"] if isinstance(item.get("tiebreaks"), list) else []
        found, errors = self.checked(schema.RoundIn, shell)
        if _stops(errors, "number"):
            self.report(errors, where, only=("number",))
            raise Invalid("")
        number = fields.whole(shell["number"], 1)
        if number != index + 1:
            self.report(errors, where, only=())
            raise Invalid(f"{where}: number {number}, but rounds are listed in order "
                          f"1, 2, 3, ... (expected {index + 1})")  # fmt: skip
        if (
            self.rules is not None
            and number > self.rules.schedule.rounds
            and not has_playoffs(self.rules)
        ):
            rounds = self.rules.schedule.rounds
            self.problems.append(
                f"round {number}: {self.rules.id} has {rounds} round{'' if rounds == 1 else 's'}"
            )
        self.report([e for e in errors if own_key(e)], where)
        parsed_games = []
        for game_index, game in enumerate(games):
            try:
                parsed_games.append(self.game(game, f"{where}.games[{game_index}]", number))
            except Invalid as exc:
                if exc.line:
                    self.problems.append(exc.line)
        self.report([e for e in errors if not own_key(e)], where)
        byes = tuple(dict.fromkeys(found.byes)) if found is not None else ()
        if found is not None:
            for entrant in {n for n in found.byes if found.byes.count(n) > 1}:
                self.problems.append(f"{where}: byes lists entrant {entrant} twice")
        parsed_tiebreaks = self.tiebreaks(tiebreaks, where, number)
        self.problems.extend(checks.seating(number, games, byes))
        if len(self.problems) > before:
            raise Invalid("")
        closed = bool(found is not None and found.closed)
        closed = closed and not all(game.decided for game in parsed_games)  # else says nothing
        award = None
        if found is not None and found.award is not None:
            award = RoundAward(**dict(found.award))
        made = Round(number, tuple(parsed_games), byes, parsed_tiebreaks, closed, award)
        if award is not None and made.played:
            raise Invalid(f"{where}.award: round {number} has a game played, whose average "
                          "stands; an award is for a round with no game played")  # fmt: skip
        return made

    def game(self, item: Any, where: str, round_number: int) -> Game:
        found, errors = self.checked(schema.GameIn, item)
        if _stops(errors, "table"):
            self.report(errors, where, only=("table",))
            raise Invalid("")
        at = f"{where} (round {round_number}, table {fields.whole(item['table'], 1)})"
        before = len(self.problems)
        self.report(errors, at, keys_where=where)
        if found is None:
            if not _stops(errors, "a") and not _stops(errors, "b"):
                a, b = checks.side_numbers(item.get("a")), checks.side_numbers(item.get("b"))
                self.both_sides(a, b, at, before)
            raise Invalid("")
        self.both_sides(list(found.a), list(found.b), at, before)
        roles = Counter(s.role for s in found.signatures)  # in one pass: a file may hold many
        for role in (r for r, n in roles.items() if n > 1):
            self.problems.append(f"{at}: two {role} signatures")
        if len(self.problems) > before:
            raise Invalid("")
        game = game_of(found)
        checks.awarded(game, at)
        if self.players is not None:
            checks.signers(game, self.players, at)
        if self.rules is None:
            checks.unscored_winner(game.score, game.winner, at)
            return game
        counted = checks.result(game, self.rules, round_number, at)
        if game.hands:
            checks.players(game, self.rules, at)
        checks.finished(game, self.rules, round_number, at)
        if counted is None:
            return game
        return dataclasses.replace(game, score=counted.score, winner=counted.winner)

    def both_sides(self, a: list[int], b: list[int], where: str, before: int) -> None:
        both = sorted(set(a) & set(b))
        if both:
            self.problems.insert(before, f"{where}: entrant {checks.listed(both)} on both sides")

    def tiebreaks(self, items: list[Any], where: str, round_number: int) -> tuple[Tiebreak, ...]:
        if items and self.rules is not None and self.rules.cut is None:
            self.problems.append(
                f"round {round_number}: tiebreaks: {self.rules.id} breaks no ties "
                "(tied entrants share a place)"
            )
            return ()
        parsed = []
        for index, item in enumerate(items):
            at = f"{where}.tiebreaks[{index}]"
            found, errors = self.checked(schema.TiebreakIn, item)
            if found is None:  # its fields are read in order: the first problem stops it
                first = [e for e in errors if not own_key(e)][:1]
                self.report([e for e in errors if own_key(e)] + first, at)
                continue
            try:
                if found.a == found.b:
                    raise Invalid(f"{at}: a and b are both entrant {found.a}")
                winner = checks.tiebreak_winner(found.hands, found.winner, self.rules, at)
            except Invalid as exc:
                self.problems.append(exc.line)
                continue
            parsed.append(Tiebreak(found.a, found.b, winner, found.hands))
        return tuple(parsed)

    # money

    def ledger(self, value: Any, entrants: tuple[Entrant, ...]) -> tuple[LedgerEntry, ...]:
        parsed = []
        for index, item in enumerate(self.listing(value, "ledger")):
            found = self.validate(schema.LedgerIn, item, f"ledger[{index}]")
            if found is not None:
                parsed.append(LedgerEntry(found.kind, found.cents, found.entrant, found.note,
                                          found.method, found.at))  # fmt: skip
        self.problems.extend(checks.fees(parsed, entrants, self.rules))
        return tuple(parsed)


def _stops(errors: list[dict[str, Any]], field: str) -> bool:
    """Is the part not an object, or ``field`` (which names it, e.g. a game's table) wrong?"""
    return any(not e["loc"] or e["loc"][0] == field for e in errors)
