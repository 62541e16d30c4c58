"""The event database: SQLite through SQLModel, with migrations, locks and backups.

Each name is imported from the module that owns it (``clubdesk.store.db`` opens a file,
``clubdesk.store.errors`` holds the errors); docs/architecture.md, "The layers".
"""
