"""The start-up launcher measures sheetapp as a user starts it: in ``app`` mode it reports
the first paint of sheetapp's own window, and Qt is not imported before sheetapp has
imported its domain (the launcher used to create the QApplication first, which made every
domain module pay PySide6's source check and start-up look ~100 ms slower)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"

#: runs the launcher's app mode and says whether Qt was loaded when the domain was
PROBE = """
import sys
sys.path.insert(0, {repo!r})
import sheetapp.startup as startup
preload = startup.preload_domain
seen = []
def recording(paths):
    seen.append("PySide6" in sys.modules)
    preload(paths)
startup.preload_domain = recording
import sheetapp.cli
sheetapp.cli.preload_domain = recording
import bench.launch
code = bench.launch.main(["app", {sample!r}])
print("QT_BEFORE_DOMAIN", seen)
raise SystemExit(code)
"""


def _run(arguments: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python ARGUMENTS`` offscreen, with its own settings, until it quits."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("SHEETAPP_QUIT_AFTER_SHOW", None)
    env |= {"XDG_CONFIG_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def test_app_mode_reports_the_first_paint_of_the_window_with_the_character(
    tmp_path: Path,
) -> None:
    done = _run([str(REPO / "bench" / "launch.py"), "app", str(SAMPLE)], tmp_path)
    line = next(text for text in done.stdout.splitlines() if text.startswith("{"))
    report = json.loads(line)
    assert report["documents"] == 1 and report["shown_ns"] > 0 and report["max_rss_kb"] > 0


def test_app_mode_imports_the_domain_before_qt(tmp_path: Path) -> None:
    done = _run(["-c", PROBE.format(repo=str(REPO), sample=str(SAMPLE))], tmp_path)
    assert "QT_BEFORE_DOMAIN [False]" in done.stdout, done.stdout[-1000:]
