"""The Players page: registration, the entrants' list and the acts on one entrant."""
