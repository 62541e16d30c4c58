"""The Money page: the ledger, the prize pool, the payout scheme and its prizes."""
