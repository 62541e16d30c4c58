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
)
ROUND_KINDS = frozenset({"scoresheets", "tablecards", "seating"})  # a document of one round
