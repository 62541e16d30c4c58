"""The projector: a separate window with no controls, full screen on the display the
director sends it to, showing the round clock to the hall.

In a round it shows the event's name, ``Round 4 of 11`` and the time left in
digits that fill the window; at the warning the whole window turns amber
(dark text on a bright ground: a change of brightness and words, never of hue
alone) and reads ``10 MINUTES LEFT IN ROUND 4``; at time it turns white and
reads ``TIME: finish the hand in play``; paused, it is dimmed and says so.
Between rounds it counts down to the next round and cycles slides (the next
round's seating, the leaders, the director's notice) on a timer made by the
same ``TimerFactory`` as the clock's, so tests step it by hand.

It never takes the keyboard from the director's window: it is a window that accepts no
focus (the window manager gives it none, not when it is mapped, sent full screen or clicked
on), shown without being activated, and the director's window is activated again after it
is sent to a screen, so F5 and every shortcut keep working while it is up (its full screen
is switched from the director's View menu, F11; should a key reach the projector itself,
F11 there toggles it and Esc leaves it).

It reads what the status bar reads: the ``ClockWatch``'s ``updated`` views,
and the context's ``changed`` for the slides. When its screen is unplugged it goes to the
first screen left.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QCloseEvent, QFont, QFontMetrics, QGuiApplication, QKeyEvent, QScreen
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from clubdesk.services.changes import Change
from clubdesk.ui.clock.ticker import TimerFactory, qt_timer
from clubdesk.ui.clock.watch import ClockView, ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.projector.slides import Slide, leaders_slide, notice_slide, seating_slides
from clubdesk.ui.projector.texts import ProjectorText, projector_text

SLIDE_MS = 12_000  # each slide stays this long
SEATING_ALIGN = (  # a seating row's cells: Table n, side A, "v", side B
    Qt.AlignmentFlag.AlignLeft,
    Qt.AlignmentFlag.AlignRight,
    Qt.AlignmentFlag.AlignHCenter,
    Qt.AlignmentFlag.AlignLeft,
)
SLIDE_READS = Change.EVENT | Change.SEATING | Change.SHEETS | Change.ENTRANTS

MOODS = {  # background, text, digits
    "calm": ("#000000", "#ffffff", "#ffffff"),
    "warning": ("#ffb000", "#000000", "#000000"),
    "time": ("#ffffff", "#000000", "#000000"),
    "paused": ("#2b2b2b", "#d0d0d0", "#9a9a9a"),
    "between": ("#001a33", "#ffffff", "#9fd3ff"),
}


def mood_style(mood: str) -> str:
    """The projector's style sheet in ``mood``."""
    ground, text, digits = MOODS.get(mood, MOODS["calm"])
    return (
        f"QWidget#projector {{ background: {ground}; }}"
        f"QWidget#projector QLabel {{ color: {text}; background: transparent; }}"
        f"QWidget#projector QLabel#projectorDigits {{ color: {digits}; }}"
    )


def screen_for(number: int, screens: list[QScreen]) -> QScreen | None:
    """Screen ``number`` (1 = the first) of ``screens``; the last one when there are fewer
    (a projector is usually the screen plugged in last); None with no screen."""
    if not screens:
        return None
    return screens[min(max(number, 1), len(screens)) - 1]


def screen_left(removed: object, current: object, screens: list[QScreen]) -> QScreen | None:
    """Where the projector goes when ``removed`` is unplugged: nowhere (None) when it was on
    another screen or no screen is left, else the first screen left."""
    if removed is not current:
        return None
    left = [s for s in screens if s is not removed]
    return left[0] if left else None


def _label(name: str, *, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


def fit_pixels(texts: list[str], width: int, height: int, *, bold: bool = False) -> int:
    """The largest font size in pixels at which each of ``texts`` fits ``width`` on one line
    and a line fits ``height``."""
    size = max(8, int(height * 0.8))
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(size)
    widest = max((QFontMetrics(font).horizontalAdvance(t) for t in texts if t), default=0)
    if widest > width > 0:
        size = int(size * width / widest)
    return max(8, size)


class ProjectorWindow(QWidget):
    """The hall's view of the round clock (no controls)."""

    def __init__(
        self,
        context: UiContext,
        watch: ClockWatch,
        make_timer: TimerFactory = qt_timer,
        parent: QWidget | None = None,
    ):
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setObjectName("projector")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setWindowTitle("clubdesk projector")
        self.setMinimumSize(320, 180)
        self.context = context
        self.watch = watch
        self.notice = ""
        self.text = ProjectorText("", "", "", "", "", "calm")
        self.slides: list[Slide] = []
        self.slide_index = 0
        self.slide_timer = make_timer(self, self.next_slide)
        self._full_screen_wanted = False
        self.sent_to: QScreen | None = None  # the screen the director sent it to
        self.connected_screens = QGuiApplication.screens  # tests give their own list

        self.title_label = _label("projectorTitle")
        self.round_label = _label("projectorRound", bold=True)
        self.digits_label = _label("projectorDigits", bold=True)
        self.banner_label = _label("projectorBanner", bold=True)
        self.next_label = _label("projectorNext")
        self.slide_heading = _label("projectorSlideHeading", bold=True)
        self.slide_body = QWidget()
        self.slide_grid = QGridLayout(self.slide_body)
        self.slide_grid.setContentsMargins(0, 0, 0, 0)
        self.slide_grid.setVerticalSpacing(0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.setSpacing(4)
        for widget in (self.title_label, self.round_label, self.digits_label, self.banner_label,
                       self.next_label, self.slide_heading):  # fmt: skip
            layout.addWidget(widget)
        layout.addWidget(self.slide_body, 1)

        watch.updated.connect(self.show_view)
        watch.want_board(self, self.shows_board)
        context.changed.connect(self._changed)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenRemoved.connect(self.screen_removed)
        self.read_slides()
        self.show_view(watch.view)

    # what it shows

    def shows_board(self) -> bool:
        """The hall sees the round's board (its title and seating) while this is open."""
        return self.isVisible()

    def show_view(self, view: ClockView) -> None:
        """Show the clock as ``view`` has it (each tick, each change)."""
        rounds = view.board.rounds if view.board is not None else None
        text = projector_text(view, rounds)
        was_between = self.text.mood == "between"
        seating_before = self.text.seating_round
        if text.mood != self.text.mood or not self.styleSheet():
            self.setStyleSheet(mood_style(text.mood))  # only on a change: a restyle is costly
        self.text = text
        self.title_label.setText(text.title)
        self.round_label.setText(text.round_line)
        self.digits_label.setText(text.digits)
        self.digits_label.setVisible(bool(text.digits))  # overnight: no countdown, no gap
        self.banner_label.setText(text.banner)
        self.banner_label.setVisible(bool(text.banner))
        self.next_label.setText(text.next_line)
        self.next_label.setVisible(bool(text.next_line))
        between = text.mood == "between"
        if (between and not was_between) or text.seating_round != seating_before:
            self.read_slides()
        self._show_slides(self._slides_wanted())
        self._fit()

    def read_slides(self) -> None:
        """Build the slides again from the services (the seating, the leaders, the notice)."""
        db, event_id = self.context.db, self.context.event_id
        slides: list[Slide] = []
        if db is not None and event_id is not None:
            if self.text.seating_round is not None:
                slides.extend(seating_slides(db, event_id, self.text.seating_round))
            leaders = leaders_slide(db, event_id) if self.text.mood == "between" else None
            if leaders is not None:
                slides.append(leaders)
        notice = notice_slide(self.notice)
        if notice is not None:
            slides.append(notice)
        self.slides = slides
        self.slide_index = min(self.slide_index, max(0, len(slides) - 1))
        self._show_slide()

    def set_notice(self, text: str) -> None:
        """The director's notice (empty: none); it is one of the slides between rounds."""
        self.notice = text.strip()
        self.read_slides()

    def current_slide(self) -> Slide | None:
        if not self.slides or not self.slide_body.isVisibleTo(self):
            return None
        return self.slides[self.slide_index]

    def next_slide(self) -> None:
        """Show the following slide (the slide timer calls this)."""
        if self.slides:
            self.slide_index = (self.slide_index + 1) % len(self.slides)
            self._show_slide()
        if self._slides_wanted() and len(self.slides) > 1:
            self.slide_timer.start(SLIDE_MS)

    def _slides_wanted(self) -> bool:
        """Slides are shown between rounds, and in a round without a clock (its seating)."""
        return self.text.mood == "between" or self.text.seating_round is not None

    def _show_slides(self, wanted: bool) -> None:
        shown = wanted and bool(self.slides)
        self.slide_heading.setVisible(shown)
        self.slide_body.setVisible(shown)
        if shown and len(self.slides) > 1:
            if not self.slide_timer.isActive():
                self.slide_timer.start(SLIDE_MS)
        else:
            self.slide_timer.stop()

    def _show_slide(self) -> None:
        while self.slide_grid.count():
            item = self.slide_grid.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()
                old.setParent(None)
                old.deleteLater()
        for column in range(self.slide_grid.columnCount()):
            self.slide_grid.setColumnStretch(column, 0)
        if not self.slides:
            self._show_slides(False)
            return
        slide = self.slides[self.slide_index]
        self.slide_heading.setText(slide.heading)
        per_column = -(-len(slide.rows) // slide.columns)
        for index, row in enumerate(slide.rows):
            column, line = divmod(index, per_column)
            for part, cell in enumerate(row):
                label = _label("projectorCell")
                label.setText(cell)
                label.setWordWrap(slide.kind == "notice")
                if slide.kind == "leaders":
                    label.setAlignment(
                        Qt.AlignmentFlag.AlignLeft if part == 2 else Qt.AlignmentFlag.AlignRight
                    )
                    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
                elif slide.kind == "seating":  # Table n | a | v | b, lined up down the page
                    label.setAlignment(SEATING_ALIGN[part] | Qt.AlignmentFlag.AlignVCenter)
                    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
                at = column * len(row) + part + (1 if slide.kind == "leaders" else 0)
                self.slide_grid.addWidget(label, line, at)
                label.show()  # now, not when the event loop next runs
        if slide.kind == "leaders":  # centred: the room left over on either side
            self.slide_grid.setColumnStretch(0, 1)
            self.slide_grid.setColumnStretch(len(slide.rows[0]) + 1, 1)
        elif slide.kind == "seating":  # the room left over goes after each column's last cell
            width = len(slide.rows[0])
            for column in range(slide.columns):
                self.slide_grid.setColumnStretch(column * width + width - 1, 1)
        self._show_slides(self._slides_wanted())
        self._fit()

    # sizes: everything scales with the window

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        width, height = max(1, self.width() - 48), max(1, self.height() - 24)
        slides = self.slide_body.isVisibleTo(self)
        banner = self.banner_label.isVisibleTo(self)
        # shares of the height: with a slide shown the clock steps back to leave it room
        title, line, digits, following = (0.055, 0.07, 0.15, 0.07) if slides else (
            0.08, 0.1, 0.42 if banner else 0.55, 0.09)  # fmt: skip
        if not self.digits_label.isVisibleTo(self):  # overnight: what comes next stands out
            following = 0.1 if slides else 0.2
        self._size(self.title_label, [self.title_label.text()], width, height * title)
        self._size(self.round_label, [self.round_label.text()], width, height * line)
        self._size(self.digits_label, [self.digits_label.text()], width, height * digits)
        self._size(self.banner_label, [self.banner_label.text()], width, height * 0.12)
        self._size(self.next_label, [self.next_label.text()], width, height * following)
        self._size(self.slide_heading, [self.slide_heading.text()], width, height * 0.06)
        if not self.slides:
            return
        slide = self.slides[self.slide_index]
        rows = -(-len(slide.rows) // slide.columns)
        body_height = height * (0.6 if slides else 0.5)  # rows touch: a line's own leading
        cells = [self.slide_grid.itemAt(i).widget() for i in range(self.slide_grid.count())]
        if slide.kind == "notice":
            size = fit_pixels(["M" * 24], width, body_height / 4)
        elif slide.kind == "seating":  # a whole row, its cells a space apart, fits its column
            column_width = width / slide.columns * 0.9
            texts = ["    ".join(row) for row in slide.rows]
            size = fit_pixels(texts, int(column_width), body_height / rows)
        else:
            column_width = width / slide.columns * 0.5
            texts = [max(row, key=len) for row in slide.rows]
            size = fit_pixels(texts, int(column_width), body_height / rows)
        self.slide_grid.setHorizontalSpacing(int(size * 0.7) if slide.kind == "seating" else size)
        for cell in cells:
            if cell is not None:
                font = cell.font()
                font.setPixelSize(size)
                cell.setFont(font)

    @staticmethod
    def _size(label: QLabel, texts: list[str], width: int, height: float) -> None:
        font = label.font()
        font.setPixelSize(fit_pixels(texts, int(width * 0.96), height, bold=font.bold()))
        label.setFont(font)

    # screens

    def send_to(self, screen: QScreen) -> None:
        """Show full screen on ``screen``."""
        self._full_screen_wanted = True
        self.sent_to = screen
        if self.isFullScreen():
            self.showNormal()
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self._show_full_screen()
        self.raise_()

    def toggle_full_screen(self) -> None:
        """Full screen on its screen, or back to a window (F11)."""
        if self.isFullScreen():
            self._leave_full_screen()
        else:
            self._full_screen_wanted = True
            self._show_full_screen()

    def _show_full_screen(self) -> None:
        """Full screen and shown, not activated (Qt's ``showFullScreen`` activates the window:
        the window manager gave it the keyboard)."""
        state = Qt.WindowState
        kept = self.windowState() & ~(state.WindowMinimized | state.WindowMaximized)
        self.setWindowState(kept | state.WindowFullScreen)
        self.show()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_F11:
            self.toggle_full_screen()
            return
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self._leave_full_screen()
            return
        super().keyPressEvent(event)

    def _leave_full_screen(self) -> None:
        self._full_screen_wanted = False
        self.showNormal()

    def screen_removed(self, screen: QObject) -> None:
        """A screen was unplugged: if it was the projector's, go to the first screen left
        (full screen again when it was full screen)."""
        on = self.sent_to if self.sent_to is not None else self.screen()
        target = screen_left(screen, on, list(self.connected_screens()))
        if target is None:
            return
        if self._full_screen_wanted:
            self.send_to(target)
        else:
            self.sent_to = target
            self.setScreen(target)
            self.move(target.availableGeometry().topLeft())

    def _changed(self, change: Change) -> None:
        if change & SLIDE_READS and self._slides_wanted():
            self.read_slides()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self.slide_timer.stop()
        super().closeEvent(event)
