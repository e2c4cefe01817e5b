"""The level-up wizard and the Advancement dock through the real widgets.

Seed: ../shared/seeds/000_5bffb215164afb79.txt — "Each level up to and including the
Level Limit costs 1 GP/Level, up to and including double the Level Limit costs 2
GP/Level" (line 52); Armour's Level Limit is 5 (line 57). Capital:
../shared/seeds/003_740fba3ab4ba4f45.txt — the Lancer's HP "increases by 1d6 + FTD + 2
(minimum FTD + 6) each time you Level Up" (line 683).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QSpinBox, QWizard
from pytestqt.qtbot import QtBot

from sheetapp.core.issues import Severity
from sheetapp.editing.wording import without_line_notes
from sheetapp.storage.files import LoadedDocument, save_document
from sheetapp.systems.capital.system import SYSTEM as CAPITAL
from sheetapp.systems.gladiators.system import SYSTEM as GLADIATORS
from tests.advancement.helpers import ARMOUR, GLIDER, forty_gp_hero
from tests.capital.helpers import character
from ui.editor_view import EditorView
from ui.main_window import MainWindow
from ui.systems.gladiators.page import GladiatorsPage
from ui.wizard import LevelUpWizard
from ui.wizard.wizard import EARN, REVIEW, SPEND

RAISE = "Raise Kevlar Suit (Armour) to Level {}"
GLIDER_5 = "Raise Glider Wings (Movement) to Level 5"


def open_hero(window: MainWindow, tmp_path: Path) -> EditorView:
    window.advancement_dock.raise_()  # the ledger is replayed only while the dock shows
    path = tmp_path / "hero.json"
    save_document(forty_gp_hero(), path)
    view = window.open_path(path)
    assert view is not None
    return view


def start_wizard(window: MainWindow) -> LevelUpWizard:
    window.level_up_action.trigger()
    [wizard] = [w for w in window.findChildren(LevelUpWizard) if w.isVisible()]
    assert wizard.currentId() == EARN
    return wizard


def earn(wizard: LevelUpWizard, gp: int, label: str) -> None:
    wizard.earn_page.amounts["gp"].setValue(gp)
    wizard.earn_page.label.setText(label)
    wizard.next()
    assert wizard.currentId() == SPEND


def buy(wizard: LevelUpWizard, label: str) -> None:
    options = wizard.spend_page.options
    assert options.select(label), options.labels()
    assert options.buy.isEnabled()
    options.buy.click()


def gp(document_view: EditorView) -> tuple[int, int | None]:
    total = document_view.document.evaluation.total("gp")
    return total.spent, total.budget


def test_earn_five_gp_raise_armour_past_its_level_limit_commit_undo_redo(
    window: MainWindow, tmp_path: Path
) -> None:
    """40 GP hero earns 5 GP; Armour L4 → L7 shows 1 GP for Level 5, then the doubled
    2 GP a level past the Level Limit 5 (line 52); the review lists the change; Commit is
    one ledger entry and one undo step."""
    view = open_hero(window, tmp_path)
    assert gp(view) == (40, 40)
    wizard = start_wizard(window)
    earn(wizard, 5, "Session 1")
    spend = wizard.spend_page
    assert "40 / 45 GP" in spend.totals.text()

    options = spend.options
    assert options.select(RAISE.format(5))
    assert options.tree.currentItem().text(1) == "1 GP"  # type: ignore[union-attr]
    buy(wizard, RAISE.format(5))
    assert options.select(RAISE.format(6))
    assert options.tree.currentItem().text(1) == "2 GP"  # type: ignore[union-attr]
    assert "past the Level Limit 5: 2 GP a level" in options.explanation.text()
    buy(wizard, RAISE.format(6))
    buy(wizard, RAISE.format(7))
    assert "44 / 45 GP" in spend.totals.text()
    # the embedded editor page works on the copy; the open character is untouched
    assert gp(view) == (40, 40)
    assert view.document.undo_stack.count() == 0

    wizard.next()
    assert wizard.currentId() == REVIEW
    review = wizard.review_page
    assert review.row_texts() == [("Kevlar Suit (Armour): level", "4", "7", "+4 GP")]
    assert "Glory Points: 40 / 40 → 44 / 45 GP (1 GP unspent)" in review.totals.text()
    assert review.isComplete()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.committed

    document = view.document
    assert len(document.document.history) == 2
    assert document.document.history[1].label == "Session 1"
    assert document.document.character.abilities[ARMOUR].level == 7
    assert gp(view) == (44, 45)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText().startswith("Level up: Session 1")
    assert "#1" in window.advancement.tree.topLevelItem(1).text(0)  # type: ignore[union-attr]

    document.undo_stack.undo()
    assert document.document.history == []
    assert document.document.character.abilities[ARMOUR].level == 4
    assert gp(view) == (40, 40)
    assert window.advancement.tree.topLevelItemCount() == 0

    document.undo_stack.redo()
    assert len(document.document.history) == 2
    assert document.document.character.abilities[ARMOUR].level == 7
    assert gp(view) == (44, 45)


def test_undo_inside_the_wizard_stays_in_the_wizard(window: MainWindow, tmp_path: Path) -> None:
    view = open_hero(window, tmp_path)
    wizard = start_wizard(window)
    earn(wizard, 5, "")
    buy(wizard, RAISE.format(5))
    assert "41 / 45 GP" in wizard.spend_page.totals.text()
    wizard.spend_page.options.undo.click()
    assert "40 / 45 GP" in wizard.spend_page.totals.text()
    wizard.spend_page.options.redo.click()
    assert "41 / 45 GP" in wizard.spend_page.totals.text()
    assert view.document.undo_stack.count() == 0


def test_a_level_up_with_errors_cannot_be_finished(window: MainWindow, tmp_path: Path) -> None:
    """Armour to L9 costs 4 + 2×4 = 12 GP for levels, more than the 5 GP earned: the GP
    budget error shows on the review and Finish stays disabled."""
    view = open_hero(window, tmp_path)
    wizard = start_wizard(window)
    earn(wizard, 5, "Greedy")
    for level in range(5, 10):
        buy(wizard, RAISE.format(level))
    assert any(
        issue.severity is Severity.ERROR
        for issue in wizard.draft.working.evaluation.issues  # type: ignore[union-attr]
    )
    wizard.next()
    review = wizard.review_page
    assert wizard.currentId() == REVIEW
    assert not review.isComplete()
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    assert "Errors" in review.problems.text()
    assert not wizard.validateCurrentPage()
    assert view.document.document.history == []
    wizard.reject()


def test_new_warnings_need_an_explicit_accept(window: MainWindow, tmp_path: Path) -> None:
    """Adding Young (5 points) on the embedded editor page gives more disadvantage points
    than the advantages cost, a warning the hero did not have ("Points from disadvantages
    can only be spent on advantages", line 274): Commit needs "I accept these warnings"."""
    view = open_hero(window, tmp_path)
    wizard = start_wizard(window)
    earn(wizard, 5, "Growing up")
    page = wizard.spend_page.page
    assert isinstance(page, GladiatorsPage)
    assert page.add_trait("disadvantages", "young")
    assert view.document.document.character.disadvantages[-1].trait != "young"
    wizard.next()
    review = wizard.review_page
    assert review.result is not None
    assert [i.code for i in review.result.new_warnings] == ["gladiators.disadvantage_points_unused"]
    assert "New warnings" in review.problems.text()
    assert review.accept_warnings.isVisible()
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert not review.isComplete() and not finish.isEnabled()
    # the box has its Alt key, so the keyboard alone reaches it (Alt+A)
    assert review.accept_warnings.text().replace("&", "") == "I accept these warnings"
    assert QKeySequence.mnemonic(review.accept_warnings.text()) == QKeySequence("Alt+A")
    review.accept_warnings.setChecked(True)
    assert review.isComplete() and finish.isEnabled()
    finish.click()
    assert view.document.document.character.disadvantages[-1].trait == "young"
    assert view.document.document.history[1].earned == {"gp": 5}


def level_up_twice(window: MainWindow, tmp_path: Path, second_gp: int = 2) -> EditorView:
    """Session 1: +2 GP, Armour 4 → 5 (1 GP); session 2: +``second_gp``, Glider Wings
    4 → 5 (1 GP, within its Level Limit)."""
    view = open_hero(window, tmp_path)
    for label, gp_earned, option in (
        ("Session 1", 2, RAISE.format(5)),
        ("Session 2", second_gp, GLIDER_5),
    ):
        wizard = start_wizard(window)
        earn(wizard, gp_earned, label)
        buy(wizard, option)
        wizard.next()
        if wizard.review_page.accept_warnings.isVisible():
            wizard.review_page.accept_warnings.setChecked(True)
        wizard.button(QWizard.WizardButton.FinishButton).click()
        assert wizard.committed
    assert len(view.document.document.history) == 3
    return view


def test_revert_an_older_entry_replays_the_later_ones(window: MainWindow, tmp_path: Path) -> None:
    """Reverting session 1 (+2 GP, Armour 4 → 5) replays session 2 (+2 GP, Glider Wings
    4 → 5) on top: Armour is back at 4, the wings stay at 5, as one undoable step."""
    view = level_up_twice(window, tmp_path)
    panel = window.advancement
    asked: list[str] = []
    told: list[str] = []
    panel.inform = lambda _title, text: told.append(text)  # type: ignore[method-assign]
    panel.confirm = lambda _title, text: asked.append(text) or True  # type: ignore[method-assign]
    assert panel.select_entry(1)
    assert panel.revert_button.isEnabled()
    panel.revert_button.click()
    assert not told
    assert asked and "The 1 later entry is replayed" in asked[0]
    document = view.document
    assert [entry.label for entry in document.document.history] == ["Starting build", "Session 2"]
    assert document.document.character.abilities[ARMOUR].level == 4
    assert document.document.character.abilities[GLIDER].level == 5
    assert gp(view) == (41, 42)
    assert document.undo_stack.undoText().startswith("Revert entry 1 (")
    document.undo_stack.undo()
    assert len(document.document.history) == 3
    assert document.document.character.abilities[ARMOUR].level == 5


def test_a_refused_revert_names_the_entry_and_changes_nothing(
    window: MainWindow, tmp_path: Path
) -> None:
    """Session 1 earns 2 GP and spends 1 (Armour 4 → 5); session 2 earns nothing and spends
    the last GP (Glider Wings 4 → 5). Without session 1's GP, session 2 would overspend the
    40 GP budget: refused, entry 2 named, nothing changed."""
    view = level_up_twice(window, tmp_path, second_gp=0)
    document = view.document
    before = document.document.model_dump(mode="json")
    steps = document.undo_stack.count()
    panel = window.advancement
    told: list[str] = []
    panel.inform = lambda _title, text: told.append(text)  # type: ignore[method-assign]
    panel.confirm = lambda _t, _x: True  # type: ignore[method-assign]
    assert panel.select_entry(1)
    assert not panel.revert_current()
    assert told and "Reverting entry 1" in told[0]
    assert "Entry 2 (" in told[0] and '"Session 2") would break a rule' in told[0]
    assert document.document.model_dump(mode="json") == before
    assert document.undo_stack.count() == steps


def test_show_the_character_at_an_entry_opens_a_new_tab(window: MainWindow, tmp_path: Path) -> None:
    level_up_twice(window, tmp_path)
    panel = window.advancement
    assert panel.select_entry(0)
    assert panel.show_current()
    view = window.current_view()
    assert view is not None and view.document.path is None
    # the character keeps its name (it used to be renamed); the tab says which entry
    original = window.documents()[0].document.meta.name
    assert view.document.document.meta.name == original
    assert (
        view.document.title == f"{original} — at entry #0, {view.document.document.history[0].date}"
    )
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith(original)
    assert view.document.document.character.abilities[ARMOUR].level == 4
    assert len(view.document.document.history) == 1


def test_capital_levels_up_one_to_two_with_entered_dice(window: MainWindow, qtbot: QtBot) -> None:
    """The Lancer (FTD 6) enters a 4: max HP 16 → 16 + 4 + 6 + 2 = 28 (line 683); then
    takes Clear Mind (1 Slot) for a new Slot."""
    view = window.add_document(LoadedDocument(character("lancer"), CAPITAL), None)
    wizard = start_wizard(window)
    earned = wizard.earn_page.findChild(QLabel, "earned_level")
    assert isinstance(earned, QLabel) and earned.text() == "+1 Level (Level 1 → 2)"
    wizard.earn_page.label.setText("Chapter 1")
    wizard.next()
    spend = wizard.spend_page
    assert not spend.isComplete()
    dice = spend.findChild(QSpinBox, "dice_hp_0")
    assert isinstance(dice, QSpinBox)
    dice.setValue(4)
    assert spend.isComplete()
    assert "Max HP +12" in spend.dice.steps.text()  # type: ignore[union-attr]
    buy(wizard, "Take Clear Mind")
    wizard.next()
    rows = wizard.review_page.row_texts()
    assert ("Level", "1", "2", "0") in rows
    assert ("System Clear Mind", "—", "Clear Mind (Level 2)", "+1 Slots") in rows
    if wizard.review_page.accept_warnings.isVisible():
        wizard.review_page.accept_warnings.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    document = view.document.document
    assert document.character.level == 2
    assert [(r.dice, r.method) for r in document.character.hp_rolls] == [([4], "entered")]
    assert view.document.evaluation.total("hp").budget == 28
    assert document.history[1].earned == {"level": 1}
    assert view.document.undo_stack.count() == 1


def test_capital_roll_for_me_records_rolled_dice(window: MainWindow) -> None:
    view = window.add_document(LoadedDocument(character("lancer"), CAPITAL), None)
    wizard = start_wizard(window)
    wizard.next()
    wizard.spend_page.dice.roll.click()  # type: ignore[union-attr]
    dice = wizard.spend_page.findChild(QSpinBox, "dice_hp_0")
    assert isinstance(dice, QSpinBox) and 1 <= dice.value() <= 6
    wizard.next()
    if wizard.review_page.accept_warnings.isVisible():
        wizard.review_page.accept_warnings.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    [roll] = view.document.document.character.hp_rolls
    assert (roll.dice, roll.method) == ([dice.value()], "rolled")


def test_gladiators_system_keeps_its_declaration() -> None:
    """The wizard relies on the systems' declarations; both shapes are declared."""
    from sheetapp.advancement import advancement_of
    from sheetapp.advancement.spec import levelled

    assert levelled(advancement_of(GLADIATORS)) is None
    assert levelled(advancement_of(CAPITAL)) is not None


def test_level_up_is_in_the_character_menu_and_the_dock_catches_up_when_shown(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    """Character ▸ Level Up… (Ctrl+L); the Advancement dock, hidden behind Explain during
    the level-up, lists the new entry as soon as it is shown."""
    view = open_hero(window, tmp_path)
    assert window.level_up_action in window.character_menu.actions()
    assert window.level_up_action.shortcut().toString() == "Ctrl+L"
    window.explain_dock.raise_()
    qtbot.waitUntil(lambda: not window.advancement.shown)
    wizard = start_wizard(window)
    earn(wizard, 1, "Quiet week")
    buy(wizard, GLIDER_5)
    wizard.next()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert len(view.document.document.history) == 2
    assert window.advancement.tree.topLevelItemCount() == 0  # not replayed while hidden
    window.advancement_dock.raise_()
    qtbot.waitUntil(lambda: window.advancement.shown)
    tree = window.advancement.tree
    assert tree.topLevelItemCount() == 2
    assert tree.topLevelItem(1).text(0).endswith("Quiet week")  # type: ignore[union-attr]
    assert tree.topLevelItem(1).text(1) == "+1 GP"  # type: ignore[union-attr]


def test_the_command_line_levels_up_exactly_as_the_wizard(
    window: MainWindow, tmp_path: Path
) -> None:
    """``sheetapp level-up FILE --hp 4 --take clear_mind`` records the same ledger entry and
    character as the wizard with the same dice and choice (line 683: the Lancer's HP
    "increases by 1d6 + FTD + 2")."""
    import json

    from sheetapp.cli import main
    from sheetapp.storage.files import dump_document

    lancer = character("lancer")
    source = tmp_path / "lancer.json"
    source.write_bytes(dump_document(lancer))
    view = window.add_document(LoadedDocument(lancer, CAPITAL), None)
    wizard = start_wizard(window)
    wizard.earn_page.label.setText("Chapter 1")
    wizard.next()
    dice = wizard.spend_page.findChild(QSpinBox, "dice_hp_0")
    assert isinstance(dice, QSpinBox)
    dice.setValue(4)
    buy(wizard, "Take Clear Mind")
    wizard.next()
    if wizard.review_page.accept_warnings.isVisible():
        wizard.review_page.accept_warnings.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    args = ["level-up", str(source), "--hp", "4", "--take", "clear_mind", "--label", "Chapter 1"]
    assert main([*args, "--accept-warnings"]) == 0

    def comparable(raw: bytes) -> dict[str, object]:
        data = json.loads(raw)
        for entry in data["history"]:
            entry["id"] = "-"  # a new random id per entry
        return data

    assert comparable(source.read_bytes()) == comparable(dump_document(view.document.document))


def test_the_rules_are_shown_whole_on_the_first_page(window: MainWindow, tmp_path: Path) -> None:
    """The intro was a wizard subtitle, cut off mid-sentence; now a wrapped label."""
    from PySide6.QtWidgets import QLabel

    open_hero(window, tmp_path)
    wizard = start_wizard(window)
    label = wizard.earn_page.findChild(QLabel, "rules_text")
    assert label is not None and label.wordWrap()
    assert label.text() == without_line_notes(wizard.earn_page.draft.rules.rules_text)
    assert "(line" not in label.text()
    assert wizard.earn_page.subTitle() == ""
    wizard.reject()


def test_an_open_option_opens_the_declared_lists_editor(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'Add a superpower' (Power Sets) and 'Add a skill' (X-Men HERO) open the list's own
    Add in the wizard's page; they did nothing before."""
    from sheetapp.storage.examples import load_example
    from ui.tables.collection_editor import CollectionEditor

    added: list[tuple[str, ...]] = []
    monkeypatch.setattr(
        CollectionEditor, "add", lambda self, entry=None: added.append(self.collection.path)
    )
    for system_id, example, label in (
        ("powersets", "volt", "Add a superpower"),
        ("hero-xmen", "lodestar", "Add a skill"),
    ):
        path = tmp_path / f"{example}.json"
        save_document(load_example(system_id, example, window.registry).document, path)
        assert window.open_path(path) is not None
        wizard = start_wizard(window)
        wizard.next()
        options = wizard.spend_page.options
        assert options.select(label), options.labels()
        options.buy.click()
        wizard.reject()
    assert added == [("character", "superpowers"), ("character", "skills")]


def test_an_experience_option_runs_the_lists_roll(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Power Sets: "Roll the Magic experience checks" (line 414) runs the Magic list's own
    "Roll experience checks" on the wizard's working copy."""
    from sheetapp.storage.examples import load_example
    from ui.tables.collection_editor import CollectionEditor

    ran: list[str] = []
    monkeypatch.setattr(
        CollectionEditor, "run", lambda self, declared: ran.append(declared.title) or True
    )
    loaded = load_example("powersets", "volt", window.registry)
    loaded.document.character.magic_spells[0].checked = True
    path = tmp_path / "volt.json"
    save_document(loaded.document, path)
    assert window.open_path(path) is not None
    wizard = start_wizard(window)
    wizard.next()
    options = wizard.spend_page.options
    assert options.select("Roll the Magic experience checks"), options.labels()
    options.buy.click()
    wizard.reject()
    assert ran == ["Roll experience checks"]


def test_the_spend_pages_issues_say_where_in_the_windows_words(
    window: MainWindow, tmp_path: Path
) -> None:
    """The Spend page's issue list names each place as the main window's Issues panel
    does ("Kevlar Suit › Level"); its Where column was empty."""
    view = open_hero(window, tmp_path)
    wizard = start_wizard(window)
    earn(wizard, 5, "Session 1")
    spend = wizard.spend_page
    for level in (5, 6):
        buy(wizard, RAISE.format(level))
    model = spend.issues.model_
    assert model.issues
    places = [model.where(issue) for issue in model.issues]
    assert all(places), places
    assert any("Kevlar Suit" in place and "Level" in place for place in places), places
    assert view is not None
