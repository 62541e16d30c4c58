"""The leaders' running totals by round, as a line chart (one line per leader)."""

from __future__ import annotations

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from clubdesk.services.results import StandingsBoard
from clubdesk.ui.standings.model import names_text

LEADERS = 8  # how many of the top entrants get a line
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")


class StandingsChart(QChartView):
    """Running totals after each round for the top ``LEADERS`` entrants."""

    def __init__(self, parent: QWidget | None = None):
        self.chart_ = QChart()
        super().__init__(self.chart_, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.chart_.legend().setAlignment(Qt.AlignmentFlag.AlignRight)
        self.chart_.setMargins(QMargins(4, 4, 4, 4))
        self.chart_.setTitle("Leaders' totals after each round")
        legend_font = self.chart_.legend().font()
        legend_font.setPointSizeF(legend_font.pointSizeF() * 0.9)
        self.chart_.legend().setFont(legend_font)
        self.setMinimumHeight(260)

    def series(self) -> list[QLineSeries]:
        """The chart's lines, leader first."""
        return [s for s in self.chart_.series() if isinstance(s, QLineSeries)]

    def set_board(self, board: StandingsBoard | None) -> None:
        """Draw the leaders of ``board`` (nothing before the first round is complete)."""
        chart = self.chart_
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        if board is None or board.standings.after_round == 0:
            return
        played = board.standings.after_round
        x_axis = QValueAxis()
        # half a round of room on either side: the first and the last round's points are
        # drawn whole, not cut in half by the axes (after round 1 they are all there is)
        x_axis.setRange(0.5, max(played, 2) + 0.5)
        x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        x_axis.setTickAnchor(1)
        x_axis.setTickInterval(1)
        x_axis.setLabelFormat("%d")
        x_axis.setTitleText("After round")
        y_axis = QValueAxis()
        y_axis.setLabelFormat("%d")
        y_axis.setTitleText("Total")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        lowest: int | None = None
        highest: int | None = None
        leaders = [row for row in board.standings.rows if row.placed][:LEADERS]
        for row, colour in zip(leaders, COLOURS, strict=False):
            line = QLineSeries()
            line.setColor(QColor(colour))
            line.setName(f"{row.place}. #{row.number} {names_text(row)}")
            for round_number, total in enumerate(board.running[row.number], start=1):
                line.append(round_number, total)
                lowest = total if lowest is None else min(lowest, total)
                highest = total if highest is None else max(highest, total)
            line.setPointsVisible(True)
            line.setMarkerSize(6)
            chart.addSeries(line)
            line.attachAxis(x_axis)
            line.attachAxis(y_axis)
        if lowest is not None and highest is not None:
            low = min(0, lowest)
            y_axis.setRange(low, highest + max(10, (highest - low) // 20))
            y_axis.applyNiceNumbers()
