"""The play state is shown on the printable sheet and the play card, in every system."""

from __future__ import annotations

from sheetapp.core.document import Condition, Contact, SpentUse
from sheetapp.core.system import installed_systems
from sheetapp.playsheets import play_card_sheet
from sheetapp.sheet import KeyValueSection, build_sheet
from tests.play.helpers import example


def test_play_state_on_the_sheet_and_the_card() -> None:
    owl = example("gladiators", "night-owl")
    system = installed_systems().get("gladiators")
    assert build_sheet(system, owl, system.evaluate(owl)).section("play").empty
    owl.play.conditions.append(Condition(name="Out of action", effect="prone"))
    owl.play.contacts.append(Contact(target="Bob", dropping="dropped"))
    owl.play.uses.append(SpentUse(name="Power points spent", spent=3))
    for sheet in (
        build_sheet(system, owl, system.evaluate(owl)),
        play_card_sheet(system, owl, system.evaluate(owl)),
    ):
        section = sheet.section("play")
        assert isinstance(section, KeyValueSection)
        shown = [(entry.label, entry.value) for entry in section.entries]
        assert shown == [
            ("Condition", "Out of action"),
            ("Contact", "Bob, dropped: ends at the end of the next phase"),
            ("Power points spent", "3"),
        ]
