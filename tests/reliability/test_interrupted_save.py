"""A save interrupted anywhere leaves the old file or the new one, whole, and a valid .bak.

Two ways of interrupting:

* simulated, exhaustively: the operating-system calls a save makes (FileOps) are
  recorded, then the save is repeated once per call with that call failing. Each
  failure is checked twice: as the process would leave the disk if it died at that
  instant (a snapshot of the folder taken inside the failing call, before any
  clean-up runs; for a write, after half the bytes are written), and as it is after
  the error has gone up to the caller (clean-up done, no temporary file left, and a
  retried save succeeds);
* real: a child process saves in a loop and is killed with SIGKILL at a random
  moment, many times over, and each time the file and its .bak must load.
"""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.storage.atomic import TEMPORARY_MARKER, FileOps, atomic_write, backup_path
from sheetapp.storage.files import dump_document, load_document, parse_document
from tests.reliability.conftest import scale

REGISTRY = installed_systems()
REPO = Path(__file__).resolve().parents[2]


def character(name: str, notes_kb: int = 0) -> bytes:
    """A valid character file of the first installed system."""
    system = next(iter(REGISTRY))
    document = system.new_document(name)
    document.meta.notes = "n" * (notes_kb * 1024)
    return dump_document(document)


OLDER = character("Older")
OLD = character("Old", notes_kb=3)
NEW = character("New", notes_kb=300)  # big enough that a write takes a while

# ----------------------------------------------------------------- simulated failures


class Crash(BaseException):
    """Stands for the process dying: not an Exception, so nothing may swallow it."""


Snapshot = dict[str, bytes]


def snapshot(folder: Path) -> Snapshot:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


class RecordingOps(FileOps):
    """Real file operations that log each call, for enumerating the failure points."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def _log(self, name: str, detail: str) -> None:
        self.calls.append(f"{name}({detail})")  # type: ignore[attr-defined]

    def open_new(self, path: Path, mode: int = 0o644) -> int:
        self._log("open_new", path.name)
        return super().open_new(path, mode)

    def write(self, fd: int, data: bytes) -> None:
        self._log("write", f"{len(data)} bytes")
        super().write(fd, data)

    def fsync(self, fd: int) -> None:
        self._log("fsync", "file")
        super().fsync(fd)

    def close(self, fd: int) -> None:
        self._log("close", "file")
        super().close(fd)

    def replace(self, source: Path, target: Path) -> None:
        self._log("replace", f"{source.name} -> {target.name}")
        super().replace(source, target)

    def fsync_dir(self, folder: Path) -> None:
        self._log("fsync_dir", "folder")
        super().fsync_dir(folder)


class FailingOps(FileOps):
    """Real file operations where call number ``fail_at`` fails.

    ``when`` is "before" (the call does nothing), "after" (the call is done, then the
    failure) or "half" (a write puts half its bytes on disk). With ``crash`` the folder
    is photographed at the failure, as a killed process would leave it.
    """

    def __init__(self, folder: Path, fail_at: int, when: str, error: BaseException) -> None:
        object.__setattr__(self, "folder", folder)
        object.__setattr__(self, "fail_at", fail_at)
        object.__setattr__(self, "when", when)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "count", 0)
        object.__setattr__(self, "at_failure", None)

    def _failing_now(self) -> bool:
        index = self.count  # type: ignore[has-type]
        object.__setattr__(self, "count", index + 1)
        return bool(index == self.fail_at)  # type: ignore[attr-defined]

    def _fail(self) -> None:
        object.__setattr__(self, "at_failure", snapshot(self.folder))  # type: ignore[attr-defined]
        raise self.error  # type: ignore[attr-defined]

    def _step(self, action: Callable[[], object]) -> None:
        if not self._failing_now():
            action()
            return
        if self.when == "after":  # type: ignore[attr-defined]
            action()
        self._fail()

    def open_new(self, path: Path, mode: int = 0o644) -> int:
        if not self._failing_now():
            return super().open_new(path, mode)
        if self.when == "after":  # the file was created, then the process died
            os.close(super().open_new(path, mode))
        self._fail()
        raise AssertionError("unreachable")

    def write(self, fd: int, data: bytes) -> None:
        if not self._failing_now():
            super().write(fd, data)
            return
        if self.when == "after":
            super().write(fd, data)
        elif self.when == "half":
            super().write(fd, data[: len(data) // 2])
        self._fail()

    def fsync(self, fd: int) -> None:
        self._step(lambda: super(FailingOps, self).fsync(fd))

    def close(self, fd: int) -> None:
        # a failing close(2) still releases the descriptor on Linux: close it either way
        super().close(fd)
        self._step(lambda: None)

    def replace(self, source: Path, target: Path) -> None:
        self._step(lambda: super(FailingOps, self).replace(source, target))

    def fsync_dir(self, folder: Path) -> None:
        self._step(lambda: super(FailingOps, self).fsync_dir(folder))


def check_state(files: Snapshot, name: str, allowed: tuple[bytes, ...], backups: tuple[bytes, ...]):
    """The target is one of ``allowed`` whole (or absent when that is allowed), the .bak
    one of ``backups`` whole, and each one present loads as a character."""
    target = files.get(name)
    if target is None:
        assert b"" in allowed, "the file disappeared"
    else:
        assert target in allowed, (
            f"the file is neither the old nor the new one ({len(target)} bytes)"
        )
        parse_document(target, REGISTRY)
    bak = files.get(name + ".bak")
    if bak is None:
        assert b"" in backups, "the backup disappeared"
    else:
        assert bak in backups, f"the backup is not a whole earlier version ({len(bak)} bytes)"
        parse_document(bak, REGISTRY)


# (label, files before the save, allowed target afterwards, allowed .bak afterwards)
SCENARIOS = {
    "first save": ({}, (b"", NEW), (b"",)),
    "second save": ({"hero.json": OLD}, (OLD, NEW), (b"", OLD)),
    "later save": ({"hero.json": OLD, "hero.json.bak": OLDER}, (OLD, NEW), (OLDER, OLD)),
}
ERRORS: dict[str, Callable[[], BaseException]] = {
    "disk full": lambda: OSError(errno.ENOSPC, "No space left on device"),
    "i/o error": lambda: OSError(errno.EIO, "Input/output error"),
    "interrupt": KeyboardInterrupt,
}


def recorded_calls(tmp_path: Path, before: Snapshot) -> list[str]:
    folder = tmp_path / "record"
    folder.mkdir()
    for name, data in before.items():
        (folder / name).write_bytes(data)
    ops = RecordingOps()
    atomic_write(folder / "hero.json", NEW, ops=ops)
    return list(ops.calls)  # type: ignore[attr-defined]


def test_the_save_makes_the_calls_we_fail(tmp_path: Path) -> None:
    """Guard: the enumeration sees every step (two writes when a backup is kept)."""
    calls = recorded_calls(tmp_path, {"hero.json": OLD})
    names = [call.split("(")[0] for call in calls]
    assert names == ["open_new", "write", "fsync", "close", "replace", "fsync_dir"] * 2
    assert "hero.json.bak" in calls[4] and "hero.json)" in calls[10]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_failure_at_every_call(tmp_path: Path, scenario: str, tally: Counter[str]) -> None:
    before, allowed, backups = SCENARIOS[scenario]
    calls = recorded_calls(tmp_path, before)
    assert calls
    case = 0
    for index, call in enumerate(calls):
        for when in ("before", "half", "after"):
            if when == "half" and not call.startswith("write"):
                continue
            if when == "after" and call.startswith("close"):
                continue  # the same as "before" (see FailingOps.close)
            for error_name, make_error in ERRORS.items():
                case += 1
                folder = tmp_path / f"case{case}"
                folder.mkdir()
                for name, data in before.items():
                    (folder / name).write_bytes(data)
                ops = FailingOps(folder, index, when, make_error())
                what = f"{scenario}: {error_name} {when} call {index} {call}"
                with pytest.raises((OSError, KeyboardInterrupt)):
                    atomic_write(folder / "hero.json", NEW, ops=ops)
                # as a process killed at that instant would leave the folder
                died = ops.at_failure  # type: ignore[attr-defined]
                assert died is not None, what
                check_state(died, "hero.json", allowed, backups)
                # as the error leaves it: cleaned up
                after = snapshot(folder)
                check_state(after, "hero.json", allowed, backups)
                assert not [n for n in after if n.endswith(TEMPORARY_MARKER)], (
                    f"{what}: temp file left"
                )
                # and saving again works
                atomic_write(folder / "hero.json", NEW)
                assert (folder / "hero.json").read_bytes() == NEW, what
                if backup_path(folder / "hero.json").exists():
                    load_document(backup_path(folder / "hero.json"), REGISTRY)
                else:
                    assert scenario == "first save", what
                tally["interrupted saves (simulated, every call)"] += 2  # died + cleaned
    assert case >= len(calls) * len(ERRORS)


def test_the_old_file_survives_when_the_new_bytes_never_arrive(tmp_path: Path) -> None:
    """A failure on the very first write (disk full) changes nothing at all."""
    target = tmp_path / "hero.json"
    target.write_bytes(OLD)
    ops = FailingOps(tmp_path, 1, "half", OSError(errno.ENOSPC, "No space left on device"))
    with pytest.raises(OSError):
        atomic_write(target, NEW, ops=ops)
    assert snapshot(tmp_path) == {"hero.json": OLD}


# -------------------------------------------------------------------- real kill -9

CHILD = """
import sys
from pathlib import Path
from sheetapp.storage.atomic import atomic_write

target = Path(sys.argv[1])
versions = [Path(p).read_bytes() for p in sys.argv[2:]]
print("ready", flush=True)
n = 0
while True:
    atomic_write(target, versions[n % len(versions)])
    n += 1
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.slow
def test_kill_9_while_saving_in_a_loop(tmp_path: Path, tally: Counter[str]) -> None:
    """A child saves A, B, A, B... over one file; it is killed at a random moment, and
    the file and its backup must be whole versions that load. Repeated many times."""
    versions = [character(f"Version {i}", notes_kb=kb) for i, kb in enumerate((1, 200, 600))]
    sources = []
    for index, data in enumerate(versions):
        source = tmp_path / f"v{index}.json"
        source.write_bytes(data)
        sources.append(str(source))
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / "hero.json"
    target.write_bytes(versions[0])
    rounds = 100 * scale()
    rng = random.Random(9)
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    for round_ in range(rounds):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(target), *sources],
            stdout=subprocess.PIPE,
            env=environment,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0, 0.05))
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
        child.stdout.close()
        files = snapshot(folder)
        assert files["hero.json"] in versions, f"round {round_}: the file is not whole"
        load_document(target, REGISTRY)
        if "hero.json.bak" in files:
            assert files["hero.json.bak"] in versions, f"round {round_}: the backup is broken"
            load_document(backup_path(target), REGISTRY)
        leftovers = [name for name in files if name.endswith(TEMPORARY_MARKER)]
        assert len(leftovers) <= 1, f"round {round_}: temporary files pile up: {leftovers}"
        tally["interrupted saves (kill -9)"] += 1
        tally["kill -9 landed inside a write (temporary file left)"] += len(leftovers)
    assert tally["interrupted saves (kill -9)"] == rounds
    atomic_write(target, versions[0])
    assert sorted(snapshot(folder)) == ["hero.json", "hero.json.bak"], "stale files remain"
