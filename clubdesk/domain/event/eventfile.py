"""The event file (``clubdesk-event/1``) in domain form: parse, validate, write.

An event file holds the facts of one tournament (INTERFACE.md): who entered
and paid, who sat where each round, the score sheets (final scores or hand
by hand), the director's awards and tie-breaks, and the money ledger.
Results (standings, cut, payouts) are derived from it, never stored in it.

``parse_event`` checks everything before anything is used and reports every
problem it finds, one line each, naming where (``EventError.problems``).
``event_to_json`` writes every field it knows in a fixed key order, so
export -> import -> export gives the same file.

What INTERFACE.md fixes is kept as it is written there. What it leaves to
us, and how we read it:

- ``date`` (ISO ``YYYY-MM-DD`` or null) and ``venue`` (text, may be empty)
  sit at the top level, after ``name``.
- Sides ``a`` and ``b`` of a game are entrant numbers. In team events and in
  gin (one player against one player) each side is one number; in the
  individual partnership formats (NPA, Sun City West) each side is a list of
  the two partners' numbers, ``[seat 1, seat 3]`` and ``[seat 2, seat 4]``.
- Entrants: a team has exactly two ``players``; an individual entrant has
  one (left out, it is the entrant's ``name``).
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
  rows without an entrant - refunds (``payouts.py``).
- A game with neither ``score``, ``hands`` nor ``award`` is seated but not
  played yet. Rounds are listed in order, numbered 1, 2, 3, ...
- Unknown keys are errors (a typo must not silently lose a fact).
"""

from __future__ import annotations

import copy
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any

from clubdesk.domain.event.model import (
    AWARD_KINDS,
    LEDGER_KINDS,
    PAYMENT_METHODS,
    SIDES,
    SIGNATURE_ROLES,
    STATUSES,
    Adjustment,
    Amendment,
    Award,
    Entrant,
    Event,
    EventError,
    Game,
    LedgerEntry,
    Round,
    RulesLookup,
    Score,
    SheetResult,
    Side,
    Signature,
    Tiebreak,
    side_size,
)
from clubdesk.domain.event.sheet import (
    AmendmentError,
    UndecidedError,
    WinnerError,
    apply_amendments,
    check_decided,
    score_tiebreak,
    sheet_result,
)
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.money import fines
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.draw import Draw
from clubdesk.domain.sides import hand_side
from clubdesk.errors import UserError

EVENT_FORMAT = "clubdesk-event/1"


_TOP_KEYS = (
    "format",
    "id",
    "name",
    "date",
    "venue",
    "rules",
    "settings",
    "entrants",
    "draw",
    "rounds",
    "ledger",
)
_ENTRANT_KEYS = ("number", "name", "players", "paid_cents", "status")
_ROUND_KEYS = ("number", "games", "byes", "tiebreaks")
_GAME_KEYS = (
    "table", "a", "b", "score", "hands", "adjustments", "award", "winner", "signatures",
    "amendments",
)  # fmt: skip
_AMENDMENT_KEYS = ("at", "director", "reason", "before", "score", "winner")
_DRAW_KEYS = ("kind", "method", "seed", "made_at", "drawn")
_TIEBREAK_KEYS = ("a", "b", "winner", "hands")
_LEDGER_KEYS = ("kind", "cents", "entrant", "note", "method", "at")
_EVENT_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")  # as the database keeps ids
_EVENT_ID_MAX = 60


class _Invalid(Exception):
    """A value that was reported as a problem; parsing of its part stops there."""


def _show(value: Any) -> str:
    return repr(value) if not isinstance(value, dict | list) else type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def _raw_numbers(value: Any) -> list[int]:
    """Entrant numbers in a side as written, ignoring anything that is not one."""
    values = value if isinstance(value, list) else [value]
    return [v for v in values if _is_int(v)]


def _and(items: Sequence[Any]) -> str:
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class _Parser:
    def __init__(self, rules_lookup: RulesLookup):
        self.rules_lookup = rules_lookup
        self.problems: list[str] = []
        self.rules: Rules | None = None
        self.numbers: set[int] | None = None  # None: the entrants could not be read

    # small checks; each reports its problem and raises _Invalid

    def fail(self, where: str, message: str) -> _Invalid:
        self.problems.append(f"{where}: {message}" if where else message)
        return _Invalid()

    def obj(self, value: Any, where: str, keys: Sequence[str], what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object ({what}), not {_show(value)}")
        for key in value:
            if key not in keys:
                self.fail(where, f"unknown key {key!r} (a typo?)")
        return value

    def integer(self, value: Any, where: str, name: str, low: int | None = None) -> int:
        if value is None:
            raise self.fail(where, f"{name}: missing")
        if not _is_int(value):
            if isinstance(value, float) and value.is_integer() and not isinstance(value, bool):
                value = int(value)
            else:
                kind = "a whole number" if isinstance(value, float) else "a number"
                raise self.fail(where, f"{name} = {_show(value)} is not {kind}")
        if low is not None and value < low:
            raise self.fail(where, f"{name} = {value} must be at least {low}")
        return value

    def text(self, value: Any, where: str, name: str, *, empty: bool = False) -> str:
        if value is None:
            raise self.fail(where, f"{name}: missing")
        if not isinstance(value, str):
            raise self.fail(where, f"{name} = {_show(value)} is not text")
        if not empty and not value.strip():
            raise self.fail(where, f"{name} is empty")
        return value

    def choice(self, value: Any, where: str, name: str, choices: Sequence[str]) -> Any:
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise self.fail(where, f"{name} = {_show(value)} is not one of {allowed}")
        return value

    def listing(self, value: Any, where: str, name: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"{name} must be a list, not {_show(value)}")
        return value

    def moment(self, value: Any, where: str, name: str) -> datetime:
        if not isinstance(value, str):
            raise self.fail(where, f"{name} = {_show(value)} is not an ISO time")
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise self.fail(where, f"{name} = {value!r} is not an ISO time") from None
        if moment.tzinfo is None:
            raise self.fail(where, f"{name} = {value!r} has no timezone (e.g. -07:00 or Z)")
        return moment

    def entrant_number(self, value: Any, where: str, name: str) -> int:
        number = self.integer(value, where, name, low=1)
        if self.numbers is not None and number not in self.numbers:
            raise self.fail(where, f"{name} = {number} is not an entrant's number")
        return number

    def check(self, parse: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``parse(*args, **kwargs)``, or None once it has reported a problem."""
        try:
            return parse(*args, **kwargs)
        except _Invalid:
            return None

    def settle(self, before: int) -> None:
        """Stop parsing this part if a problem was found in it since ``before``."""
        if len(self.problems) > before:
            raise _Invalid()

    # the file

    def event(self, data: Any) -> Event:
        if not isinstance(data, dict):
            raise EventError([f"event file: must be a JSON object, not {_show(data)}"])
        self.obj(data, "", _TOP_KEYS, "the event")
        if "format" not in data:
            self.problems.append(f"format: missing (must be {EVENT_FORMAT!r})")
        elif data["format"] != EVENT_FORMAT:
            self.problems.append(f"format: {_show(data['format'])} is not {EVENT_FORMAT!r}")
        event_id = self.check(self.event_id, data.get("id"))
        name = self.check(self.text, data.get("name"), "", "name")
        when = self.check(self.date, data.get("date"))
        venue = self.check(self.text, data.get("venue", ""), "", "venue", empty=True)
        rules_id = self.check(self.rules_id, data.get("rules"))
        settings = self.check(self.settings, data.get("settings"))
        entrants = self.entrants(data.get("entrants"))
        draw, made_at = self.check(self.draw, data.get("draw"), entrants) or (None, None)
        rounds = self.rounds(data.get("rounds"))
        ledger = self.ledger(data.get("ledger"), entrants)
        if self.problems:
            raise EventError(self.problems)
        return Event(
            id=event_id,
            name=name,
            rules=rules_id,
            date=when,
            venue=venue,
            settings=settings,
            entrants=entrants,
            rounds=rounds,
            ledger=ledger,
            draw=draw,
            draw_made_at=made_at,
        )

    def event_id(self, value: Any) -> str:
        if value is None:
            raise self.fail("id", "missing")
        text = self.text(value, "", "id")
        if len(text) > _EVENT_ID_MAX or not _EVENT_ID.match(text):
            raise self.fail(
                "id",
                f"{text!r} must be lower-case letters, digits and '-' "
                f"(up to {_EVENT_ID_MAX}), e.g. 'gp-2011'",
            )
        return text

    def date(self, value: Any) -> date | None:
        if value is None:
            return None
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        raise self.fail("date", f"{_show(value)} is not a date like 2011-10-22")

    def rules_id(self, value: Any) -> str:
        if value is None:
            raise self.fail("rules", "missing (a format id, e.g. 'grand-prix-pinochle')")
        rules_id = self.text(value, "", "rules")
        try:
            self.rules = self.rules_lookup(rules_id)
        except UserError as exc:
            message = str(exc).splitlines()[0] if str(exc) else f"cannot load {rules_id!r}"
            self.problems.append(message if message.startswith("rules:") else f"rules: {message}")
        return rules_id

    def settings(self, value: Any) -> dict[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail("settings", f"must be an object, not {_show(value)}")
        settings = copy.deepcopy(value)
        if self.rules is not None:
            try:
                self.rules = self.rules.with_settings(settings)
            except UserError as exc:
                self.problems.append(str(exc))
                self.rules = None
        return settings

    # entrants

    def entrants(self, value: Any) -> tuple[Entrant, ...]:
        items = self.check(self.listing, value, "entrants", "entrants")
        if items is None:
            return ()
        parsed: list[Entrant] = []
        for index, item in enumerate(items):
            entrant = self.check(self.entrant, item, index)
            if entrant is not None:
                parsed.append(entrant)
        seen: dict[int, int] = defaultdict(int)
        for item in items:
            number = item.get("number") if isinstance(item, dict) else None
            if _is_int(number):
                seen[number] += 1
        for number, count in seen.items():
            if count > 1:
                self.problems.append(f"entrants: number {number} appears {_times(count)}")
        self.numbers = set(seen)
        return tuple(parsed)

    def entrant(self, item: Any, index: int) -> Entrant:
        where = f"entrants[{index}]"
        before = len(self.problems)
        data = self.obj(item, where, _ENTRANT_KEYS, "an entrant")
        number = self.integer(data.get("number"), where, "number", low=1)
        where = f"{where} (number {number})"
        name = self.check(self.text, data.get("name"), where, "name")
        players = self.check(self.players, data.get("players"), name, where)
        paid = self.check(self.integer, data.get("paid_cents", 0), where, "paid_cents", 0)
        status = self.check(self.choice, data.get("status", "active"), where, "status", STATUSES)
        self.settle(before)
        return Entrant(number, name, players, paid, status)

    def players(self, value: Any, name: str | None, where: str) -> tuple[str, ...]:
        team = self.rules is not None and self.rules.unit == "team"
        if value is None:
            if team:
                raise self.fail(where, "players: missing (a team has two players)")
            return (name,) if name else ()
        items = self.listing(value, where, "players")
        names = tuple(self.text(p, where, f"players[{i}]") for i, p in enumerate(items))
        if self.rules is not None:
            wanted = 2 if team else 1
            kind = "a team has two players" if team else "an individual entrant is one player"
            if len(names) != wanted:
                raise self.fail(where, f"players: {len(names)} given, but {kind}")
        elif not 1 <= len(names) <= 2:
            raise self.fail(where, f"players: {len(names)} given (one or two)")
        return names

    # rounds

    def rounds(self, value: Any) -> tuple[Round, ...]:
        items = self.check(self.listing, value, "rounds", "rounds") or []
        parsed = []
        for index, item in enumerate(items):
            round_ = self.check(self.round, item, index)
            if round_ is not None:
                parsed.append(round_)
        return tuple(parsed)

    def round(self, item: Any, index: int) -> Round:
        where = f"rounds[{index}]"
        before = len(self.problems)
        data = self.obj(item, where, _ROUND_KEYS, "a round")
        number = self.integer(data.get("number"), where, "number", low=1)
        if number != index + 1:
            raise self.fail(
                where,
                f"number {number}, but rounds are listed in order 1, 2, 3, ... "
                f"(expected {index + 1})",
            )
        if self.rules is not None and number > self.rules.schedule.rounds:
            rounds = _plural(self.rules.schedule.rounds, "round")
            self.problems.append(f"round {number}: {self.rules.id} has {rounds}")
        games_data = self.check(self.listing, data.get("games"), where, "games") or []
        parsed_games: list[Game] = []
        for game_index, game_data in enumerate(games_data):
            game = self.check(self.game, game_data, f"{where}.games[{game_index}]", number)
            if game is not None:
                parsed_games.append(game)
        byes = self.check(self.byes, data.get("byes"), where) or ()
        tiebreaks = self.check(self.tiebreaks, data.get("tiebreaks"), where, number)
        self.check_seating(number, games_data, byes)
        self.settle(before)
        return Round(number, tuple(parsed_games), byes, tiebreaks)

    def check_seating(self, number: int, games_data: list[Any], byes: tuple[int, ...]) -> None:
        """Each table once, each entrant at one table or on a bye (read from the raw games,
        so that a seating mistake is reported even beside a game with another problem)."""
        where = f"round {number}"
        tables: dict[int, int] = defaultdict(int)
        seated: dict[int, list[int]] = defaultdict(list)
        for item in games_data:
            if not isinstance(item, dict) or not _is_int(item.get("table")):
                continue
            table = item["table"]
            tables[table] += 1
            for entrant in {*_raw_numbers(item.get("a")), *_raw_numbers(item.get("b"))}:
                seated[entrant].append(table)
        for table, count in sorted(tables.items()):
            if count > 1:
                self.problems.append(f"{where}: table {table} appears {_times(count)}")
        for entrant, at in sorted(seated.items()):
            if len(at) > 1:
                tables_at = _and(sorted(at))
                self.problems.append(
                    f"{where}: entrant {entrant} plays {_times(len(at))} (tables {tables_at})"
                )
        for entrant in byes:
            if entrant in seated:
                self.problems.append(
                    f"{where}: entrant {entrant} has a bye but plays at table {seated[entrant][0]}"
                )

    def byes(self, value: Any, where: str) -> tuple[int, ...]:
        items = self.listing(value, where, "byes")
        byes: list[int] = []
        for index, item in enumerate(items):
            number = self.check(self.entrant_number, item, where, f"byes[{index}]")
            if number is None:
                continue
            if number in byes:
                self.problems.append(f"{where}: byes lists entrant {number} twice")
            else:
                byes.append(number)
        return tuple(byes)

    def game(self, item: Any, where: str, round_number: int) -> Game:
        before = len(self.problems)
        data = self.obj(item, where, _GAME_KEYS, "a game")
        table = self.integer(data.get("table"), where, "table", low=1)
        where = f"{where} (round {round_number}, table {table})"
        a = self.check(self.game_side, data.get("a"), where, "a")
        b = self.check(self.game_side, data.get("b"), where, "b")
        if a and b and set(a) & set(b):
            self.problems.append(f"{where}: entrant {_and(sorted(set(a) & set(b)))} on both sides")
        score = self.check(self.score, data.get("score"), where)
        hands = self.check(self.hands, data.get("hands"), where)
        adjustments = self.check(self.adjustments, data.get("adjustments"), where)
        award = self.check(self.award, data.get("award"), where)
        winner = self.check(self.side_name, data.get("winner"), where, "winner")
        signatures = self.check(self.signatures, data.get("signatures"), where)
        self.settle(before)
        amendments = self.check(self.amendments, data.get("amendments"), where)
        self.settle(before)
        if self.rules is not None:
            score, winner = self.check_result(
                hands, adjustments, score, winner, amendments, where, round_number
            )
            if score is not None and award is None:
                try:  # bid whist: a level game needs its fifth hand or a recorded winner
                    check_decided(self.rules, SheetResult(score, winner))
                except UndecidedError as exc:
                    raise self.fail(where, str(exc)) from None
        elif score is not None and winner is not None and score.higher() not in (None, winner):
            raise self.fail(where, str(WinnerError(winner, score, None)))
        if hands and self.rules is not None:
            try:  # a player a hand names (who bid, who reneged) sits on that side
                fines.check_players(hands, {hand_side("a"): a, hand_side("b"): b}, self.rules)
            except HandError as exc:
                raise self.fail(where, str(exc)) from None
        return Game(table, a, b, score, hands, adjustments, award, winner, signatures, amendments)

    def check_result(
        self,
        hands: tuple[dict[str, Any], ...],
        adjustments: tuple[Adjustment, ...],
        score: Score | None,
        winner: Side | None,
        amendments: tuple[Amendment, ...],
        where: str,
        round_number: int,
    ) -> tuple[Score | None, Side | None]:
        """The game's result as it counts, checked against what the file says it is."""
        if not hands and score is None:
            if amendments:
                raise self.fail(where, "amendments: a game without a score has nothing to amend")
            return None, winner
        submitted = amendments[0].before if amendments else None
        tie = submitted.winner if submitted is not None else winner
        if hands:
            what = "the hands and adjustments give" if adjustments else "the hands give"
            if amendments:
                what = what.replace(" give", ", with the amendments, give")
            try:
                found = sheet_result(self.rules, round_number, hands=hands,
                                     adjustments=adjustments, winner=tie)  # fmt: skip
            except HandError as exc:
                raise self.fail(where, str(exc)) from None
            except WinnerError as exc:
                if score is None or amendments or exc.score == score:
                    raise self.fail(where, str(exc)) from None
                found = SheetResult(exc.score, None)  # the score's problem is reported first
        else:
            what = "the amendments give"
            found = submitted or SheetResult(score, tie)  # type: ignore[arg-type]
            if found.winner is not None and found.score.higher() is not None:
                raise self.fail(where, str(WinnerError(found.winner, found.score, None)))
        try:
            result = apply_amendments(found, amendments)
        except AmendmentError as exc:
            raise self.fail(where, str(exc)) from None
        if score is not None and score != result.score:
            raise self.fail(
                where,
                f"{what} a {result.score.a}, b {result.score.b} "
                f"but the score says a {score.a}, b {score.b}",
            )
        if winner is not None and winner != result.winner:
            raise self.fail(where, str(WinnerError(winner, result.score, result.winner)))
        return result.score, result.winner

    def game_side(self, value: Any, where: str, name: str) -> tuple[int, ...]:
        size = side_size(self.rules) if self.rules is not None else None
        if value is None:
            raise self.fail(where, f"{name}: missing")
        if isinstance(value, list):
            if size == 1:
                raise self.fail(
                    where, f"{name} must be one entrant number in {self.rules.id}, not a list"
                )
            numbers = tuple(
                self.entrant_number(v, where, f"{name}[{i}]") for i, v in enumerate(value)
            )
            wanted = 2 if size is None else size
            if len(numbers) != wanted or len(set(numbers)) != len(numbers):
                raise self.fail(where, f"{name} must list two different partners, not {value}")
            return numbers
        if size == 2:
            raise self.fail(
                where, f"{name} must be a list of the two partners' numbers, not {_show(value)}"
            )
        return (self.entrant_number(value, where, name),)

    def score(self, value: Any, where: str, name: str = "score") -> Score | None:
        if value is None:
            return None
        data = self.obj(value, f"{where} {name}", SIDES, "a and b")
        points = {}
        for side in SIDES:
            if side not in data:
                raise self.fail(where, f"{name} {side} is missing")
            points[side] = self.integer(data[side], where, f"{name} {side}")
        return Score(points["a"], points["b"])

    def hands(self, value: Any, where: str) -> tuple[dict[str, Any], ...]:
        items = self.listing(value, where, "hands")
        for index, hand in enumerate(items):
            if not isinstance(hand, dict):
                raise self.fail(where, f"hands[{index}] must be an object, not {_show(hand)}")
        return tuple(copy.deepcopy(items))

    def side_name(self, value: Any, where: str, name: str) -> Side | None:
        if value is None:
            return None
        return self.choice(value, where, name, SIDES)

    def adjustments(self, value: Any, where: str) -> tuple[Adjustment, ...]:
        parsed = []
        before = len(self.problems)
        for index, item in enumerate(self.listing(value, where, "adjustments")):
            name = f"adjustments[{index}]"
            data = self.check(
                self.obj,
                item,
                f"{where} {name}",
                ("side", "points", "reason"),
                "side, points, reason",
            )
            if data is None:
                continue
            side = self.check(self.choice, data.get("side"), where, f"{name}.side", SIDES)
            points = self.check(self.integer, data.get("points"), where, f"{name}.points")
            reason = self.check(self.text, data.get("reason"), where, f"{name}.reason")
            parsed.append(Adjustment(side, points, reason))
        self.settle(before)
        return tuple(parsed)

    def award(self, value: Any, where: str) -> Award | None:
        if value is None:
            return None
        before = len(self.problems)
        data = self.obj(value, f"{where} award", ("kind", "against"), "kind and against")
        kind = self.check(self.choice, data.get("kind"), where, "award kind", AWARD_KINDS)
        against = self.check(self.choice, data.get("against"), where, "award against", SIDES)
        self.settle(before)
        return Award(kind, against)

    def signatures(self, value: Any, where: str) -> tuple[Signature, ...]:
        parsed: list[Signature] = []
        before = len(self.problems)
        for index, item in enumerate(self.listing(value, where, "signatures")):
            name = f"signatures[{index}]"
            data = self.check(
                self.obj, item, f"{where} {name}", ("role", "name", "at"), "role, name, at"
            )
            if data is None:
                continue
            role = self.check(self.choice, data.get("role"), where, f"{name}.role", SIGNATURE_ROLES)
            who = self.check(self.text, data.get("name"), where, f"{name}.name")
            at = self.check(self.moment, data.get("at"), where, f"{name}.at")
            if role is not None and any(s.role == role for s in parsed):
                self.problems.append(f"{where}: two {role} signatures")
            parsed.append(Signature(role, who, at))
        self.settle(before)
        return tuple(parsed)

    def amendments(self, value: Any, where: str) -> tuple[Amendment, ...]:
        parsed: list[Amendment] = []
        before = len(self.problems)
        for index, item in enumerate(self.listing(value, where, "amendments")):
            name = f"amendments[{index}]"
            data = self.check(self.obj, item, f"{where} {name}", _AMENDMENT_KEYS,
                              "at, director, reason, before, score, winner")  # fmt: skip
            if data is None:
                continue
            at = self.check(self.moment, data.get("at"), where, f"{name}.at")
            who = self.check(self.text, data.get("director"), where, f"{name}.director")
            why = self.check(self.text, data.get("reason"), where, f"{name}.reason")
            was = self.check(self.result, data.get("before"), where, f"{name}.before")
            score = self.check(self.score, data.get("score"), where, f"{name}.score")
            winner = self.check(self.side_name, data.get("winner"), where, f"{name}.winner")
            if score is None and data.get("score") is None:
                self.problems.append(f"{where}: {name}.score: missing")
            elif None not in (at, who, why, was, score):
                parsed.append(Amendment(who, at, why, was, SheetResult(score, winner)))
        self.settle(before)
        return tuple(parsed)

    def result(self, value: Any, where: str, name: str) -> SheetResult:
        data = self.obj(value, f"{where} {name}", ("score", "winner"), "score and winner")
        score = self.score(data.get("score"), where, f"{name}.score")
        if score is None:
            raise self.fail(where, f"{name}.score: missing")
        return SheetResult(score, self.side_name(data.get("winner"), where, f"{name}.winner"))

    def draw(self, value: Any, entrants: tuple[Entrant, ...]) -> tuple[Draw | None, Any]:
        """The round-1 draw in force (null: not made yet) and when it was made."""
        if value is None:
            return None, None
        data = self.obj(value, "draw", _DRAW_KEYS, "kind, method, seed, made_at, drawn")
        made_at = data.get("made_at")
        if made_at is not None:
            made_at = self.moment(made_at, "draw", "made_at")
        try:
            draw = Draw.from_json(data)
        except UserError as exc:
            text = str(exc) if str(exc).startswith("draw") else f"draw: {exc}"
            raise self.fail("", text) from None
        except (ValueError, AttributeError):
            raise self.fail("draw", "drawn: each row is an entrant and what it drew") from None
        seen: set[int] = set()
        for drawn in draw.drawn:
            if self.numbers is not None and drawn.entrant not in self.numbers:
                self.problems.append(f"draw: entrant {drawn.entrant} is not an entrant's number")
            if drawn.entrant in seen:
                self.problems.append(f"draw: entrant {drawn.entrant} drew twice")
            seen.add(drawn.entrant)
        return draw, made_at

    def tiebreaks(self, value: Any, where: str, round_number: int) -> tuple[Tiebreak, ...]:
        items = self.listing(value, where, "tiebreaks")
        if items and self.rules is not None and self.rules.cut is None:
            raise self.fail(
                f"round {round_number}",
                f"tiebreaks: {self.rules.id} breaks no ties (tied entrants share a place)",
            )
        parsed = []
        for index, item in enumerate(items):
            name = f"{where}.tiebreaks[{index}]"
            tiebreak = self.check(self.tiebreak, item, name)
            if tiebreak is not None:
                parsed.append(tiebreak)
        if len(parsed) != len(items):
            raise _Invalid()
        return tuple(parsed)

    def tiebreak(self, item: Any, where: str) -> Tiebreak:
        before = len(self.problems)
        data = self.obj(item, where, _TIEBREAK_KEYS, "a, b, winner, hands")
        a = self.entrant_number(data.get("a"), where, "a")
        b = self.entrant_number(data.get("b"), where, "b")
        if a == b:
            raise self.fail(where, f"a and b are both entrant {a}")
        winner = self.side_name(data.get("winner"), where, "winner")
        hands = self.hands(data.get("hands"), where)
        self.settle(before)
        if hands and self.rules is not None:
            try:
                played = score_tiebreak(hands, self.rules)
            except HandError as exc:
                raise self.fail(where, str(exc)) from None
            if played is None:
                raise self.fail(where, "the hands do not decide it yet")
            if winner is not None and winner != played:
                raise self.fail(where, f"winner {winner!r}, but the hands give it to {played!r}")
            winner = played
        if winner is None:
            raise self.fail(where, 'winner: missing ("a" or "b")')
        return Tiebreak(a, b, winner, hands)

    # money

    def ledger(self, value: Any, entrants: tuple[Entrant, ...]) -> tuple[LedgerEntry, ...]:
        items = self.check(self.listing, value, "ledger", "ledger") or []
        parsed = []
        for index, item in enumerate(items):
            entry = self.check(self.ledger_entry, item, index)
            if entry is not None:
                parsed.append(entry)
        self.check_fees(parsed, entrants)
        return tuple(parsed)

    def ledger_entry(self, item: Any, index: int) -> LedgerEntry:
        where = f"ledger[{index}]"
        before = len(self.problems)
        data = self.obj(item, where, _LEDGER_KEYS, "kind, cents, entrant, note")
        kind = self.check(self.choice, data.get("kind"), where, "kind", LEDGER_KINDS)
        cents = self.check(self.integer, data.get("cents"), where, "cents", low=0)
        entrant = data.get("entrant")
        if entrant is not None:
            entrant = self.check(self.entrant_number, entrant, where, "entrant")
        note = self.check(self.text, data.get("note", ""), where, "note", empty=True)
        method = data.get("method")
        if method is not None:
            method = self.check(self.choice, method, where, "method", PAYMENT_METHODS)
        at = data.get("at")
        if at is not None:
            at = self.check(self.moment, at, where, "at")
        self.settle(before)
        return LedgerEntry(kind, cents, entrant, note, method, at)

    def check_fees(self, ledger: list[LedgerEntry], entrants: tuple[Entrant, ...]) -> None:
        fees: dict[int, list[int]] = defaultdict(list)
        for entry in ledger:
            if entry.kind == "fee" and entry.entrant is not None:
                fees[entry.entrant].append(entry.cents)
        for index, entrant in enumerate(entrants):
            if entrant.number in fees and sum(fees[entrant.number]) != entrant.paid_cents:
                self.problems.append(
                    f"entrants[{index}] (number {entrant.number}): paid_cents is "
                    f"{entrant.paid_cents} but the ledger's fee rows for entrant "
                    f"{entrant.number} add up to {sum(fees[entrant.number])}"
                )
        forfeits = self.rules is not None and self.rules.penalties.removed_forfeits_fee
        removed = {e.number for e in entrants if e.status == "removed"}
        for index, entry in enumerate(ledger):
            if forfeits and entry.kind == "refund" and entry.entrant in removed:
                self.problems.append(
                    f"ledger[{index}]: entrant {entry.entrant} was removed from the tournament; "
                    "its entry fee is forfeited (kept in the prize fund), not refunded"
                )


def parse_event(data: Any, rules_lookup: RulesLookup) -> Event:
    """Validate an event file (parsed JSON) and return it as an Event.

    ``rules_lookup`` maps a format id to its Rules (e.g. ``formats.load_rules``).
    Raises EventError listing every problem, each naming where it is.
    """
    return _Parser(rules_lookup).event(data)


def _side_json(numbers: tuple[int, ...]) -> int | list[int]:
    return numbers[0] if len(numbers) == 1 else list(numbers)


def _game_json(game: Game) -> dict[str, Any]:
    return {
        "table": game.table,
        "a": _side_json(game.a),
        "b": _side_json(game.b),
        "score": None if game.score is None else {"a": game.score.a, "b": game.score.b},
        "hands": copy.deepcopy(list(game.hands)),
        "adjustments": [
            {"side": adj.side, "points": adj.points, "reason": adj.reason}
            for adj in game.adjustments
        ],
        "award": None
        if game.award is None
        else {"kind": game.award.kind, "against": game.award.against},
        "winner": game.winner,
        "signatures": [
            {"role": sig.role, "name": sig.name, "at": sig.at.isoformat()}
            for sig in game.signatures
        ],
        "amendments": [
            {
                "at": amendment.at.isoformat(),
                "director": amendment.director,
                "reason": amendment.reason,
                "before": _result_json(amendment.before),
                "score": _score_json(amendment.after.score),
                "winner": amendment.after.winner,
            }
            for amendment in game.amendments
        ],
    }


def _score_json(score: Score) -> dict[str, int]:
    return {"a": score.a, "b": score.b}


def _result_json(result: SheetResult) -> dict[str, Any]:
    return {"score": _score_json(result.score), "winner": result.winner}


def _draw_json(event: Event) -> dict[str, Any] | None:
    if event.draw is None:
        return None
    written = event.draw.to_json()
    made_at = None if event.draw_made_at is None else event.draw_made_at.isoformat()
    return {
        "kind": written["kind"],
        "method": written["method"],
        "seed": written["seed"],
        "made_at": made_at,
        "drawn": written["drawn"],
    }


def event_to_json(event: Event) -> dict[str, Any]:
    """The event file for this event: every field, keys always in the same order."""
    return {
        "format": EVENT_FORMAT,
        "id": event.id,
        "name": event.name,
        "date": None if event.date is None else event.date.isoformat(),
        "venue": event.venue,
        "rules": event.rules,
        "settings": copy.deepcopy(dict(event.settings)),
        "entrants": [
            {
                "number": entrant.number,
                "name": entrant.name,
                "players": list(entrant.players),
                "paid_cents": entrant.paid_cents,
                "status": entrant.status,
            }
            for entrant in event.entrants
        ],
        "draw": _draw_json(event),
        "rounds": [
            {
                "number": round_.number,
                "games": [_game_json(game) for game in round_.games],
                "byes": list(round_.byes),
                "tiebreaks": [
                    {
                        "a": tiebreak.a,
                        "b": tiebreak.b,
                        "winner": tiebreak.winner,
                        "hands": copy.deepcopy(list(tiebreak.hands)),
                    }
                    for tiebreak in round_.tiebreaks
                ],
            }
            for round_ in event.rounds
        ],
        "ledger": [
            {
                "kind": entry.kind,
                "cents": entry.cents,
                "entrant": entry.entrant,
                "note": entry.note,
                "method": entry.method,
                "at": None if entry.at is None else entry.at.isoformat(),
            }
            for entry in event.ledger
        ],
    }
