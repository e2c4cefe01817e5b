"""The wheel carries resources/ and templates/ and works outside the source tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_installs_and_runs_outside_the_source_tree(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("sheetapp-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("sheetapp/_data/resources/gladiators/") for n in names)
    assert any(n.startswith("ui/") for n in names)

    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # The CLI needs only pydantic and platformdirs; the window's Qt is not needed here.
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "pydantic>=2.7,<3", "platformdirs>=4"],
        check=True,
        capture_output=True,
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    sheetapp = str(env_dir / "bin" / "sheetapp")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sheetapp, *args], cwd=outside, env=env, capture_output=True, text=True, check=False
        )

    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("sheetapp 0.")
    systems = run("systems")
    assert systems.returncode == 0, systems.stderr
    assert "gladiators\t" in systems.stdout
    schema = run("schema")
    assert json.loads(schema.stdout)["title"] == "sheetapp character file"
    made = run("new", "gladiators", "-o", "hero.json", "--name", "Wheelie")
    assert made.returncode == 0, made.stderr
    checked = run("validate", "hero.json")
    assert checked.returncode in (0, 1), checked.stderr
    where = subprocess.run(
        [str(python), "-c", "import sheetapp; print(sheetapp.__file__)"],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(env_dir) in where.stdout, "the installed copy, not the source tree, was used"
