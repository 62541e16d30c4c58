"""The count line, the Draw page's note and the status bar agree with the seating published."""

from __future__ import annotations

from clubdesk.services import field_note
from clubdesk.services.changes import changes_of
from clubdesk.services.command import Desk
from clubdesk.services.registration import RegisterEntrant, register
from clubdesk.services.seating import publish_seating
from tests import builder


def test_a_late_team_without_a_place_is_said_alike_everywhere(make_window, db, clock):
    event = builder.event(db, clock, "grand-prix-pinochle", entrants=15)
    builder.draw(db, event, clock, seed=4)
    builder.publish(db, event, 1, clock)
    builder.start(db, event, 1, clock)
    window = make_window(db)
    assert window.summary_label.text() == "15 entrants · 0 paid · 7 tables · 1 bye"
    for number in (16, 17):
        done = register(
            Desk(db, event, clock),
            RegisterEntrant([f"Late{number} A", f"Late{number} B"], number=number),
        )
        window.context.publish(changes_of(done))
    note = field_note.field_note(db, event)
    assert note.text == (
        "round 1 as published: 7 tables, 1 bye; team 16 joining from round 2; team 17 cannot "
        "be seated: registered after the draw, and this movement has no free place for it"
    )
    count = "17 entrants · 0 paid · 7 tables · 1 bye · 1 not seated"
    assert window.summary_label.text() == count
    assert window.players_page.summary_text() == count
    assert window.draw_page.notes_label.text().endswith(
        "•  Round 1 as published: 7 tables, 1 bye; team 16 joining from round 2; team 17 "
        "cannot be seated: registered after the draw, and this movement has no free place "
        "for it."
    )

    published = publish_seating(Desk(db, event, clock), 2)  # round 1's sheets are not needed
    window.context.publish(changes_of(published))
    count = "17 entrants · 0 paid · 8 tables · 1 not seated"
    assert window.summary_label.text() == count
    assert window.players_page.summary_text() == count
    assert "Round 2 as published: 8 tables, no bye; team 17 cannot be seated" in (
        window.draw_page.notes_label.text()
    )
