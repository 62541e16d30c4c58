"""The command line contract (docs/cli.md): exit 0 on success, 2 and one line on bad input."""

import json
from pathlib import Path

import pytest

from clubdesk import __version__, paths
from tests.cli.helpers import clubdesk

RULES = paths.bundled_rules_dir()


def test_version() -> None:
    code, out, _ = clubdesk("--version")
    assert code == 0 and out.strip() == f"clubdesk {__version__}"


def test_rules_list_shows_all_six_formats() -> None:
    code, out, _ = clubdesk("rules", "list")
    assert code == 0
    ids = [line.split("\t")[0] for line in out.splitlines()]
    assert sorted(ids) == sorted(
        [
            "grand-prix-pinochle",
            "grand-prix-warmup",
            "npa-club-pinochle",
            "sun-city-west-pinochle",
            "house-gin",
            "bid-whist",
        ]
    )
    assert "grand-prix-pinochle\tGrand Prix Pinochle" in out.splitlines()


def test_rules_list_includes_the_users_own_files() -> None:
    own = (RULES / "house-gin.toml").read_text().replace('id = "house-gin"', 'id = "our-gin"')
    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    (paths.user_rules_dir() / "our-gin.toml").write_text(own)
    code, out, _ = clubdesk("rules", "list")
    assert code == 0 and "our-gin\t" in out


def test_a_rules_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    # Notepad saves "UTF-8" with a byte order mark; TOML itself takes none
    own = (RULES / "grand-prix-warmup.toml").read_text(encoding="utf-8")
    own = own.replace('id = "grand-prix-warmup"', 'id = "our-warmup"')
    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    saved = paths.user_rules_dir() / "our-warmup.toml"
    saved.write_text(own, encoding="utf-8-sig")
    assert clubdesk("rules", "check", str(saved)) == (0, f"{saved}: ok (our-warmup: Grand Prix "
                                                         "Warm-up)\n", "")  # fmt: skip
    code, out, err = clubdesk("rules", "list")
    assert code == 0 and "our-warmup\t" in out and err == ""
    event = {"format": "clubdesk-event/1", "id": "warmup", "name": "Friday warm-up",
             "date": "2024-03-08", "rules": "our-warmup", "entrants": [], "rounds": [],
             "ledger": []}  # fmt: skip
    source = tmp_path / "event.json"
    source.write_text(json.dumps(event), encoding="utf-8")
    db = tmp_path / "club.sqlite"
    assert clubdesk("import", source, "--db", db).code == 0
    code, out, err = clubdesk("schedule", "--db", db)  # the event's own copy of the file, read
    assert (code, err) == (0, "") and len(json.loads(out)["rounds"]) == 4


def test_rules_check_accepts_a_good_file() -> None:
    code, out, err = clubdesk("rules", "check", str(RULES / "bid-whist.toml"))
    assert code == 0 and out.strip().endswith("ok (bid-whist: Bid Whist)") and err == ""


def test_rules_check_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "club.toml"
    text = (RULES / "house-gin.toml").read_text().replace("target = 120", "target = 0")
    bad.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("target = 0"))
    code, out, err = clubdesk("rules", "check", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == f"{bad}:{line}: gin.target: must be greater than or equal to 1"


def test_unknown_command_is_one_line_exit_2() -> None:
    code, out, err = clubdesk("shuffle")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "invalid choice: 'shuffle'" in err


def test_unknown_rules_id_is_one_line_exit_2() -> None:
    code, _, err = clubdesk("score-hand", "--rules", "pinochel", stdin="{}")
    assert code == 2 and err.strip() == (
        "clubdesk: rules: no format with id 'pinochel' (see `clubdesk rules list`)"
    )


@pytest.mark.parametrize("stdin", ["", "{not json", "[1, 2"])
def test_bad_json_on_stdin(stdin: str) -> None:
    code, _, err = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=stdin)
    assert code == 2 and err.startswith("clubdesk: stdin") and len(err.strip().splitlines()) == 1


def test_rules_check_on_a_missing_file(tmp_path: Path) -> None:
    code, _, err = clubdesk("rules", "check", str(tmp_path / "none.toml"))
    assert code == 2 and "no such rules file" in err


def test_rules_list_names_a_users_file_with_a_mistake() -> None:
    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    broken = paths.user_rules_dir() / "our-club.toml"
    broken.write_text((RULES / "house-gin.toml").read_text().replace("target = 120", "target = 0"))
    code, out, err = clubdesk("rules", "list")
    assert code == 0 and "house-gin\t" in out and "our-club" not in out
    assert err.startswith(f"skipped {broken}:") and "gin.target: must be greater" in err


def test_rules_check_reads_the_refunds_setting(tmp_path: Path) -> None:
    # bid whist's seed: "No refunds on entry/tournament fee - period!!!"
    text = (RULES / "bid-whist.toml").read_text()
    assert "\nrefunds = false " in text
    bad = tmp_path / "club.toml"
    bad.write_text(text.replace("refunds = false", 'refunds = "never"'))
    line = next(n for n, t in enumerate(bad.read_text().splitlines(), 1) if "never" in t)
    code, out, err = clubdesk("rules", "check", str(bad))
    assert code == 2 and out == ""
    assert err.strip().startswith(f"{bad}:{line}: money.refunds: must be a valid boolean")


def test_rules_check_refuses_a_next_day_after_the_last_round(tmp_path: Path) -> None:
    # seed 000: "ROUNDS 9, 10, 11 WILL BE PLAYED ON SUNDAY MORNING"; a copy cut to 7 rounds
    # that keeps the next morning from round 9 has no round 9
    bad = tmp_path / "club.toml"
    text = (RULES / "grand-prix-pinochle.toml").read_text().replace("rounds = 11", "rounds = 7")
    bad.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("next_day = "))
    code, out, err = clubdesk("rules", "check", str(bad))
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"{bad}:{line}: schedule.next_day[0].before_round: round 9 is after the last round "
        "(schedule.rounds = 7)"
    )


def test_rules_list_names_a_users_file_with_a_bundled_id_as_the_clubs_own() -> None:
    own = (RULES / "house-gin.toml").read_text().replace("target = 120", "target = 100")
    paths.user_rules_dir().mkdir(parents=True, exist_ok=True)
    ours = paths.user_rules_dir() / "our-gin.toml"
    ours.write_text(own)
    code, out, err = clubdesk("rules", "list")
    assert (code, err) == (0, "")
    note = "the club's own, in place of the bundled one"
    assert f"house-gin\tHouse Gin Rummy (Hollywood)\t{note}: {ours}" in out.splitlines()
    assert "bid-whist\tBid Whist" in out.splitlines()  # a bundled one as ever
    assert len(out.splitlines()) == 6
