"""The Event page: the events in the file, a new one, its settings."""
