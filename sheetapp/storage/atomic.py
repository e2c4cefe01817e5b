"""Atomic file replacement: the old file or the new one, whole, never a mix.

The new bytes go to a temporary file in the same folder, are flushed and fsynced,
and only then renamed over the target. Before that, the previous version is copied
to ``<name>.bak`` the same way, so a valid backup always exists too.

A process killed in the middle of a save leaves its temporary file behind
(``.<name>.<pid>.<random>.sheetapp-tmp``); the next save of the same file removes those
whose process is gone and that the saving user owns, so a folder does not fill up with
hidden copies of a character. The random part and the marker keep a user's own file
(``.hero.json.12345.tmp``, say) from ever being taken for one.

The user's file stays theirs: a save through a symbolic link writes the file the link
points to (the link stays), and so does the backup when ``FILE.bak`` is a link; the new
file and the ``.bak`` keep the old one's permissions, owner and group and extended
attributes; a file with other hard links, or one the user may write but whose owner or
group they could not give back (another user's group-writable file), is rewritten in
place, so every link sees the new version and the file keeps its owner; and a target
that is not a regular file (a device, a pipe, a folder), is read-only, or that the user
may not write (another user's file in a folder they may write) is refused with
:class:`UnsafeTarget`, never replaced.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
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


#: what ends the name of every temporary file a save makes (and only those)
TEMPORARY_MARKER = ".sheetapp-tmp"
#: hex digits of the random part of a temporary file's name
_TOKEN_DIGITS = 12


def _temporary_stem(target: Path) -> str:
    """The target's name in its temporary name; a name too long to take the prefix and
    suffix (a 218-255 byte name) is replaced by a short digest of it."""
    name = os.fsencode(target.name)
    longest = len(name) + len(f"..4294967295.{'0' * _TOKEN_DIGITS}{TEMPORARY_MARKER}")
    if longest <= MAX_NAME_BYTES:
        return target.name
    return "sheetapp-" + hashlib.sha256(name).hexdigest()[:16]


def temporary_path(target: Path, pid: int | None = None, token: str | None = None) -> Path:
    """Where a save of ``target`` by process ``pid`` (default: this one) writes first:
    ``.<name>.<pid>.<random>.sheetapp-tmp``, a new random part each time."""
    stem = _temporary_stem(target)
    pid = os.getpid() if pid is None else pid
    token = secrets.token_hex(_TOKEN_DIGITS // 2) if token is None else token
    return target.with_name(f".{stem}.{pid}.{token}{TEMPORARY_MARKER}")


def _owner_name(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return f"user {uid}"


def _may_write(path: Path, info: os.stat_result) -> None:
    """Raise :class:`UnsafeTarget` unless the user may write the file itself (a writable
    folder would let a rename replace another user's file: it must not)."""
    if not info.st_mode & 0o222:
        raise UnsafeTarget(13, f"{path} is read-only")
    if os.access(path, os.W_OK):
        return
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        owner = _owner_name(info.st_uid)
        raise UnsafeTarget(13, f"{path} belongs to {owner} and you may not write it")
    raise UnsafeTarget(13, f"{path} is read-only for you")


def resolved_target(path: Path) -> Path:
    """The file a save of ``path`` writes: through symbolic links to the file they name.
    Raises :class:`UnsafeTarget` when that is not a regular file, is read-only or the user
    may not write it, and OSError (ENAMETOOLONG) for a name no file system takes."""
    if len(os.fsencode(path.name)) > MAX_NAME_BYTES:
        raise OSError(36, f"the file name is longer than {MAX_NAME_BYTES} bytes")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(21, f"{path} is not a regular file (a folder, device or pipe)")
    _may_write(path, info)
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
        # through a link named like the backup to its file; a folder, a device or
        # another user's file named like it: refused
        backup = resolved_target(backup_path(path))
        kept_backup = _kept_of(backup)
        if kept_backup is not None and not _may_keep_owner(kept_backup):
            _write_in_place(backup, path.read_bytes(), ops, kept_backup)
        else:
            _write_then_rename(backup, path.read_bytes(), ops, kept)
    if kept is not None and (kept.links > 1 or not _may_keep_owner(kept)):
        _write_in_place(path, data, ops, kept)
    else:
        _write_then_rename(path, data, ops, kept)


def _may_keep_owner(kept: Kept) -> bool:
    """Whether a new file this user makes can be given the old one's owner and group
    (root can; another user only for their own file and one of their groups). When it
    cannot, the file is written in place and so stays whose it was."""
    if not hasattr(os, "geteuid"):
        return True
    euid = os.geteuid()
    if euid == 0:
        return True
    return kept.uid == euid and (kept.gid == os.getegid() or kept.gid in os.getgroups())


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
    runs (it was killed mid-save). Only names a save makes (the marker, a process id and
    the random part) owned by this user are touched; files of running processes and
    every other file are left alone."""
    pattern = re.compile(
        re.escape(f".{_temporary_stem(target)}.")
        + rf"([0-9]{{1,10}})\.[0-9a-f]{{{_TOKEN_DIGITS}}}"
        + re.escape(TEMPORARY_MARKER)
    )
    removed: list[Path] = []
    try:
        entries = list(target.parent.iterdir())
    except OSError:  # an unreadable folder: the save itself will report the problem
        return removed
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None:
            continue
        pid = int(found.group(1))
        if pid == os.getpid() or _process_exists(pid) or not _mine(entry):
            continue
        try:
            entry.unlink()
        except OSError:  # gone already, or not ours to delete: harmless either way
            continue
        removed.append(entry)
    return removed


def _mine(entry: Path) -> bool:
    """Whether this user made ``entry`` (a regular file, not a link, of theirs)."""
    try:
        info = entry.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    return not hasattr(os, "geteuid") or info.st_uid == os.geteuid()


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
    temporary = _write_new(target, data, ops, kept)
    try:
        ops.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    ops.fsync_dir(target.parent)


def _write_in_place(target: Path, data: bytes, ops: FileOps, kept: Kept) -> None:
    """Rewrite a file inside its own inode: one with other hard links, or one whose owner
    a new file could not be given (another user's group-writable file).

    Renaming a new file over one name would leave the other names on the old inode with
    the old content (the user would edit one character and print a stale one), or hand
    another user's file to this one. So the new bytes are first written whole to a
    temporary file and fsynced (a full disk or an I/O error stops the save there, the
    file untouched), the space is reserved in the file, and only then copied over it.
    This one step is not atomic: a crash inside it leaves a mix, which the loader
    refuses, and the ``.bak`` written just before holds the old version whole."""
    temporary = _write_new(target, data, ops, kept)
    try:
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


def _write_new(target: Path, data: bytes, ops: FileOps, kept: Kept | None) -> Path:
    """A new temporary file beside ``target`` holding ``data``, flushed to disk, with what
    ``kept`` holds. Only a file this call created is ever removed (a name that exists
    already fails the exclusive create and is left alone)."""
    mode = 0o644 if kept is None else kept.mode
    temporary = temporary_path(target)
    try:
        fd = ops.open_new(temporary, mode)
    except FileExistsError:
        raise  # not ours: left alone
    except BaseException:
        temporary.unlink(missing_ok=True)  # an error after the create made it (EINTR...)
        raise
    try:
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
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


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
