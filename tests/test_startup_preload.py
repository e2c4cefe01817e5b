"""The window's domain is imported before Qt (sheetapp.startup.preload_domain): once
PySide6 is imported it reads the source of every module imported after it, so the
domain and the opened file's system are loaded first. A hint, never a decision: an
unreadable file or an unknown system is left for the window to report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sheetapp.startup import system_named_in

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "resources" / "examples" / "capital" / "mara-quell-level-3.json"


def _modules_after_preload(*paths: str) -> set[str]:
    script = (
        "import sys\nfrom sheetapp.startup import preload_domain\n"
        f"preload_domain({list(paths)!r})\nprint('\\n'.join(sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def test_the_files_system_and_the_domain_load_before_qt() -> None:
    modules = _modules_after_preload(str(SAMPLE))
    assert "sheetapp.systems.capital.system" in modules
    assert "sheetapp.editing.places" in modules
    assert "sheetapp.systems.gladiators" not in modules  # only the file's system
    assert not any(m.startswith("PySide6") for m in modules)


def test_a_file_that_names_no_system_loads_none(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"\xff\xfe not json")
    unknown = tmp_path / "unknown.json"
    unknown.write_text('{"system": "no-such-system"}', encoding="utf-8")
    modules = _modules_after_preload(str(broken), str(unknown), str(tmp_path / "missing.json"))
    assert not any(m.startswith("sheetapp.systems.") for m in modules)


def test_the_system_is_read_from_the_files_head(tmp_path: Path) -> None:
    assert system_named_in(str(SAMPLE)) == "capital"
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    assert system_named_in(str(folder)) is None
    late = tmp_path / "late.json"
    late.write_text('{"notes": "' + "x" * 5000 + '", "system": "capital"}', encoding="utf-8")
    assert system_named_in(str(late)) is None  # past the head: left to the window
