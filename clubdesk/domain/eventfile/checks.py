"""The event file's checks across fields and parts, which its schema cannot say.

Each returns the problems it finds as lines (``where: message``): a round's
seating, a sheet's result against its hands, adjustments and amendments, a
sheet of hands being a game over, the players a hand names, a tie-break
against its hands, the ledger's fees against what each entrant paid and its
refunds against what may be given back.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from pydantic_core import PydanticCustomError

from clubdesk.domain.event.finished import NotOverError, check_over, clock_calls_time
from clubdesk.domain.event.model import (
    Entrant,
    Event,
    Game,
    LedgerEntry,
    Score,
    SheetResult,
    Side,
)
from clubdesk.domain.event.names import signer_key
from clubdesk.domain.event.sheet import (
    AmendmentError,
    UndecidedError,
    WinnerError,
    apply_amendments,
    check_decided,
    score_tiebreak,
    sheet_result,
)
from clubdesk.domain.eventfile.fields import whole
from clubdesk.domain.eventfile.sheet_in import SIGNING_ROLES
from clubdesk.domain.games.hands import HandError
from clubdesk.domain.limits import NOT_UNICODE, lone_surrogate_at
from clubdesk.domain.money import fines, refunds
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoffs import has_playoffs, playoff_rounds
from clubdesk.domain.rules import Rules
from clubdesk.domain.sides import hand_side
from clubdesk.errors import UserError


class Invalid(Exception):
    """A part with a problem, already reported: its checks stop there."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


def unicode_text(data: Any) -> list[str]:
    """A text anywhere in the file that no file or database can store (a lone surrogate,
    which JSON can write as ``"\\ud800"``), as one line naming where; else nothing."""
    broken = lone_surrogate_at(data)
    return [] if broken is None else [f"{broken}: {NOT_UNICODE}"]


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def listed(items: Sequence[Any]) -> str:
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def raw_numbers(value: Any) -> list[int]:
    """Entrant numbers in a side as written, ignoring anything that is not one."""
    values = value if isinstance(value, list) else [value]
    return [v for v in values if is_int(v)]


def side_numbers(value: Any) -> list[int]:
    """The entrant numbers a side gives, as far as they can be read."""
    found = []
    for item in value if isinstance(value, list) else [value]:
        with suppress(PydanticCustomError):
            found.append(whole(item, 1))
    return found


def seating(number: int, games: list[Any], byes: Sequence[int]) -> list[str]:
    """Each table once, each entrant at one table or on a bye (read from the games as
    written, so that a seating mistake is reported even beside a game with another problem)."""
    where = f"round {number}"
    tables: dict[int, int] = defaultdict(int)
    seated: dict[int, list[int]] = defaultdict(list)
    for item in games:
        if not isinstance(item, dict) or not is_int(item.get("table")):
            continue
        table = item["table"]
        tables[table] += 1
        for entrant in {*raw_numbers(item.get("a")), *raw_numbers(item.get("b"))}:
            seated[entrant].append(table)
    found = []
    for table, count in sorted(tables.items()):
        if count > 1:
            found.append(f"{where}: table {table} appears {times(count)}")
    for entrant, at in sorted(seated.items()):
        if len(at) > 1:
            found.append(
                f"{where}: entrant {entrant} plays {times(len(at))} (tables {listed(sorted(at))})"
            )
    for entrant in byes:
        if entrant in seated:
            found.append(
                f"{where}: entrant {entrant} has a bye but plays at table {seated[entrant][0]}"
            )
    return found


def result(game: Game, rules: Rules, round_number: int, where: str) -> SheetResult | None:
    """The game's result as it counts, checked against the score and winner the file gives.

    None for a game without a score (not played yet, or decided by an award).
    Raises Invalid naming the first disagreement.
    """
    score, winner, amendments = game.score, game.winner, game.amendments
    for given in (score, *(x.after.score for x in amendments)):
        for side, points in (("a", given.a), ("b", given.b)) if given is not None else ():
            below = rules.negative_score_problem(points)
            if below:
                raise Invalid(f"{where}: score {side}: {below}")
    if not game.hands and score is None:
        if amendments:
            raise Invalid(f"{where}: amendments: a game without a score has nothing to amend")
        return None
    tie = amendments[0].before.winner if amendments else winner
    if game.hands:
        what = "the hands and adjustments give" if game.adjustments else "the hands give"
        if amendments:
            what = what.replace(" give", ", with the amendments, give")
        try:
            found = sheet_result(rules, round_number, hands=game.hands,
                                 adjustments=game.adjustments, winner=tie)  # fmt: skip
        except HandError as exc:
            raise Invalid(f"{where}: {exc}") from None
        except WinnerError as exc:
            if score is None or amendments or exc.score == score:
                raise Invalid(f"{where}: {exc}") from None
            found = SheetResult(exc.score)  # the score's disagreement is the one to report
    else:
        what = "the amendments give"
        found = amendments[0].before if amendments else SheetResult(score, tie)  # type: ignore[arg-type]
        if found.winner is not None and found.score.higher() is not None:
            raise Invalid(f"{where}: {WinnerError(found.winner, found.score, None)}")
    try:
        counted = apply_amendments(found, amendments)
    except AmendmentError as exc:
        raise Invalid(f"{where}: {exc}") from None
    if score is not None and score != counted.score:
        raise Invalid(
            f"{where}: {what} a {counted.score.a}, b {counted.score.b} "
            f"but the score says a {score.a}, b {score.b}"
        )
    if winner is not None and winner != counted.winner:
        raise Invalid(f"{where}: {WinnerError(winner, counted.score, counted.winner)}")
    if game.award is None:
        try:  # a level game needs its winner where the round needs one
            check_decided(rules, counted, round_number)
        except UndecidedError as exc:
            raise Invalid(f"{where}: {exc}") from None
    return counted


def finished(game: Game, rules: Rules, round_number: int, where: str) -> None:
    """A sheet of hands is a game over, or time was called where the clock ends games."""
    if game.time_called and not clock_calls_time(rules):
        raise Invalid(
            f"{where}: time_called: {rules.title} has no round clock that ends a game "
            "(its games end by their hands)"
        )
    if game.award is not None or not game.hands:
        return
    try:
        check_over(rules, round_number, game.hands, game.adjustments,
                   time_called=game.time_called)  # fmt: skip
    except (HandError, NotOverError) as exc:
        raise Invalid(f"{where}: {exc}") from None


def awarded(game: Game, where: str) -> None:
    """A game the director's award decides has no score of its own: the award gives it
    (``submit`` and the award take one or the other, never both)."""
    if game.award is None:
        return
    for field, given in (("score", game.score), ("hands", game.hands)):
        if given:
            raise Invalid(
                f"{where}: {field}: a game decided by an award ({game.award.kind} against "
                f"{game.award.against}) has no {field} of its own; the award gives its score"
            )


def signers(game: Game, players: Mapping[int, Sequence[str]], where: str) -> None:
    """Each signer of the sheet (the director's signature aside) a player seated at the
    table, the scorekeeper and the countersigner on opposite sides: as ``submit`` takes
    them (``services.sheet_input.checked_signers``)."""
    seated = {signer_key(name): (side, name) for side in ("a", "b")
              for number in game.side(side) for name in players.get(number, ())}  # fmt: skip
    sides: dict[str, tuple[str, str]] = {}
    for index, signature in enumerate(game.signatures):
        if signature.role not in SIGNING_ROLES:
            continue
        found = seated.get(signer_key(signature.name))
        if found is None:
            at_table = ", ".join(name for _, name in seated.values())
            raise Invalid(
                f"{where}: signatures[{index}]: {signature.name} does not play at this table "
                f"(seated there: {at_table})"
            )
        sides[signature.role] = found
    if len(sides) == 2 and sides["scorekeeper"][0] == sides["countersign"][0]:
        both = " and ".join(name for _, name in sides.values())
        raise Invalid(
            f"{where}: signatures: {both} sit on the same side; the sheet is countersigned "
            "by an opponent"
        )


def unscored_winner(score: Score | None, winner: Side | None, where: str) -> None:
    """Without the rules: a recorded winner must not go against the higher score."""
    if score is not None and winner is not None and score.higher() not in (None, winner):
        raise Invalid(f"{where}: {WinnerError(winner, score, None)}")


def players(game: Game, rules: Rules, where: str) -> None:
    """A player a hand names (who bid, who reneged) sits on that side."""
    try:
        fines.check_players(game.hands, {hand_side(s): game.side(s) for s in ("a", "b")}, rules)
    except HandError as exc:
        raise Invalid(f"{where}: {exc}") from None


def tiebreak_winner(
    hands: Sequence[dict[str, Any]], winner: Side | None, rules: Rules | None, where: str
) -> Side:
    """A tie-break's winner: from its hands where it has them, else as recorded."""
    if hands and rules is not None:
        try:
            played = score_tiebreak(hands, rules)
        except HandError as exc:
            raise Invalid(f"{where}: {exc}") from None
        if played is None:
            raise Invalid(f"{where}: the hands do not decide it yet")
        if winner is not None and winner != played:
            raise Invalid(f"{where}: winner {winner!r}, but the hands give it to {played!r}")
        winner = played
    if winner is None:
        raise Invalid(f'{where}: winner: missing ("a" or "b")')
    return winner


def fees(
    ledger: Sequence[LedgerEntry], entrants: Sequence[Entrant], rules: Rules | None
) -> list[str]:
    """An entrant's fee rows add up to what it paid; each refund names an entrant and is
    never more than that entrant paid less what was refunded before it (in ledger order),
    never a removed entrant's forfeited fee, and none at all where the format gives no
    refunds (``domain.money.refunds``)."""
    found = []
    paid: dict[int, list[int]] = defaultdict(list)
    for entry in ledger:
        if entry.kind == "fee" and entry.entrant is not None:
            paid[entry.entrant].append(entry.cents)
    for index, entrant in enumerate(entrants):
        if entrant.number in paid and sum(paid[entrant.number]) != entrant.paid_cents:
            found.append(
                f"entrants[{index}] (number {entrant.number}): paid_cents is "
                f"{entrant.paid_cents} but the ledger's fee rows for entrant "
                f"{entrant.number} add up to {sum(paid[entrant.number])}"
            )
    return found + _refunds(ledger, entrants, rules)


def _refunds(
    ledger: Sequence[LedgerEntry], entrants: Sequence[Entrant], rules: Rules | None
) -> list[str]:
    found = []
    by_number = {entrant.number: entrant for entrant in entrants}
    refunded: dict[int, int] = defaultdict(int)
    never = refunds.no_refunds(rules) if rules is not None else None
    for index, entry in enumerate(ledger):
        if entry.kind != "refund":
            continue
        where = f"ledger[{index}]"
        if never is not None:
            found.append(f"{where}: {never}")
            continue
        if entry.entrant is None:
            found.append(f"{where}: entrant: missing (a refund gives back an entrant's fee)")
            continue
        entrant = by_number.get(entry.entrant)
        if entrant is None:  # not an entrant's number: the row's own check says so
            continue
        kept = rules is not None and refunds.forfeited(rules, entrant.number, entrant.status)
        if kept:
            found.append(
                f"{where}: entrant {entrant.number} was removed from the tournament; "
                "its entry fee is forfeited (kept in the prize fund), not refunded"
            )
            continue
        before = refunded[entrant.number]
        over = refunds.over_limit(entrant.number, entrant.paid_cents, before, entry.cents)
        if over is not None:
            found.append(f"{where}: {over}")
        refunded[entrant.number] = before + entry.cents
    return found


def playoffs(event: Event, rules: Rules) -> list[str]:
    """Bid whist's playoff rounds (numbered on after the format's rounds): the cut they
    follow is made (its rounds finished, a tie at the line settled), each game is a match
    of its bracket round, and no round follows one not finished or the final."""
    cut_round = rules.schedule.rounds
    later = [r.number for r in event.rounds if r.number > cut_round]
    if not later or not has_playoffs(rules):
        return []
    where = f"round {later[0]}"
    try:
        cut = compute_cut(event, rules)
    except UserError as exc:
        why = str(exc).removeprefix(f"after round {cut_round}: ")
        return [f"{where}: the playoffs follow the cut after round {cut_round}, not made: {why}"]
    if cut.ties:
        texts = "; ".join(tie.describe(rules) for tie in cut.ties)
        return [
            f"{where}: the playoffs follow the cut after round {cut_round}, not settled: {texts}"
        ]
    try:
        playoff_rounds([team for _, team in cut.seeds()], cut_round, event.rounds)
    except UserError as exc:
        return [str(exc)]
    return []
