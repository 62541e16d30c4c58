"""The PySide6 window: widgets and wiring only (the only package that imports Qt).

Importing it first keeps ``None`` alive under PySide6 6.12 on Python 3.11
(``none_guard.py``): every part of the window, and every test of it, is covered.
"""

from clubdesk.ui.none_guard import keep_none_alive

keep_none_alive()
