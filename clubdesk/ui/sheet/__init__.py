"""A table's score sheet: its hands, signers, drafts, amendments and keys."""
