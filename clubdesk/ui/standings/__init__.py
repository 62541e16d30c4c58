"""The Standings page: the standings, the leaders' chart, tie-breaks recorded."""
