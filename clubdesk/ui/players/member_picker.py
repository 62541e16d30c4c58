"""The club's members offered in the Players page's name fields as a few keys are typed.

Typing a member number or the first letters of a name offers the members it finds
(``services/members.py``'s ``MemberFinder``) in a list under the field; Down and Enter take
one: the field holds the member's name and the player is registered as that member
(``member_of``). Enter with none chosen is the field's Enter (the name as typed). A name
typed or changed by hand afterwards is a player the club does not know, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QLineEdit

from clubdesk.services.members import MemberFinder, MemberInfo

NAME_ROLE = Qt.ItemDataRole.UserRole + 1
NUMBER_ROLE = Qt.ItemDataRole.UserRole + 2
SHOWN = 8  # suggestions offered at once


class MemberPicker(QObject):
    """Members suggested in each name field ``attach`` is given; ``picked(number, name)``
    when one is taken, ``entered`` for Enter with none chosen."""

    picked = Signal(int, str)
    entered = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._finder = MemberFinder([])
        self._models: dict[QLineEdit, QStandardItemModel] = {}
        self._picked: dict[QLineEdit, tuple[int, str]] = {}
        self._edits: dict[QObject, QLineEdit] = {}  # each field by its list of suggestions

    def set_members(self, members: Sequence[MemberInfo]) -> None:
        self._finder = MemberFinder(members)

    def attach(self, edit: QLineEdit) -> None:
        model = QStandardItemModel(self)
        self._models[edit] = model
        # the suggestions are read before the completer looks at the text typed
        edit.textEdited.connect(lambda text: self._suggest(edit, text))
        completer = QCompleter(model, edit)
        completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        completer.setCompletionRole(NAME_ROLE)
        completer.setMaxVisibleItems(SHOWN)
        completer.activated[QModelIndex].connect(lambda index: self._take(edit, index))
        edit.setCompleter(completer)
        completer.popup().installEventFilter(self)  # before the completer's own: it runs first
        self._edits[completer.popup()] = edit

    def member_of(self, edit: QLineEdit) -> int | None:
        """The member the field's player is: the one taken, while the field holds their name."""
        taken = self._picked.get(edit)
        return taken[0] if taken is not None and edit.text() == taken[1] else None

    def suggestions(self, edit: QLineEdit) -> list[str]:
        """What the field's list offers now, top to bottom (``12 · Ann Smith``)."""
        model = self._models[edit]
        return [model.item(row).text() for row in range(model.rowCount())]

    def _suggest(self, edit: QLineEdit, text: str) -> None:
        model = self._models[edit]
        model.clear()
        for member in self._finder.suggest(text, SHOWN):
            item = QStandardItem(f"{member.number} · {member.name}")
            item.setData(member.name, NAME_ROLE)
            item.setData(member.number, NUMBER_ROLE)
            item.setEditable(False)
            model.appendRow(item)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter in the list with no member chosen closes it and is the field's Enter
        (``entered``), as if the list had not been there: the name as typed."""
        edit = self._edits.get(watched)
        if (
            edit is not None
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and isinstance(watched, QAbstractItemView)
            and not watched.selectionModel().hasSelection()
        ):
            watched.hide()
            self.entered.emit()
            return True
        return super().eventFilter(watched, event)

    def _take(self, edit: QLineEdit, index: QModelIndex) -> None:
        number, name = index.data(NUMBER_ROLE), index.data(NAME_ROLE)
        if number is None:
            return
        edit.setText(name)
        self._picked[edit] = (number, name)
        self.picked.emit(number, name)
