"""Issue 17's "done when": a Glorious Gladiators and a Capital character built, levelled
up and printed with the keyboard alone, on a 1280×720 screen and at ``QT_SCALE_FACTOR=2``.

The walkthroughs press keys only (``qtbot.keyClick``/``keyClicks`` on the widget that has
the focus, or on the open list of a combo box): File › New with its shortcut, the system
and name in the New dialog, items from the catalog pickers by typing a search and Enter,
cells edited with arrows and F2, Ctrl+Z/Ctrl+Y, the level-up wizard by its shortcut, the
print preview's Save PDF, Export PDF and Ctrl+S through the file dialogs. Capital also
takes its Role by the label's Alt key, its dice through Character › Enter My Dice…, its
discards by Tab and Space, its tabs by Ctrl+PageDown/Ctrl+PageUp, its Special Asset from
the Character menu, a Strength typed in its list, and its level's HP dice and new System
in the wizard. They read widgets and the document only to assert. At every step the
window or dialog in front must lie inside the screen, and so must every push button it
shows, whole (not cut off by a scroll area or a squeezed pane).

A modal dialog's ``exec()`` blocks the key presses that opened it: :meth:`Keyboard.in_dialog`
runs the keys inside it from a timer, and fails (closing it) when the dialog is still
open after them; the first Capital run hung there, on a picker whose search matched
nothing, so Enter could not close it.

The screen size and the scale factor must be set before the QApplication exists, so the
two runs are child pytest processes of this file (``test_walkthrough_*``): one on a
1280×720 offscreen screen, one at ``QT_SCALE_FACTOR=2`` on a 1600×1000 screen (800×500
of room, issue 17's own trial), started by ``tests/ui/screen_runs.py``, which names the
run in ``SHEETAPP_SCREEN_RUN``; ``SHEETAPP_WALKTHROUGH_SHOTS`` (a folder) keeps a
screenshot of every step.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QFileDialog,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.conftest import make_main_window
from tests.ui.screen_runs import SCREENS, current_run, pytest_on_screen

RUN = current_run()
SHOTS = os.environ.get("SHEETAPP_WALKTHROUGH_SHOTS", "")
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier
K = Qt.Key


def in_child(test: Callable[..., None]) -> Callable[..., None]:
    """A walkthrough: runs only in the child processes of test_walkthrough (the file
    dialog's completer asks offscreen for a keyboard grab it cannot give)."""
    skip = pytest.mark.skipif(not RUN, reason="runs in the child processes of test_walkthrough")
    return skip(pytest.mark.qt_log_ignore("This plugin does not support")(test))


# --- the parent: one child process per screen --------------------------------------------


def _child(run: str, system: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return pytest_on_screen(
        run, [f"{Path(__file__)}::test_{system}_by_keyboard_alone"], tmp_path, timeout=280
    )


@pytest.mark.slow
@pytest.mark.skipif(bool(RUN), reason="the parent of the runs")
@pytest.mark.parametrize("system", ["gladiators", "capital", "hero_xmen", "powersets", "twod10"])
@pytest.mark.parametrize("run", sorted(SCREENS))
def test_walkthrough(run: str, system: str, tmp_path: Path) -> None:
    done = _child(run, system, tmp_path)
    assert done.returncode == 0, f"{done.stdout[-6000:]}\n{done.stderr[-3000:]}"
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]


# --- the child: the keyboard ---------------------------------------------------------------


def no_button_held_down() -> bool:
    """A button a mnemonic pressed is shown down until its animated click fires (on a
    timer): the click has happened when no button is down."""
    return not any(
        isinstance(widget, QAbstractButton) and widget.isDown()
        for widget in QApplication.allWidgets()
    )


class Keyboard:
    """Presses keys on whatever has the focus, as a user's keyboard does, and checks
    after each step that the window in front fits the screen."""

    def __init__(self, qtbot: QtBot, shots: Path | None) -> None:
        self.qtbot = qtbot
        self.shots = shots
        self.step = 0
        self.errors: list[str] = []

    # keys ----------------------------------------------------------------------------------

    def window_manager(self) -> None:
        """What a window manager does when a dialog closes and offscreen does not: the
        window under it becomes active again (the one it was opened over)."""
        QApplication.processEvents()
        if QApplication.activeWindow() is not None:
            return
        modal = QApplication.activeModalWidget()
        shown = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isWindow()]
        under = modal or next((w for w in shown if w.objectName() == "main_window"), None)
        if under is not None:
            under.activateWindow()
            QApplication.processEvents()

    def target(self) -> QWidget:
        self.window_manager()
        popup = QApplication.activePopupWidget()  # a menu or a combo box's list
        if popup is not None:
            focus = QApplication.focusWidget()
            return focus if focus is not None and popup.isAncestorOf(focus) else popup
        widget = QApplication.focusWidget() or QApplication.activeModalWidget()
        widget = widget or QApplication.activeWindow()
        assert widget is not None, "nothing has the keyboard focus"
        return widget

    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = NONE, times: int = 1) -> None:
        for _ in range(times):
            self.qtbot.keyClick(self.target(), key, modifier)
            QApplication.processEvents()  # what a key queued (a cell's commit on Enter)
            if modifier & ALT:  # a mnemonic "animates" its button's click for 100 ms
                self.qtbot.waitUntil(no_button_held_down, timeout=10_000)

    def type(self, text: str) -> None:
        self.qtbot.keyClicks(self.target(), text)

    def tab_to(self, wanted: Callable[[QWidget], bool], what: str, limit: int = 60) -> QWidget:
        """Press Tab until the focus is on a widget ``wanted`` accepts."""
        self.window_manager()
        for _ in range(limit):
            focus = QApplication.focusWidget()
            if focus is not None and wanted(focus):
                return focus
            self.key(K.Key_Tab)
        raise AssertionError(f"Tab never reached {what}; the focus is on {self.describe()}")

    def describe(self) -> str:
        focus = QApplication.focusWidget()
        if focus is None:
            return "nothing"
        text = focus.text() if isinstance(focus, QAbstractButton) else ""
        return f"{type(focus).__name__} {focus.objectName()!r} {text!r}"

    # dialogs that block (exec) --------------------------------------------------------------

    def in_dialog(
        self, opens: Callable[[], None], kind: type[QWidget], script: Callable[[QWidget], None]
    ) -> None:
        """Run ``opens`` (a key press that opens a modal dialog of ``kind`` and blocks
        until it closes); ``script`` presses the keys inside it."""
        ran: list[bool] = []
        timer = QTimer()
        timer.setInterval(30)

        def poll() -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, kind) or not dialog.isVisible() or ran:
                return
            timer.stop()
            ran.append(True)
            try:
                script(dialog)
                QApplication.processEvents()
                if dialog.isVisible():
                    raise AssertionError(
                        f"{type(dialog).__name__} stayed open after its keys; the focus is "
                        f"on {self.describe()}"
                    )
            except BaseException as exc:  # the dialog must close, or the test would hang
                self.errors.append(f"{type(exc).__name__}: {exc}")
                while (modal := QApplication.activeModalWidget()) is not None:
                    if isinstance(modal, QDialog):
                        modal.reject()
                    else:
                        modal.close()

        timer.timeout.connect(poll)
        timer.start()
        opens()
        timer.stop()
        if self.errors:
            raise AssertionError("\n".join(self.errors))
        assert ran, f"no {kind.__name__} opened"

    def save_through_dialog(self, path: Path) -> Callable[[QWidget], None]:
        """The script of a file dialog: the whole path typed in its name box, then Enter."""

        def script(dialog: QWidget) -> None:
            self.check(f"file dialog for {path.name}")
            assert isinstance(dialog, QFileDialog)
            self.key(K.Key_A, CTRL)
            self.type(str(path))
            self.key(K.Key_Return)

        return script

    # the screen -----------------------------------------------------------------------------

    def front(self) -> QWidget:
        widget = QApplication.activeModalWidget() or QApplication.activeWindow()
        assert widget is not None, "no window is active"
        return widget

    def check(self, what: str) -> None:
        """The window in front and every push button it shows are inside the screen."""
        self.window_manager()
        window = self.front()
        self.shot(what, window)  # before the checks: the failing step's shot is kept too
        screen = QApplication.primaryScreen()  # the only one (a dialog's may be a stand-in)
        room = screen.availableGeometry()
        frame = window.frameGeometry()
        assert room.contains(frame), (
            f"{what}: {window.objectName() or type(window).__name__} at {_rect(frame)} "
            f"is not inside the screen {_rect(room)}"
        )
        inside = QRect(window.mapToGlobal(window.rect().topLeft()), window.size())
        for button in window.findChildren(QPushButton):
            if not button.isVisibleTo(window) or button.window() is not window:
                continue
            place = QRect(button.mapToGlobal(button.rect().topLeft()), button.size())
            # cut off by what holds it (a scroll area scrolled away, a squeezed pane)
            seen = button.visibleRegion().boundingRect()
            assert seen == button.rect(), (
                f"{what}: only {_rect(seen)} of the button {button.text()!r} "
                f"({_rect(button.rect())}) shows"
            )
            assert inside.contains(place) and room.contains(place), (
                f"{what}: the button {button.text()!r} at {_rect(place)} is outside "
                f"{window.objectName() or type(window).__name__} {_rect(inside)} or the "
                f"screen {_rect(room)}"
            )

    def shot(self, what: str, window: QWidget) -> None:
        if self.shots is None:
            return
        self.step += 1
        name = "".join(c if c.isalnum() else "-" for c in what.lower()).strip("-")
        window.grab().save(str(self.shots / f"{RUN}-{self.step:02d}-{name}.png"))


def _rect(rect: QRect) -> str:
    return f"{rect.width()}×{rect.height()}+{rect.x()}+{rect.y()}"


@pytest.fixture
def keyboard(qtbot: QtBot, tmp_path: Path) -> Iterator[Keyboard]:
    shots = Path(SHOTS) / os.environ.get("SHEETAPP_WALKTHROUGH_SYSTEM", "") if SHOTS else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    yield Keyboard(qtbot, shots)


@pytest.fixture
def app_window(qtbot: QtBot, tmp_path: Path) -> Iterator[Any]:
    """The main window as ``sheetapp`` opens it on this screen (its own settings; not
    resized, unlike the ``window`` fixture)."""
    main = make_main_window(qtbot, tmp_path)
    main.show()
    main.activateWindow()
    qtbot.waitExposed(main)
    yield main


# --- shared steps --------------------------------------------------------------------------


def new_character(keys: Keyboard, window: Any, system_name: str, name: str) -> Any:
    """Ctrl+N; Alt+S and the system's first letters; Alt+N and the name; Enter."""

    def script(dialog: QWidget) -> None:
        keys.check("new dialog")
        keys.key(K.Key_S, ALT)
        assert type(keys.target()).__name__ == "QComboBox", keys.describe()
        keys.type(system_name[:4])
        keys.key(K.Key_N, ALT)
        keys.type(name)
        keys.check("new dialog filled in")
        keys.key(K.Key_Return)

    from ui.new_dialog import NewCharacterDialog

    keys.in_dialog(lambda: keys.key(K.Key_N, CTRL), NewCharacterDialog, script)
    view = window.current_view()
    assert view is not None
    assert view.document.document.meta.name == name
    assert view.document.system.name == system_name
    keys.check(f"{system_name} character created")
    return view


def pick(keys: Keyboard, shortcut: tuple[Qt.Key, Qt.KeyboardModifier], search: str) -> None:
    """A catalog picker opened by its shortcut: the search typed, Enter."""
    from ui.picker import PickerDialog

    def script(dialog: QWidget) -> None:
        assert isinstance(dialog, PickerDialog)
        keys.type(search)
        keys.check(f"picker {search}")
        keys.key(K.Key_Return)

    keys.in_dialog(lambda: keys.key(*shortcut), PickerDialog, script)


def undo_redo(keys: Keyboard, read: Callable[[], object], before: object, after: object) -> None:
    assert read() == after
    keys.key(K.Key_Z, CTRL)
    assert read() == before, "Ctrl+Z did not undo the edit"
    keys.key(K.Key_Y, CTRL)
    assert read() == after, "Ctrl+Y did not redo the edit"


def print_and_save(keys: Keyboard, window: Any, tmp_path: Path, stem: str) -> None:
    """Ctrl+P, Save PDF… from the preview, Escape; Ctrl+Shift+E; Ctrl+S."""
    from ui.print_preview import PrintPreviewDialog

    preview_pdf = tmp_path / f"{stem}-preview.pdf"

    def preview(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintPreviewDialog)
        assert dialog.page_count() >= 1
        keys.check("print preview")
        keys.in_dialog(
            lambda: keys.key(K.Key_S, ALT), QFileDialog, keys.save_through_dialog(preview_pdf)
        )
        keys.key(K.Key_Escape)

    keys.in_dialog(lambda: keys.key(K.Key_P, CTRL), PrintPreviewDialog, preview)
    assert preview_pdf.read_bytes().startswith(b"%PDF")

    exported = tmp_path / f"{stem}.pdf"
    keys.in_dialog(
        lambda: keys.key(K.Key_E, CTRL | SHIFT), QFileDialog, keys.save_through_dialog(exported)
    )
    keys.qtbot.waitUntil(lambda: window.pdf_job is None and exported.is_file(), timeout=60_000)
    assert exported.read_bytes().startswith(b"%PDF")

    saved = tmp_path / f"{stem}.json"
    keys.in_dialog(lambda: keys.key(K.Key_S, CTRL), QFileDialog, keys.save_through_dialog(saved))
    assert saved.is_file()
    view = window.current_view()
    assert view.document.path == saved and not view.document.dirty
    keys.check("saved")


# --- Gladiators ------------------------------------------------------------------------


@in_child
def test_gladiators_by_keyboard_alone(
    app_window: Any, keyboard: Keyboard, qtbot: QtBot, tmp_path: Path
) -> None:
    keys, window = keyboard, app_window
    keys.check("start page")
    view = new_character(keys, window, "Glorious Gladiators v6", "Kbd Gladiator")
    doc = view.document

    def abilities() -> list[Any]:
        return list(doc.document.character.abilities)

    starting = [a.ability for a in abilities()]
    pick(keys, (K.Key_A, CTRL | SHIFT), "hindering attack")
    refs = [a.ability for a in abilities()]
    assert len(refs) == len(starting) + 1 and refs.count("hindering_attack") == 1, refs
    row = refs.index("hindering_attack")
    pick(keys, (K.Key_M, CTRL | SHIFT), "area")
    assert [m.modifier for m in abilities()[row].modifiers] == ["area"]
    keys.check("ability with a modifier")

    # The Level cell: from the modifier row Up to the ability, Right to Level, F2, type.
    before = abilities()[row].level
    keys.key(K.Key_Up)
    keys.key(K.Key_Right)
    keys.key(K.Key_F2)
    keys.key(K.Key_A, CTRL)
    keys.type("4")
    keys.key(K.Key_Return)
    undo_redo(keys, lambda: abilities()[row].level, before, 4)
    keys.check("level edited")

    level_up_gladiators(keys, window, qtbot, row)
    print_and_save(keys, window, tmp_path, "kbd-gladiator")
    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document

    saved = load_document(tmp_path / "kbd-gladiator.json", installed_systems()).document
    assert saved.character.abilities[row].level == 5
    assert [m.modifier for m in saved.character.abilities[row].modifiers] == ["area"]
    assert len(saved.history) == 2


def level_up_gladiators(keys: Keyboard, window: Any, qtbot: QtBot, row: int) -> None:
    """Ctrl+L; the GP earned; Next; the ability's next level bought; Next; Commit."""
    from ui.wizard import LevelUpWizard

    view = window.current_view()
    keys.key(K.Key_L, CTRL)
    wizard = QApplication.activeModalWidget()
    assert isinstance(wizard, LevelUpWizard), "Ctrl+L opened no level-up wizard"
    qtbot.waitExposed(wizard)
    keys.check("wizard earn page")
    spin = keys.tab_to(lambda w: w.objectName() == "earned_gp", "the GP earned")
    keys.key(K.Key_A, CTRL)
    keys.type("10")
    keys.key(K.Key_Return)
    assert wizard.currentPage() is wizard.spend_page, "Enter did not go to the Spend page"
    assert spin.value() == 10
    keys.check("wizard spend page")
    keys.tab_to(lambda w: w.objectName() == "spend_options", "the spend options")
    keys.key(K.Key_Home)
    options = wizard.spend_page.options
    for _ in range(len(options.labels())):
        current = options.current_option()
        if current is not None and current.label.startswith("Raise Hindering Attack"):
            break
        keys.key(K.Key_Down)
    else:
        raise AssertionError(f"no option raises Hindering Attack: {options.labels()}")
    keys.key(K.Key_U, ALT)
    working = wizard.draft.working.document.character
    assert working.abilities[row].level == 5
    keys.check("wizard bought a level")
    keys.key(K.Key_N, ALT)
    assert wizard.currentPage() is wizard.review_page
    keys.check("wizard review page")
    if wizard.review_page.accept_warnings.isVisible():
        keys.key(K.Key_A, ALT)
    keys.key(K.Key_C, ALT)
    assert not isinstance(QApplication.activeModalWidget(), LevelUpWizard)
    assert view.document.document.character.abilities[row].level == 5
    assert view.document.document.history[0].kind == "creation"
    assert len(view.document.document.history) == 2
    keys.check("levelled up")


# --- Capital ----------------------------------------------------------------------------


@in_child
def test_capital_by_keyboard_alone(
    app_window: Any, keyboard: Keyboard, qtbot: QtBot, tmp_path: Path
) -> None:
    keys, window = keyboard, app_window
    keys.check("start page")
    view = new_character(keys, window, "Capital alpha2", "Kbd Capital")
    capital_role(keys, view)
    capital_dice(keys, view)
    capital_systems_equipment_asset(keys, view)
    capital_strength(keys, view)
    level_up_capital(keys, window, qtbot)
    print_and_save(keys, window, tmp_path, "kbd-capital")
    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document

    saved = load_document(tmp_path / "kbd-capital.json", installed_systems()).document
    assert saved.meta.name == "Kbd Capital"
    assert saved.character.role == "tank" and saved.character.level == 2
    assert saved.character.attributes.assignment == ASSIGNED
    assert saved.character.equipment[-1].item == "standard_pistol"
    assert {"robotic", "clear_mind"} <= {s.system for s in saved.character.systems}
    assert saved.character.special_asset.attribute == "str"
    assert list(saved.character.strengths) == ["Never gives up"]
    assert len(saved.history) == 2


#: the Die column filled from the top: STR the first kept die, FTD the second...
ASSIGNED = {a: i for i, a in enumerate(("str", "ftd", "agi", "vsn", "wis", "wil", "cha", "knw"))}


def capital_role(keys: Keyboard, view: Any) -> None:
    """Step 1: Alt+R (the Role's label); Alt+Down opens the list, where typing the name
    moves without choosing, Enter chooses; Tab to each of its two choices, Down."""
    keys.key(K.Key_R, ALT)
    assert keys.target().objectName() == "role", keys.describe()
    keys.key(K.Key_Down, ALT)
    keys.type("The Tank")
    keys.key(K.Key_Return)
    character = view.document.document.character
    assert character.role == "tank"
    for choice in ("plus", "minus"):
        keys.tab_to(lambda w, c=choice: w.objectName() == f"role_choice_{c}", f"the {choice}")
        keys.key(K.Key_Down)
    assert view.document.document.character.role_choices == {"plus": "str", "minus": "vsn"}
    keys.check("role chosen")


def capital_dice(keys: Keyboard, view: Any) -> None:
    """Step 5: Character › Enter My Dice… (Alt+C, D), the ten dice typed, Enter; Ctrl+PageDown
    to the Attributes tab; the two 1s discarded (Tab to their buttons, Space); each kept
    die given in the Die column (F2, Down to the die, Enter; Down to the next attribute);
    Ctrl+Z, Ctrl+Y."""
    from ui.systems.capital.attributes_tab import DiceDialog

    def character() -> Any:
        return view.document.document.character

    def dice(dialog: QWidget) -> None:
        assert isinstance(dialog, DiceDialog)
        keys.check("dice dialog")
        keys.type("6 5 5 4 4 3 3 2 1 1")
        keys.key(K.Key_Return)

    keys.key(K.Key_C, ALT)
    keys.in_dialog(lambda: keys.key(K.Key_D), DiceDialog, dice)
    assert character().attributes.dice == [6, 5, 5, 4, 4, 3, 3, 2, 1, 1]
    page = view.page
    keys.key(K.Key_PageDown, CTRL)
    assert page.tabs.currentWidget() is page.attributes, page.tabs.tabText(page.tabs.currentIndex())
    keys.check("attributes tab")
    for die in ("die_8", "die_9"):
        keys.tab_to(lambda w, d=die: w.objectName() == d, f"the button of {die}")
        keys.key(K.Key_Space)
    assert character().attributes.discarded == [8, 9]
    keys.tab_to(lambda w: w.objectName() == "attributes", "the attribute table")
    keys.key(K.Key_Home)
    keys.key(K.Key_Right)
    for row in range(8):
        assert page.attributes.view.currentIndex().row() == row, keys.describe()
        keys.key(K.Key_F2)
        keys.key(K.Key_Down, times=row + 1)
        keys.key(K.Key_Return)
        keys.key(K.Key_Down)
    assert character().attributes.assignment == ASSIGNED
    keys.check("dice assigned")
    undo_redo(keys, lambda: character().attributes.assignment.get("knw"), None, 7)


def capital_systems_equipment_asset(keys: Keyboard, view: Any) -> None:
    """Step 7: a System (Ctrl+Shift+A) and an item (Ctrl+Shift+I) from the pickers, each
    shown on its tab with the focus; Ctrl+Z, Ctrl+Y; the Special Asset from the Character
    menu (Alt+C, A), its choice on its tab (Tab, Down)."""
    from ui.picker import PickerDialog

    def character() -> Any:
        return view.document.document.character

    page = view.page
    systems = [s.system for s in character().systems]
    pick(keys, (K.Key_A, CTRL | SHIFT), "robotic")
    assert [s.system for s in character().systems] == [*systems, "robotic"]
    assert keys.target() is page.systems_view and page.systems_view.isVisible()
    items = len(character().equipment)
    pick(keys, (K.Key_I, CTRL | SHIFT), "standard pistol")
    assert character().equipment[-1].item == "standard_pistol"
    assert len(character().equipment) == items + 1
    assert keys.target() is page.equipment_view and page.equipment_view.isVisible()
    keys.check("capital equipment added")
    undo_redo(keys, lambda: len(character().equipment), items, items + 1)

    def asset(dialog: QWidget) -> None:
        assert isinstance(dialog, PickerDialog)
        keys.type("attribute")
        keys.check("picker attribute")
        keys.key(K.Key_Return)

    keys.key(K.Key_C, ALT)
    keys.in_dialog(lambda: keys.key(K.Key_A), PickerDialog, asset)
    assert character().special_asset.asset == "attribute"
    assert page.tabs.currentWidget() is page.asset, "the Special Asset is out of sight"
    keys.tab_to(lambda w: w.objectName() == "asset_attribute", "the augmented attribute")
    keys.key(K.Key_Down)
    assert character().special_asset.attribute == "str"
    keys.check("special asset chosen")


def capital_strength(keys: Keyboard, view: Any) -> None:
    """Step 4: Ctrl+PageUp back to Role & Story; Tab to Add Strength, Space; the new line
    is open for typing; Enter."""
    page = view.page
    while page.tabs.currentWidget() is not page.story:
        keys.key(K.Key_PageUp, CTRL)
    keys.tab_to(
        lambda w: isinstance(w, QAbstractButton) and w.text() == "Add Strength", "Add Strength"
    )
    keys.key(K.Key_Space)
    keys.type("Never gives up")
    keys.key(K.Key_Return)
    strengths = list(view.document.document.character.strengths)
    assert strengths == ["Never gives up"], strengths
    keys.check("a strength written")


def level_up_capital(keys: Keyboard, window: Any, qtbot: QtBot) -> None:
    """Ctrl+L; Enter (Level 1 → 2); the HP die typed; a System for the new Slot bought;
    Next; Commit."""
    from ui.wizard import LevelUpWizard

    view = window.current_view()
    keys.key(K.Key_L, CTRL)
    wizard = QApplication.activeModalWidget()
    assert isinstance(wizard, LevelUpWizard), "Ctrl+L opened no level-up wizard"
    qtbot.waitExposed(wizard)
    keys.check("wizard earn page")
    keys.key(K.Key_Return)
    assert wizard.currentPage() is wizard.spend_page, "Enter did not go to the Spend page"
    keys.check("wizard spend page")
    for number, die in enumerate((4, 3)):
        keys.tab_to(lambda w, n=number: w.objectName() == f"dice_hp_{n}", f"HP die {number}")
        keys.key(K.Key_A, CTRL)
        keys.type(str(die))
    step = wizard.draft.step
    assert step is not None and step.dice == {"hp": [4, 3]}, wizard.draft.step_error
    keys.check("wizard dice entered")
    keys.tab_to(lambda w: w.objectName() == "spend_options", "the spend options")
    keys.key(K.Key_Home)
    options = wizard.spend_page.options
    for _ in range(len(options.labels())):
        current = options.current_option()
        if current is not None and current.label == "Take Clear Mind":
            break
        keys.key(K.Key_Down)
    else:
        raise AssertionError(f"no option takes Clear Mind: {options.labels()}")
    keys.key(K.Key_U, ALT)
    working = wizard.draft.working.document.character
    assert "clear_mind" in [s.system for s in working.systems]
    keys.check("wizard took a system")
    keys.key(K.Key_N, ALT)
    assert wizard.currentPage() is wizard.review_page
    keys.check("wizard review page")
    # One Strength of three: an error the character had before, which does not block
    assert "already had" in wizard.review_page.problems.text()
    if wizard.review_page.accept_warnings.isVisible():
        keys.key(K.Key_A, ALT)
    keys.key(K.Key_C, ALT)
    assert not isinstance(QApplication.activeModalWidget(), LevelUpWizard)
    character = view.document.document.character
    assert character.level == 2
    assert "clear_mind" in [s.system for s in character.systems]
    assert [r.dice for r in character.hp_rolls] == [[4, 3]]
    assert len(view.document.document.history) == 2
    keys.check("levelled up")


# --- the systems built from declared lists (X-Men HERO, Power Sets, 2d10) ---------------


def menu_item(keys: Keyboard, window: Any, action: Any) -> None:
    """Alt+C opens the Character menu; Down to ``action``; Enter."""
    menu = window.character_menu
    keys.key(K.Key_C, ALT)
    assert menu.isVisible(), "Alt+C did not open the Character menu"
    for _ in range(len(menu.actions()) + 1):
        if menu.activeAction() is action:
            break
        keys.key(K.Key_Down)
    else:
        raise AssertionError(f"the Character menu has no {action.text()!r}")
    keys.key(K.Key_Return)


def declared_lists(keys: Keyboard, window: Any, view: Any) -> None:
    """From the Character menu, one item added from each declared list's picker (its
    first entry's name typed in the search, Enter); the list grows by that item."""
    from ui.picker import PickerDialog

    document = view.document
    for editor in view.page.editors.values():
        collection = editor.collection
        if collection.new_item is None or not collection.entries:
            continue
        # what the picker offers (not what is on the sheet already); none: Add opens the
        # custom entry instead
        entries = collection.offered_entries(document.document)
        if not entries:
            continue
        before = len(collection.items(document.document))
        # typed up to its first letter a keyboard test cannot type (QTest aborts on "–")
        name = entries[0].name
        search = name[: next((i for i, c in enumerate(name) if not c.isascii()), len(name))]
        search = search.strip() or name.split()[0]

        def script(dialog: QWidget, search: str = search) -> None:
            assert isinstance(dialog, PickerDialog)
            keys.type(search)
            keys.check(f"picker {search}")
            keys.key(K.Key_Return)

        keys.in_dialog(lambda e=editor: menu_item(keys, window, e.add_action), PickerDialog, script)
        after = len(collection.items(document.document))
        if after == before:  # refused: the status bar says why (a rule of the list)
            continue
        assert after == before + 1, f"{collection.title}: {before} → {after}"
        assert keys.target() is editor.view, f"{collection.title}: {keys.describe()}"
    keys.check("lists filled")


def number_cells_shown(view: Any) -> list[tuple[Any, int, int, object]]:
    """(editor, row, column, value) of every number cell of the page's lists."""
    from ui.roles import EDIT_KIND_ROLE, RANGE_ROLE

    found = []
    for editor in view.page.editors.values():
        model = editor.model
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                index = model.index(row, column)
                if index.data(EDIT_KIND_ROLE) != "int":
                    continue
                low, high = index.data(RANGE_ROLE) or (0, 999)
                if low <= 3 <= high:
                    found.append((editor, row, column, index.data(Qt.ItemDataRole.EditRole)))
    return found


def go_to_cell(keys: Keyboard, window: Any, editor: Any, row: int, column: int) -> None:
    """Ctrl+PageDown to the list's tab, Tab into its table, Home, Down and Right."""
    page = window.current_view().page
    tab = page.pages[editor.collection.key]
    for _ in range(page.tabs.count()):
        if page.tabs.currentWidget() is tab:
            break
        keys.key(K.Key_PageDown, CTRL)
    assert page.tabs.currentWidget() is tab
    keys.tab_to(lambda w: w is editor.view, f"the {editor.collection.title} table")
    keys.key(K.Key_Home, CTRL)
    keys.key(K.Key_Down, times=row)
    keys.key(K.Key_Home)
    keys.key(K.Key_Right, times=column)
    current = editor.view.currentIndex()
    assert (current.row(), current.column()) == (row, column), keys.describe()


def type_over(keys: Keyboard, window: Any, view: Any) -> None:
    """A digit typed on a selected cell showing 0 replaces it (it became 30), and one on
    a cell showing another value; F2 then edits a cell; Ctrl+Z, Ctrl+Y."""
    cells = number_cells_shown(view)
    zero = next((c for c in cells if c[3] == 0), None)
    other = next((c for c in cells if c[3] not in (0, None, 3)), None)
    assert zero is not None and other is not None, "no number cell shows 0, or none another"
    for editor, row, column, shown in (zero, other):
        go_to_cell(keys, window, editor, row, column)
        keys.type("3")
        keys.key(K.Key_Return)
        stored = editor.model.index(row, column).data(Qt.ItemDataRole.EditRole)
        assert stored == 3, f"{editor.collection.title}: 3 typed over {shown}, {stored} kept"
        keys.check(f"3 typed over {shown}")
    # F2 on the cell just typed over: its edits merge into one step (as a spin box's
    # do), so Ctrl+Z gives back what it showed before both
    editor, row, column, shown = other
    go_to_cell(keys, window, editor, row, column)
    keys.key(K.Key_F2)
    keys.key(K.Key_A, CTRL)
    keys.type("2")
    keys.key(K.Key_Return)

    def read() -> object:
        return editor.model.index(row, column).data(Qt.ItemDataRole.EditRole)

    undo_redo(keys, read, shown, 2)
    keys.check("F2 edit, undo and redo")


def level_up_declared(keys: Keyboard, window: Any, qtbot: QtBot) -> None:
    """Ctrl+L; 10 of every currency typed; Enter; the cheapest line bought with Alt+U;
    Alt+N; Alt+C (Commit)."""
    from ui.wizard import LevelUpWizard

    view = window.current_view()
    entries = len(view.document.document.history)
    keys.key(K.Key_L, CTRL)
    wizard = QApplication.activeModalWidget()
    assert isinstance(wizard, LevelUpWizard), "Ctrl+L opened no level-up wizard"
    qtbot.waitExposed(wizard)
    for key in wizard.earn_page.amounts:
        keys.tab_to(lambda w, k=key: w.objectName() == f"earned_{k}", f"the {key} earned")
        keys.key(K.Key_A, CTRL)
        keys.type("10")
    keys.key(K.Key_Return)
    assert wizard.currentPage() is wizard.spend_page, "Enter did not go to the Spend page"
    keys.check("wizard spend page")
    options = wizard.spend_page.options
    buying = sorted((o for o in options.options if o.changes), key=lambda o: sum(o.cost.values()))
    assert buying, options.labels()
    keys.tab_to(lambda w: w.objectName() == "spend_options", "the spend options")
    keys.key(K.Key_Home)
    for _ in range(len(options.labels())):
        current = options.current_option()
        if current is not None and current.label == buying[0].label:
            break
        keys.key(K.Key_Down)
    keys.key(K.Key_U, ALT)
    assert wizard.draft.spent_changes(), f"{buying[0].label} bought nothing"
    keys.check("wizard bought")
    keys.key(K.Key_N, ALT)
    assert wizard.currentPage() is wizard.review_page
    accept = wizard.review_page.accept_warnings
    if accept.isVisible():  # it has no Alt key: Tab to it, Space
        keys.tab_to(lambda w: w is accept, "I accept these warnings")
        keys.key(K.Key_Space)
        assert accept.isChecked()
    keys.key(K.Key_C, ALT)
    assert not isinstance(QApplication.activeModalWidget(), LevelUpWizard), (
        wizard.review_page.problems.text()
    )
    history = view.document.document.history
    assert len(history) > entries and history[-1].kind == "advance"
    keys.check("levelled up")


def walk_declared(
    keys: Keyboard, window: Any, qtbot: QtBot, tmp_path: Path, system_id: str
) -> None:
    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document

    system = installed_systems().get(system_id)
    keys.check("start page")
    view = new_character(keys, window, system.name, "Kbd Walker")
    declared_lists(keys, window, view)
    type_over(keys, window, view)
    level_up_declared(keys, window, qtbot)
    print_and_save(keys, window, tmp_path, "kbd-walker")
    saved = load_document(tmp_path / "kbd-walker.json", installed_systems()).document
    assert saved.model_dump(exclude={"meta"}) == view.document.document.model_dump(exclude={"meta"})
    assert saved.history[-1].kind == "advance"


@in_child
def test_hero_xmen_by_keyboard_alone(
    app_window: Any, keyboard: Keyboard, qtbot: QtBot, tmp_path: Path
) -> None:
    walk_declared(keyboard, app_window, qtbot, tmp_path, "hero-xmen")


@in_child
def test_powersets_by_keyboard_alone(
    app_window: Any, keyboard: Keyboard, qtbot: QtBot, tmp_path: Path
) -> None:
    walk_declared(keyboard, app_window, qtbot, tmp_path, "powersets")


@in_child
def test_twod10_by_keyboard_alone(
    app_window: Any, keyboard: Keyboard, qtbot: QtBot, tmp_path: Path
) -> None:
    walk_declared(keyboard, app_window, qtbot, tmp_path, "twod10")
