"""One writer at a time per character file.

Every read-modify-write of a character file (the command line's ``advance``, ``level-up``
and ``revert``, the window's save) holds an exclusive lock on a small lock file, so two
processes advancing the same character one after the other both keep their entry
instead of one silently losing it. The lock files live in the user's cache folder
(``<cache>/sheetapp/locks/<sha256 of the file's resolved path>.lock``), not beside the
character: the user's folder holds only their files. The lock is therefore per user: it
orders the programs of one user, not ``sudo`` against that user.

The lock is the operating system's (``flock``): it is released when the process ends,
even by ``kill -9``, so a crash never leaves a file locked. Where ``fcntl`` does not
exist (Windows) the lock is ``msvcrt``'s byte-range lock on the same file. Lock files
are never deleted: removing one while another process waits on it would let a third
lock a new file of the same name, and two writers would run at once.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from platformdirs import PlatformDirs

from sheetapp.storage.atomic import resolved_target

#: how long a writer waits for another to finish before giving up
WAIT_SECONDS = 60.0


class FileBusy(OSError):
    """Another program kept the character file locked for too long."""


def lock_folder() -> Path:
    """The user's folder of lock files, made on first use (the cache folder, or the
    runtime folder when the cache cannot be written)."""
    dirs = PlatformDirs(appname="sheetapp", appauthor=False)
    try:
        return _made(Path(dirs.user_cache_dir) / "locks")
    except OSError:
        return _made(Path(dirs.user_runtime_dir) / "locks")


def _made(folder: Path) -> Path:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def lock_path(path: Path) -> Path:
    """The lock file of the character file ``path``: every route to one file (a relative
    name, a link to its folder) shares it."""
    digest = hashlib.sha256(os.fsencode(os.path.realpath(path))).hexdigest()
    return lock_folder() / f"{digest}.lock"


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
