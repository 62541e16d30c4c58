"""The projector: its window, its words and slides, and its View menu."""
