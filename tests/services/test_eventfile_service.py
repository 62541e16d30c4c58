"""Importing and exporting event files, and restoring a database from a backup."""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from clubdesk.domain.event.model import EventError
from clubdesk.domain.eventfile.eventfile import event_to_json
from clubdesk.errors import UserError
from clubdesk.services.command import Desk, list_audit
from clubdesk.services.eventfile import (
    ImportResult,
    check_event_file,
    current_event_ids,
    export_event,
    import_event,
)
from clubdesk.services.events import NewEvent, create_event, list_events
from clubdesk.services.restore import restore_database
from clubdesk.store.db import Database, open_database
from clubdesk.store.errors import DatabaseError
from clubdesk.store.models import EventArchive, Game, Hand, LedgerEntry
from tests.formats import lookup

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"
MST = dt.timezone(dt.timedelta(hours=-7))


def read(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def small_gp() -> dict[str, Any]:
    return read("event_grand_prix_small.json")


def digest(db: Database) -> tuple[str, str]:
    """The database file and its write-ahead log, byte for byte."""
    wal = Path(f"{db.path}-wal")
    return (
        hashlib.sha256(db.path.read_bytes()).hexdigest(),
        hashlib.sha256(wal.read_bytes()).hexdigest() if wal.exists() else "",
    )


# --- files in all six formats -----------------------------------------------------------------

GP_HANDS = [  # A 70, B 40; then A 46, B 78: totals A 116, B 118
    {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 40, "B": 20},
     "tricks": {"A": 30, "B": 20}},
    {"bidder": "B", "bid": 65, "marriage": True, "meld": {"A": 24, "B": 50},
     "tricks": {"A": 22, "B": 28}},
]  # fmt: skip
NPA_HANDS = [  # made: 64 to 42, each of the round's 8 hands
    {"bidder": "A", "bid": 60, "marriage": True, "meld": {"A": 34, "B": 22},
     "tricks": {"A": 30, "B": 20}},
] * 8  # fmt: skip
SCW_HANDS = [  # made: 27 to 16, each of the 6 deals
    {"bidder": "A", "bid": 20, "marriage": True, "meld": {"A": 12, "B": 6},
     "tricks": {"A": 15, "B": 10}},
] * 6  # fmt: skip
GIN_HANDS = [{"knocker": "A", "gin": True, "deadwood": {"A": 0, "B": 90}}] * 4  # 600 to 0
WHIST_TIED = [  # 9 to 9; the fifth hand gives the round to b
    {"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}},
    {"bidder": "B", "bid": 4, "kind": "no", "books": {"A": 3, "B": 10}},
    {"bidder": "A", "bid": 5, "kind": "cards", "books": {"A": 11, "B": 2}},
    {"bidder": "B", "bid": 5, "kind": "special", "books": {"A": 2, "B": 11}},
    {"bidder": "B", "bid": 4, "kind": "cards", "books": {"A": 2, "B": 11}},
]
TIEBREAK_HANDS = {
    "house-gin": [{"knocker": "B", "gin": False, "deadwood": {"A": 50, "B": 0}, "knock_card": 10}]
    * 2,
    "bid-whist": [{"bidder": "A", "bid": 4, "kind": "cards", "books": {"A": 10, "B": 3}}],
}
FORMATS = {  # rules id: (hands of a played game, entrants per side, entrants)
    "grand-prix-pinochle": (GP_HANDS, 1, 5),
    "grand-prix-warmup": (GP_HANDS, 1, 5),
    "npa-club-pinochle": (NPA_HANDS, 2, 9),
    "sun-city-west-pinochle": (SCW_HANDS, 2, 9),
    "house-gin": (GIN_HANDS, 1, 5),
    "bid-whist": (WHIST_TIED, 1, 5),
}


def format_file(rules_id: str) -> dict[str, Any]:
    """Two rounds of an event in this format: hands, a typed score, an adjustment, an award,
    a bye, signatures, tie-breaks where the format breaks ties, and every kind of money."""
    hands, size, count = FORMATS[rules_id]
    team = size == 1 and rules_id not in ("house-gin",)
    entrants = []
    for n in range(1, count + 1):
        entrant: dict[str, Any] = {"number": n, "name": f"Entrant {n}", "paid_cents": 2500}
        entrant["players"] = [f"North {n}", f"South {n}"] if team else [f"Player {n}"]
        entrants.append(entrant)
    entrants[-2]["status"] = "withdrawn"
    entrants[-3]["paid_cents"] = 0

    def side(*numbers: int) -> int | list[int]:
        return numbers[0] if size == 1 else list(numbers)

    rounds, day = [], "2011-10-22"
    for number in (1, 2):
        if size == 1:
            first, second = (side(1), side(2)), (side(3), side(4))
        else:
            first, second = (side(1, 3), side(2, 4)), (side(5, 7), side(6, 8))
        played = {
            "table": 1,
            "a": first[0],
            "b": first[1],
            "hands": copy.deepcopy(hands),
            "signatures": [
                {"role": "scorekeeper", "name": entrants[0]["players"][0],
                 "at": f"{day}T1{number}:05:00-07:00"},  # entrant 1, side a
                {"role": "countersign", "name": entrants[1]["players"][0],
                 "at": f"{day}T1{number}:06:00-07:00"},  # entrant 2, side b
            ],
        }  # fmt: skip
        if rules_id.startswith("grand-prix"):
            played["adjustments"] = [{"side": "a", "points": 100, "reason": "late"}]
            played["time_called"] = True  # two hands, then the clock's end of the round
        other: dict[str, Any] = {"table": 2, "a": second[0], "b": second[1]}
        if number == 1:
            other["score"] = {"a": 40, "b": 12}
        else:
            other["award"] = {"kind": "dq", "against": "b"}
        round_: dict[str, Any] = {"number": number, "games": [played, other], "byes": [count]}
        if rules_id in TIEBREAK_HANDS and number == 2:
            round_["tiebreaks"] = [
                {"a": 2, "b": 4, "hands": copy.deepcopy(TIEBREAK_HANDS[rules_id])},
                {"a": 1, "b": 3, "winner": "b"},
            ]
        rounds.append(round_)
    ledger = [
        {"kind": "fee", "cents": 1000, "entrant": 2, "note": "part", "method": "cash",
         "at": "2011-10-22T09:01:00-07:00"},
        {"kind": "fine", "cents": 25, "entrant": 3, "note": "set"},
        {"kind": "fee", "cents": 1500, "entrant": 2, "note": "rest", "method": "check",
         "at": "2011-10-22T09:30:00Z"},
        {"kind": "added", "cents": 5000, "entrant": None, "note": "sponsor", "method": "other"},
        {"kind": "expense", "cents": 700, "entrant": None, "note": "trophies"},
        {"kind": "refund", "cents": 2500, "entrant": count - 1, "note": "left early",
         "method": "cash", "at": "2011-10-22T10:00:00-07:00"},
        {"kind": "fee", "cents": 300, "entrant": None, "note": "spectators"},
    ]  # fmt: skip
    if not lookup(rules_id).money.refunds:  # bid whist: "No refunds on entry/tournament fee"
        ledger = [row for row in ledger if row["kind"] != "refund"]
    return {
        "format": "clubdesk-event/1",
        "id": f"{rules_id}-2011",
        "name": f"{rules_id} night",
        "date": "2011-10-22",
        "venue": "Elks Lodge",
        "rules": rules_id,
        "settings": {"entry_fee_cents": 2500, "return_percent": 90},
        "entrants": entrants,
        "rounds": rounds,
        "ledger": ledger,
    }  # fmt: skip


@pytest.mark.parametrize("rules_id", list(FORMATS))
def test_export_import_export_gives_the_same_file_in_every_format(
    rules_id: str, db: Database, tmp_path: Path, clock
) -> None:
    data = format_file(rules_id)
    canonical = event_to_json(check_event_file(data))
    import_event(Desk(db, None, clock), data)
    first = export_event(db, data["id"])
    assert first == canonical  # exactly the file that went in, every field written out
    text = json.dumps(first, indent=2, ensure_ascii=False)
    with open_database(tmp_path / "other.sqlite", backups=tmp_path / "backups") as other:
        import_event(Desk(other, None, clock), json.loads(text))
        again = json.dumps(export_event(other, data["id"]), indent=2, ensure_ascii=False)
    assert again == text


def test_the_six_format_files_carry_every_kind_of_fact() -> None:
    for rules_id in FORMATS:
        event = check_event_file(format_file(rules_id))
        games = [game for round_ in event.rounds for game in round_.games]
        assert all(r.byes for r in event.rounds)
        assert any(game.hands for game in games) and any(game.signatures for game in games)
        assert any(game.award for game in games)
        kinds = {e.kind for e in event.ledger} | ({"refund"} if rules_id == "bid-whist" else set())
        assert kinds == {"fee", "fine", "added", "expense", "refund"}  # bid whist: no refund
        assert any(r.tiebreaks for r in event.rounds) == (rules_id in TIEBREAK_HANDS)
    gp = check_event_file(format_file("grand-prix-pinochle"))
    assert gp.rounds[0].games[0].adjustments


# --- import -------------------------------------------------------------------------------------


def test_an_import_says_what_it_wrote_and_is_audited(db: Database, clock) -> None:
    result = import_event(Desk(db, None, clock), small_gp())
    assert result == ImportResult(
        event_id="gp-mini-2011",
        entrants=7,
        rounds=3,
        games=9,
        hands=2,
        ledger_rows=10,  # 6 entry fees as paid_cents + the file's 4 rows
        replaced=None,
    )
    [entry] = list_audit(db, "gp-mini-2011")
    assert (entry.action, entry.at) == ("event.import", clock.now())
    assert entry.details["games"] == 9 and entry.details["replaced"] is None


def test_sheets_with_a_result_are_submitted_and_locked(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    with db.session() as session:
        games = session.exec(select(Game).order_by(Game.id)).all()
    assert len(games) == 9 and all(g.submitted_at is not None for g in games)
    # a signed sheet was submitted when it was last signed; others when it was imported
    assert games[5].submitted_at == dt.datetime(2011, 10, 22, 12, 32, tzinfo=MST)
    assert games[0].submitted_at == clock.now()
    with (
        pytest.raises(UserError, match="A submitted score sheet is final"),
        db.session() as session,
    ):
        session.connection().exec_driver_sql("UPDATE game SET score_a = 1")


def test_a_score_from_the_hands_is_stored_with_the_sheet(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    with db.session() as session:
        [game] = session.exec(select(Game).where(Game.id == 1)).all()
        hands = session.exec(select(Hand).where(Hand.game_id == 1)).all()
    assert (game.score_a, game.score_b) == (116, 218)  # hands 116 : 118, + 100 late
    assert [h.number for h in hands] == [1, 2]


def test_paid_cents_is_money_in_the_ledger_once(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    with db.session() as session:
        fees = session.exec(
            select(LedgerEntry).where(LedgerEntry.kind == "fee").order_by(LedgerEntry.id)
        ).all()
    # entrant 1's fee is itemized in the file's ledger; the others come from paid_cents
    assert [(f.entrant_id, f.cents, f.from_paid_cents) for f in fees] == [
        (2, 5000, True),
        (3, 5000, True),
        (4, 5000, True),
        (5, 5000, True),
        (6, 5000, True),
        (7, 5000, True),
        (1, 5000, False),
    ]
    assert [e["paid_cents"] for e in export_event(db, "gp-mini-2011")["entrants"]] == [5000] * 7


def test_a_file_without_a_date_needs_one_given(db: Database, clock) -> None:
    data = read("event_interface_example.json")
    with pytest.raises(EventError) as caught:
        import_event(Desk(db, None, clock), data)
    assert caught.value.problems == [
        'date: the event file has no date; add one (e.g. "date": "2011-10-22") '
        "or give it with --date"
    ]
    result = import_event(Desk(db, None, clock), data, date=dt.date(2011, 10, 22))
    assert export_event(db, result.event_id)["date"] == "2011-10-22"
    with pytest.raises(EventError, match="the event file says 2011-10-22, but the date given"):
        check_event_file(small_gp(), date=dt.date(2011, 10, 23))


def spoil(change: Any) -> dict[str, Any]:
    data = small_gp()
    change(data)
    return data


def game(data: dict[str, Any], round_index: int, game_index: int) -> dict[str, Any]:
    return data["rounds"][round_index]["games"][game_index]


BAD_FILES = {
    "unknown rules id": (
        lambda d: d.update(rules="pinochel"),
        "rules: no format with id 'pinochel' (see `clubdesk rules list`)",
    ),
    "duplicate entrant numbers": (
        lambda d: d["entrants"][1].update(number=1),
        "entrants: number 1 appears twice",
    ),
    "unknown entrant number": (
        lambda d: game(d, 0, 1).update(b=12),
        "rounds[0].games[1] (round 1, table 2): b = 12 is not an entrant's number",
    ),
    "an entrant twice in one round": (
        lambda d: game(d, 0, 1).update(b=1),
        "round 1: entrant 1 plays twice (tables 1 and 2)",
    ),
    "a score that is not a number": (
        lambda d: game(d, 0, 1).update(score={"a": "five hundred", "b": 310}),
        "rounds[0].games[1] (round 1, table 2): score a = 'five hundred' is not a number",
    ),
    "hands whose score disagrees": (
        lambda d: game(d, 0, 0).update(score={"a": 116, "b": 118}),
        "rounds[0].games[0] (round 1, table 1): the hands and adjustments give a 116, b 218 "
        "but the score says a 116, b 118",
    ),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_is_refused_and_changes_nothing(kind: str, db: Database, clock) -> None:
    import_event(
        Desk(db, None, clock), read("event_interface_example.json"), date=dt.date(2011, 1, 1)
    )
    before = digest(db)
    change, message = BAD_FILES[kind]
    with pytest.raises(EventError) as caught:
        import_event(Desk(db, None, clock), spoil(change))
    assert message in caught.value.problems
    assert digest(db) == before
    assert current_event_ids(db) == ["gp-2011"]


def test_an_event_id_already_there_is_refused_unless_replaced(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    before = digest(db)
    with pytest.raises(
        UserError,
        match="^id: event 'gp-mini-2011' is already in this database; use --replace to replace it$",
    ):
        import_event(Desk(db, None, clock), small_gp())
    assert digest(db) == before


def test_replace_archives_the_old_event_with_every_row(db: Database, clock) -> None:
    old = small_gp()
    import_event(Desk(db, None, clock), old)
    old_file = export_event(db, "gp-mini-2011")
    new = small_gp()
    new["name"] = "Grand Prix (corrected)"
    clock.advance(minutes=10)
    result = import_event(Desk(db, None, clock), new, replace=True)
    assert result.replaced == "gp-mini-2011--replaced-1"
    assert export_event(db, "gp-mini-2011")["name"] == "Grand Prix (corrected)"
    kept = export_event(db, "gp-mini-2011--replaced-1")
    assert kept == {**old_file, "id": "gp-mini-2011--replaced-1"}
    assert current_event_ids(db) == ["gp-mini-2011"]
    assert [e.id for e in list_events(db)] == ["gp-mini-2011"]
    with db.session() as session:
        [archive] = session.exec(select(EventArchive)).all()
        assert (archive.event_id, archive.original_id, archive.archived_at) == (
            "gp-mini-2011--replaced-1",
            "gp-mini-2011",
            clock.now(),
        )
    import_event(Desk(db, None, clock), small_gp(), replace=True)
    assert current_event_ids(db) == ["gp-mini-2011"]
    assert "gp-mini-2011--replaced-2" in {e.event_id for e in list_audit(db)}
    actions = [(e.action, e.event_id) for e in list_audit(db)]
    assert actions[:3] == [
        ("event.import", "gp-mini-2011"),
        ("event.archive", "gp-mini-2011--replaced-1"),
        ("event.import", "gp-mini-2011"),
    ]
    with closing(sqlite3.connect(db.path)) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_an_event_made_in_the_window_exports_and_is_replaced(db: Database, clock) -> None:
    created = create_event(
        Desk(db, None, clock),
        NewEvent(
            name="Warm-up", date=dt.date(2011, 10, 21), venue="", rules_id="grand-prix-warmup"
        ),
    )
    exported = export_event(db, created.id)
    assert exported["entrants"] == [] and exported["rounds"] == []
    result = import_event(
        Desk(db, None, clock), {**exported, "name": "Warm-up night"}, replace=True
    )
    assert result.replaced == f"{created.id}--replaced-1"
    assert sorted(current_event_ids(db)) == [created.id]


def test_export_of_an_unknown_event_names_it(db: Database) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'nope'$"):
        export_event(db, "nope")


def test_a_sheet_being_filled_in_exports_the_score_its_hands_give(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    with db.session() as session:  # a new round: the sheet has two hands, no score yet
        conn = session.connection()
        conn.exec_driver_sql("INSERT INTO round (event_id, number, status) VALUES (?, 4, ?)",
                             ("gp-mini-2011", "running"))  # fmt: skip
        round_id = conn.exec_driver_sql("SELECT max(id) FROM round").scalar()
        conn.exec_driver_sql(f"INSERT INTO game (round_id, table_number) VALUES ({round_id}, 1)")
        game_id = conn.exec_driver_sql("SELECT max(id) FROM game").scalar()
        for seat, side, entrant in ((1, "a", 1), (2, "b", 2)):
            conn.exec_driver_sql(
                "INSERT INTO game_seat (game_id, side, seat, entrant_id) VALUES (?, ?, ?, ?)",
                (game_id, side, seat, entrant),
            )
        for number, hand in enumerate(GP_HANDS, start=1):
            conn.exec_driver_sql(
                "INSERT INTO hand (game_id, number, data) VALUES (?, ?, ?)",
                (game_id, number, json.dumps(hand)),
            )
    exported = export_event(db, "gp-mini-2011")
    sheet = exported["rounds"][3]["games"][0]
    assert sheet["score"] == {"a": 116, "b": 118} and len(sheet["hands"]) == 2
    assert check_event_file(exported).rounds[3].games[0].score is not None


def test_an_amended_score_stands_and_is_exported_as_an_amendment(db: Database, clock) -> None:
    import_event(Desk(db, None, clock), small_gp())
    with db.session() as session:
        session.connection().exec_driver_sql(
            "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) "
            "VALUES (1, 'score_b', '218', '228', 'Director Dee', 'adding error', ?)",
            (clock.now().isoformat(),),
        )
    exported = export_event(db, "gp-mini-2011")
    sheet = exported["rounds"][0]["games"][0]
    assert sheet["score"] == {"a": 116, "b": 228}
    assert sheet["adjustments"] == [{"side": "b", "points": 100, "reason": "late"}]
    assert sheet["amendments"] == [
        {
            "at": clock.now().isoformat(),
            "director": "Director Dee",
            "reason": "adding error",
            "before": {"score": {"a": 116, "b": 218}, "winner": None},
            "score": {"a": 116, "b": 228},
            "winner": None,
        }
    ]
    check_event_file(exported)  # hands + adjustments + the amendment give the score


# --- restore ------------------------------------------------------------------------------------


def test_restore_puts_a_backup_in_place_and_keeps_the_database_it_replaces(
    tmp_path: Path, clock
) -> None:
    path, backups = tmp_path / "club.sqlite", tmp_path / "backups"
    with open_database(path, backups=backups) as db:
        import_event(Desk(db, None, clock), small_gp())
        saved = db.backup_to(tmp_path / "saved.sqlite")
        import_event(
            Desk(db, None, clock), read("event_interface_example.json"), date=dt.date(2011, 1, 1)
        )
    saved_bytes = saved.read_bytes()
    result = restore_database(saved, path, clock, backups=backups)
    assert saved.read_bytes() == saved_bytes  # the backup itself is never changed
    assert result.previous_kept_as is not None and result.previous_kept_as.parent == backups
    with open_database(path, backups=backups) as db:
        assert current_event_ids(db) == ["gp-mini-2011"]
    with open_database(result.previous_kept_as, backups=backups) as kept:
        assert sorted(current_event_ids(kept)) == ["gp-2011", "gp-mini-2011"]


def test_restore_refuses_a_file_that_is_not_a_database(tmp_path: Path, clock) -> None:
    path, backups = tmp_path / "club.sqlite", tmp_path / "backups"
    with open_database(path, backups=backups) as db:
        import_event(Desk(db, None, clock), small_gp())
    before = path.read_bytes()
    not_a_database = tmp_path / "notes.sqlite"
    not_a_database.write_text("shopping list" * 20)
    with pytest.raises(DatabaseError) as caught:
        restore_database(not_a_database, path, clock, backups=backups)
    assert str(caught.value) == (
        f"{not_a_database} is not a clubdesk database (it is not an SQLite file)."
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite", "notes.sqlite"]


def test_restore_refuses_while_the_database_is_open(tmp_path: Path, clock) -> None:
    path, backups = tmp_path / "club.sqlite", tmp_path / "backups"
    with open_database(path, backups=backups) as db:
        saved = db.backup_to(tmp_path / "saved.sqlite")
        with pytest.raises(DatabaseError, match="is open in another clubdesk window"):
            restore_database(saved, path, clock, backups=backups)
    with pytest.raises(UserError, match="no such file"):
        restore_database(tmp_path / "none.sqlite", path, clock, backups=backups)
