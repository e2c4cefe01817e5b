"""Atomic file replacement: the old file or the new one, whole, never a mix.

The new bytes go to a temporary file in the same folder, are flushed and fsynced,
and only then renamed over the target. Before that, the previous version is copied
to ``<name>.bak`` the same way, so a valid backup always exists too.
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


def atomic_write(
    path: Path, data: bytes, *, keep_backup: bool = True, ops: FileOps | None = None
) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the previous file as ``.bak``."""
    ops = ops or FileOps()
    path = Path(path)
    if keep_backup and path.exists():
        _write_then_rename(backup_path(path), path.read_bytes(), ops)
    _write_then_rename(path, data, ops)


def _write_then_rename(target: Path, data: bytes, ops: FileOps) -> None:
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
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
