"""Plain fixed-width tables for the command line and for pinning up."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, left: Collection[int] = ()
) -> list[str]:
    """Lines of a table: the header, a rule, then the rows. Columns are right-aligned
    (numbers line up) except those in ``left`` (names read better left-aligned)."""
    table = [list(header), *[list(row) for row in rows]]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.ljust(width) if column in left else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    return [line(table[0]), "  ".join("-" * w for w in widths), *[line(r) for r in table[1:]]]


def titled(title: str) -> list[str]:
    """A title underlined, then a blank line."""
    return [title, "=" * len(title), ""]
