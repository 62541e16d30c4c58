"""The treasurer's record: where the pool comes from, term by term, the payout scheme and
the prize table, which adds up to the pool to the cent; once final, each store credit
redeemed, still to redeem, or lapsed."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.payouts import paid_in_text
from clubdesk.printing.base import BOLD, FONT, GREY, build_pdf, escape, frame_width, style
from clubdesk.printing.rows import Heading, Paper, PayoutRows

MONEY_TABLE = [
    ("FONT", (0, 0), (-1, -1), FONT, 10),
    ("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
]


def provisional_banner(rows: PayoutRows) -> list[Flowable]:
    """The PROVISIONAL mark and why, when the prizes may still change; FINAL and who froze
    them, once they are."""
    if rows.final:
        return [
            Paragraph("FINAL", style("big")),
            Paragraph(escape(f"These prizes are final: {rows.final}."), style("body")),
        ]
    if rows.provisional is None:
        return []
    why = rows.provisional
    return [
        Paragraph("PROVISIONAL", style("big")),
        Paragraph(
            escape(f"{why[0].upper()}{why[1:]}; these prizes may still change."), style("body")
        ),
    ]


def paid_in(rows: PayoutRows) -> str:
    return "store credit" if rows.prizes_in == "store-credit" else "cash"


def pool_table(rows: PayoutRows, width: float) -> Table:
    data = [[term.label, format_money(term.cents)] for term in rows.terms]
    data.append(["Prize pool", format_money(rows.pool_cents)])
    commands = [
        *MONEY_TABLE,
        ("FONT", (0, -1), (-1, -1), BOLD, 10),
        ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black),
    ]
    return Table(
        data, colWidths=[width * 0.45, width * 0.2], hAlign="LEFT", style=TableStyle(commands)
    )


def prize_table(rows: PayoutRows, width: float) -> Table:
    data: list[list[object]] = [["Place", "No.", "Name", "Amount"]]
    commands = [
        *MONEY_TABLE,
        ("FONT", (0, 0), (-1, 0), BOLD, 10),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
    ]
    for prize in rows.prizes:
        amount = format_money(prize.amount_cents)
        kind = paid_in_text(prize.amount_cents, prize.credit_cents)
        if kind != paid_in(rows):
            amount = Paragraph(escape(f"{amount} {kind}"), style("cell-right"))
        data.append([str(prize.place), str(prize.number), prize.name, amount])
        for share in prize.players:
            part: object = format_money(share.cents)
            part_kind = paid_in_text(share.cents, share.credit_cents)
            if part_kind != paid_in(rows):
                part = Paragraph(escape(f"{part} {part_kind}"), style("cell-right"))
            data.append(["", "", f"    {share.player}", part])
            commands.append(("TEXTCOLOR", (0, len(data) - 1), (-1, len(data) - 1), GREY))
    paid = sum(p.amount_cents for p in rows.prizes)
    data.append(["", "", "Paid out", format_money(paid)])
    commands += [
        ("FONT", (0, -1), (-1, -1), BOLD, 10),
        ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black),
    ]
    widths = [width * 0.1, width * 0.1, width * 0.55, width * 0.25]
    return Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT", style=TableStyle(commands))


def payouts_pdf(target: Path | IO[bytes], heading: Heading, rows: PayoutRows, paper: Paper) -> None:
    """Write the payouts document."""
    width = frame_width(paper)
    title = "Payouts"
    story: list[Flowable] = [Paragraph(title, style("title")), *provisional_banner(rows)]
    story += [
        Paragraph("The prize pool", style("subtitle")),
        pool_table(rows, width),
        Spacer(1, 10),
    ]
    if rows.scheme:
        story.append(Paragraph("The payout scheme", style("subtitle")))
        story += [Paragraph(line, style("body")) for line in rows.scheme]
        story.append(Spacer(1, 6))
    others = any(paid_in_text(p.amount_cents, p.credit_cents) != paid_in(rows) for p in rows.prizes)
    unless = " unless the prize says otherwise" if others else ""
    story.append(Paragraph(f"Prizes are paid in {paid_in(rows)}{unless}.", style("body")))
    if not rows.played:
        story.append(
            Paragraph("No round has been played yet: there are no prizes to show.", style("body"))
        )
    else:
        story += [Paragraph("The prizes", style("subtitle")), prize_table(rows, width)]
        story += [Spacer(1, 6), *(Paragraph(escape(u.text), style("body")) for u in rows.undecided)]
    if rows.credits:  # seed 003: "must be redeemed the day of the tournament"
        story.append(Paragraph("Store credit redeemed", style("subtitle")))
        story += [Paragraph(escape(line), style("body")) for line in rows.credits]
    build_pdf(target, story, heading, title, paper)
