"""Other users for the tests of files shared between people (issue 32): a game master
and a player in one group, and a campaign folder the group may write.

CI runs as root, so the users are created there (``groupadd``/``useradd``) and removed
afterwards; where that is impossible (not root, no ``useradd``, not POSIX) the tests that
need them skip and say why. The player's commands run as that user in a child process,
with an interpreter they may run and their own home (so their own cache folder)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GROUP = "sheetapp-party"
GM = "sheetapp-gm"
PLAYER = "sheetapp-player"


@dataclass(frozen=True, slots=True)
class User:
    name: str
    uid: int
    gid: int


@dataclass(frozen=True, slots=True)
class Party:
    """The game master and the player (both in ``gid``'s group), and how to run a program
    as the player."""

    gm: User
    player: User
    gid: int
    python: str
    #: where the player's interpreter finds sheetapp and the packages it needs
    code: tuple[Path, ...] = ()

    def environment(self, home: Path) -> dict[str, str]:
        return environment_for(self.code or _own_code(), home)

    def popen(self, args: Sequence[str], home: Path, **kwargs: object) -> subprocess.Popen[str]:
        """Start ``python args...`` as the player."""
        return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
            [self.python, *args],
            user=self.player.uid,
            group=self.player.gid,
            extra_groups=[self.gid],
            env=self.environment(home),
            text=True,
            **kwargs,
        )

    def sheetapp(self, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
        """``sheetapp args...`` as the player."""
        child = self.popen(
            ["-m", "sheetapp", *args],
            home,
            cwd=str(home.parent),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out, err = child.communicate(timeout=120)
        return subprocess.CompletedProcess(child.args, child.returncode, out, err)

    def home(self, folder: Path) -> Path:
        """A home folder of the player's inside ``folder``."""
        home = folder / "player-home"
        home.mkdir()
        os.chown(home, self.player.uid, self.player.gid)
        return home


def _own_code() -> tuple[Path, ...]:
    # the checkout first: the installed packages' folder may hold a data-only
    # ``sheetapp`` folder that must not shadow it
    return tuple(
        dict.fromkeys(
            [REPO, Path(sysconfig.get_paths()["purelib"]), Path(sysconfig.get_paths()["platlib"])]
        )
    )


def environment_for(paths: Sequence[Path], home: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV"))
    }
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join(str(p) for p in paths))
    return env


#: what the player's copy of the code leaves out: the window's Qt and the developer tools
_NOT_FOR_THE_CLI = shutil.ignore_patterns(
    "__pycache__", "PySide6*", "shiboken6*", "PyInstaller*", "mypy*", "hypothesis*", "pip"
)


def _can_import(python: str, user: User, gid: int, code: Sequence[Path]) -> bool:
    home = Path("/")
    done = subprocess.run(
        [python, "-c", "import sheetapp.cli, pydantic, reportlab"],
        user=user.uid,
        group=user.gid,
        extra_groups=[gid],
        env=environment_for(code, home),
        capture_output=True,
        timeout=60,
        cwd="/",
        check=False,
    )
    return done.returncode == 0


def _copy_for_others(folder: Path) -> tuple[Path, ...]:
    """A copy of the checkout's code and data and of the installed packages in
    ``folder``, which every user may read: a checkout in a private folder (``mktemp -d``
    makes one) cannot be reached by the player."""
    checkout, site = folder / "checkout", folder / "site"
    for part in ("sheetapp", "resources", "templates", "docs"):
        if (REPO / part).is_dir():
            shutil.copytree(REPO / part, checkout / part, ignore=_NOT_FOR_THE_CLI)
    for library in dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib")):
        shutil.copytree(library, site, ignore=_NOT_FOR_THE_CLI, dirs_exist_ok=True)
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644 | (path.stat().st_mode & 0o111))
    return (checkout, site)


@contextlib.contextmanager
def runnable_by(user: User, gid: int) -> Iterator[tuple[str, tuple[Path, ...]]]:
    """An interpreter ``user`` may run and the folders it finds sheetapp in (with the
    packages it needs): the checkout's own, or a readable copy when the checkout sits in a
    folder only its owner may enter. Skips the test when neither can be had."""
    python = _python_for(user, gid)
    if python is None:
        pytest.skip("no Python interpreter of this version can be run by another user")
    code = _own_code()
    if _can_import(python, user, gid, code):
        yield python, code
        return
    copy = Path(tempfile.mkdtemp(prefix="sheetapp-code-"))
    try:
        code = _copy_for_others(copy)
        if not _can_import(python, user, gid, code):
            pytest.skip(f"{user.name} cannot import sheetapp, even from a copy of the code")
        yield python, code
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def _run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True)


def _lookup(name: str) -> User | None:
    import pwd

    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        return None
    return User(name, entry.pw_uid, entry.pw_gid)


def _python_for(user: User, gid: int) -> str | None:
    """An interpreter of this Python version that ``user`` may run (the test's own may
    live in root's home)."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = [os.path.realpath(sys.executable), shutil.which(f"python{version}")]
    candidates += [f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"]
    wanted = repr(tuple(sys.version_info[:2]))
    for candidate in dict.fromkeys(c for c in candidates if c):
        try:
            found = subprocess.run(
                [candidate, "-c", "import sys; print(tuple(sys.version_info[:2]))"],
                user=user.uid,
                group=user.gid,
                extra_groups=[gid],
                capture_output=True,
                text=True,
                timeout=30,
                cwd="/",
                check=False,
            )
        except OSError:
            continue
        if found.returncode == 0 and found.stdout.strip() == wanted:
            return candidate
    return None


@pytest.fixture(scope="session")
def party() -> Iterator[Party]:
    if os.name != "posix" or not hasattr(os, "geteuid"):
        pytest.skip("other users are a POSIX test")
    if os.geteuid() != 0:
        pytest.skip("creating the game master and player users needs root (CI runs as root)")
    tools = [shutil.which(tool) or f"/usr/sbin/{tool}" for tool in ("groupadd", "useradd")]
    if not all(os.access(tool, os.X_OK) for tool in tools):
        pytest.skip("groupadd/useradd are not installed: cannot create the other users")
    import grp

    made: list[str] = []
    try:
        try:
            gid = grp.getgrnam(GROUP).gr_gid
        except KeyError:
            _run(tools[0], GROUP)
            made.append("group")
            gid = grp.getgrnam(GROUP).gr_gid
        users: list[User] = []
        for name in (GM, PLAYER):
            user = _lookup(name)
            if user is None:
                _run(tools[1], "-M", "-N", "-g", GROUP, "-s", "/usr/sbin/nologin", name)
                made.append(name)
                user = _lookup(name)
            assert user is not None
            users.append(user)
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"cannot create the other users: {exc}")
    try:
        with runnable_by(users[1], gid) as (python, code):
            yield Party(users[0], users[1], gid, python, code)
    finally:
        for name in reversed(made):
            if name == "group":
                subprocess.run(["groupdel", GROUP], check=False, capture_output=True)
            else:
                subprocess.run(["userdel", name], check=False, capture_output=True)


@pytest.fixture
def campaign(party: Party) -> Iterator[Path]:
    """A campaign folder the party's group may write (setgid: new files get the group),
    where every user can reach it (pytest's own temporary folders are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="sheetapp-campaign-"))
    try:
        folder.chmod(0o755)
        shared = folder / "campaign"
        shared.mkdir()
        os.chown(shared, party.gm.uid, party.gid)
        shared.chmod(0o2775)
        yield shared
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def give(path: Path, user: User, gid: int, mode: int) -> Path:
    os.chown(path, user.uid, gid)
    path.chmod(mode)
    return path
