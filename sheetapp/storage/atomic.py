"""Atomic file replacement: the old file or the new one, whole, never a mix.

The new bytes go to a temporary file in the same folder, are flushed and fsynced,
and only then renamed over the target. Before that, the previous version is copied
to ``<name>.bak`` the same way, so a valid backup always exists too.

A process killed in the middle of a save leaves its temporary file behind
(``.<name>.<pid>.tmp``); the next save of the same file removes those whose process
is gone, so a folder does not fill up with hidden copies of a character.

The user's file stays theirs: a save through a symbolic link writes the file the link
points to (the link stays); the new file and the ``.bak`` keep the old one's permissions,
owner and group (where the saving user may set them) and extended attributes; a file
with other hard links is rewritten in place so that every link sees the new version; and
a target that is not a regular file (a device, a pipe, a folder) or is read-only is
refused with :class:`UnsafeTarget`, never replaced.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

#: the longest file name most file systems take, in bytes
MAX_NAME_BYTES = 255


class UnsafeTarget(OSError):
    """A save target that must not be replaced (not a regular file, read-only)."""


@dataclass(frozen=True, slots=True)
class FileOps:
    """The operating-system calls a save makes, swappable so tests can fail each one."""

    def open_new(self, path: Path, mode: int = 0o644) -> int:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)

    def open_existing(self, path: Path) -> int:
        return os.open(path, os.O_WRONLY)

    def truncate(self, fd: int, size: int) -> None:
        os.ftruncate(fd, size)

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
    """``FILE.bak``; for a name too long to take the suffix, the name shortened and a
    short digest of it, so the backup can always be written."""
    name = path.name + ".bak"
    if len(name.encode("utf-8", "surrogateescape")) <= MAX_NAME_BYTES:
        return path.with_name(name)
    digest = hashlib.sha256(path.name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    keep = path.name.encode("utf-8", "surrogateescape")[: MAX_NAME_BYTES - 14]
    short = keep.decode("utf-8", "ignore")
    return path.with_name(f"{short}~{digest}.bak")


def _temporary_stem(target: Path) -> str:
    """The target's name in its temporary name; a name too long to take the prefix and
    suffix (a 243-255 byte name) is replaced by a short digest of it."""
    if len(f".{target.name}.4294967295.tmp".encode()) <= MAX_NAME_BYTES:
        return target.name
    return "sheetapp-" + hashlib.sha256(target.name.encode()).hexdigest()[:16]


def temporary_path(target: Path, pid: int | None = None) -> Path:
    """Where a save of ``target`` by process ``pid`` (default: this one) writes first."""
    stem = _temporary_stem(target)
    return target.with_name(f".{stem}.{os.getpid() if pid is None else pid}.tmp")


def resolved_target(path: Path) -> Path:
    """The file a save of ``path`` writes: through symbolic links to the file they name.
    Raises :class:`UnsafeTarget` when that is not a regular file or is read-only, and
    OSError (ENAMETOOLONG) for a name no file system takes."""
    if len(path.name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        raise OSError(36, f"the file name is longer than {MAX_NAME_BYTES} bytes")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(21, f"{path} is not a regular file (a folder, device or pipe)")
    if not info.st_mode & 0o222:
        raise UnsafeTarget(13, f"{path} is read-only")
    return target


def atomic_write(
    path: Path, data: bytes, *, keep_backup: bool = True, ops: FileOps | None = None
) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the previous file as ``.bak``."""
    ops = ops or FileOps()
    path = resolved_target(Path(path))
    kept = _kept_of(path)
    remove_stale_temporaries(path)
    remove_stale_temporaries(backup_path(path))
    if keep_backup and kept is not None:
        backup = backup_path(path)
        if backup.exists() or backup.is_symlink():
            resolved_target(backup)  # a folder or device named like the backup: refused
        _write_then_rename(backup, path.read_bytes(), ops, kept)
    if kept is not None and kept.links > 1:
        _write_in_place(path, data, ops, kept)
    else:
        _write_then_rename(path, data, ops, kept)


@dataclass(frozen=True, slots=True)
class Kept:
    """What a save keeps of the file it replaces, for the new file and its ``.bak``."""

    mode: int
    uid: int
    gid: int
    links: int
    xattrs: tuple[tuple[str, bytes], ...] = ()


def _kept_of(path: Path) -> Kept | None:
    """The permissions, owner, link count and extended attributes of an existing file
    (None when there is none)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    mode = stat.S_IMODE(info.st_mode)
    return Kept(mode, info.st_uid, info.st_gid, info.st_nlink, _xattrs_of(path))


#: errors meaning "this file system or this user cannot have that attribute or owner":
#: the save goes on without it, as a copy with ``cp`` would
_CANNOT_KEEP = {errno.EPERM, errno.EACCES, errno.ENOTSUP, errno.EOPNOTSUPP}


def _xattrs_of(path: Path) -> tuple[tuple[str, bytes], ...]:
    if not hasattr(os, "listxattr"):
        return ()
    try:
        names = os.listxattr(path)
    except OSError as exc:
        if exc.errno in _CANNOT_KEEP:
            return ()
        raise
    found: list[tuple[str, bytes]] = []
    for name in names:
        try:
            found.append((name, os.getxattr(path, name)))
        except OSError as exc:  # ENODATA: removed since it was listed
            if exc.errno not in _CANNOT_KEEP and exc.errno != errno.ENODATA:
                raise
    return tuple(found)


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Delete the temporary files of earlier saves of ``target`` whose process no longer
    runs (it was killed mid-save). Files of running processes are left alone."""
    prefix = f".{_temporary_stem(target)}."
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


def _write_then_rename(target: Path, data: bytes, ops: FileOps, kept: Kept | None) -> None:
    temporary = temporary_path(target)
    temporary.unlink(missing_ok=True)
    try:
        _write_new(temporary, data, ops, kept)
        ops.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    ops.fsync_dir(target.parent)


def _write_in_place(target: Path, data: bytes, ops: FileOps, kept: Kept) -> None:
    """Rewrite a file that has other hard links inside its own inode.

    Renaming a new file over one name would leave the other names on the old inode with
    the old content: the user would edit one character and print a stale one. So the new
    bytes are first written whole to a temporary file and fsynced (a full disk or an I/O
    error stops the save there, the file untouched), the space is reserved in the file,
    and only then copied over it. This one step is not atomic: a crash inside it leaves
    a mix, which the loader refuses, and the ``.bak`` written just before holds the old
    version whole."""
    temporary = temporary_path(target)
    temporary.unlink(missing_ok=True)
    try:
        _write_new(temporary, data, ops, kept)
        fd = ops.open_existing(target)
        try:
            _reserve(fd, len(data))
            ops.write(fd, data)
            ops.truncate(fd, len(data))
            ops.fsync(fd)
        finally:
            ops.close(fd)
    finally:
        temporary.unlink(missing_ok=True)


def _write_new(temporary: Path, data: bytes, ops: FileOps, kept: Kept | None) -> None:
    """Create ``temporary`` with ``data``, flushed to disk, with what ``kept`` holds."""
    mode = 0o644 if kept is None else kept.mode
    fd = ops.open_new(temporary, mode)
    try:
        if kept is not None:
            _keep_owner(fd, kept)
            _keep_xattrs(fd, kept)
        if os.name == "posix":
            # the umask narrowed what open() asked for; after chown, which clears setgid
            os.fchmod(fd, mode)
        ops.write(fd, data)
        ops.fsync(fd)
    finally:
        ops.close(fd)


def _keep_owner(fd: int, kept: Kept) -> None:
    """Give the new file the old one's owner and group: root saving another user's file
    must not hand it to root. A user who may not set them leaves the file theirs."""
    if not hasattr(os, "fchown"):
        return
    info = os.fstat(fd)
    if (info.st_uid, info.st_gid) == (kept.uid, kept.gid):
        return
    for uid in (kept.uid, -1):  # without the owner, the group alone may still be allowed
        try:
            os.fchown(fd, uid, kept.gid)
            return
        except OSError as exc:
            if exc.errno not in _CANNOT_KEEP:
                raise


def _keep_xattrs(fd: int, kept: Kept) -> None:
    for name, value in kept.xattrs:
        try:
            os.setxattr(fd, name, value)
        except OSError as exc:
            if exc.errno not in _CANNOT_KEEP:
                raise


def _reserve(fd: int, size: int) -> None:
    """Allocate ``size`` bytes for the file before overwriting it, so a full disk fails
    here and not halfway through the old content."""
    if not hasattr(os, "posix_fallocate") or size == 0:
        return
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as exc:
        if exc.errno not in (errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL):
            raise
