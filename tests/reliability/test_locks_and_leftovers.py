"""The lock belongs to the file and survives the save's rename; what a save leaves and
removes beside the character (issue 32): a ``FILE.bak`` that is a symbolic link, user
files named like temporaries, lock files of earlier versions."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sheetapp.storage import locking
from sheetapp.storage.atomic import (
    TEMPORARY_MARKER,
    atomic_write,
    backup_path,
    temporary_path,
)
from sheetapp.storage.locking import FileBusy, locked

REPO = Path(__file__).resolve().parents[2]
OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX locks and links")


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    return path


def is_locked(path: Path) -> bool:
    try:
        with locked(path, wait=0):
            return False
    except FileBusy:
        return True


def test_hard_links_meet_one_lock(owl: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere" / "owl.json"
    other.parent.mkdir()
    os.link(owl, other)
    with locked(owl):
        assert is_locked(other)
    with locked(other):
        assert is_locked(owl)
    assert not is_locked(owl)


def test_another_cache_folder_meets_the_same_lock(
    owl: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with locked(owl):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-cache"))
        assert is_locked(owl)


def test_a_waiter_locks_the_file_the_save_put_in_place(owl: Path) -> None:
    """The holder replaces the file by a rename while another writer waits on the old
    one: once it has the lock, the waiter must hold the new file's lock, not the old
    (replaced) file's, or a third writer would run alongside it."""
    holding = threading.Event()
    let_go = threading.Event()
    waiter_has_it = threading.Event()
    done = threading.Event()
    third: list[bool] = []

    def holder() -> None:
        with locked(owl):
            holding.set()
            let_go.wait(10)
            atomic_write(owl, OWL.read_bytes() + b" ")  # a new inode under the name

    def waiter() -> None:
        holding.wait(10)
        with locked(owl, wait=10):
            waiter_has_it.set()
            done.wait(10)

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for thread in threads:
        thread.start()
    holding.wait(10)
    before = os.stat(owl).st_ino
    let_go.set()
    assert waiter_has_it.wait(10)
    assert os.stat(owl).st_ino != before, "the save did not replace the file"
    third.append(is_locked(owl))
    done.set()
    for thread in threads:
        thread.join(10)
    assert third == [True], "the waiter held the lock of the replaced file"


def test_a_backup_that_is_a_link_has_its_target_written(owl: Path, tmp_path: Path) -> None:
    """Was: a ``FILE.bak`` symbolic link was replaced by a regular file."""
    kept = tmp_path / "backups" / "owl-previous.json"
    kept.parent.mkdir()
    kept.write_bytes(b"older")
    backup_path(owl).symlink_to(kept)
    before = owl.read_bytes()
    atomic_write(owl, b"new")
    assert backup_path(owl).is_symlink()
    assert os.readlink(backup_path(owl)) == str(kept)
    assert kept.read_bytes() == before


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_user_files_named_like_temporaries_are_never_removed(owl: Path, tmp_path: Path) -> None:
    """Was: ``.owl.json.12345.tmp`` (a user's file) was deleted by the next save when no
    process 12345 ran. Temporaries now carry a random part and a marker; only those, of
    dead processes, are removed."""
    dead = _dead_pid()
    users = [
        tmp_path / f".owl.json.{dead}.tmp",
        tmp_path / f".owl.json.bak.{dead}.tmp",
        tmp_path / f".owl.json.{dead}{TEMPORARY_MARKER}",
        tmp_path / f".owl.json.{dead}.notes{TEMPORARY_MARKER}",
    ]
    for path in users:
        path.write_bytes(b"mine")
    ours = temporary_path(owl, dead)
    ours.write_bytes(b"half a save")
    assert ours.name.startswith(f".owl.json.{dead}.") and ours.name.endswith(TEMPORARY_MARKER)
    assert temporary_path(owl) != temporary_path(owl), "no random part"
    atomic_write(owl, b"new")
    assert all(path.read_bytes() == b"mine" for path in users)
    assert not ours.exists()


def test_an_existing_name_is_never_taken_for_a_temporary(
    owl: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a user's file with exactly the name a save draws is left alone: the create is
    exclusive, and a failed save removes only what it made."""
    from sheetapp.storage import atomic

    taken = temporary_path(owl, token="0" * 12)
    taken.write_bytes(b"mine")
    monkeypatch.setattr(atomic, "temporary_path", lambda target, pid=None, token=None: taken)
    with pytest.raises(FileExistsError):
        atomic_write(owl, b"new")
    assert taken.read_bytes() == b"mine"


def test_lock_files_of_earlier_versions_are_removed_by_their_holder(
    owl: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lock files piled up in the cache folder, one per character ever saved. No lock
    file is made now; an earlier version's is removed after the save, only when the
    saving process could take its lock (a program of that version holding it keeps it)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    old = locking.lock_path(owl)  # where earlier versions locked this file
    old.touch()
    other = locking.lock_path(tmp_path / "hero.json")
    other.touch()
    with locked(owl):
        pass
    assert not old.exists()
    assert other.exists(), "another file's lock file is not this save's to remove"
    old.touch()
    fd = os.open(old, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # an earlier version's program holds it
        with locked(owl):
            pass
        assert old.exists()
    finally:
        os.close(fd)
    before = set(old.parent.iterdir())
    assert (
        subprocess.run(
            [sys.executable, "-m", "sheetapp", "advance", str(owl), "--earn", "1"],
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )
    assert set(old.parent.iterdir()) == before - {old}


def test_a_file_system_without_file_locks_falls_back_to_the_cache_lock(
    owl: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some network shares refuse ``flock`` (ENOLCK): saving must still work, under the
    cache folder's lock of the resolved path."""
    import errno

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    real = locking._try_lock

    def no_locks_on_the_share(fd: int) -> None:
        if os.fstat(fd).st_ino == os.stat(owl).st_ino:
            raise OSError(errno.ENOLCK, "No locks available")
        real(fd)

    monkeypatch.setattr(locking, "_try_lock", no_locks_on_the_share)
    with locked(owl):
        assert locking.lock_path(owl).exists()
        assert is_locked(owl)
    atomic_write(owl, b"new")
    assert owl.read_bytes() == b"new"
