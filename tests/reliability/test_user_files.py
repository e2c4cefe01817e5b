"""Files stay the user's: an export never destroys its input or another file unasked,
saving keeps permissions and links, special files are never replaced, and names at the
file-system limit save or fail cleanly."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.cli import main
from sheetapp.storage.atomic import FileOps, UnsafeTarget, atomic_write, backup_path
from sheetapp.storage.files import load_document, save_document
from tests.reliability.oracle import hang_guard
from tests.reliability.users import User, environment_for, runnable_by

REPO = Path(__file__).resolve().parents[2]
OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    shutil.copy(OWL, path)
    return path


def test_an_export_never_replaces_the_character_it_was_made_from(owl: Path) -> None:
    before = owl.read_bytes()
    for command in ("export-pdf", "export-json"):
        assert main([command, str(owl), "-o", str(owl), "--force"]) == 2
        assert owl.read_bytes() == before
    link = owl.with_name("link.json")
    link.symlink_to(owl)
    assert main(["export-pdf", str(link), "-o", str(owl), "--force"]) == 2
    assert owl.read_bytes() == before


def test_an_existing_file_is_replaced_only_with_force(owl: Path, tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"my own notes")
    assert main(["export-pdf", str(owl), "-o", str(target)]) == 2
    assert target.read_bytes() == b"my own notes"
    assert main(["export-pdf", str(owl), "-o", str(target), "--force"]) == 0
    assert target.read_bytes().startswith(b"%PDF")
    other = tmp_path / "hero.json"
    other.write_text("{}")
    assert main(["new", "gladiators", "-o", str(other)]) == 2
    assert other.read_text() == "{}"


def test_dash_means_standard_output(owl: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sheetapp", "export-pdf", str(owl), "-o", "-"],
        capture_output=True,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0 and result.stdout.startswith(b"%PDF")
    assert not (tmp_path / "-").exists()


def test_a_device_is_never_replaced(owl: Path) -> None:
    assert main(["export-pdf", str(owl), "-o", os.devnull, "--force"]) == 2
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_saving_onto_a_named_pipe_is_refused_at_once(
    owl: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save whose target (or backup) is a FIFO must not open it: reading it for the
    backup, or writing it, would wait for another program forever."""
    document = load_document(owl, _registry()).document
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with hang_guard("saving onto a named pipe"):
        with pytest.raises(UnsafeTarget, match="not a regular file"):
            save_document(document, pipe)
        assert main(["export-json", str(owl), "-o", str(pipe), "--force"]) == 2
    assert "pipe.json is not a regular file" in capsys.readouterr().err
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    before = owl.read_bytes()
    os.mkfifo(backup_path(owl))
    with (
        hang_guard("saving a file whose backup is a named pipe"),
        pytest.raises(UnsafeTarget, match="not a regular file"),
    ):
        save_document(document, owl)
    assert owl.read_bytes() == before and stat.S_ISFIFO(backup_path(owl).stat().st_mode)


def test_saving_keeps_the_permissions_of_the_file_and_its_backup(owl: Path) -> None:
    owl.chmod(0o600)
    document = load_document(owl, _registry()).document
    save_document(document, owl)
    assert stat.S_IMODE(owl.stat().st_mode) == 0o600
    assert stat.S_IMODE(backup_path(owl).stat().st_mode) == 0o600


def advance(path: Path) -> None:
    assert main(["advance", str(path), "--earn", "1", "--label", "session"]) == 0


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_root_saving_another_users_file_leaves_it_theirs(owl: Path) -> None:
    """Was: ``sudo sheetapp advance`` on a player's file gave it (and its .bak) to root."""
    os.chown(owl, 4321, 8765)
    owl.chmod(0o640)
    advance(owl)
    for path in (owl, backup_path(owl)):
        info = path.stat()
        assert (info.st_uid, info.st_gid) == (4321, 8765), path.name
        assert stat.S_IMODE(info.st_mode) == 0o640, path.name


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_user_who_may_not_set_the_group_still_saves(tmp_path: Path) -> None:
    """Keeping the group is attempted, not required: ``nobody`` saving its own file whose
    group it is not a member of gets a saved file, in its own group."""
    import pwd
    import tempfile

    nobody = pwd.getpwnam("nobody")
    folder = Path(tempfile.mkdtemp(prefix="sheetapp-nobody-"))
    try:
        folder.chmod(0o777)
        target = folder / "hero.json"
        target.write_bytes(b"old")
        os.chown(target, nobody.pw_uid, 4321)
        target.chmod(0o664)
        script = "import sys; from pathlib import Path; from sheetapp.storage.atomic import "
        script += "atomic_write; atomic_write(Path(sys.argv[1]), b'new')"
        user = User("nobody", nobody.pw_uid, nobody.pw_gid)
        # the checkout may sit in a folder only root may enter (``mktemp -d``)
        with runnable_by(user, nobody.pw_gid) as (python, code):
            subprocess.run(
                [python, "-c", script, str(target)],
                check=True,
                cwd="/",
                env=environment_for(code, folder),
                user=nobody.pw_uid,
                group=nobody.pw_gid,
                extra_groups=[],
            )
        assert target.read_bytes() == b"new" and target.stat().st_uid == nobody.pw_uid
    finally:
        shutil.rmtree(folder)


def test_saving_keeps_extended_attributes(owl: Path) -> None:
    """Was: a tag or a note another program attached to the file was lost at each save."""
    try:
        os.setxattr(owl, "user.sheetapp.test", b"campaign: tuesday")
    except (AttributeError, OSError) as exc:
        pytest.skip(f"no user extended attributes here ({exc})")
    advance(owl)
    for path in (owl, backup_path(owl)):
        assert os.getxattr(path, "user.sheetapp.test") == b"campaign: tuesday", path.name


def test_every_hard_link_sees_the_saved_version(owl: Path, tmp_path: Path) -> None:
    """Was: the save renamed a new file over one name; the other link kept the old content
    (the character advanced in one place, printed stale from the other)."""
    other = tmp_path / "campaign" / "owl.json"
    other.parent.mkdir()
    os.link(owl, other)
    before = owl.read_bytes()
    advance(owl)
    assert owl.read_bytes() != before
    assert other.read_bytes() == owl.read_bytes()
    assert os.path.samefile(owl, other) and owl.stat().st_nlink == 2
    assert backup_path(owl).read_bytes() == before
    assert backup_path(owl).stat().st_nlink == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_failed_save_of_a_hard_linked_file_leaves_it_whole(owl: Path, tmp_path: Path) -> None:
    """The new bytes reach a temporary file first: a full disk there changes no link."""

    class FullDisk(FileOps):
        def write(self, fd: int, data: bytes) -> None:
            if data == b"new":
                raise OSError(errno.ENOSPC, "No space left on device")
            super().write(fd, data)

    other = tmp_path / "other.json"
    os.link(owl, other)
    before = owl.read_bytes()
    with pytest.raises(OSError, match="No space"):
        atomic_write(owl, b"new", ops=FullDisk())
    assert owl.read_bytes() == before and other.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_advancing_leaves_only_the_character_and_its_backup(owl: Path, tmp_path: Path) -> None:
    """Was: every ``advance`` left a hidden ``.owl.json.lock`` beside the character."""
    advance(owl)
    advance(owl)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["owl.json", "owl.json.bak"]


def test_every_route_to_a_file_takes_the_same_lock(owl: Path, tmp_path: Path) -> None:
    """A link to its folder or a relative name must still meet the lock that is held
    (the lock is on the file itself since issue 32; hard links and other cache folders:
    tests/reliability/test_locks_and_leftovers.py)."""
    from sheetapp.storage.locking import FileBusy, locked

    (tmp_path / "shortcut").symlink_to(tmp_path, target_is_directory=True)
    other_routes = [tmp_path / "shortcut" / "owl.json", Path(os.path.relpath(owl))]
    with locked(owl):
        for route in other_routes:
            with pytest.raises(FileBusy), locked(route, wait=0):
                pass
    with locked(other_routes[0], wait=0):  # released: free again
        pass


def test_saving_through_a_link_writes_the_file_it_names(owl: Path, tmp_path: Path) -> None:
    link = tmp_path / "current.json"
    link.symlink_to(owl)
    atomic_write(link, b'{"x": 1}')
    assert link.is_symlink() and owl.read_bytes() == b'{"x": 1}'


def test_a_read_only_file_is_not_overwritten(owl: Path) -> None:
    owl.chmod(0o444)
    before = owl.read_bytes()
    with pytest.raises(OSError, match="read-only"):
        atomic_write(owl, b"new")
    assert owl.read_bytes() == before


def test_names_at_the_limit_save_and_longer_ones_fail_cleanly(owl: Path, tmp_path: Path) -> None:
    long = tmp_path / ("a" * 250 + ".json")  # 255 bytes: the temporary name must still fit
    atomic_write(long, b"{}")
    atomic_write(long, b"[]")
    assert long.read_bytes() == b"[]"
    too_long = tmp_path / ("b" * 251 + ".json")
    assert main(["new", "gladiators", "-o", str(too_long)]) == 2


def _registry():  # type: ignore[no-untyped-def]
    from sheetapp.core.system import installed_systems

    return installed_systems()


def test_a_file_of_a_million_unknown_keys_is_refused_early(tmp_path: Path) -> None:
    """A 13 MB file with 1.1 million keys sheetapp does not know took 20 s to validate and
    listed each key: more than 1,000 are refused with the count, a few are kept."""
    import json

    from sheetapp.core.document import MAX_UNKNOWN_KEYS
    from sheetapp.storage.errors import CharacterFileError

    data = json.loads(OWL.read_text(encoding="utf-8"))
    data["character"].update({f"extra{n}": n for n in range(MAX_UNKNOWN_KEYS + 1)})
    path = tmp_path / "many.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CharacterFileError, match="1,001 keys sheetapp does not know"):
        load_document(path, _registry())
    data = json.loads(OWL.read_text(encoding="utf-8"))
    data["character"].update({"from_another_tool": 1})
    path.write_text(json.dumps(data), encoding="utf-8")
    kept = load_document(path, _registry())
    assert [n.code for n in kept.notes] == ["file.unknown_key"]


def _with_extra(path: Path, **extra: object) -> Path:
    import json

    data = json.loads(OWL.read_text(encoding="utf-8"))
    data["character"].update(extra)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_what_unknown_keys_hold_is_bounded_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: one unknown key holding a list of 1.3 million small objects (17 MB) loaded,
    and export-json then took 23 s and 1.1 GB. Each object, list and value inside
    unknown keys now counts; past the bound (lowered here) the file is refused, naming
    the key where the count ran out."""
    from sheetapp.storage import files
    from sheetapp.storage.errors import CharacterFileError

    monkeypatch.setattr(files, "MAX_UNKNOWN_NODES", 100, raising=False)
    small = [{"a": n} for n in range(40)]  # 81 nodes: the list, 40 objects, 40 numbers
    loaded = load_document(_with_extra(tmp_path / "ok.json", notes_of_x=small), _registry())
    assert [n.code for n in loaded.notes] == ["file.unknown_key"]
    path = _with_extra(tmp_path / "two.json", notes_of_x=small, notes_of_y=small)
    with pytest.raises(CharacterFileError, match="'notes_of_y', which sheetapp") as caught:
        load_document(path, _registry())
    assert caught.value.path == ("character", "notes_of_y")
    assert "at most 100 values" in caught.value.user_message()


def test_the_real_bound_refuses_a_value_of_a_million_nodes(owl: Path) -> None:
    """The 17 MB case itself, built in memory (parsing the file takes seconds)."""
    from sheetapp.storage.errors import CharacterFileError
    from sheetapp.storage.files import check_unknown_keys

    document = load_document(owl, _registry()).document
    assert document.character.model_extra is not None
    document.character.model_extra["from_another_tool"] = [{"a": n} for n in range(650_000)]
    with pytest.raises(CharacterFileError, match="'from_another_tool'"):
        check_unknown_keys(document, "'owl.json'")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'\xef\xbb\xbf\xef\xbb\xbf{"format": 1}', "two byte-order marks"),
        (b'{"format": "sheetapp.character", "format": "x"}', "'format' appears twice"),
        (b'{"meta": {"name": "a", "name": "b"}}', "'name' appears twice"),
    ],
)
def test_odd_files_get_a_plain_reason(tmp_path: Path, content: bytes, message: str) -> None:
    from sheetapp.storage.errors import CharacterFileError

    path = tmp_path / "odd.json"
    path.write_bytes(content)
    with pytest.raises(CharacterFileError, match=message):
        load_document(path, _registry())


def test_no_file_name_and_a_long_date_are_said_plainly(
    owl: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", ""]) == 2
    assert "no file name was given" in capsys.readouterr().err
    assert main(["advance", str(owl), "--earn", "1", "--date", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert "is not a date" in err and len(err) < 300
