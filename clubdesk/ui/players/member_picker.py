"""The club's members offered in the Players page's name fields as a few keys are typed.

Typing a member number or the first letters of a name offers the members it finds
(``services/members.py``'s ``MemberFinder``) in a list under the field; Down and Enter take
one: the field holds the member's name and the player is registered as that member
(``member_of``). A name typed or changed by hand afterwards is a player the club does not
know, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QCompleter, QLineEdit

from clubdesk.services.members import MemberFinder, MemberInfo

NAME_ROLE = Qt.ItemDataRole.UserRole + 1
NUMBER_ROLE = Qt.ItemDataRole.UserRole + 2
SHOWN = 8  # suggestions offered at once


class MemberPicker(QObject):
    """Members suggested in each name field ``attach`` is given; ``picked(number, name)``
    when one is taken."""

    picked = Signal(int, str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._finder = MemberFinder([])
        self._models: dict[QLineEdit, QStandardItemModel] = {}
        self._picked: dict[QLineEdit, tuple[int, str]] = {}

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

    def _take(self, edit: QLineEdit, index: QModelIndex) -> None:
        number, name = index.data(NUMBER_ROLE), index.data(NAME_ROLE)
        if number is None:
            return
        edit.setText(name)
        self._picked[edit] = (number, name)
        self.picked.emit(number, name)
