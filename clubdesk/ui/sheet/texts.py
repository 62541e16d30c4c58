"""What a score sheet says in words beyond ``domain.event.sheet_words`` (the game as a whole
and a wrong hand named by its field's heading, which a table's phone shows too): gin's
Hollywood columns and a submitted sheet's line."""

from __future__ import annotations

import datetime as dt

from clubdesk.domain.event.model import Score
from clubdesk.domain.games.gin import hollywood
from clubdesk.domain.games.hands import GameResult
from clubdesk.printing.text import time_of_day


def hollywood_html(result: GameResult | None) -> str:
    """Gin's three Hollywood columns and the boxes, as the paper sheet has them: a row per
    side, a column per game ("" for a format without them)."""
    shown = hollywood(result)
    if shown is None:
        return ""
    games, boxes = shown["games"], shown["boxes"]
    head = "".join(f"<th>&nbsp;Game {n}&nbsp;</th>" for n in range(1, len(games) + 1))
    rows = "".join(
        f"<tr><th>Side {side}&nbsp;</th>"
        + "".join(f"<td align='right'>{game[side]}</td>" for game in games)
        + f"<td align='right'>{boxes[side]}</td></tr>"
        for side in ("A", "B")
    )
    return (
        "<table cellspacing='0' cellpadding='3' border='1' style='border-color:#9a9a9a'>"
        f"<tr><th>Hollywood</th>{head}<th>&nbsp;Boxes&nbsp;</th></tr>{rows}</table>"
    )


def submitted_text(at: dt.datetime | None, score: Score | None, amended: bool) -> str:
    """The line over a submitted sheet: when it went in and what it counts."""
    when = f" at {time_of_day(at)}" if at is not None else ""
    counts = f"counts {score.a} to {score.b}" if score is not None else "no score"
    how = " as amended" if amended else ""
    return f"Submitted{when} · {counts}{how} · read only: Amend… to correct it"
