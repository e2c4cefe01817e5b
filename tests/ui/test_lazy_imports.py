"""Start-up stays lean: `sheetapp FILE` does not import what only some commands and
dialogs need (the advancement commands, the PDF renderer and reportlab, QtPdf), and
those still work when they are first used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.conftest import REPO, SAMPLE
from ui.main_window import MainWindow

HEAVY = ("sheetapp.advancement", "sheetapp.pdf.export", "reportlab", "PySide6.QtPdf")


def _loaded_after(code: str) -> list[str]:
    script = (
        f"{code}\nimport sys\nprint('\\n'.join(m for m in sys.modules if m.startswith({HEAVY!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.split()


@pytest.mark.slow
def test_the_cli_module_and_the_window_with_a_character_import_none_of_it() -> None:
    assert _loaded_after("import sheetapp.cli") == []
    opened = _loaded_after(
        "from pathlib import Path\n"
        "from ui.app import create_app, build_window\n"
        "app = create_app([])\n"
        f"window = build_window([{str(SAMPLE)!r}])\n"
        "assert window is not None and len(window.documents()) == 1\n"
        "window.show(); app.processEvents()"
    )
    # A character without ledger entries needs none of the advancement code either.
    assert opened == []


def test_pdf_export_and_preview_load_when_used(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    assert window.open_path(SAMPLE) is not None
    assert window.export_pdf_action.isEnabled() and window.print_action.isEnabled()
    target = tmp_path / "owl.pdf"
    job = window.export_pdf(target)
    assert job is not None
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    assert target.read_bytes().startswith(b"%PDF")
    shown: list[object] = []
    monkeypatch.setattr(
        "ui.print_preview.show_print_preview", lambda *args, **_kw: shown.append(args)
    )
    window.print_preview()
    assert len(shown) == 1 and shown[0][0] is window


@pytest.mark.slow
def test_the_collector_is_paused_through_start_up_and_resumed_at_the_first_paint() -> None:
    """sheetapp.startup: `sheetapp FILE` starts with the garbage collector paused and the
    window's first paint resumes it (the quit-after-show run ends right after that paint)."""
    script = (
        "import gc, os, sys\n"
        "import sheetapp.startup as startup\n"
        "resume, seen = startup.resume_collector, []\n"
        "def spy():\n"
        "    seen.append((gc.isenabled(), 'pydantic' in sys.modules))\n"
        "    resume()\n"
        "startup.resume_collector = spy\n"
        "from sheetapp.cli import main\n"
        "assert gc.isenabled() and 'pydantic' not in sys.modules\n"
        f"code = main([{str(SAMPLE)!r}])\n"
        "print(code, seen, gc.isenabled())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen", SHEETAPP_QUIT_AFTER_SHOW="1"),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    last = done.stdout.strip().splitlines()[-1]
    # resumed by the first paint (paused until then, pydantic loaded), again by main's exit
    assert last == "0 [(False, True), (True, True)] True"
