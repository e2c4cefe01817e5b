"""The PyInstaller one-folder application builds and passes the smoke test (issue 10).

Builds into a temporary folder with packaging/sheetapp.spec, then runs
packaging/smoke_test.py on it: --version, systems, new, validate, examples,
export-pdf from a folder outside the source tree, and the window opened offscreen
and closed; then every system's examples validated and printed, and the window opened
on each system's first (issue 38). The folder holds none of what the application never
loads (issue 38: the type checker, hypothesis, Qt Quick/Qml/VirtualKeyboard). A few
minutes; marked slow.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.core.system import SystemRegistry

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_built_application_passes_the_smoke_test(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is part of the dev extras")
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run(
        [
            sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist),
            "--workpath", str(work), str(ROOT / "packaging" / "sheetapp.spec"),
        ],
        capture_output=True, text=True, check=False, cwd=tmp_path, timeout=900,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr[-4000:]
    smoke = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "smoke_test.py"), str(dist / "sheetapp")],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "window opened and closed" in smoke.stdout
    for system_id in SystemRegistry.from_entry_points().ids():
        assert f"[smoke] ok: {system_id}: " in smoke.stdout, smoke.stdout
    assert "[smoke] size of " in smoke.stdout
    never_loaded = ("hypothesis", "mypy", "ast_serialize", "libQt6Quick", "libQt6Qml")
    bundled = {path.name.split(".")[0] for path in (dist / "sheetapp").rglob("*")}
    assert not bundled & set(never_loaded), sorted(bundled & set(never_loaded))
    assert not any(name.startswith("libQt6VirtualKeyboard") for name in bundled)
