"""The Season page: a season's standings over its events."""
