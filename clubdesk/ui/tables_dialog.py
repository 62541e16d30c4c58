"""View > Tables on phones…: the window serves the tables' pages to phones on the club's network
(docs/cli.md, "The tables' pages"), opt-in.

The director picks one of this laptop's addresses and a port and starts serving; the dialog
then shows the hall page's address with its QR code and each table's link for the round being
played. The server (``web/server.py``) runs on a thread of its own and never holds up the
window; what a phone changes (a hand kept as a draft, a sheet submitted) reaches the window's
pages through ``ChangeBridge``, gathered into one reading however many arrive together. The
address and port chosen are kept in the window's settings. Serving stops when the director
says so, another database or event is opened, or the window closes; where it was serving as
the window closed is kept for the database, and the window opening that database and event
again serves there again (a port taken meanwhile is said in the status bar).

The status bar says whether the window serves, where, and to how many phones (those that
asked for a page in the last minute, read on each second's tick), or nothing when it does
not; its tooltip tells what it is, and a click opens View > Tables on phones….
"""

from __future__ import annotations

import gc
import threading
from typing import TYPE_CHECKING

import segno
from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QCursor, QImage, QMouseEvent, QPixmap
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.services import board, links
from clubdesk.services.changes import Change
from clubdesk.ui.context import UiContext, database_key
from clubdesk.ui.players.entry import plural
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.elided_label import ElidedLabel
from clubdesk.web import DEFAULT_PORT

if TYPE_CHECKING:  # the server and its web stack load when serving starts
    from clubdesk.store.db import Database
    from clubdesk.web.server import TablesServer

HOST_KEY, PORT_KEY = "phones/host", "phones/port"
SERVED_KEY = "phones/served"  # per database: where its event was served as the window closed
QR_PIXELS = 220
SEEN_S = 60  # a phone is counted while it asked for a page within this
NOT_SERVING = "Phones: not serving"
SERVING_TIP = (
    "The tables' pages, served from this window to the phones on the club's network; "
    "a phone is counted while it asked for a page in the last minute. "
    "Click for the address, its QR code and each table's link (View > Tables on phones…)."
)
PROBLEM_TIP = (
    "The tables' pages could not be served at the address and port chosen last. "
    "Click to choose another address or port (View > Tables on phones…)."
)


def laptop_addresses() -> list[str]:
    """This laptop's IPv4 addresses, those phones could reach first, this laptop alone last."""
    found = [
        a.toString()
        for a in QNetworkInterface.allAddresses()
        if a.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol
    ]
    outside = [a for a in found if not a.startswith("127.")]
    return [*dict.fromkeys(outside), "127.0.0.1"]


def qr_pixmap(text: str, pixels: int = QR_PIXELS) -> QPixmap:
    """``text`` as a QR code (segno), black on white with its quiet zone, about ``pixels``
    square."""
    rows = segno.make(text, error="m").matrix
    border = 4
    count = len(rows) + 2 * border
    image = QImage(count, count, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    black = QColor("black").rgb()
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.setPixel(x + border, y + border, black)
    scale = max(1, pixels // count)
    return QPixmap.fromImage(image.scaled(count * scale, count * scale))


class ChangeBridge(QObject):
    """What the server's thread changed, handed to the window's thread: the first change
    starts a short wait (``GATHER_MS``), and everything that arrives meanwhile is read in one
    go, so a burst of phones costs the window one reading, not one per request. The clock's
    watch reads it off the window's thread (``ui/off_thread.py``); while the pages on
    show read, the window holds ``turn`` when it is free (the server's next write waits), and
    never waits for the call under way: a reading never waits for a write."""

    arrived = Signal()
    GATHER_MS = 300

    def __init__(self, context: UiContext, parent: QObject | None = None):
        super().__init__(parent)
        self.context = context
        self.turn = threading.Lock()
        self._lock = threading.Lock()
        self._pending = Change.NONE
        self.gather = QTimer(self)
        self.gather.setSingleShot(True)
        self.gather.setInterval(self.GATHER_MS)
        self.gather.timeout.connect(self._deliver)
        self.arrived.connect(self.gather.start, Qt.ConnectionType.QueuedConnection)

    def tell(self, change: Change) -> None:
        """Called on the server's thread."""
        with self._lock:
            first = not self._pending
            self._pending |= change
        if first:
            self.arrived.emit()

    def _deliver(self) -> None:
        with self._lock:
            change, self._pending = self._pending, Change.NONE
        took = self.turn.acquire(blocking=False)  # never waits for the call under way
        try:
            self.context.publish(change, from_server=True)
        finally:
            if took:
                self.turn.release()

    def stop(self) -> None:
        """Serving stopped: what is still gathered is read now."""
        self.gather.stop()
        self._deliver()


class PhonesLabel(ElidedLabel):
    """The status bar's word on the tables' pages; a click on it is ``clicked``."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent=parent)
        self.setObjectName("statusPhones")
        self.setAccessibleName("Tables on phones")
        self.setCursor(QCursor(Qt.CursorShape.PointingHandCursor))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.clicked.emit()


class TablesDialog(QDialog):
    """Start and stop serving, the address and its QR code, the round's links."""

    def __init__(self, serving: TablesServing, parent: QWidget | None = None):
        super().__init__(parent)
        self.serving = serving
        self.setWindowTitle("Tables on phones")
        self.host = QComboBox()
        self.host.setAccessibleName("Address")
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setAccessibleName("Port")
        self.start_button = PushButton("&Start serving")
        self.stop_button = PushButton("S&top")
        self.status = set_role(QLabel(), "hint")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr = QLabel()
        self.qr.setFixedSize(QR_PIXELS + 20, QR_PIXELS + 20)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.links = QPlainTextEdit()
        self.links.setReadOnly(True)
        self.links.setMinimumWidth(420)
        self.close_button = QPushButton("Close")
        form = QGridLayout()
        form.addWidget(QLabel("&Address:"), 0, 0)
        form.addWidget(self.host, 0, 1)
        form.addWidget(QLabel("&Port:"), 0, 2)
        form.addWidget(self.port, 0, 3)
        form.addWidget(self.start_button, 0, 4)
        form.addWidget(self.stop_button, 0, 5)
        for label, buddy in ((form.itemAtPosition(0, 0), self.host),
                             (form.itemAtPosition(0, 2), self.port)):  # fmt: skip
            widget = label.widget() if label is not None else None
            if isinstance(widget, QLabel):
                widget.setBuddy(buddy)
        shown = QHBoxLayout()
        shown.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignTop)
        side = QVBoxLayout()
        side.addWidget(QLabel("Each table's link for this round (the QR code on its table card):"))
        side.addWidget(self.links, 1)
        shown.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addLayout(shown, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self.start_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.close_button.clicked.connect(self.accept)
        self.fill()

    def fill(self) -> None:
        """The addresses to choose from (the one chosen before first) and what is served."""
        chosen, port = self.serving.chosen()
        addresses = laptop_addresses()
        if chosen not in addresses:
            addresses.insert(0, chosen)
        self.host.clear()
        self.host.addItems(addresses)
        self.host.setCurrentText(chosen)
        self.port.setValue(port)
        self.show_state(self.serving.problem)

    def start(self) -> None:
        problem = self.serving.start(self.host.currentText(), self.port.value())
        self.show_state(problem)

    def stop(self) -> None:
        self.serving.stop()
        self.show_state()

    def show_state(self, problem: str = "") -> None:
        """The address served and its QR code, the round's links; or why nothing is."""
        running = self.serving.running
        self.start_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        self.host.setEnabled(not running)
        self.port.setEnabled(not running)
        address = self.serving.address if running else ""
        if problem:
            self.status.setText(problem)
        elif running:
            self.status.setText(
                f"Serving at {address}  (the hall page: clock, seating, standings). "
                "Phones on the club's Wi-Fi open each table's link below."
            )
        else:
            self.status.setText("Not serving. Pick this laptop's address on the club's Wi-Fi.")
        self.qr.setPixmap(qr_pixmap(address) if address else QPixmap())
        self.links.setPlainText(self.serving.links_text() if running else "")


class TablesServing:
    """The View menu's Tables on phones…, and the one server it runs for the window.

    What the window holds when serving begins is left out of Python's full garbage
    collections (``gc.freeze``), as what it was made of is once it opened (``ui/app.py``):
    a full collection holds every thread, and over all the window's objects it took 60 to
    130 ms, on the window's thread or the server's, in a burst of phones
    (``benchmarks/README.md``). It stays out when serving stops: Python cannot give back
    part of what it froze, and giving back all of it would put the whole window in the
    full collections again.
    """

    def __init__(
        self,
        window: QMainWindow,
        context: UiContext,
        menu: QMenu,
        settings: QSettings | None = None,
    ):
        self.window, self.context, self.settings = window, context, settings
        self.bridge = ChangeBridge(context, window)
        self.server: TablesServer | None = None
        self.served: tuple[Database, str] | None = None  # the database and event served
        self.address = ""
        self.problem = ""  # why the last start was refused ("": it was not)
        self.looked_at: Database | None = None  # the database whose kept serving was looked at
        self.dialog: TablesDialog | None = None
        self.action = menu.addAction("&Tables on phones…")
        self.action.triggered.connect(self.open_dialog)
        self.label = PhonesLabel(window)  # the window puts it in its status bar
        self.label.hide()
        self.label.clicked.connect(self.open_dialog)
        context.changed.connect(self._changed)

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def chosen(self) -> tuple[str, int]:
        """The address and port chosen last time (else this laptop's first address)."""
        host = str(self.settings.value(HOST_KEY, "") or "") if self.settings else ""
        port = self.settings.value(PORT_KEY, DEFAULT_PORT) if self.settings else DEFAULT_PORT
        try:
            number = int(str(port))
        except ValueError:
            number = DEFAULT_PORT
        return host or laptop_addresses()[0], number

    def open_dialog(self) -> TablesDialog:
        if self.dialog is None:
            self.dialog = TablesDialog(self, self.window)
        self.dialog.fill()
        self.dialog.open()
        return self.dialog

    def start(self, host: str, port: int) -> str:
        """Serve the open event on ``host``:``port``; why it could not be, else ""."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return "Open an event first: the tables' pages serve the open event."
        self.stop()
        from clubdesk.web.app import TablesApp  # the web stack, only when serving
        from clubdesk.web.server import TablesServer

        app = TablesApp(db, event_id, self.context.clock, on_change=self.bridge.tell,
                        turn=self.bridge.turn)  # fmt: skip
        server = TablesServer(app, host, port)
        try:
            server.start()
            shown = f"[{host}]" if ":" in host else host
            self.address = links.keep_base_url(self.context.desk, f"http://{shown}:{server.port}/")
        except UserError as error:
            server.stop()
            self.problem = plain_words(error)
            self.show_status()
            return self.problem
        self.server, self.served = server, (db, event_id)
        gc.freeze()  # the class's docstring says why
        if self.settings is not None:
            self.settings.setValue(HOST_KEY, host)
            self.settings.setValue(PORT_KEY, port)
            kept = database_key(SERVED_KEY, db.path)
            for name, value in (("host", host), ("port", port), ("event", event_id)):
                self.settings.setValue(f"{kept}/{name}", value)
        self.show_status()
        return ""

    def stop(self, *, forget: bool = True) -> None:
        """Stop serving; ``forget``: not to serve again when the window next opens this
        database (the window closing keeps it for then)."""
        if self.server is not None:
            self.server.stop()
            self.bridge.stop()
            if forget and self.settings is not None and self.served is not None:
                self.settings.remove(database_key(SERVED_KEY, self.served[0].path))
        self.server, self.served, self.address, self.problem = None, None, "", ""
        self.show_status()

    def serve_again(self) -> None:
        """Serve where the open database's event was served as the window last closed, if
        it was (once: a refusal is shown and the place forgotten)."""
        db, event_id = self.context.db, self.context.event_id
        if self.settings is None or db is None or event_id is None:
            return
        kept = database_key(SERVED_KEY, db.path)
        host, port, event = (self.settings.value(f"{kept}/{name}") for name in
                             ("host", "port", "event"))  # fmt: skip
        self.settings.remove(kept)
        if host is None or event != event_id or not str(port).isdigit():
            return
        self.start(str(host), int(str(port)))

    def show_status(self) -> None:
        """The status bar's word: serving where and to how many phones; why serving could
        not start; or nothing."""
        if self.running and self.server is not None:
            phones = self.server.app.rate.clients_within(SEEN_S)
            count = f" · {plural(phones, 'phone')}"
            text = f"Phones: serving at {self.address.rstrip('/')}{count}"
            # where the bar is short of room the address gives way: "Phones:… · 3 phones"
            self.label.keeps, self.label.tail, tip = len("Phones:"), len(count), SERVING_TIP
        elif self.problem:
            text = f"{NOT_SERVING}: {self.problem}"
            self.label.keeps, self.label.tail, tip = len(NOT_SERVING), 0, PROBLEM_TIP
        else:
            text = tip = ""
        self.label.setText(text)
        self.label.setToolTip(f"{text}\n{tip}" if text else "")
        self.label.setVisible(bool(text))

    def links_text(self) -> str:
        """``Table 1  http://…/t/TOKEN`` for each table of the round being played."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None:
            return ""
        try:
            number = board.board(db, event_id).round_number
            if number is None:
                return "No round is seated yet."
            found = links.round_links(self.context.desk, number)
        except UserError as error:
            return plain_words(error)
        lines = [f"Round {number}"]
        lines += [f"Table {link.table}   {link.url or link.token}" for link in found.tables]
        return "\n".join(lines)

    def _changed(self, change: Change) -> None:
        db = self.context.db
        if self.running and (db, self.context.event_id) != self.served:
            self.stop()  # another database or event: its tables are not served from here
        elif db is not None and db is not self.looked_at and self.context.event_id is not None:
            self.looked_at = db  # the first event opened on this database
            self.serve_again()
        if not self.running:
            return
        if self.dialog is not None and self.dialog.isVisible() and change & (
            Change.SEATING | Change.EVENT | Change.CLOCK
        ):  # fmt: skip
            self.dialog.show_state()
