"""Widgets more than one page uses (and the projector will): the table map, money and dates."""
