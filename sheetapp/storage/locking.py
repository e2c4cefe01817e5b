"""One writer at a time per character file, whatever name or user reaches it.

Every read-modify-write of a character file (the command line's ``advance``, ``level-up``
and ``revert``, the window's save) holds an exclusive lock, so two processes advancing
the same character one after the other both keep their entry instead of one silently
losing it.

The lock belongs to the file itself: on POSIX it is the operating system's ``flock`` on
the character file (opened for reading), so every route to it meets the same lock: a
relative name, a link to its folder, a symbolic link, another hard link, and another user
or another cache folder (two players sharing a campaign folder). A save replaces the file
by renaming a new one over it, so a process that waited on the old file finds, once it
has the lock, that the name now holds another file: it lets go and locks the new one
(the lock is re-checked after it is acquired). No lock file is created, so none can pile
up. Lock files that earlier versions left in the user's cache folder
(``<cache>/sheetapp/locks/<sha256 of the resolved path>.lock``) are removed after a save,
each only by the process that holds its lock.

The lock is released when the process ends, even by ``kill -9``, so a crash never leaves
a file locked. Where ``fcntl`` does not exist (Windows, whose locks would stop the
process's own reads of the file) the lock is ``msvcrt``'s byte-range lock on a lock file
in the user's cache folder keyed by the file's resolved path, as before; so it is on a
file system whose files take no ``flock`` (it says ENOLCK or EOPNOTSUPP), where that lock
orders only one user's programs reaching the file by one resolved name.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from platformdirs import PlatformDirs

from sheetapp.storage.atomic import UnsafeTarget, resolved_target

#: how long a writer waits for another to finish before giving up
WAIT_SECONDS = 60.0
#: what ``flock`` says on a file system that has no such locks (some network shares):
#: the lock falls back to the cache folder's lock file of the resolved path
_NO_FILE_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL}


class FileBusy(OSError):
    """Another program kept the character file locked for too long."""


def _cache_locks() -> Path:
    return Path(PlatformDirs(appname="sheetapp", appauthor=False).user_cache_dir) / "locks"


def lock_folder() -> Path:
    """The user's folder of lock files (Windows, and earlier versions), made on first
    use (the cache folder, or the runtime folder when the cache cannot be written)."""
    dirs = PlatformDirs(appname="sheetapp", appauthor=False)
    try:
        return _made(_cache_locks())
    except OSError:
        return _made(Path(dirs.user_runtime_dir) / "locks")


def _made(folder: Path) -> Path:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def _path_key(path: Path) -> str:
    return hashlib.sha256(os.fsencode(os.path.realpath(path))).hexdigest()


def lock_path(path: Path) -> Path:
    """The lock file of the character file ``path`` in the cache folder: Windows's lock,
    and the one earlier versions took everywhere (keyed by the resolved path)."""
    return lock_folder() / f"{_path_key(path)}.lock"


@contextmanager
def locked(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the exclusive lock of the character file ``path`` (its link target when it
    is a symbolic link) for the duration of the block."""
    target = resolved_target(Path(path))
    deadline = time.monotonic() + wait
    fd: int | None = None
    if _ON_POSIX:
        try:
            fd = _lock_the_file(target, deadline)
        except OSError as exc:
            if exc.errno not in _NO_FILE_LOCKS:
                raise
    on_the_file = fd is not None
    if fd is None:  # Windows, or a file system without flock: the cache folder's lock
        fd = _lock_a_lock_file(target, deadline)
    try:
        yield
        if on_the_file:
            remove_old_lock_file(target)
    finally:
        try:
            _release(fd)
        finally:
            os.close(fd)


def _busy(target: Path) -> FileBusy:
    return FileBusy(11, f"{target} is being changed by another program")


def _lock_the_file(target: Path, deadline: float) -> int:
    """An open descriptor of ``target`` holding its lock, re-checked to still be the file
    the name holds (a save that renamed a new file over it meanwhile: lock that one)."""
    while True:
        # O_NONBLOCK: a pipe put there since the check must not block the open
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        try:
            held = os.fstat(fd)
            if not stat.S_ISREG(held.st_mode):
                raise UnsafeTarget(21, f"{target} is not a regular file (a folder, device or pipe)")
            _wait_for(fd, deadline, target)
            try:
                now = os.stat(target)
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                return fd
            _release(fd)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        if now is None:  # removed while we waited: say so as opening it would
            raise FileNotFoundError(2, "No such file or directory", str(target))


def _lock_a_lock_file(target: Path, deadline: float) -> int:
    fd = os.open(lock_path(target), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _wait_for(fd, deadline, target)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _wait_for(fd: int, deadline: float, target: Path) -> None:
    while True:
        try:
            _try_lock(fd)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise _busy(target) from None
            time.sleep(0.01)


def remove_old_lock_file(target: Path) -> bool:
    """Remove the lock file an earlier version kept for ``target`` in the cache folder,
    only while holding its lock (a program of that version holding it keeps it) and only
    if the name still holds the file locked. Returns whether one was removed."""
    old = _cache_locks() / f"{_path_key(target)}.lock"
    try:
        fd = os.open(old, os.O_RDWR | os.O_NOFOLLOW)
    except OSError:  # none (the usual case), or not ours to touch
        return False
    try:
        try:
            _try_lock(fd)
        except OSError:  # held by a running program: it stays
            return False
        try:
            held, now = os.fstat(fd), os.stat(old)
            if (held.st_dev, held.st_ino) != (now.st_dev, now.st_ino):
                return False
            old.unlink()
            return True
        except OSError:
            return False
        finally:
            _release(fd)
    finally:
        os.close(fd)


_ON_POSIX = sys.platform != "win32"

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
