"""Rules files: every shipped format loads; every kind of mistake names its line."""

from pathlib import Path

import pytest

from clubdesk import paths
from clubdesk.domain.formats import available_formats, load_rules, load_rules_file, parse_rules
from clubdesk.domain.rules import RulesError
from clubdesk.errors import UserError

FORMATS = {
    "grand-prix-pinochle",
    "grand-prix-warmup",
    "npa-club-pinochle",
    "sun-city-west-pinochle",
    "house-gin",
    "bid-whist",
}
GP_TEXT = (paths.bundled_rules_dir() / "grand-prix-pinochle.toml").read_text()


def spoil(old: str, new: str) -> str:
    assert old in GP_TEXT, old
    return GP_TEXT.replace(old, new, 1)


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def problems(text: str) -> list[str]:
    with pytest.raises(RulesError) as caught:
        parse_rules(text, "club.toml")
    return caught.value.problems


def test_every_shipped_format_loads(tmp_path: Path) -> None:
    found = {info.id: info for info in available_formats(extra_dirs=[tmp_path])}
    assert set(found) == FORMATS
    for info in found.values():
        rules = load_rules_file(info.path)
        assert rules.id == info.id == info.path.stem
        assert info.bundled


def test_grand_prix_values_match_rules_md() -> None:
    gp = load_rules("grand-prix-pinochle", extra_dirs=[])
    assert gp.unit == "team" and gp.schedule.rounds == 11
    assert (gp.schedule.round_minutes, gp.schedule.warning_minutes) == (60, 10)
    assert gp.schedule.break_minutes == 15
    assert [(m.after_round, m.minutes) for m in gp.schedule.meal_breaks] == [(2, 90), (5, 90)]
    # the seed: "rounds 3, 4, and 5 will be played after lunch", "6, 7, 8 after dinner"
    assert [m.name for m in gp.schedule.meal_breaks] == ["Lunch", "Dinner"]
    assert gp.schedule.first_round_at == "10:15"
    assert (gp.game_end.point_limit, gp.game_end.max_hands) == (500, 8)
    assert gp.standings.drop_lowest == 1
    assert (gp.penalties.late_minutes, gp.penalties.late_points) == (5, 100)
    assert gp.penalties.dq_minutes == 10 and gp.penalties.removed_award_points == 500
    assert gp.pinochle.trick_points == 50 and gp.pinochle.all_tricks_bonus == 250
    assert [(s.start, s.step) for s in gp.pinochle.bid_ladder] == [(50, 1), (60, 5)]


def test_warmup_is_four_rounds_twenty_dollars_no_drop() -> None:
    warmup = load_rules("grand-prix-warmup", extra_dirs=[])
    assert warmup.schedule.rounds == 4
    assert warmup.money.entry_fee_cents == 2000 and warmup.money.return_percent == 100
    assert warmup.standings.drop_lowest == 0
    assert warmup.pinochle == load_rules("grand-prix-pinochle", extra_dirs=[]).pinochle


def test_other_formats_hold_their_numbers() -> None:
    npa = load_rules("npa-club-pinochle", extra_dirs=[])
    assert npa.unit == "individual" and npa.seating.min_tables == 3
    assert [(s.start, s.step) for s in npa.pinochle.bid_ladder] == [(50, 1), (60, 5), (100, 10)]
    assert npa.pinochle.meld.jacks_around == (4, 40, 44, 80)
    scw = load_rules("sun-city-west-pinochle", extra_dirs=[])
    assert (scw.pinochle.trick_points, scw.pinochle.min_bid, scw.game_end.max_hands) == (25, 15, 6)
    gin = load_rules("house-gin", extra_dirs=[])
    assert (gin.gin.target, gin.gin.final_target, gin.gin.box_points) == (120, 150, 10)
    assert gin.cut.percent == 60 and gin.money.entry_fee_cents == 3000
    whist = load_rules("bid-whist", extra_dirs=[])
    assert whist.standings.rank_by == ("wins", "total")
    assert [(s.min_entrants, s.advance) for s in whist.cut.sizes][:3] == [
        (128, 64),
        (64, 32),
        (17, 16),
    ]


def test_toml_syntax_error_names_its_line() -> None:
    text = spoil("rounds = 11", "rounds = 11 12")
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, 'rounds = 11 12')}:")
    text = spoil("round_minutes = 60", "round_minutes")
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, 'round_minutes')}:")


def test_unknown_key_names_its_line() -> None:
    text = spoil("drop_lowest = 1", "drop_lowst = 1")
    (problem,) = problems(text)
    assert (
        problem
        == f"club.toml:{line_of(text, 'drop_lowst')}: standings.drop_lowst: unknown key (a typo?)"
    )


def test_wrong_type_names_its_line() -> None:
    text = spoil("min_bid = 50", 'min_bid = "fifty"')
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, 'fifty')}: pinochle.min_bid: must be")


def test_out_of_range_names_its_line() -> None:
    text = spoil("point_limit = 500", "point_limit = -5")
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, '-5')}: game_end.point_limit:")
    assert "greater than or equal to 0" in problem


def test_item_in_a_multiline_array_names_its_own_line() -> None:
    text = spoil("{ after_round = 5, minutes = 90,", "{ after_round = 5, minutes = 0,")
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, 'minutes = 0,')}: schedule.meal_breaks[1]")


def test_bad_choice_lists_the_choices() -> None:
    text = spoil('movement = "stationary-rotating"', 'movement = "rotate"')
    (problem,) = problems(text)
    assert f":{line_of(text, 'rotate')}: seating.movement: must be one of" in problem
    assert "'winners-stay'" in problem


def test_missing_section_is_reported() -> None:
    text = spoil("[game_end]", "[game_endd]")
    found = problems(text)
    assert f"club.toml:{line_of(text, '[game_endd]')}: game_endd: unknown key (a typo?)" in found


def test_missing_required_section_names_it() -> None:
    start = GP_TEXT.index("[pinochle]")
    found = problems(GP_TEXT[:start])
    assert any("needs a [pinochle] section" in p for p in found)


def test_cross_field_mistake_is_reported() -> None:
    text = spoil("drop_lowest = 1", "drop_lowest = 11")
    (problem,) = problems(text)
    assert problem.startswith(
        f"club.toml:{line_of(text, 'drop_lowest = 11')}: standings.drop_lowest"
    )


def test_payout_percentages_must_add_up() -> None:
    text = spoil("{ place = 3, percent = 20 }", "{ place = 3, percent = 25 }")
    (problem,) = problems(text)
    assert "add up to 105, not 100" in problem
    assert problem.startswith(f"club.toml:{line_of(text, 'payout = [')}: money.payout:")


def test_bid_ladder_must_start_at_min_bid() -> None:
    text = spoil("{ start = 50, step = 1 }", "{ start = 40, step = 1 }")
    assert any("bid_ladder must start at min_bid" in p for p in problems(text))


def test_every_mistake_is_reported_at_once() -> None:
    text = spoil("min_bid = 50", 'min_bid = "x"').replace("late_points = 100", "late_pts = 1")
    assert len(problems(text)) == 2


def test_missing_file_and_unknown_id(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="no such rules file"):
        load_rules_file(tmp_path / "absent.toml")
    with pytest.raises(UserError, match="no format with id 'whist'"):
        load_rules("whist", extra_dirs=[tmp_path])


def test_users_own_rules_files_are_listed(tmp_path: Path) -> None:
    own = GP_TEXT.replace('id = "grand-prix-pinochle"', 'id = "our-club"').replace(
        'title = "Grand Prix Pinochle"', 'title = "Our Club Night"'
    )
    (tmp_path / "our-club.toml").write_text(own)
    (tmp_path / "broken.toml").write_text("id = ")
    found = {info.id: info for info in available_formats(extra_dirs=[tmp_path])}
    assert found["our-club"].title == "Our Club Night" and not found["our-club"].bundled
    assert load_rules("our-club", extra_dirs=[tmp_path]).id == "our-club"
    assert len(found) == len(FORMATS) + 1


def test_event_settings_override_and_are_checked() -> None:
    gp = load_rules("grand-prix-pinochle", extra_dirs=[])
    changed = gp.with_settings({"entry_fee_cents": 3000, "drop_lowest": 0, "rounds": 9})
    assert changed.money.entry_fee_cents == 3000
    assert (changed.standings.drop_lowest, changed.schedule.rounds) == (0, 9)
    assert gp.money.entry_fee_cents == 5000  # the format itself is unchanged
    with pytest.raises(UserError, match="settings.colour: not a setting"):
        gp.with_settings({"colour": "red"})
    with pytest.raises(UserError, match="drop_lowest must be less than"):
        gp.with_settings({"drop_lowest": 11})
    with pytest.raises(UserError, match=r"settings.entry_fee_cents: must be"):
        gp.with_settings({"entry_fee_cents": "ten"})


def test_club_settings_of_a_game_can_be_changed_per_event() -> None:
    # docs/rules.md §6: no_trump_multiplier is a club setting, as are the two smallest cut sizes
    whist = load_rules("bid-whist", extra_dirs=[])
    assert whist.with_settings({"no_trump_multiplier": 2}).whist.no_trump_multiplier == 2
    sizes = [{"min_entrants": 9, "advance": 6}, {"min_entrants": 1, "advance": 2}]
    changed = whist.with_settings({"sizes": sizes})
    assert [(s.min_entrants, s.advance) for s in changed.cut.sizes] == [(9, 6), (1, 2)]
    gp = load_rules("grand-prix-pinochle", extra_dirs=[])
    with pytest.raises(
        UserError, match=r"settings.no_trump_multiplier: Grand Prix Pinochle has no \[whist\]"
    ):
        gp.with_settings({"no_trump_multiplier": 2})


def test_announcement_words_fill_in_only_the_round_and_the_minutes() -> None:
    gp = parse_rules(GP_TEXT, "gp.toml")
    assert gp.schedule.warning_words == "Ten minutes left in round {round}"
    text = spoil("Ten minutes left in round {round}", "Ten minutes left at table {table}")
    (problem,) = problems(text)
    assert problem.startswith(f"club.toml:{line_of(text, 'warning_words')}: ")
    assert "warning_words may fill in only {round} and {minutes}, not {table}" in problem
    text = spoil("Time in round {round}:", "Time in round {round:")
    (problem,) = problems(text)
    assert "time_words may fill in only {round} and {minutes}, not a stray brace" in problem


def test_a_time_of_day_that_is_not_one_is_named_in_words():
    with pytest.raises(UserError) as refused:
        load_rules("npa-club-pinochle").with_settings(
            {"round_minutes": 30, "first_round_at": "7pm"}
        )
    assert str(refused.value) == (
        "settings.first_round_at: '7pm' is not a time of day like 19:00 (24-hour HH:MM)"
    )


def test_rounds_with_a_clock_need_round_ones_start():
    with pytest.raises(UserError, match="first_round_at must be given when rounds have a clock"):
        load_rules("npa-club-pinochle").with_settings({"round_minutes": 30})
    timed = load_rules("npa-club-pinochle").with_settings(
        {"round_minutes": 30, "first_round_at": "19:00"}
    )
    assert timed.schedule.timed


def test_a_format_with_a_cut_drops_no_games():
    with pytest.raises(UserError, match="drop_lowest must be 0: the cut is made on every game"):
        load_rules("house-gin").with_settings({"drop_lowest": 1})


def test_a_rules_file_changed_or_mended_is_listed_as_it_is_now(tmp_path: Path) -> None:
    # the list of formats reads a file once while it stays as it was (domain/formats.py)
    own = tmp_path / "friday.toml"
    own.write_text(GP_TEXT.replace('id = "grand-prix-pinochle"', 'id = "friday"'))
    [friday] = [f for f in available_formats([tmp_path]) if f.id == "friday"]
    title = friday.title
    own.write_text(own.read_text().replace(f'title = "{title}"', 'title = "Friday Night"'))
    [friday] = [f for f in available_formats([tmp_path]) if f.id == "friday"]
    assert friday.title == "Friday Night"
    own.write_text(own.read_text().replace("[money]", "[mony]"))  # a typo: left out
    assert "friday" not in {f.id for f in available_formats([tmp_path])}
    own.write_text(own.read_text().replace("[mony]", "[money]"))  # mended: listed again
    assert "friday" in {f.id for f in available_formats([tmp_path])}


def test_a_schedule_entry_after_the_last_round_names_its_line() -> None:
    # seed 000: "ROUNDS 9, 10, 11 WILL BE PLAYED ON SUNDAY MORNING": in a copy cut to seven
    # rounds there is no round 9 for the next morning to start
    text = spoil("rounds = 11", "rounds = 7")
    (problem,) = problems(text)
    assert problem == (
        f"club.toml:{line_of(text, 'next_day = ')}: schedule.next_day[0].before_round: "
        "round 9 is after the last round (schedule.rounds = 7)"
    )
    text = spoil("rounds = 11", "rounds = 5")  # dinner after round 5 too: both named
    assert problems(text) == [
        f"club.toml:{line_of(text, 'Dinner')}: schedule.meal_breaks[1].after_round: no round "
        "follows round 5, the last round or past it (schedule.rounds = 5)",
        f"club.toml:{line_of(text, 'next_day = ')}: schedule.next_day[0].before_round: "
        "round 9 is after the last round (schedule.rounds = 5)",
    ]
    assert parse_rules(spoil("rounds = 11", "rounds = 9"), "club.toml").schedule.rounds == 9
    # an event that plays fewer rounds than its format keeps the schedule, never reached
    gp = load_rules("grand-prix-pinochle", extra_dirs=[])
    assert gp.with_settings({"rounds": 7}).schedule.next_day == gp.schedule.next_day


def test_every_bundled_format_scores_toward_a_season() -> None:
    # docs/rules.md "Seasons": each bundled file's [season] is the club's choice
    for format_id in FORMATS:
        season = load_rules(format_id, extra_dirs=[]).season
        assert season is not None and season.points[0] > 0 and season.season is None
    npa = load_rules("npa-club-pinochle", extra_dirs=[]).season
    assert (npa.points, npa.played, npa.best_of) == ((10, 8, 6, 5, 4, 3, 2, 1), 1, 10)


def test_a_season_table_defaults_played_and_best_of() -> None:
    text = GP_TEXT[: GP_TEXT.index("[season]")] + "[season]\npoints = [5, 3]\n"
    rules = parse_rules(text, "club.toml")
    assert (rules.season.points, rules.season.played, rules.season.best_of) == ((5, 3), 0, None)


def test_a_season_tables_mistakes_name_their_lines() -> None:
    def season(table: str) -> str:
        text = GP_TEXT[: GP_TEXT.index("[season]")]
        return text + "[season]\n" + table

    text = season("points = [10, 12]\nplayed = 1\n")
    assert problems(text) == [
        f"club.toml:{line_of(text, 'points = [10')}: season.points: points must not rise with "
        "place: place 2 scores 12, more than place 1 (10)",
    ]
    text = season("points = [10]\nplayed = -1\nbestof = 3\n")
    assert problems(text) == [
        f"club.toml:{line_of(text, 'played = -1')}: season.played: must be greater than or "
        "equal to 0",
        f"club.toml:{line_of(text, 'bestof')}: season.bestof: unknown key (a typo?)",
    ]
    text = season("points = []\nbest_of = 0\n")
    assert problems(text) == [
        f"club.toml:{line_of(text, 'points = []')}: season.points: must hold at least 1 value",
        f"club.toml:{line_of(text, 'best_of')}: season.best_of: must be greater than or equal to 1",
    ]
    text = season("played = 2\n")
    assert problems(text) == [f"club.toml:{line_of(text, '[season]')}: season.points: missing"]
    text = season('points = [10, "x"]\n')
    where = line_of(text, "points = [10")
    assert problems(text)[0].startswith(f"club.toml:{where}: season.points[1]")


def test_an_event_belongs_to_a_season_by_its_setting() -> None:
    npa = load_rules("npa-club-pinochle", extra_dirs=[])
    assert npa.with_settings({"season": "2027 spring"}).season.season == "2027 spring"
    with pytest.raises(UserError, match=r"^settings: season must be a name, not blank") as caught:
        npa.with_settings({"season": "  "})
    assert caught.value.field == "settings.season"
    bare = parse_rules(GP_TEXT[: GP_TEXT.index("[season]")], "club.toml")
    with pytest.raises(UserError, match=r"settings.season: Grand Prix Pinochle has no \[season\]"):
        bare.with_settings({"season": "2027 spring"})
