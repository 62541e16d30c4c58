"""The Rounds page: the board of tables, the clock's controls, the schedule, rulings."""
