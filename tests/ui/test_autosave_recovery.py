"""Never lose work: autosaves are written for dirty documents, removed on a clean save,
and recovered after a crash (a real process killed with unsaved edits)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sheetapp.editing.autosave import orphaned_autosaves
from tests.ui.conftest import REPO, SAMPLE
from ui.main_window import MainWindow

CRASHING_SESSION = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from sheetapp.core.system import installed_systems
    from sheetapp.editing.fields import set_meta
    from ui.app import create_app
    from ui.main_window import MainWindow
    from ui.settings import Settings

    app = create_app([])
    folder = Path(sys.argv[1])
    window = MainWindow(installed_systems(), settings=Settings(folder / "s.ini"),
                        autosave_folder=folder / "autosave")
    view = window.open_path(Path(sys.argv[2]))
    view.page.add_ability("toughness")
    view.document.push(set_meta(view.document.document, "name", "Night Owl (unsaved)"))
    window.autosaver.save_all()
    print("autosaved", flush=True)
    time.sleep(120)
    """
)


@pytest.mark.slow
def test_killed_session_is_offered_for_recovery(window: MainWindow, tmp_path: Path) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-c", CRASHING_SESSION, str(tmp_path), str(SAMPLE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        cwd=REPO,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip() == "autosaved", process.stderr.read() if process.stderr else ""
    finally:
        process.kill()
        process.wait()
    window.autosaver.folder = tmp_path / "autosave"
    records = orphaned_autosaves(window.autosaver.folder)
    assert len(records) == 1
    assert records[0].original_path == SAMPLE
    assert "autosaved" in records[0].describe()
    shown: list[str] = []

    def accept(dialog) -> bool:  # type: ignore[no-untyped-def]
        shown.append(dialog.list.item(0).text())
        return True

    assert window.offer_recovery(accept) == 1
    assert "Night Owl (unsaved)" in shown[0]
    view = window.current_view()
    assert view is not None
    assert view.document.dirty and view.document.path == SAMPLE
    assert view.document.document.character.abilities[-1].ability == "toughness"
    assert view.title == "Night Owl (unsaved)"
    assert window.statusBar().currentMessage().startswith("Recovered 1 character from")
    # Saving it removes the autosave; nothing is offered next time.
    assert window.save_view(view, tmp_path / "recovered.json")
    assert orphaned_autosaves(window.autosaver.folder) == []


def test_autosave_written_only_for_dirty_documents_and_discarded_on_close(
    window: MainWindow,
) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    assert window.autosaver.save_all() == 0
    view.header.edits["player"].textEdited.emit("Alex")
    assert window.autosaver.save_all() == 1
    file = view.document.autosave_file
    assert file is not None and file.exists()
    assert window.close_tab(0)
    assert not file.exists()


def test_declined_recovery_keeps_the_autosaves(window: MainWindow, tmp_path: Path) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    view.header.edits["player"].textEdited.emit("Alex")
    window.autosaver.save_all()
    file = view.document.autosave_file
    assert file is not None
    payload = file.read_text().replace(f'"pid": {os.getpid()}', '"pid": 999999999')
    file.write_text(payload)
    assert window.offer_recovery(lambda _dialog: False) == 0
    # kept, under the name that says this process claimed it to offer it (issue 32)
    (kept,) = orphaned_autosaves(window.autosaver.folder)
    assert kept.claimant == os.getpid() and kept.title == "Night Owl"
    assert '"Alex"' in kept.file.read_text()


SECOND_SHEETAPP = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from sheetapp.editing.autosave import claim_autosave, orphaned_autosaves
    found = orphaned_autosaves(Path(sys.argv[1]))
    claimed = [c for r in found if (c := claim_autosave(r)) is not None]
    print(len(found), len(claimed), flush=True)
    if sys.argv[2] == "wait":
        sys.stdin.readline()
    """
)


def second_sheetapp(folder: Path, wait: bool = False) -> subprocess.Popen[str]:
    """Another sheetapp starting: it lists the orphaned autosaves and claims them."""
    return subprocess.Popen(
        [sys.executable, "-c", SECOND_SHEETAPP, str(folder), "wait" if wait else "done"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )


def orphan(window: MainWindow) -> Path:
    """A dirty document's autosave, made to look left by a process that is gone."""
    view = window.open_path(SAMPLE)
    assert view is not None
    view.header.edits["player"].textEdited.emit("Alex")
    window.autosaver.save_all()
    file = view.document.autosave_file
    assert file is not None
    file.write_text(file.read_text().replace(f'"pid": {os.getpid()}', '"pid": 999999999'))
    view.document.autosave_file = None  # as if its window had crashed
    assert window.close_tab(0)
    return file


def test_a_second_sheetapp_sees_the_autosave_the_first_is_offering(
    window: MainWindow,
) -> None:
    """Was: two sheetapps starting after a crash both offered the same autosave."""
    orphan(window)
    seen: list[str] = []

    def ask(_dialog: object) -> bool:
        second = second_sheetapp(window.autosaver.folder)
        out, _ = second.communicate(timeout=120)
        seen.append(out.strip())
        return False

    assert window.offer_recovery(ask) == 0
    assert seen == ["0 0"], "the second sheetapp was offered the first one's autosave too"


def test_an_autosave_another_sheetapp_claimed_is_not_offered(window: MainWindow) -> None:
    """Both listed it; the other one claimed it first: this one offers nothing, until the
    other ends without recovering it."""
    orphan(window)
    listed = orphaned_autosaves(window.autosaver.folder)
    assert len(listed) == 1
    second = second_sheetapp(window.autosaver.folder, wait=True)
    try:
        assert second.stdout is not None
        assert second.stdout.readline().split() == ["1", "1"]
        offered: list[int] = []

        def ask(dialog: object) -> bool:
            offered.append(len(getattr(dialog, "records", [])))
            return False

        assert window.offer_recovery(ask) == 0
        assert offered == []  # nothing left to offer: no dialog at all
    finally:
        second.communicate("\n", timeout=60)
    assert second.returncode == 0
    assert len(orphaned_autosaves(window.autosaver.folder)) == 1  # its claimant is gone
