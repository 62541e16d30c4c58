"""The documents clubdesk prints, by the name `clubdesk print` takes (docs/cli.md).

Kept apart from the documents themselves, so that reading the list loads no reportlab.
"""

KINDS = (
    "standings",
    "awards",
    "payouts",
    "scoresheets",
    "chits",
    "tablecards",
    "seating",
    "schedule",
    "season",  # the season the event belongs to
)
ROUND_KINDS = frozenset({"scoresheets", "tablecards", "seating"})  # a document of one round
