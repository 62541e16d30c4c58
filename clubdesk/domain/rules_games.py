"""What a rules file holds for each game: the ``[pinochle]`` section (its deck, bid
ladder, scoring choices and meld table), ``[gin]`` (Hollywood's targets, boxes and sudden
death) and ``[whist]`` (bid whist's books, bids and multiplier). docs/rules.md says what each
value means for the clubs' formats."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from clubdesk.domain.rules_fields import Section

# --- games --------------------------------------------------------------------------------


class BidStep(Section):
    """From ``start`` on, bids go up by ``step``."""

    start: int = Field(ge=1)
    step: int = Field(ge=1)


class MeldTable(Section):
    """Meld values; lists give single, double, triple, quadruple."""

    run: tuple[int, ...]
    royal_marriage: tuple[int, ...]
    marriage: tuple[int, ...]
    pinochle: tuple[int, ...]
    aces_around: tuple[int, ...]
    kings_around: tuple[int, ...]
    queens_around: tuple[int, ...]
    jacks_around: tuple[int, ...]
    round_house: tuple[int, ...] = ()
    nine_of_trump: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _check(self) -> MeldTable:
        for name in ("run", "royal_marriage", "marriage", "pinochle", "aces_around",
                     "kings_around", "queens_around", "jacks_around"):  # fmt: skip
            values = getattr(self, name)
            if not 1 <= len(values) <= 4 or any(v < 0 for v in values):
                raise ValueError(f"{name} needs 1 to 4 values, none negative")
        return self


class Pinochle(Section):
    deck: Literal["double", "single"]
    trick_points: int = Field(ge=1)
    last_trick_points: int = Field(ge=0)
    tricks_per_hand: int = Field(ge=1)
    min_bid: int = Field(ge=1)
    bid_ladder: tuple[BidStep, ...]
    max_bid: int | None = None
    meld_minimum: int = Field(default=0, ge=0)
    tricks_minimum: int = Field(default=0, ge=0)
    set_scoring: Literal["bid-to-opponents", "subtract-bid"]
    # a bidder without a marriage: the other side scores the bid, or the bidder is set; "off":
    # a format without the rule (Sun City West's seed has none), the hand scored as played
    no_marriage: Literal["bid-to-opponents", "bidder-set", "off"]
    short_meld_loses_bid: bool = False
    unplayable_bid_is_set: bool = False
    all_tricks_bonus: int = Field(default=0, ge=0)
    all_tricks_scoring: Literal["bonus-on-top", "replaces-tricks"] = "bonus-on-top"
    # "director": the bonus is paid when the sheet names the side (verified at the table);
    # "trick-points": a side with all the trick points gets it without being named
    all_tricks_by: Literal["director", "trick-points"] = "director"
    renege: Literal["bid-to-other-side", "set-offender", "tricks-to-other-side"]
    must_take_trick: bool = False
    dropped_bid_free: bool = False
    concede_allowed: bool = False
    meld: MeldTable

    @model_validator(mode="after")
    def _check(self) -> Pinochle:
        if not self.bid_ladder or self.bid_ladder[0].start != self.min_bid:
            raise ValueError("bid_ladder must start at min_bid")
        starts = [s.start for s in self.bid_ladder]
        if starts != sorted(set(starts)):
            raise ValueError("bid_ladder steps must start at increasing bids")
        if self.last_trick_points >= self.trick_points:
            raise ValueError("last_trick_points must be less than trick_points")
        return self


class Gin(Section):
    columns: int = Field(default=3, ge=1, le=5)
    target: int = Field(ge=1)
    final_target: int = Field(ge=1)
    box_points: int = Field(ge=0)
    undercut_multiplier: int = Field(default=2, ge=1)
    knock_limit: int = Field(default=10, ge=1, le=10)
    sudden_death_target: int = Field(ge=1)
    sudden_death_bonus: int = Field(default=1, ge=0)


class Whist(Section):
    books: int = Field(default=13, ge=1)
    book_base: int = Field(default=6, ge=0)
    min_bid: int = Field(ge=1)
    max_bid: int = Field(ge=1)
    kinds: tuple[Literal["cards", "special", "no"], ...] = ("cards", "special", "no")
    no_trump_multiplier: int = Field(default=1, ge=1)
    tiebreak_hand: bool = True

    @model_validator(mode="after")
    def _check(self) -> Whist:
        if self.max_bid < self.min_bid:
            raise ValueError("max_bid must be at least min_bid")
        if self.book_base + self.max_bid > self.books:
            raise ValueError("book_base + max_bid cannot exceed books")
        return self
