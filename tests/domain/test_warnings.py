"""Bid whist warnings over the whole event (docs/rules.md §6): a team's first infraction is a
warning; any later one, in any round, proposes a loss of hand the director decides; in the
playoffs the first is a loss of hand."""

from __future__ import annotations

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.rulings.warnings import (
    LoggedWarning,
    WarningRuling,
    check_log,
    decided,
    of_team,
    rule_on_warning,
    warnings_allowed,
)
from clubdesk.errors import UserError

WHIST = load_rules("bid-whist")


def rule(logged, team=3, *, rules=WHIST, playoff=False) -> WarningRuling:
    return rule_on_warning(logged, rules, team=team, playoff=playoff)


def test_a_teams_first_infraction_is_a_warning() -> None:
    # seed 004: "the team causing the infraction will be given a warning"
    ruling = rule([])
    assert (ruling.kind, ruling.count, ruling.to_decide) == ("warning", 1, False)
    assert ruling.text == "Warning 1"
    assert decided(ruling, None, 3) == "warning"


def test_any_later_one_in_any_round_proposes_a_loss_of_hand_for_the_director() -> None:
    # seed 004: "Any further infractions may result in the loss of the hand."
    first = LoggedWarning(1, 3, "talking across the table")
    ruling = rule([first])
    assert (ruling.kind, ruling.count, ruling.to_decide) == ("loss-of-hand", 2, True)
    assert ruling.text == "Loss of hand proposed: confirm?"
    assert ruling.earlier == (first,)
    assert decided(ruling, True, 3) == "loss-of-hand"
    assert decided(ruling, False, 3) == "warning"  # the director decides against it
    with pytest.raises(UserError, match=r"^loss_of_hand: team 3 has had its warning"):
        decided(ruling, None, 3)


def test_the_count_runs_over_the_whole_event_and_is_per_team() -> None:
    log = [LoggedWarning(1, 3, "a"), LoggedWarning(1, 4, "b"), LoggedWarning(2, 4, "c")]
    assert rule(log, team=3).kind == "loss-of-hand"  # round 1's warning counts in round 3
    assert rule(log, team=4).count == 3
    assert rule(log, team=5) == WarningRuling("warning", 1)
    assert of_team(log, 4) == log[1:]
    declined = [LoggedWarning(1, 3, "a"), LoggedWarning(2, 3, "b")]  # two warnings given
    assert rule(declined).to_decide and rule(declined).count == 3


def test_no_warnings_in_playoffs_the_first_is_a_loss_of_hand() -> None:
    # seed 004: "There will be no warnings allowed during the Playoff Rounds."
    ruling = rule([], playoff=True)
    assert (ruling.kind, ruling.to_decide) == ("loss-of-hand", False)
    assert ruling.text == "Loss of hand (no warnings in the playoffs)"
    assert decided(ruling, None, 3) == decided(ruling, True, 3) == "loss-of-hand"
    with pytest.raises(UserError, match="no warnings in the playoffs"):
        decided(ruling, False, 3)


def test_a_first_infraction_cannot_be_a_loss_of_hand() -> None:
    with pytest.raises(UserError, match="team 3's first infraction is a warning"):
        decided(rule([]), True, 3)


@pytest.mark.parametrize(
    ("allowed", "kinds"),
    [
        (0, ["loss-of-hand", "loss-of-hand"]),
        (1, ["warning", "loss-of-hand", "loss-of-hand"]),
        (2, ["warning", "warning", "loss-of-hand"]),
    ],
)
def test_the_number_of_warnings_is_a_club_setting(allowed, kinds) -> None:
    rules = WHIST.with_settings({"warnings_before_loss": allowed})
    log: list[LoggedWarning] = []
    for number, kind in enumerate(kinds, start=1):
        ruling = rule(log, rules=rules)
        assert (ruling.kind, ruling.count) == (kind, len(log) + 1)
        log.append(LoggedWarning(number, 3, "x", kind=ruling.kind))


def test_a_log_the_window_could_not_have_written_is_named_row_by_row() -> None:
    log = [
        LoggedWarning(1, 3, "a", kind="loss-of-hand"),  # a first infraction
        LoggedWarning(2, 3, "b"),  # a further warning: the director's choice
        LoggedWarning(4, 3, "c", playoff=True),  # a warning in the playoffs
        LoggedWarning(4, 5, "d", playoff=True, kind="loss-of-hand"),
    ]
    assert check_log(log, WHIST) == [
        (0, "team 3's first infraction is a warning, not a loss of hand"),
        (2, "there are no warnings in the playoffs: an infraction there is a loss of hand"),
    ]


def test_a_format_without_warnings_refuses_one() -> None:
    gin = load_rules("house-gin")
    with pytest.raises(UserError, match=r"^warning: House Gin Rummy \(Hollywood\) has no warnings"):
        rule([], rules=gin)


def test_a_format_without_playoffs_has_no_playoff_warnings() -> None:
    gp = load_rules("grand-prix-pinochle")
    assert rule([], rules=gp) == WarningRuling("warning", 1, conduct=True)
    with pytest.raises(UserError, match=r"^playoff: Grand Prix Pinochle has no playoffs"):
        rule([], rules=gp, playoff=True)


def test_warnings_allowed() -> None:
    assert warnings_allowed(WHIST) == 1
    assert warnings_allowed(WHIST, playoff=True) == 0


def test_a_warning_for_conduct_never_costs_the_hand() -> None:
    # seed 000: "Any discussion between team members regarding the renege is considered
    # 'Table Talk' and will result in the opponents receiving a warning for conduct."
    gp = load_rules("grand-prix-pinochle")
    assert gp.penalties.conduct_warnings and warnings_allowed(gp) is None
    log = [LoggedWarning(1, 3, "table talk"), LoggedWarning(4, 3, "table talk again")]
    third = rule(log, rules=gp, team=3)
    assert (third.kind, third.count, third.to_decide, third.text) == ("warning", 3, False,
                                                                      "Warning 3")  # fmt: skip
    assert check_log([*log, LoggedWarning(6, 3, "books")], gp) == []
    assert check_log([*log, LoggedWarning(6, 3, "talk", kind="loss-of-hand")], gp) == [
        (2, "team 3's infraction is a warning for conduct, which never costs the hand")
    ]


def test_a_rules_file_with_both_kinds_of_warning_is_refused() -> None:
    with pytest.raises(UserError, match="conduct_warnings never cost the hand"):
        load_rules("grand-prix-pinochle").with_settings({"warnings_before_loss": 1})
