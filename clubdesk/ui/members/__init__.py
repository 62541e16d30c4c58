"""The Members page: the club's members, kept across events."""
