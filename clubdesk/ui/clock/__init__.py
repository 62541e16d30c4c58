"""The round clock for every page: its timers, its watch, the status bar, the chime."""
