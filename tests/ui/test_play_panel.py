"""The Play tab, driven by the keyboard: Ctrl+R from anywhere in the character, the dice
typed, Enter, the result with its terms, the wound recorded with one undo, the session's
log copied as text (issue 36, "done when")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from tests.ui.conftest import REPO, SAMPLE
from ui.editor_view import EditorView
from ui.main_window import MainWindow
from ui.play_panel import PlayPanel

SOLDIER = REPO / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"


def _open(window: MainWindow, path: object) -> EditorView:
    view = window.open_path(path)  # type: ignore[arg-type]
    assert view is not None
    return view


def _type(qtbot: QtBot, text: str) -> None:
    widget = QApplication.focusWidget()
    assert widget is not None
    qtbot.keyClicks(widget, text)


def _tab_to(qtbot: QtBot, name: str) -> QLineEdit:
    """Tab through the form until ``name`` has the focus (keys only)."""
    for _ in range(40):
        widget = QApplication.focusWidget()
        if widget is not None and widget.objectName() == name:
            assert isinstance(widget, QLineEdit)
            return widget
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    raise AssertionError(f"{name} is not reached with Tab")


def type_the_hit(panel: PlayPanel, qtbot: QtBot) -> None:
    """Alt+A to the action, "Hit" typed, then Tab through the form typing the dice, the DV,
    the attacker's AV and EV, low cover, a called Arm and Surprise."""
    qtbot.keyClick(panel, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    action_box = panel.action_box
    assert QApplication.focusWidget() is action_box
    qtbot.keyClicks(action_box, "Hit")
    assert panel.current() is not None and panel.current().id == "hit"  # type: ignore[union-attr]
    qtbot.keyClick(action_box, Qt.Key.Key_Tab)
    _tab_to(qtbot, "play_dice_ar")
    _type(qtbot, "7 9")
    _tab_to(qtbot, "play_vs")
    _type(qtbot, "14")
    _tab_to(qtbot, "play_option_attacker_av")
    _type(qtbot, "8")
    _tab_to(qtbot, "play_option_ev")
    _type(qtbot, "12")
    cover = panel.option_widgets["cover"]
    called = panel.option_widgets["called"]
    assert isinstance(cover, QComboBox) and isinstance(called, QComboBox)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is cover
    qtbot.keyClicks(cover, "Low")
    qtbot.keyClick(cover, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is called
    qtbot.keyClicks(called, "Arm")
    qtbot.keyClick(called, Qt.Key.Key_Tab)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)  # Surprise


def test_a_hit_typed_with_the_keyboard_recorded_with_one_undo(
    window: MainWindow, qtbot: QtBot
) -> None:
    view = _open(window, SOLDIER)
    view.tabs.setCurrentIndex(0)  # somewhere else in the character
    first = view.tabs.currentWidget()
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert view.tabs.currentWidget() is view.play_tab
    panel = view.play
    assert isinstance(panel, PlayPanel)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.dice_edits["ar"])
    type_the_hit(panel, qtbot)
    edit = panel.dice_edits["ar"]
    edit.setFocus()
    wounds = len(view.document.document.character.wounds)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    text = panel.result.toPlainText()
    assert "hit on the left Arm" in text and "Shock DV 6" in text, text
    assert "called shot at the Arm 3" in text and "Surprise 4" in text
    assert "Armour RV" in text and panel.record_button.isEnabled()
    qtbot.keyClick(panel, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)  # Record
    # a mnemonic "animates" its button's click for 100 ms: wait for the click's effect
    qtbot.waitUntil(lambda: len(view.document.document.character.wounds) == wounds + 1)
    wound = view.document.document.character.wounds[-1]
    assert (wound.location, wound.side, wound.ar, wound.cover) == ("arm", "left", 25, "low_cover")
    assert not panel.record_button.isEnabled()
    window.activateWindow()
    qtbot.keyClick(panel, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(view.document.document.character.wounds) == wounds
    QGuiApplication.clipboard().clear()
    qtbot.keyClick(panel, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)  # Copy the log
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() != "")  # the animated click
    copied = QGuiApplication.clipboard().text()
    assert "Hit by an attack: hit on the left Arm" in copied and "Recorded the wound" in copied
    assert copied == panel.log_text()


def test_impossible_dice_are_said_not_rolled(window: MainWindow, qtbot: QtBot) -> None:
    view = _open(window, SOLDIER)
    view.show_play()
    panel = view.play
    assert panel is not None
    panel.select_action("check")
    panel.dice_edits["ar"].setText("0 12")
    assert panel.resolve_typed() is None
    assert "a D10 shows 1 to 10, not 0" in panel.result.toPlainText()
    panel.dice_edits["ar"].clear()
    assert panel.resolve_typed() is None
    assert "or let the app roll them" in panel.result.toPlainText()


def test_roll_for_me_fills_the_dice_and_keeps_the_seed(window: MainWindow) -> None:
    view = _open(window, SOLDIER)
    view.show_play()
    panel = view.play
    assert panel is not None
    panel.seeds = lambda: 1234
    panel.select_action("check")
    result = panel.roll_for_me()
    assert result is not None
    faces = dict(result.dice)["ar"].faces
    assert panel.dice_edits["ar"].text() == " ".join(str(face) for face in faces)
    assert "seed 1234" in panel.result.toPlainText()


def test_every_system_has_a_play_tab(window: MainWindow) -> None:
    """Each system declares actions: the Play tab is built from them, nothing written for
    one system."""
    view = _open(window, SAMPLE)  # Glorious Gladiators
    view.show_play()
    panel = view.play
    assert panel is not None
    assert [action.id for action in panel.declared] == ["attack", "ability", "reactivate"]
    panel.select_action("reactivate")
    panel.dice_edits["roll"].setText("2")
    result = panel.resolve_typed()
    assert result is not None and result.outcome == "still out of action"
    assert panel.record()
    assert [c.name for c in view.document.document.play.conditions] == ["Out of action"]
    # recorded: the form is rebuilt from the changed character and keeps the chosen action
    assert panel.current() is not None and panel.current().id == "reactivate"  # type: ignore[union-attr]


def test_a_condition_is_taken_off_with_one_undoable_step(window: MainWindow) -> None:
    """What the table ends (a Cowed character released) comes off the character; Ctrl+Z
    brings it back."""
    view = _open(window, SAMPLE)
    view.show_play()
    panel = view.play
    assert panel is not None
    panel.select_action("reactivate")
    panel.dice_edits["roll"].setText("2")
    panel.resolve_typed()
    assert panel.record()
    assert (
        panel.state.item(0).text()
        == "Condition: Out of action (prone; can only crawl or act on itself)"
    )
    panel.state.setCurrentRow(0)
    assert panel.remove_selected()
    assert view.document.document.play.conditions == []
    assert panel.state.item(0).text().startswith("Nothing yet")
    view.document.undo_stack.undo()
    assert [c.name for c in view.document.document.play.conditions] == ["Out of action"]


def test_ctrl_r_opens_the_play_tab_of_the_character_in_front(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Two characters open: Ctrl+R is the one in front's, never ambiguous."""
    first = _open(window, SAMPLE)
    second = _open(window, SOLDIER)
    assert window.current_view() is second
    second.tabs.setCurrentIndex(0)
    qtbot.keyClick(second.tabs.currentWidget(), Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert second.tabs.currentWidget() is second.play_tab
    assert first.tabs.currentWidget() is not first.play_tab


def test_ctrl_r_from_the_skills_table_and_the_name_field(window: MainWindow, qtbot: QtBot) -> None:
    """Issue 31: Ctrl+R worked only with the focus in the Roll tab. From the Skills table,
    and from the name field above the page, it shows the Play tab with the cursor in the
    dice; the Character menu lists it."""
    view = _open(window, SOLDIER)
    page = view.page
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    skills = page.pages["skills"]  # type: ignore[attr-defined]
    page.tabs.setCurrentWidget(skills)  # type: ignore[attr-defined]
    table = page.editors["skills"].view  # type: ignore[attr-defined]
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    qtbot.keyClick(table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert view.tabs.currentWidget() is view.play_tab
    panel = view.play
    assert panel is not None
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.dice_edits["ar"])
    name = view.header.edits["name"]
    if view.header_is_folded():
        view.header_toggle.setChecked(True)
    page.tabs.setCurrentWidget(skills)  # type: ignore[attr-defined]
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    qtbot.keyClick(name, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert view.tabs.currentWidget() is view.play_tab
    assert "Play: resolve a roll" in [a.text() for a in window.character_menu.actions()]


def test_a_wound_lowers_the_av_offered_and_keeps_the_choice(window: MainWindow) -> None:
    """ "The negative number is a penalty applied to all of the character's AVs and DVs"
    (line 57): a wound added elsewhere lowers the AV the Play tab offers, the chosen roll
    staying chosen."""
    view = _open(window, SOLDIER)
    view.show_play()
    panel = view.play
    assert panel is not None
    panel.select_action("check")
    use = panel.option_widgets["use"]
    assert isinstance(use, QComboBox)
    use.setCurrentIndex(1)
    chosen = use.currentText()
    panel.dice_edits["ar"].setText("5 5")
    before = panel.resolve_typed()
    editor = view.page.editors["wounds"]  # type: ignore[attr-defined]
    wounds = len(view.document.document.character.wounds)
    assert editor.add("chest")
    damage = next(c for c, col in enumerate(editor.collection.columns) if col.field == "damage")
    assert editor.model.setData(editor.model.index(wounds, damage), 3)
    use = panel.option_widgets["use"]
    assert isinstance(use, QComboBox)
    assert use.currentIndex() == 1 and use.currentText() != chosen  # its AV changed
    after = panel.resolve_typed()
    assert before is not None and after is not None
    assert after.values["av"] == before.values["av"] - 2  # "8 -2 Chest 10 -2" (line 45)
