"""How many examples a property test (Hypothesis) tries, by the profile the run loads.

``quick`` (the quick run's, loaded by tests/conftest.py) tries a fifth of the examples a test
names, at least ten; ``thorough`` (``--hypothesis-profile thorough``, which CI's slow tier
gives: .ci/run) tries every one. A profile's ``max_examples`` is that share in percent, and the
count of a test that names none.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("quick", max_examples=20)
settings.register_profile("thorough", max_examples=100)


def load_quick() -> None:
    """The quick run's profile; a ``--hypothesis-profile`` given loads its own after this."""
    settings.load_profile("quick")


def examples(count: int) -> int:
    """``count`` examples in the thorough profile, a fifth of them (at least ten) in the quick
    one: ``@settings(max_examples=examples(100))``."""
    share = settings.default.max_examples
    return max(min(count, 10), count * share // 100)
