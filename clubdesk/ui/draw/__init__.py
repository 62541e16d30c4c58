"""The Draw page: the round-1 draw, made or typed in from a physical one."""
