"""Errors that reach a user as one plain sentence, never as a traceback."""


class UserError(Exception):
    """Bad input or an unusable file, explained in words a club director reads.

    The message names the offending field, or ``FILE:LINE`` for a file.
    The command line prints it on one line and exits 2; the window shows it
    in a dialog.
    """
