"""Registration (the window's forms) refuses names and amounts beyond the limits of
``clubdesk.domain.limits``, naming the field, and writes nothing."""

from __future__ import annotations

import pytest

from clubdesk.domain import limits
from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import registration
from clubdesk.services.command import Desk
from clubdesk.services.registration import RegisterEntrant
from clubdesk.services.roster_csv import preview_roster
from tests import builder


@pytest.fixture
def event(db, clock) -> str:
    return builder.event(db, clock, "grand-prix-warmup", entrants=2)


@pytest.mark.parametrize(
    ("arrival", "says"),
    [
        (RegisterEntrant(["Ann\x1b[31m Smith", "Bob"]),
         "players[0]: a name cannot hold control characters"),
        (RegisterEntrant(["Ann", "B" * 81]), "players[1]: a name can be at most 80 characters"),
        (RegisterEntrant(["Ann", "Bob"], name="Team\u202eEvil"),
         "name: a name cannot hold control characters"),
        (RegisterEntrant(["Ann", "Bob"], paid_cents=limits.CENTS_MAX + 1),
         "must be at most $999,999.99"),
    ],
)  # fmt: skip
def test_registration_refuses_names_and_amounts_beyond_the_limits(
    db, clock, event: str, arrival: RegisterEntrant, says: str
) -> None:
    before = entrants_service.list_entrants(db, event)
    with pytest.raises(UserError) as caught:
        registration.register(Desk(db, event, clock), arrival)
    assert says in str(caught.value)
    assert entrants_service.list_entrants(db, event) == before


def test_the_limits_say_what_is_wrong() -> None:
    assert limits.name_problem("x" * 80) is None
    assert limits.name_problem("x" * 81) == " is longer than 80 characters"
    assert limits.name_problem("Zoë 👩\u200d👩\u200d👧") is None  # a joiner is part of a letter
    assert limits.stored_int_problem(limits.INT64_MAX) is None
    assert limits.stored_int_problem(limits.INT64_MIN - 1) == " is too large to be stored"
    assert limits.cents_problem(-limits.CENTS_MAX) is None
    assert limits.bid_problem(limits.BID_MAX) is None
    assert limits.NAME_MAX == registration.MAX_NAME


def test_a_roster_file_beyond_the_limits_is_refused_line_by_line(db, clock, event: str) -> None:
    roster = "Name,Partner,Paid\nAnn\x1b[2J Smith,Bob Jones,50\nCy Lee,Di Park,2000000\n"
    preview = preview_roster(db, event, roster)
    assert not preview.ok
    assert preview.all_problems() == [
        "line 2: name: holds a control character",
        "line 3: paid: '2000000' is more than $999,999.99",
    ]
