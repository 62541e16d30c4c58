"""A score sheet's result, worked out in one place for everyone who needs it.

``sheet_result`` gives what a sheet counts for: the score from its hands (or
the score typed from a paper sheet), plus its adjustment lines, with a tie's
winner, and the director's amendments applied in the order they were made.
Submitting a sheet, seating the next round of a progressive movement,
reading and writing the event file, and the score-sheet dialog's running
totals all use it. It accepts a partial list of hands (a sheet still being
filled in) and costs one scoring of the hands. ``sheet_so_far`` gives a sheet
being typed as the window shows it: the hands as far as they are right, with
their running totals, each adjustment line as a row with the totals after it,
and what the sheet counts so far.

Adjustment lines only add points (docs/rules.md §1: "at no time will a team have
to subtract from their score"; ``adjustment_problem``). In pinochle they are
part of the running total from the first hand on, so a line of 100 to the
opponents of a late team can bring that side to the point limit and end the
game (``played_hands``).

One tie rule: where the hands decide a tie (bid whist's fifth hand) the
hands decide; a recorded winner is only for a tied score; a recorded winner
that disagrees with the hands, or is given for a score that is not tied, is
an error (``WinnerError``). Where the round's result must name a winner (a
format that ranks by rounds won, bid whist; or a movement that seats the next
round from who won, NPA's winners stay and Sun City West's winners down) a
finished game must have one: ``check_decided`` refuses a level score without
a fifth hand or a recorded winner (``UndecidedError``), for a sheet handed
in, amended or read from an event file; a sheet still being filled in is not
checked. An amendment whose ``before`` is not the result it corrects is an
error too (``AmendmentError``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.domain import games
from clubdesk.domain.event.model import (
    Adjustment,
    Amendment,
    Game,
    Score,
    SheetResult,
    plays_final,
)
from clubdesk.domain.games import gin
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.rules import Rules
from clubdesk.domain.seating.movements import movement_of
from clubdesk.domain.sides import Side, hand_side, side_name
from clubdesk.errors import UserError

__all__ = [
    "AmendmentError",
    "adjustment_problem",
    "UndecidedError",
    "WinnerError",
    "apply_amendments",
    "check_decided",
    "check_round_decided",
    "needs_winner",
    "played_hands",
    "score_tiebreak",
    "sheet_result",
    "sheet_so_far",
    "undecided_tables",
]


class WinnerError(UserError):
    """A recorded tie winner that cannot stand.

    ``decided`` is the side the hands give the tie to (None: the hands do not
    decide it, and the score is not tied: ``score``).
    """

    def __init__(self, given: Side, score: Score, decided: Side | None):
        self.given, self.score, self.decided = given, score, decided
        if decided is not None:
            message = f"winner {given!r}, but the hands give the tie to {decided!r}"
        elif score.higher() not in (None, given):
            message = (
                f"winner {given!r}, but {score.higher()} has the higher score "
                f"(a {score.a}, b {score.b})"
            )
        else:
            message = f"winner {given!r}: only a tied game has one (a {score.a}, b {score.b})"
        super().__init__(message)


class AmendmentError(UserError):
    """An amendment that does not correct the result it says it corrects."""

    def __init__(self, index: int, before: SheetResult, found: SheetResult):
        self.index = index
        super().__init__(
            f"amendments[{index}].before: {_result_text(before)}, "
            f"but the sheet gives {_result_text(found)}"
        )


class UndecidedError(UserError):
    """A level game where the round's result must name a winner (``needs_winner``)."""

    def __init__(self, score: Score, fifth_hand: bool, why: str = "the format counts rounds won"):
        self.score = score
        how = "enter the fifth hand that decides it, or record" if fifth_hand else "record"
        super().__init__(
            f"winner: the game is level at {score.a} to {score.b}: {how} who won the tie ({why})",
            field="winner",
        )


def why_winner(rules: Rules, round_number: int) -> str | None:
    """Why round ``round_number``'s games each need a winner, or None where a level game
    may stay a tie: the format ranks by rounds won, or the next round is seated from who
    won (winners stay, winners down; not after the last round)."""
    if "wins" in rules.standings.rank_by:
        return "the format counts rounds won"
    moves = movement_of(rules).winner_moves
    if moves and round_number < rules.schedule.rounds:
        return f"{moves} for round {round_number + 1}"
    return None


def needs_winner(rules: Rules, round_number: int) -> bool:
    """Must every game of round ``round_number`` have a winner (``why_winner``)?"""
    return why_winner(rules, round_number) is not None


def check_decided(rules: Rules, result: SheetResult, round_number: int) -> None:
    """UndecidedError when a finished game's result leaves the round's win to nobody where
    the format needs one."""
    why = why_winner(rules, round_number)
    if why is not None and result.won_by() is None:
        fifth = rules.whist is not None and rules.whist.tiebreak_hand
        raise UndecidedError(result.score, fifth, why)


def undecided_tables(rules: Rules, round_number: int, games: Sequence[Game]) -> tuple[int, ...]:
    """The tables of round ``round_number`` whose game has a level score and no winner where
    the round needs one (``why_winner``): a round is not closed on them, for the next
    seating (winners stay, winners down) or the round wins could not be told."""
    if why_winner(rules, round_number) is None:
        return ()
    return tuple(
        game.table
        for game in games
        if game.award is None and game.score is not None and game.won_by() is None
    )


def check_round_decided(rules: Rules, round_number: int, games: Sequence[Game]) -> None:
    """UserError naming the tables ``undecided_tables`` finds, if any."""
    tables = undecided_tables(rules, round_number, games)
    if tables:
        listed = ", ".join(str(t) for t in tables)
        which = "table" if len(tables) == 1 else "tables"
        raise UserError(
            f"round: round {round_number} cannot close: {which} {listed} ended level with no "
            f"winner, and {why_winner(rules, round_number)}; amend the sheet with who won the tie",
            field="round",
        )


def adjustment_problem(points: int) -> str | None:
    """What is wrong with an adjustment line of ``points``, or None (worded to follow
    "adjustments[0].points"): a line only adds points to a side."""
    if points < 0:
        return (
            f" = {points} would take points off a side; an adjustment line only adds points "
            '("at no time will a team have to subtract from their score")'
        )
    return None


def _result_text(result: SheetResult) -> str:
    text = f"a {result.score.a}, b {result.score.b}"
    return text if result.winner is None else f"{text}, the tie to {result.winner!r}"


def played_hands(
    rules: Rules,
    round_number: int,
    hands: Sequence[dict[str, Any]],
    adjustments: Sequence[Adjustment] = (),
) -> GameResult:
    """A sheet's hands scored as played in round ``round_number`` (a round after the cut is
    played to the format's final target): running totals per hand, and what the game shows
    (gin's Hollywood columns and boxes). In pinochle the ``adjustments`` are part of every
    running total from the first hand (``folds_adjustments``): they count towards the point
    limit. A partial list scores as far as it goes; HandError names a wrong hand."""
    start = None
    if folds_adjustments(rules) and adjustments:
        start = {hand_side(side): _line_points(adjustments, side) for side in ("a", "b")}
    return games.score_game(list(hands), rules, final=plays_final(rules, round_number), start=start)


def folds_adjustments(rules: Rules) -> bool:
    """Are a sheet's adjustment lines part of its running total (pinochle: points towards
    the limit), rather than added to the game's final score only?"""
    return rules.game == "pinochle"


def _line_points(adjustments: Sequence[Adjustment], side: Side) -> int:
    return sum(line.points for line in adjustments if line.side == side)


def sheet_result(
    rules: Rules,
    round_number: int,
    *,
    hands: Sequence[dict[str, Any]] = (),
    typed: Score | None = None,
    adjustments: Sequence[Adjustment] = (),
    winner: Side | None = None,
    amendments: Sequence[Amendment] = (),
) -> SheetResult:
    """The result a sheet counts for (see the module's docstring).

    ``hands`` are scored as played in this round (HandError names a wrong
    hand); without hands, ``typed`` is the score typed from a paper sheet,
    before its adjustment lines (neither: nothing scored yet, 0 to 0).
    """
    decided: Side | None = None
    lines = adjustments
    if hands:
        played = played_hands(rules, round_number, hands, adjustments)
        base = Score(played.total["A"], played.total["B"])
        decided = side_name(played.extra.get("winner"))
        if folds_adjustments(rules):
            lines = ()  # already in the running total
    else:
        base = typed if typed is not None else Score(0, 0)
    score = Score(base.a + _line_points(lines, "a"), base.b + _line_points(lines, "b"))
    tied = score.higher() is None
    if decided is not None and tied:
        if winner is not None and winner != decided:
            raise WinnerError(winner, score, decided)
        winner = decided
    elif winner is not None and not tied:
        raise WinnerError(winner, score, None)
    return apply_amendments(SheetResult(score, winner), amendments)


@dataclass(frozen=True)
class LineTotals:
    """An adjustment line of a sheet as a row of it, with each side's total after it."""

    line: Adjustment
    totals: dict[str, int]  # "A" and "B", as the running totals of the hands


@dataclass(frozen=True)
class SheetSoFar:
    """A sheet being filled in, as far as its hands are right (``sheet_so_far``).

    ``played``: the hands scored up to the first wrong one (None: none yet), with the
    running totals; ``error``: that wrong hand; ``lines``: the adjustment lines with the
    totals after each, ``lines_first`` where they come before the hands (pinochle: the
    running totals start from them) rather than after them; ``score``: what the sheet
    counts so far (``sheet_result`` of the right hands and the lines); ``decided``: the
    side the hands themselves give a level game to (bid whist's fifth hand), if any;
    ``over_by_hands``: the hands end the game (the limit, the round's hands; bid whist's
    four level, where the fifth hand or the sheet's winner decides: ``games.hands_end_it``).
    """

    played: GameResult | None
    error: HandError | None
    lines: tuple[LineTotals, ...]
    lines_first: bool
    score: Score
    decided: Side | None = None
    over_by_hands: bool = False

    @property
    def level(self) -> bool:
        """The game is over by its hands, level, and its hands name no winner: who won the
        tie is for the sheet to say."""
        return self.over_by_hands and self.score.higher() is None and self.decided is None


def sheet_so_far(
    rules: Rules,
    round_number: int,
    hands: Sequence[dict[str, Any]],
    adjustments: Sequence[Adjustment] = (),
) -> SheetSoFar:
    """A sheet being typed: its hands scored as far as they are right, its adjustment lines
    as rows with the totals after each, and what it counts so far, by the same calculation
    as a sheet handed in (``played_hands``, ``sheet_result``)."""
    error: HandError | None = None
    right = list(hands)
    try:
        played: GameResult | None = played_hands(rules, round_number, right, adjustments)
    except HandError as exc:
        error = exc
        right = right[: max((exc.hand_number or 1) - 1, 0)]
        played = played_hands(rules, round_number, right, adjustments) if right else None
    counted = sheet_result(rules, round_number, hands=right, adjustments=adjustments)
    first = folds_adjustments(rules)
    running = {"A": 0, "B": 0}
    if not first and played is not None:
        running = dict(played.total)
    rows = []
    for line in adjustments:
        running[hand_side(line.side)] += line.points
        rows.append(LineTotals(line, dict(running)))
    ended = played is not None and games.hands_end_it(played, rules)
    return SheetSoFar(played, error, tuple(rows), first, counted.score, counted.winner, ended)


def apply_amendments(submitted: SheetResult, amendments: Sequence[Amendment]) -> SheetResult:
    """The submitted result with the amendments applied in order.

    Each amendment's ``before`` must be the result it corrects (AmendmentError).
    """
    result = submitted
    for index, amendment in enumerate(amendments):
        if amendment.before != result:
            raise AmendmentError(index, amendment.before, result)
        result = amendment.after
    return result


def score_tiebreak(hands: Sequence[dict[str, Any]], rules: Rules) -> Side | None:
    """The winner of a recorded tie-break from its hands, or None if it is not decided yet."""
    if rules.game == "gin":
        result = gin.score_sudden_death(list(hands), rules)
        return side_name(result.extra.get("winner"))
    if len(hands) != 1:
        raise HandError("hands", f"a play-off is one hand, not {len(hands)}")
    try:
        hand = games.score_hand(hands[0], rules)
    except HandError as exc:
        raise exc.in_hand(1) from None
    return Score(hand.A, hand.B).higher()
