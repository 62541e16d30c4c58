"""The window with a club's rules files that are hostile (nested too deep, huge, holding a
NUL): each is named as left out, and every other format is offered."""

from __future__ import annotations

from clubdesk import paths
from clubdesk.domain import formats

HOSTILE = {
    "deep.toml": "a = " + "[" * 5_000 + "]" * 5_000,
    "nul.toml": 'id = "x"\x00\n',
    "huge.toml": "# " + "x" * formats.RULES_FILE_MAX,
}


def test_hostile_rules_files_are_left_out_and_named_on_the_form(make_window, db):
    folder = paths.user_rules_dir()
    folder.mkdir(parents=True)
    for name, text in HOSTILE.items():
        (folder / name).write_text(text, encoding="utf-8")
    form = make_window(db).event_page.form
    offered = [form.format_combo.itemData(i) for i in range(form.format_combo.count())]
    assert offered == [info.id for info in formats.available_formats(extra_dirs=[])]
    assert form.skipped_note.isVisible()
    assert form.skipped_note.text().splitlines() == [
        f"Left out, it has a mistake: {folder / 'deep.toml'}:1: values nested too deep to be read",
        f"Left out, it has a mistake: {folder / 'huge.toml'}:1: larger than 1024 KB; "
        "not a rules file",
        f"Left out, it has a mistake: {folder / 'nul.toml'}:1: holds a NUL character; "
        "not a text file",
    ]
