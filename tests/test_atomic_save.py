"""A save interrupted at any point leaves the old file or the new one, whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.storage.atomic import FileOps, atomic_write, backup_path

OLD = b'{"old": true}\n'
NEW = b'{"new": true, "padding": "' + b"x" * 100_000 + b'"}\n'
STEPS = ["open_new", "write", "fsync", "close", "replace", "fsync_dir"]


class Interrupted(Exception):
    pass


class FailingOps(FileOps):
    """Real file operations that fail at the n-th call of one kind of step."""

    def __init__(self, step: str, nth: int) -> None:
        object.__setattr__(self, "_step", step)
        object.__setattr__(self, "_nth", nth)
        object.__setattr__(self, "_seen", {})

    def _maybe_fail(self, step: str) -> None:
        seen: dict[str, int] = self._seen  # type: ignore[attr-defined]
        seen[step] = seen.get(step, 0) + 1
        if step == self._step and seen[step] == self._nth:  # type: ignore[attr-defined]
            raise Interrupted(step)

    def open_new(self, path: Path, mode: int = 0o644) -> int:
        self._maybe_fail("open_new")
        return super().open_new(path, mode)

    def write(self, fd: int, data: bytes) -> None:
        self._maybe_fail("write")
        # a partial write before failing is the nastiest case
        super().write(fd, data[: len(data) // 2])
        super().write(fd, data[len(data) // 2 :])

    def fsync(self, fd: int) -> None:
        self._maybe_fail("fsync")
        super().fsync(fd)

    def close(self, fd: int) -> None:
        super().close(fd)
        self._maybe_fail("close")

    def replace(self, source: Path, target: Path) -> None:
        self._maybe_fail("replace")
        super().replace(source, target)

    def fsync_dir(self, folder: Path) -> None:
        self._maybe_fail("fsync_dir")
        super().fsync_dir(folder)


@pytest.mark.parametrize("nth", [1, 2], ids=["backup-write", "main-write"])
@pytest.mark.parametrize("step", STEPS)
def test_interrupted_save_leaves_old_or_new_whole(tmp_path: Path, step: str, nth: int) -> None:
    target = tmp_path / "hero.json"
    target.write_bytes(OLD)
    with pytest.raises(Interrupted):
        atomic_write(target, NEW, ops=FailingOps(step, nth))
    assert target.read_bytes() in (OLD, NEW)
    bak = backup_path(target)
    if bak.exists():
        assert bak.read_bytes() == OLD
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == [], "a failed save must clean up its temporary file"


def test_every_step_was_exercised(tmp_path: Path) -> None:
    """Guard: the failure list above really covers each operation a save makes."""
    seen: list[str] = []

    class Recorder(FileOps):
        def __getattribute__(self, name: str):  # type: ignore[no-untyped-def]
            if name in STEPS:
                seen.append(name)
            return super().__getattribute__(name)

    target = tmp_path / "hero.json"
    target.write_bytes(OLD)
    atomic_write(target, NEW, ops=Recorder())
    assert set(seen) == set(STEPS)
    assert seen.count("replace") == 2  # backup, then the file itself


def test_save_writes_new_and_keeps_previous_as_backup(tmp_path: Path) -> None:
    target = tmp_path / "hero.json"
    atomic_write(target, OLD)
    assert not backup_path(target).exists()
    atomic_write(target, NEW)
    assert target.read_bytes() == NEW
    assert backup_path(target).read_bytes() == OLD
