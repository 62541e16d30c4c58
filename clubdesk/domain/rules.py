"""Rules files: one TOML file per format, validated into frozen models.

A rules file holds every value a club might change (docs/rules.md). The code
knows games (pinochle, gin, bid whist) and mechanisms (movements, byes,
drops, cuts, payouts); a rules file chooses among them and sets the numbers.

Every mistake in a file is reported as ``FILE:LINE: message``.
"""

from __future__ import annotations

import string
from itertools import pairwise
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    ValidationError,
    model_validator,
)

from clubdesk.domain import limits
from clubdesk.domain.rules_fields import Cents, OneLine, Section, error_text
from clubdesk.domain.rules_games import Gin, Pinochle, Whist
from clubdesk.errors import UserError

RULES_FORMAT = "clubdesk-rules/1"


ClockTime = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]


class RulesError(UserError):
    """A rules file that cannot be used; ``problems`` holds every ``FILE:LINE: message``."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(problems[0] if len(problems) == 1 else "\n".join(problems))


class SettingConflict(ValueError):
    """A value that does not fit with another one; ``key`` names the setting it is about."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


# --- schedule and seating -------------------------------------------------------------


class MealBreak(Section):
    """A meal taking the place of the ordinary break after round ``after_round``."""

    after_round: int = Field(ge=1)
    minutes: int = Field(ge=1, le=600)
    name: str | None = Field(default=None, min_length=1, max_length=30)  # "Lunch"


class NextDay(Section):
    """Rounds from ``before_round`` on start on the next day at ``start``."""

    before_round: int = Field(ge=2)
    start: ClockTime


ANNOUNCEMENT_BLANKS = ("round", "minutes")


def _unknown_blanks(words: str) -> str:
    """The first blank in announcement words that is not ``{round}`` or ``{minutes}``
    (or a stray brace), or empty when the words can be filled in."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(words) if name is not None]
    except ValueError:
        return "a stray brace"
    for name in fields:
        if name not in ANNOUNCEMENT_BLANKS:
            return "{" + name + "}"
    return ""


def announcement_words(words: str, *, round_number: int, minutes: int = 0) -> str:
    """Announcement words from a rules file with the round (and minutes) filled in."""
    return words.format(round=round_number, minutes=minutes)


class Schedule(Section):
    rounds: int = Field(ge=1, le=50)
    round_minutes: int = Field(ge=0, le=600, description="0: rounds have no clock")
    warning_minutes: int = Field(default=0, ge=0, le=120)
    break_minutes: int = Field(default=0, ge=0, le=240)
    meal_breaks: tuple[MealBreak, ...] = ()
    next_day: tuple[NextDay, ...] = ()
    registration_opens: ClockTime | None = None
    registration_closes: ClockTime | None = None
    first_round_at: ClockTime | None = None
    clock_ends_game: bool = True
    warning_words: OneLine = Field(
        default="{minutes} minutes left in round {round}",
        min_length=1,
        max_length=200,
        description="spoken at the warning; {round} and {minutes} are filled in",
    )
    time_words: OneLine = Field(
        default="Time in round {round}: finish the hand in play",
        min_length=1,
        max_length=200,
        description="spoken when time is called; {round} is filled in",
    )

    @property
    def timed(self) -> bool:
        """Rounds have a round clock (a length); without one a round is its hands."""
        return self.round_minutes > 0

    @property
    def calls_time(self) -> bool:
        """Does time called end a game: rounds have a clock, and the clock ends games?"""
        return self.timed and self.clock_ends_game

    def past_the_last_round(self) -> list[tuple[tuple[str | int, ...], str]]:
        """The entries placed after the last round, each as (its key path, what is wrong):
        a meal break after it, or a next day from a round past it. A rules file holding one
        is refused (``formats``); an event that plays fewer rounds than its format (an event
        setting) keeps them, and they simply never happen."""
        found: list[tuple[tuple[str | int, ...], str]] = []
        last = f"(schedule.rounds = {self.rounds})"
        for index, meal in enumerate(self.meal_breaks):
            if meal.after_round >= self.rounds:
                found.append(
                    (
                        ("schedule", "meal_breaks", index, "after_round"),
                        f"no round follows round {meal.after_round}, the last round or past "
                        f"it {last}",
                    )
                )
        for index, day in enumerate(self.next_day):
            if day.before_round > self.rounds:
                found.append(
                    (
                        ("schedule", "next_day", index, "before_round"),
                        f"round {day.before_round} is after the last round {last}",
                    )
                )
        return found

    @model_validator(mode="after")
    def _check(self) -> Schedule:
        for key in ("warning_words", "time_words"):
            unknown = _unknown_blanks(getattr(self, key))
            if unknown:
                raise SettingConflict(
                    f"{key} may fill in only {{round}} and {{minutes}}, not {unknown}", key
                )
        # A meal break or day change after the last round simply never happens, so an
        # event can play fewer rounds than its format without editing the schedule.
        if self.round_minutes and self.warning_minutes >= self.round_minutes:
            raise SettingConflict(
                "warning_minutes must be less than round_minutes", "warning_minutes"
            )
        if self.round_minutes and self.first_round_at is None:
            raise SettingConflict(
                "first_round_at must be given when rounds have a clock",
                "first_round_at",
            )
        return self


MovementName = Literal[  # each described in domain/seating/movements.py
    "stationary-rotating",  # Grand Prix, bid whist preliminaries: N/S stay, E/W move up
    "winners-stay",  # NPA: winners stay, losers up one table, partners re-drawn
    "winners-down",  # Sun City West: higher pair down one table, partners split
    "random-pairs",  # gin: random draw, 1 v 2, 3 v 4, ...
]
DrawKind = Literal["cards", "chits", "random"]
ByeScore = Literal["average-winning", "average-match", "none"]


class Seating(Section):
    movement: MovementName
    draw: DrawKind
    min_tables: int = Field(default=1, ge=1)
    bye_score: ByeScore = "average-winning"


# --- game end, standings, penalties, cut --------------------------------------------------


class GameEnd(Section):
    point_limit: int = Field(default=0, ge=0, description="0: no point limit")
    max_hands: int = Field(default=0, ge=0, le=100, description="0: no hand limit")
    hand_word: Literal["hand", "deal"] = "hand"  # what the club's sheet calls one deal


class Standings(Section):
    rank_by: tuple[Literal["wins", "total"], ...] = ("total",)
    drop_lowest: int = Field(default=0, ge=0)


class Penalties(Section):
    late_minutes: int | None = Field(default=None, ge=0)
    late_points: int = Field(default=0, ge=0)
    dq_minutes: int | None = Field(default=None, ge=0)
    removed_award_points: int = Field(default=0, ge=0)
    removed_forfeits_fee: bool = True
    warnings_before_loss: int | None = Field(default=None, ge=0)
    conduct_warnings: bool = False

    @model_validator(mode="after")
    def _check(self) -> Penalties:
        if self.conduct_warnings and self.warnings_before_loss is not None:
            raise ValueError(
                "conduct_warnings never cost the hand: leave out warnings_before_loss, or "
                "conduct_warnings"
            )
        return self


class CutSize(Section):
    min_entrants: int = Field(ge=1)
    advance: int = Field(ge=1)


class Cut(Section):
    """Who advances after the preliminary rounds."""

    after_round: int = Field(ge=1)
    percent: int | None = Field(default=None, ge=1, le=100)
    sizes: tuple[CutSize, ...] = ()
    always_advance_wins: int | None = Field(default=None, ge=1)
    tie: Literal["sudden-death", "play-off-hand"] = "sudden-death"

    @model_validator(mode="after")
    def _check(self) -> Cut:
        if (self.percent is None) == (not self.sizes):
            raise ValueError("a cut needs either percent or sizes, not both")
        return self


# --- money --------------------------------------------------------------------------------


class PayoutPlace(Section):
    place: int = Field(ge=1)
    percent: int | None = Field(default=None, ge=1, le=100)
    fixed_cents: Cents | None = Field(default=None, ge=1)
    paid_in: Literal["cash", "store-credit"] | None = None  # None: money.prizes_in

    @model_validator(mode="after")
    def _check(self) -> PayoutPlace:
        if (self.percent is None) == (self.fixed_cents is None):
            raise ValueError("a payout place needs either percent or fixed_cents")
        return self


class Sheets(Section):
    """How a table's score sheet is kept."""

    # the seat (1-4) whose player keeps score: the sheet's scorekeeper is picked from it
    # (NPA: "Position 4 will keep score"); a table without that seat (gin's two players)
    # starts from the first player of side A
    scorekeeper_seat: int = Field(default=1, ge=1, le=4)
    # both teams' paper sheets typed in and compared hand by hand before one goes in
    # (where each side's scorekeeper writes every hand); an event setting
    cross_check: bool = False


class Season(Section):
    """How an event scores toward a season (its league points), and which season it is in."""

    # league points by place: 1st scores points[0], ...; a place past the list scores 0
    points: tuple[Annotated[int, Field(ge=0, le=limits.POINTS_MAX)], ...] = Field(
        min_length=1, max_length=1000
    )
    played: int = Field(default=0, ge=0, le=limits.POINTS_MAX)  # points for playing at all
    best_of: int | None = Field(default=None, ge=1, le=1000)  # events that count; None: all
    # the season an event belongs to: an event setting (a file may name one for every event)
    season: OneLine | None = Field(default=None, max_length=limits.NAME_MAX)

    @model_validator(mode="after")
    def _check(self) -> Season:
        for place, (above, below) in enumerate(pairwise(self.points), start=2):
            if below > above:
                raise SettingConflict(
                    f"points must not rise with place: place {place} scores {below}, more "
                    f"than place {place - 1} ({above})",
                    "points",
                )
        if self.season is not None and not self.season.strip():
            raise SettingConflict("season must be a name, not blank", "season")
        return self


class Printing(Section):
    """How the club's documents are printed."""

    paper: Literal["letter", "a4"] = "letter"


class Money(Section):
    entry_fee_cents: Cents = Field(ge=0)
    return_percent: int = Field(default=100, ge=0, le=100)
    added_cents: Cents = Field(default=0, ge=0)
    rounding_cents: Cents = Field(default=100, ge=1)
    payout: tuple[PayoutPlace, ...] = ()
    fine_set_cents: Cents = Field(default=0, ge=0)
    fine_renege_cents: Cents = Field(default=0, ge=0)
    prizes_in: Literal["cash", "store-credit"] = "cash"  # unless a place says its own
    # false: an entry fee once paid is never given back (bid whist: "No refunds on
    # entry/tournament fee - period!!!"); the rules file's alone, not an event setting
    refunds: bool = True

    @model_validator(mode="after")
    def _check(self) -> Money:
        places = [p.place for p in self.payout]
        if sorted(places) != list(range(1, len(places) + 1)):
            raise ValueError("payout places must be 1, 2, 3, ... each once")
        percents = [p.percent for p in self.payout if p.percent is not None]
        if percents and sum(percents) != 100:
            raise ValueError(f"payout percentages add up to {sum(percents)}, not 100")
        return self


Game = Literal["pinochle", "gin", "bid-whist"]


class Rules(Section):
    """One format, exactly as its rules file says."""

    format: Literal["clubdesk-rules/1"]
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)
    title: OneLine = Field(min_length=1, max_length=120)
    description: str = ""
    source: str = ""
    game: Game
    unit: Literal["team", "individual"]
    schedule: Schedule
    seating: Seating
    game_end: GameEnd = GameEnd()
    standings: Standings = Standings()
    penalties: Penalties = Penalties()
    cut: Cut | None = None
    money: Money
    pinochle: Pinochle | None = None
    gin: Gin | None = None
    whist: Whist | None = None
    sheets: Sheets = Sheets()
    printing: Printing = Printing()
    season: Season | None = None
    source_path: str = Field(default="", exclude=True)

    @property
    def scores_can_go_negative(self) -> bool:
        """Can a side's score go below 0? Only where a set subtracts the bid (docs/rules.md §3
        and §4); the progressive Grand Prix, gin and bid whist never take points away."""
        return self.pinochle is not None and self.pinochle.set_scoring == "subtract-bid"

    def negative_score_problem(self, points: int) -> str | None:
        """What is wrong with ``points`` as a side's final score in this format, or None
        (worded to follow "score.a: ")."""
        if points < 0 and not self.scores_can_go_negative:
            return f"{points} is below 0; in {self.title} no side ever loses points"
        return None

    @model_validator(mode="after")
    def _check(self) -> Rules:
        own = {"pinochle": "pinochle", "gin": "gin", "bid-whist": "whist"}[self.game]
        for section in ("pinochle", "gin", "whist"):
            present = getattr(self, section) is not None
            if section == own and not present:
                raise ValueError(f"game = {self.game!r} needs a [{section}] section")
            if section != own and present:
                raise ValueError(f"a [{section}] section does not belong to game = {self.game!r}")
        if self.standings.drop_lowest >= self.schedule.rounds:
            raise SettingConflict(
                "standings.drop_lowest must be less than schedule.rounds", "drop_lowest"
            )
        if self.cut and self.cut.after_round > self.schedule.rounds:
            raise ValueError("cut.after_round is after the last round")
        if self.cut and self.standings.drop_lowest:
            raise SettingConflict(
                "standings.drop_lowest must be 0: the cut is made on every game played",
                "drop_lowest",
            )
        return self

    def with_settings(self, settings: dict[str, Any]) -> Rules:
        """These rules with an event's overrides applied (keys as in the event file)."""
        if not settings:
            return self
        data = self.model_dump(exclude_none=True)
        for key, value in settings.items():
            section = SETTING_SECTIONS.get(key)
            if section is None:
                raise UserError(
                    f"settings.{key}: not a setting an event can change", field=f"settings.{key}"
                )
            if section not in data:
                raise UserError(
                    f"settings.{key}: {self.title} has no [{section}] section",
                    field=f"settings.{key}",
                )
            data[section][key] = value
        try:
            changed = Rules.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"][1:])
            raise UserError(
                f"settings{'.' + where if where else ''}: {error_text(first)}",
                field=_setting_field(first),
            ) from None
        return changed.model_copy(update={"source_path": self.source_path})


# The settings an event may override, each named by its key in its section.
SETTING_SECTIONS: dict[str, str] = {
    **{k: "schedule" for k in Schedule.model_fields},
    **{k: "money" for k in Money.model_fields if k != "refunds"},  # refunds: the format's
    **{k: "game_end" for k in GameEnd.model_fields},
    **{k: "standings" for k in Standings.model_fields},
    **{k: "penalties" for k in Penalties.model_fields},
    # club settings of one game or mechanism (docs/rules.md: bid whist's multiplier and cut sizes)
    "no_trump_multiplier": "whist",
    "sizes": "cut",
    "cross_check": "sheets",
    "paper": "printing",
    "season": "season",
}


def _setting_field(error: dict) -> str:
    """``settings.KEY`` for the setting a validation error is about, else its section."""
    key = getattr(error.get("ctx", {}).get("error"), "key", None)
    parts = [str(part) for part in error["loc"]]
    key = key or next((p for p in reversed(parts) if p in SETTING_SECTIONS), None)
    where = key or (parts[0] if parts else "")
    return f"settings.{where}" if where else "settings"
