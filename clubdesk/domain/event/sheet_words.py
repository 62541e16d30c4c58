"""What a score sheet says in words, wherever it is shown (the window's sheet, a table's phone):
the game as a whole, and a wrong hand named by its field's heading."""

from __future__ import annotations

from clubdesk.domain.event.sheet import SheetSoFar
from clubdesk.domain.games import level_after_its_hands
from clubdesk.domain.games.columns import PAIR_WORDS, Column
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError

__all__ = ["end_text", "game_text", "plain_words", "problem_text", "sentence"]


def sentence(message: str) -> str:
    """A message as a sentence: capital first letter, full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def plain_words(error: UserError) -> str:
    """A refusal as a sentence, without the field name it starts with."""
    return sentence(error.reason)


def game_text(result: GameResult | None, rules: Rules) -> str:
    """What the engine says of the game as a whole: its end and its winner (gin's columns
    and boxes are shown apart)."""
    if result is None:
        return ""
    parts = []
    if result.ended_by == "limit":
        limit = rules.game_end.point_limit
        parts.append(f"Game over: a side reached {limit}" if limit else "Game over")
    elif result.ended_by == "hands":  # in the club's own word for a hand ("deal")
        regular, word = rules.game_end.max_hands, rules.game_end.hand_word
        extra = f" and the tiebreak {word}" if len(result.hands) > regular else ""
        parts.append(f"Game over: all {regular} {word}s{extra} played")
    elif level_after_its_hands(result, rules):
        regular, word = rules.game_end.max_hands, rules.game_end.hand_word
        parts.append(f"Level after all {regular} {word}s: a fifth {word} decides")
    winner = result.extra.get("winner")
    if winner is not None:
        parts.append(f"Won by side {winner}")
    return "\n".join(parts)


def end_text(so_far: SheetSoFar, rules: Rules) -> str:
    """``game_text`` of a sheet being typed, and at the game's end (by its points or its
    hands) the winner where the engine names none (pinochle, gin): the side ahead in what
    the sheet counts, its lines included; a level game's winner is for the players to say."""
    played = so_far.played
    said = game_text(played, rules)
    if played is None or played.ended_by is None or "winner" in played.extra:
        return said
    ahead = so_far.score.higher()
    return said if ahead is None else f"{said}\nWon by side {ahead.upper()}"


def problem_text(error: HandError, columns: tuple[Column, ...] = (), word: str = "hand") -> str:
    """The engine's reason for a wrong hand, a blank field called blank; the field named
    by its heading on the sheet ("Hand 3, Meld A: must be at most 1140, not 9999."), the
    hand in the club's own ``word`` ("Deal 3, ...")."""
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
    return f"{word.capitalize()} {error.hand_number}, {heading}: {text[:1].lower()}{text[1:]}"
