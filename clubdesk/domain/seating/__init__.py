"""Who sits where each round: the four movements of docs/rules.md.

- ``stationary-rotating`` (Grand Prix, bid whist preliminaries, §1 and §6):
  N/S teams never move; E/W teams move up one station a round, from the last
  table to the bye station (odd fields) and from there to table 1.
  ``stationary_rotating`` seats any round straight from the card draw, so a
  round can be reseated at any time, also after withdrawals: a withdrawn N/S
  team leaves its E/W visitor a bye for the round; a withdrawn E/W team
  leaves the N/S team at its station a bye; whoever is on the bye station
  sits out.
- ``winners-stay`` (NPA, §3): the winning pair stays, the losing pair moves
  to the next higher table (the last table's losers to table 1); the four at
  each table then draw cards for partners. Seats: the two high cards are
  partners in seats 1 (highest) and 3 (second), the two low cards in seats 2
  (third) and 4 (lowest).
- ``winners-down`` (Sun City West, §4): the higher-scoring pair moves to the
  next lower table (table 1's winners stay; table 1's losers go to the last
  table; every other table's losers stay); the two who stayed are split.
  Seats: the stayers take seats 1 and 2, the arrivals seats 3 and 4, each
  in the order they were listed in their pair the round before (seat 1 or 2
  before seat 3 or 4). So seat 1 (stayer) partners seat 3 (arrival) against
  seat 2 (stayer) and seat 4 (arrival).
- ``random-pairs`` (gin, §5): a random order, 1 plays 2, 3 plays 4, ...; an
  odd player out has a bye. Each "table" is a pair: ``a = (p1,)``,
  ``b = (p2,)``. In the rounds before the cut the pairs of the draw play
  again (``starting_pairs``): a player whose opponent withdrew has a bye, and
  a late entry cannot join (refused, naming the player). The rounds after
  the cut draw the players who advanced into new random pairs
  (``random_pairs``).

Sides: in team events ``a`` is the N/S team and ``b`` the E/W team; in
individual partnership events ``a`` = (seat 1, seat 3) and ``b`` = (seat 2,
seat 4). A result is given per table as the winning side, "a" or "b".
"""
