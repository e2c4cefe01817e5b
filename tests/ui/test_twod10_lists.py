"""2d10's lists as a new player meets them (issue 31, defect 8): Add skill offered only the
skills already on the sheet, and the custom skill's attribute list showed ids (int, ref,
toughness)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QDialog

from sheetapp.systems.twod10.collections import SKILLS
from sheetapp.systems.twod10.system import SYSTEM
from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.picker import PickerDialog
from ui.systems.collections_page import CollectionsPage

SOLDIER = REPO / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"


def test_the_picker_offers_the_skills_not_on_the_sheet() -> None:
    document = SYSTEM.new_document("New")  # the fragment's five skills, at 0
    assert SKILLS.offered_entries(document) == []
    del document.character.skills[0]  # Perception
    assert [entry.id for entry in SKILLS.offered_entries(document)] == ["perception"]


def test_add_skill_with_every_named_skill_on_the_sheet_asks_for_one_of_ones_own(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = window.open_path(SOLDIER)
    assert view is not None and isinstance(view.page, CollectionsPage)
    editor = view.page.editors["skills"]
    document = view.document.document
    named = {s.skill for s in document.character.skills if s.skill}
    asked: list[str] = []

    def run(dialog: QDialog) -> int:
        asked.append(type(dialog).__name__)
        if isinstance(dialog, PickerDialog):
            return 0
        combo = next(c for c in dialog.findChildren(QComboBox))
        labels = [combo.itemText(i) for i in range(combo.count())]
        # the attributes as the sheet names them, not their ids
        assert labels == ["INT", "REF", "INF", "BODY", "WILL", "SPIRIT", "REC", "Toughness"]
        return 0

    monkeypatch.setattr(QDialog, "exec", run)
    before = len(document.character.skills)
    # the soldier lacks some of the named skills: the picker offers just those
    assert not editor.add()
    missing = {"perception", "sneak_camouflage", "persuasion", "defense", "focus"} - named
    assert asked == (["PickerDialog"] if missing else ["FieldsDialog"])
    for skill_id in sorted(missing):
        assert editor.add(skill_id)
    asked.clear()
    assert not editor.add()  # every named skill is on the sheet: Custom Skill's form
    assert asked == ["FieldsDialog"]
    assert len(document.character.skills) == before + len(missing)
