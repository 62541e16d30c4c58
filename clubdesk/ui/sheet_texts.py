"""What a score sheet says in words: the game as a whole, a wrong hand named by its field's
heading, gin's Hollywood columns, and a submitted sheet's line."""

from __future__ import annotations

import datetime as dt

from clubdesk.domain.event.model import Score
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.rules import Rules
from clubdesk.printing.text import time_of_day
from clubdesk.ui.operations import plain_words, sentence
from clubdesk.ui.sheet_rows import PAIR_WORDS, Column


def game_text(result: GameResult | None, rules: Rules) -> str:
    """What the engine says of the game as a whole: its end and its winner (gin's columns
    and boxes are ``hollywood_html``)."""
    if result is None:
        return ""
    parts = []
    if result.ended_by == "limit":
        limit = rules.game_end.point_limit
        parts.append(f"Game over: a side reached {limit}" if limit else "Game over")
    elif result.ended_by == "hands":
        regular = rules.game_end.max_hands
        extra = " and the tiebreak hand" if len(result.hands) > regular else ""
        parts.append(f"Game over: all {regular} hands{extra} played")
    winner = result.extra.get("winner")
    if winner is not None:
        parts.append(f"Won by side {winner}")
    return "\n".join(parts)


def problem_text(error: HandError, columns: tuple[Column, ...] = ()) -> str:
    """The engine's reason for a wrong hand, a blank field called blank; the field named
    by its heading on the sheet ("Hand 3, Meld A: must be at most 1140, not 9999.")."""
    headings = {column.key: column.heading for column in columns}
    heading = headings.get(error.field) or headings.get(f"{error.field}.A")
    if heading is None or error.hand_number is None:
        return plain_words(error).replace(", not None.", " (left blank).")
    text = sentence(f"{error.message}".replace(", not None", " (left blank)"))
    if error.field not in headings:  # a pair as a whole: "Tricks"
        heading = heading.rsplit(" ", 1)[0]
        if error.message.endswith(", not None"):
            words = PAIR_WORDS.get(error.field, (heading.lower(), ""))[0]
            text = f"left blank; type both sides' {words}."
    return f"Hand {error.hand_number}, {heading}: {text[:1].lower()}{text[1:]}"


def hollywood_html(result: GameResult | None) -> str:
    """Gin's three Hollywood columns and the boxes, as the paper sheet has them: a row per
    side, a column per game ("" for a format without them)."""
    if result is None or "games" not in result.extra:
        return ""
    games = result.extra["games"]
    boxes = result.extra.get("boxes", {})
    head = "".join(f"<th>&nbsp;Game {n}&nbsp;</th>" for n in range(1, len(games) + 1))
    rows = "".join(
        f"<tr><th>Side {side}&nbsp;</th>"
        + "".join(f"<td align='right'>{game[side]}</td>" for game in games)
        + f"<td align='right'>{boxes.get(side, 0)}</td></tr>"
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
