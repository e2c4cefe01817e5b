"""Child pytest processes on an offscreen screen of a given size (as the keyboard
walkthrough runs): 1280×720, and 1600×1000 at QT_SCALE_FACTOR=2 (800×500 logical)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ui.conftest import REPO

#: run: (physical screen, scale factor)
SCREENS = {
    "small": ((1280, 720), "1"),
    "scale2": ((1600, 1000), "2"),
}
#: set in a child to the name of its run
RUN_VARIABLE = "SHEETAPP_SCREEN_RUN"


def current_run() -> str:
    return os.environ.get(RUN_VARIABLE, "")


def run_on_screen(
    run: str, test_file: Path, keyword: str, tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    """Run the tests of ``test_file`` matching ``keyword`` in a child process whose
    only screen is ``run``'s."""
    return pytest_on_screen(run, [str(test_file), "-k", keyword], tmp_path)


def pytest_on_screen(
    run: str, selection: list[str], tmp_path: Path, timeout: int = 600
) -> subprocess.CompletedProcess[str]:
    """Run pytest on ``selection`` (test ids, options) in a child process whose only
    screen is ``run``'s."""
    (width, height), scale = SCREENS[run]
    config = tmp_path / "screen.json"
    screen = {
        "name": run,
        "x": 0,
        "y": 0,
        "width": width,
        "height": height,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": 1,
    }
    config.write_text(
        json.dumps(
            {
                "synchronousWindowSystemEvents": False,
                "windowFrameMargins": False,
                "screens": [screen],
            }
        ),
        encoding="utf-8",
    )
    env = dict(os.environ)
    env.update(
        {
            "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
            "QT_SCALE_FACTOR": scale,
            RUN_VARIABLE: run,
            "HOME": str(tmp_path / "home"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
        }
    )
    env.pop("QT_SCREEN_SCALE_FACTORS", None)
    env.pop("QT_AUTO_SCREEN_SCALE_FACTOR", None)
    (tmp_path / "home").mkdir(exist_ok=True)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            *selection,
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def assert_passed(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, f"{done.stdout[-8000:]}\n{done.stderr[-3000:]}"
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]
