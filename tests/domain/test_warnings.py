"""Bid whist warnings (RULES.md §6): a second warning infraction in a round is a loss of hand."""

from __future__ import annotations

import pytest

from clubdesk.domain.formats import load_rules
from clubdesk.domain.rulings.warnings import (
    LoggedWarning,
    WarningRuling,
    in_round,
    rule_on_warning,
    warnings_allowed,
)
from clubdesk.errors import UserError

WHIST = load_rules("bid-whist")


def rule(logged, round_number=1, team=3, *, rules=WHIST, playoff=False) -> WarningRuling:
    return rule_on_warning(logged, rules, round_number=round_number, team=team, playoff=playoff)


def test_the_first_warning_in_a_round_is_a_warning() -> None:
    ruling = rule([])
    assert ruling == WarningRuling("warning", 1)
    assert not ruling.loss_of_hand


def test_the_second_is_a_loss_of_hand_and_so_is_every_later_one() -> None:
    first = LoggedWarning(1, 3, "talking across the table")
    assert rule([first]) == WarningRuling("loss-of-hand", 2)
    second = LoggedWarning(1, 3, "bid out of turn", kind="loss-of-hand")
    assert rule([first, second]) == WarningRuling("loss-of-hand", 3)
    assert rule([first]).loss_of_hand


def test_counts_start_again_each_round_and_are_per_team() -> None:
    log = [LoggedWarning(1, 3, "a"), LoggedWarning(1, 4, "b"), LoggedWarning(2, 4, "c")]
    assert rule(log, round_number=2, team=3) == WarningRuling("warning", 1)
    assert rule(log, round_number=2, team=4) == WarningRuling("loss-of-hand", 2)
    assert rule(log, round_number=1, team=5) == WarningRuling("warning", 1)
    assert in_round(log, 1, 4) == [log[1]]


def test_no_warnings_in_playoffs_the_first_is_a_loss_of_hand() -> None:
    assert rule([], round_number=4, playoff=True) == WarningRuling("loss-of-hand", 1)
    # preliminary warnings are not counted with the playoffs (nor the other way round)
    log = [LoggedWarning(1, 3, "a", playoff=True, kind="loss-of-hand")]
    assert rule(log, round_number=1) == WarningRuling("warning", 1)
    assert rule(log, round_number=1, playoff=True) == WarningRuling("loss-of-hand", 2)


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
    for kind in kinds:
        ruling = rule(log, rules=rules)
        assert ruling.kind == kind
        assert ruling.count_in_round == len(log) + 1
        log.append(LoggedWarning(1, 3, "x", kind=ruling.kind))


def test_a_format_without_warnings_refuses_one() -> None:
    gp = load_rules("grand-prix-pinochle")
    with pytest.raises(UserError, match=r"^warning: Grand Prix Pinochle has no warnings"):
        rule([], rules=gp)


def test_a_format_without_playoffs_has_no_playoff_warnings() -> None:
    gp = load_rules("grand-prix-pinochle").with_settings({"warnings_before_loss": 1})
    assert rule([], rules=gp) == WarningRuling("warning", 1)
    with pytest.raises(UserError, match=r"^playoff: Grand Prix Pinochle has no playoffs"):
        rule([], rules=gp, playoff=True)


def test_warnings_allowed_in_a_round() -> None:
    assert warnings_allowed(WHIST) == 1
    assert warnings_allowed(WHIST, playoff=True) == 0
