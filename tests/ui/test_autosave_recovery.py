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
    assert file.exists()
