"""One writer at a time per character file.

Every read-modify-write of a character file (the command line's ``advance``, ``level-up``
and ``revert``) holds an exclusive lock on a small lock file beside it
(``.<name>.lock``), so two processes advancing the same character one after the other
both keep their entry instead of one silently losing it. The lock is the operating
system's (``flock``): it is released when the process ends, even by ``kill -9``, so a
crash never leaves a file locked. Where ``fcntl`` does not exist (Windows) the lock is
``msvcrt``'s byte-range lock on the same file.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sheetapp.storage.atomic import MAX_NAME_BYTES, resolved_target

#: how long a writer waits for another to finish before giving up
WAIT_SECONDS = 60.0


class FileBusy(OSError):
    """Another program kept the character file locked for too long."""


def lock_path(path: Path) -> Path:
    name = f".{path.name}.lock"
    if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        import hashlib

        name = f".sheetapp-{hashlib.sha256(path.name.encode()).hexdigest()[:16]}.lock"
    return path.with_name(name)


@contextmanager
def locked(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the exclusive lock of the character file ``path`` (its link target when it
    is a symbolic link) for the duration of the block."""
    target = resolved_target(Path(path))
    fd = os.open(lock_path(target), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _acquire(fd, wait, target)
        try:
            yield
        finally:
            _release(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, wait: float, target: Path) -> None:
    deadline = time.monotonic() + wait
    while True:
        try:
            _try_lock(fd)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise FileBusy(11, f"{target} is being changed by another program") from None
            time.sleep(0.01)


if sys.platform != "win32":
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

else:
    import msvcrt

    def _try_lock(fd: int) -> None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            raise BlockingIOError from None

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
