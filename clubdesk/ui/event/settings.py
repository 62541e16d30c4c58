"""The event settings the Event page shows, and how it talks about them.

A refusal from the rules (``Rules.with_settings``) names the setting in its
``field`` (``settings.drop_lowest``); ``plain_setting_error`` says which form
field shows it and puts the message in a director's words, with each
setting's name replaced by what the form calls it.
"""

from __future__ import annotations

from typing import Any

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.formats import load_rules
from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rules import SETTING_SECTIONS, Rules
from clubdesk.errors import UserError
from clubdesk.services.events import EventInfo

# The settings the form shows, in order, with how a message talks about each.
FORM_SETTINGS = (
    "entry_fee_cents",
    "return_percent",
    "rounds",
    "round_minutes",
    "warning_minutes",
    "first_round_at",
    "drop_lowest",
    "cross_check",
    "season",
)
CLOCK_SETTINGS = ("warning_minutes", "first_round_at")  # shown with a round length
PHRASES = {
    "entry_fee_cents": "the entry fee",
    "return_percent": "the share returned as prizes",
    "added_cents": "the added money",
    "rounds": "the number of rounds",
    "round_minutes": "the round length",
    "warning_minutes": "the warning time",
    "first_round_at": "the time round 1 starts",
    "drop_lowest": "drop lowest",
    "cross_check": "both sides' sheets",
    "payout": "the payout",
    "season": "the season",
}
# A message about a whole section is shown beside this field.
SECTION_FIELD = {"schedule": "rounds", "standings": "drop_lowest", "season": "season"}
FORM_FIELDS = ("name", "date", "venue", *FORM_SETTINGS)


def format_rules(event: EventInfo) -> Rules:
    """The rules of an event's format, without the event's own settings."""
    return load_rules(event.rules_id)


def setting_default(rules: Rules, key: str) -> Any:
    """A setting's value in these rules (``key`` as in an event's settings); None for one of
    a section the rules leave out (a format without a ``[season]``)."""
    return getattr(getattr(rules, SETTING_SECTIONS[key]), key, None)


def setting_field(path: str | None) -> str | None:
    """The form field that shows the setting at ``path`` (``settings.KEY`` or a section)."""
    if path is None or not path.startswith("settings."):
        return None
    key = path.removeprefix("settings.")
    if key in FORM_SETTINGS:
        return key
    return SECTION_FIELD.get(SETTING_SECTIONS.get(key, key))


def plain_setting_error(error: UserError) -> tuple[str | None, str]:
    """The form field a rules refusal is about (None: the form as a whole), and its words.

    ``settings: standings.drop_lowest must be less than schedule.rounds`` (field
    ``settings.drop_lowest``) becomes ``("drop_lowest", "Drop lowest must be less
    than the number of rounds.")``.
    """
    key = (error.field or "").removeprefix("settings.")
    text = error.reason
    if key in PHRASES and text.startswith("must"):
        text = f"{PHRASES[key]} {text}"
    return setting_field(error.field), sentence(" ".join(_named(w) for w in text.split(" ")))


def _named(word: str) -> str:
    """A word that is a setting's name (``schedule.rounds``, ``round_minutes``) as the form
    calls it; any other word (a plain ``rounds``) as it is."""
    name = word.rstrip(".,;:)")
    section, dot, key = name.rpartition(".")
    if key in PHRASES and (dot or "_" in key):
        return PHRASES[key] + word[len(name) :]
    return word


def payout_summary(rules: Rules) -> str:
    """``1st 50% · 2nd 30% · 3rd 20%``; fixed prizes as amounts."""
    if not rules.money.payout:
        return "No prizes"
    parts = []
    for place in rules.money.payout:
        amount = (
            f"{place.percent}%"
            if place.percent is not None
            else format_money(place.fixed_cents or 0)
        )
        parts.append(f"{ordinal(place.place)} {amount}")
    return " · ".join(parts)


def time_shown(value: str | None) -> str:
    """A rules file's ``19:00`` as a director reads it, ``7:00 PM``; "" for none."""
    if not value:
        return ""
    hour, minute = (int(part) for part in value.split(":"))
    return f"{hour % 12 or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
