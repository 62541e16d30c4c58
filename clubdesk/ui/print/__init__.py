"""The Print page: the event's documents previewed, printed or saved."""
