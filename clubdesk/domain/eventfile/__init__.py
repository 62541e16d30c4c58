"""The event file's format (docs/event-file.md): reading, checking and writing it, above the
event's model and the results and money it is checked against."""
