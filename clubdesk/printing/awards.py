"""The award sheet: each prize winner's place, amount (cash or store credit) and players,
with a line for each to sign for receipt; marked PROVISIONAL while the payouts are."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.money.payouts import paid_in_text
from clubdesk.printing.base import BOLD, FONT, GREY, build_pdf, escape, frame_width, style
from clubdesk.printing.payouts import provisional_banner
from clubdesk.printing.rows import Heading, Paper, PayoutRows, PlayerShare, PrizeLine

ORDINALS = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else ORDINALS.get(n % 10, 'th')}"


def _award(prize: PrizeLine, width: float) -> Flowable:
    title = f"{ordinal(prize.place)} place · No. {prize.number} {prize.name}"
    kind = paid_in_text(prize.amount_cents, prize.credit_cents)
    amount = Paragraph(escape(f"{format_money(prize.amount_cents)} {kind}"), style("amount"))
    rows: list[list[object]] = [[Paragraph(escape(title), style("prize")), amount]]
    commands = [
        ("FONT", (0, 0), (-1, -1), FONT, 11),
        ("FONT", (1, 0), (1, 0), BOLD, 12),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, GREY),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ("LEFTPADDING", (0, 0), (-1, -1), 10),
        ("RIGHTPADDING", (0, 0), (-1, -1), 10),
    ]
    shares = prize.players or (PlayerShare(prize.name, prize.amount_cents, prize.credit_cents),)
    for share in shares:
        paid = f"{format_money(share.cents)} {paid_in_text(share.cents, share.credit_cents)}"
        rows.append([share.player, Paragraph(escape(paid), style("cell-right"))])
        rows.append(["", ""])  # room to sign, above a rule (about 12 mm)
        rows.append(["Received by (signature)", "Date"])
        sign, caption = len(rows) - 2, len(rows) - 1
        commands += [
            ("TOPPADDING", (0, sign), (-1, sign), 18),
            ("BOTTOMPADDING", (0, sign), (-1, sign), 2),
            ("LINEBELOW", (0, sign), (0, sign), 0.6, colors.black),
            ("LINEBELOW", (1, sign), (1, sign), 0.6, colors.black),
            ("FONT", (0, caption), (-1, caption), FONT, 7),
            ("TEXTCOLOR", (0, caption), (-1, caption), GREY),
            ("ALIGN", (1, caption), (1, caption), "LEFT"),
            ("TOPPADDING", (0, caption), (-1, caption), 1),
            ("BOTTOMPADDING", (0, caption), (-1, caption), 2),
        ]
    table = Table(rows, colWidths=[width * 0.68, width * 0.32], style=TableStyle(commands))
    return KeepTogether([table])


def awards_pdf(target: Path | IO[bytes], heading: Heading, rows: PayoutRows, paper: Paper) -> None:
    """Write the award sheet."""
    width = frame_width(paper)
    title = "Award sheet"
    story: list[Flowable] = [Paragraph(title, style("title")), *provisional_banner(rows)]
    credit = [p for p in rows.prizes if p.credit_cents]
    if (
        credit
        and len(credit) == len(rows.prizes)
        and all(p.credit_cents == p.amount_cents for p in credit)
    ):
        story.append(
            Paragraph(
                "Prizes are store credit, to be redeemed the day of the tournament.", style("body")
            )
        )
    elif credit or (not rows.prizes and rows.prizes_in == "store-credit"):
        story.append(
            Paragraph("Store credit is to be redeemed the day of the tournament.", style("body"))
        )
    if not rows.played:
        story.append(
            Paragraph("No round has been played yet: there are no prizes to award.", style("body"))
        )
    story.append(Spacer(1, 6))
    for index, prize in enumerate(rows.prizes):  # a gap between the boxes, none after the last
        story += [Spacer(1, 12)] if index else []
        story.append(_award(prize, width))
    if rows.prizes and rows.undecided:
        story.append(Spacer(1, 12))
    story += [Paragraph(escape(u.text), style("body")) for u in rows.undecided]
    build_pdf(target, story, heading, title, paper)
