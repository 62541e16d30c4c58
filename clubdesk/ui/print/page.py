"""The Print page: the event's documents, previewed inside the window, printed or saved.

On the left the documents (their titles from the registry, ``services/printouts.py``), the
round for the documents of one round (the rounds seated, by title: "Round 2 of 3",
"Playoffs: semi-final"; the round in play to begin with), and the paper (Letter or A4, the
club's setting to begin with). The chosen document is built off the window's thread
(``services.documents``, as ``clubdesk print`` builds it) with a progress bar, so a round's
score sheets for sixty tables never freeze the window; its pages are shown on the right
(QtPdf). Print sends the pages to a printer chosen in the system's print dialog; Save as
PDF writes the same bytes to a file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words, sentence
from clubdesk.errors import UserError
from clubdesk.services import documents, printouts
from clubdesk.services.changes import Change
from clubdesk.services.printouts import DOCUMENTS, KINDS, ROUND_KINDS, TITLES
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.operations import BackgroundCommand, run_in_background
from clubdesk.ui.style import DISABLED_PRIMARY, set_role

PAPERS = (("Letter", "letter"), ("A4", "a4"))
PRINT_DPI = 300  # pages are rendered for the printer at most this finely


def ask_printer(printer: QPrinter, parent: QWidget) -> bool:
    """The system's print dialog; whether the director chose to print."""
    return QPrintDialog(printer, parent).exec() == QDialog.DialogCode.Accepted


def ask_pdf_file(parent: QWidget, suggested: str) -> str:
    """The file to save the PDF as ("" when cancelled)."""
    chosen, _ = QFileDialog.getSaveFileName(parent, "Save as PDF", suggested, "PDF (*.pdf)")
    return chosen


def print_pdf(data: bytes, printer: QPrinter) -> int:
    """Render each page of the PDF ``data`` onto ``printer``; the number of pages sent."""
    document = QPdfDocument()
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document.load(buffer)
    pages = document.pageCount()
    if pages <= 0:
        raise UserError("print: the document has no pages to print")
    dpi = min(printer.resolution(), PRINT_DPI)
    painter = QPainter()
    if not painter.begin(printer):
        raise UserError("print: the printer could not be started")
    try:
        for page in range(pages):
            if page:
                printer.newPage()
            points = document.pagePointSize(page)
            size = points.toSize() * dpi / 72
            image = document.render(page, size)
            target = painter.viewport()
            scaled = image.size().scaled(target.size(), Qt.AspectRatioMode.KeepAspectRatio)
            painter.setViewport(target.x(), target.y(), scaled.width(), scaled.height())
            painter.setWindow(image.rect())
            painter.drawImage(0, 0, image)
            painter.setViewport(target)
            painter.setWindow(target)
    finally:
        painter.end()
    document.close()
    return pages


class PrintPage(QWidget):
    """The documents of the context's event, previewed, printed or saved."""

    READS = Change.everything()  # any document may show what changed
    built = Signal(int)  # a preview is ready: its page count
    progressed = Signal(int, int)  # steps done, steps in all, of the document being built

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.setStyleSheet(DISABLED_PRIMARY)  # Print… greyed while there is nothing to print
        self.context = context
        self.data: bytes | None = None  # the PDF on show
        self.built_for: tuple[str, int | None, str] | None = None  # kind, round, paper
        self.job: BackgroundCommand | None = None
        self._event_shown: tuple[Path, str] | None = None
        self.printer: QPrinter | None = None  # the printer being sent pages, kept alive
        self._wanted: tuple[str, int | None, str] | None = None  # asked for while building
        # the print and file dialogs (tests stub them)
        self.ask_printer: Callable[[QPrinter, QWidget], bool] = ask_printer
        self.ask_file: Callable[[QWidget, str], str] = ask_pdf_file
        self._build()
        self.progressed.connect(self._show_progress)
        follow_changes(context, self, self._changed, self.READS)
        self.refresh()

    # --- building the page -----------------------------------------------------------------

    def focus_in(self) -> None:
        """Coming to the page: the list of documents."""
        self.kind_list.setFocus(Qt.FocusReason.OtherFocusReason)

    def _build(self) -> None:
        self.heading = set_role(QLabel("Print"), "heading")
        self.kind_list = QListWidget()
        self.kind_list.setAccessibleName("Documents")
        for printed in DOCUMENTS:
            item = QListWidgetItem(printed.title)
            item.setData(Qt.ItemDataRole.UserRole, printed.kind)
            self.kind_list.addItem(item)
        self.kind_list.setFixedWidth(max(240, self.kind_list.sizeHintForColumn(0) + 8))  # whole
        self.kind_list.currentRowChanged.connect(lambda _row: self.show_chosen())
        self.round_combo = QComboBox()  # the rounds seated, by their titles
        self.round_combo.currentIndexChanged.connect(lambda _index: self.show_chosen())
        self.paper_combo = QComboBox()
        for label, paper in PAPERS:
            self.paper_combo.addItem(label, paper)
        self.paper_combo.currentIndexChanged.connect(lambda _index: self.show_chosen())
        choices = QFormLayout()
        choices.addRow("Round", self.round_combo)
        choices.addRow("Paper", self.paper_combo)

        self.print_button = set_role(QPushButton("Print…"), "primary")
        self.save_button = QPushButton("Save as PDF…")
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_document)

        left = QVBoxLayout()
        left.addWidget(set_role(QLabel("Documents"), "subheading"))
        left.addWidget(self.kind_list, 1)
        left.addLayout(choices)
        left.addWidget(self.print_button)
        left.addWidget(self.save_button)

        self.status = set_role(QLabel(), "hint")
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.pdf = QPdfDocument(self)
        self._buffer: QBuffer | None = None
        self.view = QPdfView()
        self.view.setDocument(self.pdf)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setMinimumHeight(360)

        right = QVBoxLayout()
        right.addWidget(self.status)
        right.addWidget(self.progress)
        right.addWidget(self.view, 1)

        body = QHBoxLayout()
        body.addLayout(left)
        body.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(body, 1)
        self.kind_list.setCurrentRow(0)

    # --- what is chosen ----------------------------------------------------------------------

    def chosen(self) -> tuple[str, int | None, str]:
        """The document, its round (None: not a document of one round) and the paper."""
        item = self.kind_list.currentItem()
        kind = item.data(Qt.ItemDataRole.UserRole) if item is not None else KINDS[0]
        seated = self.round_combo.currentData()
        number = (seated if seated is not None else 1) if kind in ROUND_KINDS else None
        return kind, number, self.paper_combo.currentData()

    def choose(self, kind: str, round_number: int | None = None) -> None:
        """Pick document ``kind`` (and its round), as a click in the list would."""
        if round_number is not None:
            index = self.round_combo.findData(round_number)
            if index < 0:  # not seated: listed so that its refusal can be read
                self.round_combo.addItem(f"Round {round_number}", round_number)
                index = self.round_combo.count() - 1
            self.round_combo.setCurrentIndex(index)
        self.kind_list.setCurrentRow(KINDS.index(kind))

    def _changed(self, change: Change) -> None:
        """Build again what changed (now if the page is on show, else when it is shown)."""
        self.refresh()

    def refresh(self) -> None:
        """Read the event's rounds and paper again, then build the chosen document anew."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            self._clear("Open or create an event on the Event page first.")
            return
        try:
            current, _rounds = documents.current_round(db, event_id)
            seated = documents.seated_rounds(db, event_id)
            paper = documents.paper_for(db, event_id)
        except UserError as error:
            self._clear(plain_words(error))
            return
        for widget in (self.round_combo, self.paper_combo):
            widget.blockSignals(True)
        kept = self.round_combo.currentData()
        self.round_combo.clear()
        for number, title in seated:
            self.round_combo.addItem(title, number)
        if self._event_shown != (db.path, event_id):  # a new event: its round and paper
            self._event_shown = (db.path, event_id)
            kept = current
            self.paper_combo.setCurrentIndex(self.paper_combo.findData(paper))
        self.round_combo.setCurrentIndex(max(self.round_combo.findData(kept), 0))
        for widget in (self.round_combo, self.paper_combo):
            widget.blockSignals(False)
        self.built_for = None
        self.show_chosen()

    def _clear(self, message: str) -> None:
        self.data = None
        self.built_for = None
        self.pdf.close()
        self.status.setText(message)
        self._enable()

    def _enable(self) -> None:
        ready = self.data is not None and self.job is None
        self.print_button.setEnabled(ready)
        self.save_button.setEnabled(ready)
        kind = self.chosen()[0]
        self.round_combo.setEnabled(kind in ROUND_KINDS)

    # --- building the document ---------------------------------------------------------------

    def show_chosen(self) -> None:
        """Build the chosen document off the window's thread and show it when it is ready."""
        db, event_id = self.context.db, self.context.event_id
        wanted = self.chosen()
        self._enable()
        if db is None or event_id is None or wanted == self.built_for:
            return
        if self.job is not None:  # one build at a time: this one follows when it ends
            self._wanted = wanted
            return
        kind, number, paper = wanted
        clock = self.context.clock

        def work() -> bytes:
            return printouts.build_document(
                db,
                event_id,
                kind,
                clock,
                round_number=number,
                paper=paper,
                progress=self.progressed.emit,
            )

        self._wanted = None
        self.status.setText(f"Building {self._title(wanted)}…")
        self.progress.setFormat("%v of %m")
        self.job = run_in_background(
            self.context,
            work,
            progress=self.progress,
            on_done=lambda data: self._built(wanted, data),
            on_refused=lambda error: self._refused(wanted, error),
            parent=self,
        )
        self._enable()

    def _show_progress(self, done: int, steps: int) -> None:
        if self.job is not None and steps > 0:
            self.progress.setRange(0, steps)
            self.progress.setValue(done)

    def _finished(self) -> bool:
        """The build ended; False when another was asked for meanwhile (and is started)."""
        self.job = None
        if self._wanted is not None and self._wanted != self.chosen():
            self._wanted = None
        if self._wanted is not None:
            self.show_chosen()
            return False
        return True

    def _built(self, wanted: tuple[str, int | None, str], data: bytes) -> None:
        self.data, self.built_for = data, wanted
        self.pdf.close()
        self._buffer = QBuffer(self)
        self._buffer.setData(QByteArray(data))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.pdf.load(self._buffer)
        pages = self.pdf.pageCount()
        self.status.setText(f"{self._title(wanted)}: {pages} page{'s' if pages != 1 else ''}.")
        if self._finished():
            self._enable()
            self.built.emit(pages)

    def _refused(self, wanted: tuple[str, int | None, str], error: UserError) -> None:
        self.data, self.built_for = None, wanted
        self.pdf.close()
        self.status.setText(f"{self._title(wanted)}: {plain_words(error)}")
        if self._finished():
            self._enable()

    def _title(self, wanted: tuple[str, int | None, str]) -> str:
        kind, number, paper = wanted
        title = TITLES[kind]
        if number is not None:
            index = self.round_combo.findData(number)
            title += ", " + (self.round_combo.itemText(index) if index >= 0 else f"Round {number}")
        return f"{title} ({dict((p, label) for label, p in PAPERS)[paper]})"

    # --- printing and saving -------------------------------------------------------------------

    def file_name(self) -> str:
        """The name a saved copy is offered under: ``<event>-<kind>[-round-N].pdf``."""
        kind, number, _paper = self.built_for or self.chosen()
        stem = f"{self.context.event_id or 'clubdesk'}-{kind}"
        return f"{stem}-round-{number}.pdf" if number is not None else f"{stem}.pdf"

    def save_document(self) -> Path | None:
        """Save as PDF: ask for a file and write the document on show to it."""
        if self.data is None:
            return None
        chosen = self.ask_file(self, self.file_name())
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        try:
            path.write_bytes(self.data)
        except OSError as exc:
            QMessageBox.warning(
                self, "Save as PDF", sentence(f"{path} cannot be written ({exc.strerror or exc})")
            )
            return None
        self.status.setText(f"Saved {path}.")
        return path

    def print_document(self) -> None:
        """Print: the system's print dialog, then the pages sent off the window's thread."""
        if self.data is None or self.job is not None:
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.file_name().removesuffix(".pdf"))
        if not self.ask_printer(printer, self):
            return
        data = self.data
        self.printer = printer
        self.status.setText("Printing…")
        self.job = run_in_background(
            self.context,
            lambda: print_pdf(data, printer),
            progress=self.progress,
            on_done=self._printed,
            on_refused=self._print_refused,
            parent=self,
        )
        self._enable()

    def _printed(self, pages: int) -> None:
        self.job = None
        self.status.setText(f"Sent {pages} page{'s' if pages != 1 else ''} to the printer.")
        self._enable()

    def _print_refused(self, error: UserError) -> None:
        self.job = None
        self.status.setText(plain_words(error))
        self._enable()
