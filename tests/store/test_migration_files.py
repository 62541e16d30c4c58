"""The released migration steps (``clubdesk/store/migrations/NNNN.sql``) never change.

Each file's SHA-256 is held here: a released step is in the databases of every club that
ran it, and ``store/integrity.py`` judges a file by the schema the steps make, so a step
changed would make their files look changed outside clubdesk. A change to the schema is a
new step at the end (docs/architecture.md). The files run in order on an empty database,
one after another, and the messages the code names are raised word for word by them.
"""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from importlib import resources

import pytest

from clubdesk.store import errors
from clubdesk.store.integrity import schema_in
from clubdesk.store.migrations import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    migrate,
    schema_version,
    step_files,
)

# Add a line here for a new step; never change a line that is here.
RELEASED = {
    "0001.sql": "dcb1a64982d53d84bcfdb02459023d80e253cb5b2f214064f1a9da9fe72ea36f",
    "0002.sql": "473ce77a46d479aac481bc593ab949c526b36ade07998bb5ee9ce42b534eab9e",
    "0003.sql": "19e0284a2a50c9d65a1d763eae1edf84c274d867b4a106db0f340a44f4a31bda",
    "0004.sql": "f3f77f1c85728896893c7e41971141061057b539f41b7d6bd8668f1fdf8ec4a7",
    "0005.sql": "d976118d68ee23e11bdf2fe4de45dbb8c498ceda0e7e4c2ecdaed2c2aeb505b1",
    "0006.sql": "6b5ec8d5fbba48e0a41c60e3b6c359fb277cb390b82a46c8ed7b6ec52db6c42f",
    "0007.sql": "97cfedf8c25116f2e52ddc0fc4427437a1f0173896f475f3f351156dc2a4c8ec",
    "0008.sql": "9357f1ea6e564bd3d6245b097d1cb21ab35a3730bd3507364ff9000fb363704e",
    "0009.sql": "9bc2e585c202f137b52be865b4d783e51071a688ac7574b249a2f0623a87419b",
    "0010.sql": "27f732248f3f5ee31a9d87cdc050c42ddfc93a5c9274ff46668ce1c037c8501f",
    "0011.sql": "b0b6eb4d7a43aef813d421f3bff828d2fbbe9caa1b52c5d3224f644aae0c7500",
    "0012.sql": "0711275220b8739c9a4d27afe73b5325fefc1df2e764025c7534639c5e1f0f63",
    "0013.sql": "5e9de96c1a777dfa7b37972166b30e93f07aeb785703b2d22afabd84ceab5946",
    "0014.sql": "ef122cf1ff8aa2d890812325f8ca94c77ab7392ec16c553156de9b40df266bbf",
    "0015.sql": "fbc96ae1c507aec23ccb97e0b09612f38bb98efaa9bf3bd147e7564bac2c3710",
    "0016.sql": "23d8ebdf2844686ebae509db160fa1af1b49165972a9cb00e2b28c1a67f38715",
    "0017.sql": "76709c9e07b0f5d64c400dcd9c86b0e573ecee9a29571323ca3f2184cd21c405",
    "0018.sql": "ce63ad1efd131fae93b78c2c16ed293d4fafb40df687365103351b79d4372c0f",
    "0019.sql": "bddfdcd195ce90b46220a6d59bfa9439bacdec351fe5472aecbfd7132e90d0a2",
}

# The schema each version makes (SHA-256 of its sqlite_master as store/integrity.py reads
# it), as the steps made it when they were still built by Python: a database of any
# version keeps being recognised as clubdesk's own. A new step adds its version here.
SCHEMAS = {
    1: "198a14a8883fc6a5e891701571ba50cd710b17893f489531d07105c0813836b6",
    2: "5ad11e37403bec5d1c3d6f300afd0a75bc3360c41d72a43aa942a9d99b354284",
    3: "6e163a3d157f85b7907a708a39ec0d9b1befb368a28f993de7bba2b67b26fc0c",
    4: "8e973e161d0c099359a4128ab78f1f2b6a70489b76799b571be4b804fa9a2693",
    5: "9f3f33abf251c0d136eb7627be048a1dff91f14fb1233d287731adb75803f3c1",
    6: "6f8321a091ce8ccfb73dd6692d1227169c6d1b5e8e82beb0876086af2141e7f7",
    7: "71f09358cc245dd60762e6941c3ad60b3dcd6702210e2466154e1fda5640e6b7",
    8: "2e442c93cadfa87cf0b33d0f7829f1f48723f01f13e323781aea5598cd7d979b",
    9: "8eae76b23455ed4ae2f51b5b56a8188fd9f487b837ed1847d1a6e8e0e6ca1bad",
    10: "e91100ec0cf443f1d59fb79a98821ca1d914c7206fc72d42a42370b078be5b35",
    11: "2f69df903fec775585494f476cbb52b046684014f299f78268900c8a61de6a5e",
    12: "715d6669b0e5a466cb44354b3612d3dace0f1a44c664a445dd3ea77ca1cc77bb",
    13: "0d9b0fba71de7598a35047833a7df946b3fa60e126cd664650f9914db990f9d3",
    14: "2a771e65292bcb812da9e66c8889494f51c0678df5462c7c311f63fbb59ae597",
    15: "edc200f4cf0825b7538d55d69650e8d8a584e0abaee4174207303fd4f60763a1",
    16: "b65dc300e2db2dc2c8c3b5e3f42e1f6c52b87d23ccb244ff99ebfd2356e5b601",
    17: "59d12d22ebe7487d1bc13796842832777e4f492248682735c2fa005f73ec9f4b",
    18: "bf75aa7f76e2bf37bdd98f71e8f052bb3ac2d50d46f986192b4f94d89675b9b3",
    19: "5afb4533357d15ec91228321f79c5e79cafa9b699ed5ec4be37d4778f9ca82c3",
}

# each message the code names, and the steps whose triggers raise it
RAISED_BY = {
    errors.SHEET_LOCKED: {"0001.sql"},
    errors.OVERWRITE_REFUSED: {
        "0006.sql",
        "0008.sql",
        "0009.sql",
        "0011.sql",
        "0013.sql",
        "0016.sql",
    },
    errors.PAYOUTS_FINAL: {"0008.sql"},
}


def read_bytes(name: str) -> bytes:
    """A step's file as it runs: read as text, so a checkout with CRLF line ends is the same."""
    data = (resources.files("clubdesk.store.migrations") / name).read_bytes()
    return data.replace(b"\r\n", b"\n")


def test_the_steps_are_numbered_from_0001_without_a_gap() -> None:
    assert step_files() == [f"{n:04d}.sql" for n in range(1, len(step_files()) + 1)]


def test_the_schema_version_is_the_number_of_steps() -> None:
    assert SCHEMA_VERSION == len(step_files()) == len(MIGRATIONS)


def test_every_step_has_its_checksum_here() -> None:
    new = [name for name in step_files() if name not in RELEASED]
    assert new == [], (
        f"{', '.join(new)}: a new step; add its SHA-256 to RELEASED in this test as it is "
        "released (docs/architecture.md, Adding a migration step)"
    )
    assert sorted(RELEASED) == step_files()[: len(RELEASED)]
    assert sorted(SCHEMAS) == list(range(1, SCHEMA_VERSION + 1)), (
        "a new step: add the schema of its version to SCHEMAS in this test"
    )


@pytest.mark.parametrize("name", sorted(RELEASED))
def test_a_released_step_never_changes(name: str) -> None:
    found = hashlib.sha256(read_bytes(name)).hexdigest()
    assert found == RELEASED[name], (
        f"clubdesk/store/migrations/{name} was released and has changed. Databases already "
        "made by it keep the old text: put it back as it was, and make the change as a new "
        "step at the end (a new NNNN.sql, with models.py changed with it)."
    )


def test_the_steps_are_the_files_in_order() -> None:
    assert tuple(read_bytes(name).decode("utf-8") for name in step_files()) == MIGRATIONS


def test_every_step_runs_in_order_on_an_empty_database() -> None:
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        for version in range(1, len(MIGRATIONS) + 1):
            assert migrate(conn, MIGRATIONS[:version]) == version - 1
            assert schema_version(conn) == version
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_each_file_runs_alone_through_sqlite_with_its_comments() -> None:
    # the files are plain SQLite scripts: the sqlite3 shell could run them one by one
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        for name in step_files():
            conn.executescript(read_bytes(name).decode("utf-8"))
        alone = schema_in(conn)
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        migrate(conn)
        assert schema_in(conn) == alone


@pytest.mark.parametrize("version", sorted(SCHEMAS))
def test_each_version_makes_the_schema_it_always_made(version: int) -> None:
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:version])
        found = hashlib.sha256(repr(sorted(schema_in(conn))).encode()).hexdigest()
    assert found == SCHEMAS[version]


def test_every_step_opens_with_a_comment_saying_what_it_does() -> None:
    for number, name in enumerate(step_files(), start=1):
        assert read_bytes(name).decode("utf-8").startswith(f"-- Step {number}: "), name


@pytest.mark.parametrize("message", sorted(RAISED_BY))
def test_a_message_the_code_names_is_raised_word_for_word(message: str) -> None:
    quoted = message.replace("'", "''")
    raised = f"RAISE(ABORT, '{quoted}')"
    found = {name for name in step_files() if raised in read_bytes(name).decode("utf-8")}
    assert found == RAISED_BY[message]
