"""Atomic file replacement: the old file or the new one, whole, never a mix.

The new bytes go to a temporary file in the same folder, are flushed and fsynced,
and only then renamed over the target. Before that, the previous version is copied
to ``<name>.bak`` the same way, so a valid backup always exists too.

A process killed in the middle of a save leaves its temporary file behind
(``.<name>.<pid>.tmp``); the next save of the same file removes those whose process
is gone, so a folder does not fill up with hidden copies of a character.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class FileOps:
    """The operating-system calls a save makes, swappable so tests can fail each one."""

    def open_new(self, path: Path) -> int:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)

    def write(self, fd: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def close(self, fd: int) -> None:
        os.close(fd)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def fsync_dir(self, folder: Path) -> None:
        if os.name != "posix":
            return
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def temporary_path(target: Path, pid: int | None = None) -> Path:
    """Where a save of ``target`` by process ``pid`` (default: this one) writes first."""
    return target.with_name(f".{target.name}.{os.getpid() if pid is None else pid}.tmp")


def atomic_write(
    path: Path, data: bytes, *, keep_backup: bool = True, ops: FileOps | None = None
) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the previous file as ``.bak``."""
    ops = ops or FileOps()
    path = Path(path)
    remove_stale_temporaries(path)
    remove_stale_temporaries(backup_path(path))
    if keep_backup and path.exists():
        _write_then_rename(backup_path(path), path.read_bytes(), ops)
    _write_then_rename(path, data, ops)


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Delete the temporary files of earlier saves of ``target`` whose process no longer
    runs (it was killed mid-save). Files of running processes are left alone."""
    prefix = f".{target.name}."
    removed: list[Path] = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:  # an unreadable folder: the save itself will report the problem
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        middle = name[len(prefix) : -len(".tmp")]
        if not middle.isdigit():
            continue
        pid = int(middle)
        if pid == os.getpid() or _process_exists(pid):
            continue
        try:
            entry.unlink()
        except OSError:  # gone already, or not ours to delete: harmless either way
            continue
        removed.append(entry)
    return removed


def _process_exists(pid: int) -> bool:
    if os.name != "posix":
        return True  # no safe existence check (os.kill would signal it): keep the file
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def _write_then_rename(target: Path, data: bytes, ops: FileOps) -> None:
    temporary = temporary_path(target)
    temporary.unlink(missing_ok=True)
    try:
        fd = ops.open_new(temporary)
        try:
            ops.write(fd, data)
            ops.fsync(fd)
        finally:
            ops.close(fd)
        ops.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    ops.fsync_dir(target.parent)
