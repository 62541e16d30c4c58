"""Bid whist's final order once its playoffs are over (docs/rules.md §6).

Seed 004: "Teams will be seeded based on order of finish in the preliminary
round." The preliminaries decide only the seeding; the final order is the
bracket's: the champion 1st, the final's loser 2nd, then the teams that went
out in each earlier playoff round, the semi-final losers sharing 3rd, the
quarter-final losers 5th, and so on (docs/rules.md names no match for 3rd place;
``money/finish.py`` pays the same places). Teams that share a place are
listed by seed. Teams out at the cut are not in it: the preliminary standings
keep their order.

A team removed from the tournament (ejected) takes no place: the places
after it pass on.

Until the final has a result there is no final order (an empty tuple), nor
while the playoff rounds do not follow from the results (the event's checks
say why).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from clubdesk.domain.event.model import Event
from clubdesk.domain.results.cut import compute_cut
from clubdesk.domain.results.playoffs import has_playoffs, playoff_rounds
from clubdesk.domain.results.standings import compute_standings, last_complete_round
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError


@dataclass(frozen=True)
class PlayoffPlace:
    """One team's place in the final order from the playoffs."""

    place: int
    number: int
    name: str
    seed: int
    went_out: str  # the playoff round it lost ("final", "semi-final", ...); "" for the champion
    tied: bool = False  # shares its place with the other losers of that round
    players: tuple[str, ...] = ()

    @property
    def result(self) -> str:
        """``Champion``, ``Runner-up``, ``Lost in the semi-final``..."""
        if not self.went_out:
            return "Champion"
        if self.went_out == "final":
            return "Runner-up"
        return f"Lost in the {self.went_out}"


def playoff_order(event: Event, rules: Rules) -> tuple[PlayoffPlace, ...]:
    """The final order from the playoffs, best first; empty until the final has a result
    (or for a format without a playoff bracket)."""
    cut = rules.cut
    if cut is None or not has_playoffs(rules) or last_complete_round(event) < cut.after_round:
        return ()
    standings = compute_standings(event, rules, after_round=cut.after_round, rank_everyone=True)
    result = compute_cut(event, rules, standings)
    if result.ties or len(result.advancing) < 2:
        return ()
    seeds = {team: seed for seed, team in result.seeds()}
    try:
        played = playoff_rounds(list(result.advancing), cut.after_round, event.rounds)
    except UserError:  # rounds that do not follow from the results: the checks say why
        return ()
    champion = played[-1].champion
    if champion is None:
        return ()
    rows = {row.number: row for row in standings.rows}

    def placed(team: int, place: int, went_out: str, tied: bool) -> PlayoffPlace:
        row = rows[team]
        return PlayoffPlace(place, team, row.name, seeds[team], went_out, tied, row.players)

    order = [placed(champion, 1, "", False)]
    for stage in reversed(played):
        going_on = set(stage.advancing())
        losers = [t for m in stage.matches for t in (m.a, m.b) if t is not None]
        losers = sorted((t for t in losers if t not in going_on), key=seeds.__getitem__)
        place = len(stage.matches) + 1  # as many teams went on as there were matches
        order += [placed(t, place, stage.name, len(losers) > 1) for t in losers]
    removed = {e.number for e in event.entrants if e.status == "removed"}
    return _passed_on(order, removed)


def _passed_on(order: list[PlayoffPlace], removed: set[int]) -> tuple[PlayoffPlace, ...]:
    """The order without the teams removed from the tournament (bid whist: ejected), which
    take no place: each place passes to the next, a shared place staying shared."""
    staying = [p for p in order if p.number not in removed]
    places = [1 + sum(1 for o in staying if o.place < p.place) for p in staying]
    return tuple(
        replace(p, place=place, tied=places.count(place) > 1)
        for p, place in zip(staying, places, strict=True)
    )
