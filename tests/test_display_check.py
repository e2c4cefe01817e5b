"""`sheetapp FILE` with DISPLAY set but no X server there (issue 21): Qt's xcb platform
aborted the process (exit 134). The X server is asked first: the same "no display"
message and exit 3 as without DISPLAY; Wayland and the other Qt platforms are left to Qt."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp.cli import (
    X11_SOCKET_DIR,
    X_TCP_PORT,
    display_problem,
    parse_display,
    x_display_reachable,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="X displays are checked on Linux"
)
EXAMPLE = Path(__file__).resolve().parents[1] / "resources/examples/gladiators/night-owl.json"


def closed_port() -> int:
    """A TCP port on localhost nobody listens on (just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def unused_display() -> int:
    """A display number with no X socket and nothing on its TCP port."""
    for number in range(4100, 4200):
        if os.path.exists(f"{X11_SOCKET_DIR}/X{number}"):
            continue
        if not x_display_reachable(f":{number}", timeout=0.2):
            return number
    pytest.skip("no unused display number")


@pytest.fixture
def socket_dir() -> Iterator[str]:
    # short: a Unix socket's path is at most 107 bytes
    with tempfile.TemporaryDirectory(prefix="x11-", dir="/tmp") as folder:
        yield folder


@pytest.mark.parametrize(
    ("name", "parsed"),
    [
        (":0", ("", "", 0)),
        (":1.0", ("", "", 1)),
        (":99", ("", "", 99)),
        ("unix:3", ("", "unix", 3)),
        ("unix/:2", ("unix", "", 2)),
        ("localhost:10.0", ("", "localhost", 10)),
        ("example.org:4.2", ("", "example.org", 4)),
        ("tcp/example.org:1", ("tcp", "example.org", 1)),
        ("[::1]:3", ("", "::1", 3)),
        ("", None),
        ("0", None),
        (":", None),
        (":x", None),
        ("host:", None),
        (":١", None),  # an Arabic-Indic one is a digit, not an ASCII one
    ],
)
def test_display_names_are_parsed(name: str, parsed: tuple[str, str, int] | None) -> None:
    assert parse_display(name) == parsed


def test_a_listening_unix_socket_is_a_display(socket_dir: str) -> None:
    number = 7
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(f"{socket_dir}/X{number}")
        server.listen()
        assert x_display_reachable(f":{number}", socket_dir=socket_dir)
        assert x_display_reachable(f":{number}.0", socket_dir=socket_dir)
        assert x_display_reachable(f"unix/:{number}", socket_dir=socket_dir)
    # the socket file is left behind, as after an X server that crashed
    assert not x_display_reachable(f"unix:{number}", socket_dir=socket_dir)


def test_a_listening_tcp_port_is_a_display() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        assert port > X_TCP_PORT
        assert x_display_reachable(f"127.0.0.1:{port - X_TCP_PORT}.0")
    assert not x_display_reachable(f"127.0.0.1:{closed_port() - X_TCP_PORT}")
    assert not x_display_reachable("127.0.0.1:70000")  # no such port


def test_an_unreachable_x_display_is_no_display(socket_dir: str) -> None:
    number = unused_display()
    env = {"DISPLAY": f":{number}"}
    problem = display_problem(env)
    assert problem == f"the X display :{number} cannot be reached"
    assert display_problem(env) is not None
    assert display_problem({"DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb"}) is not None
    assert display_problem({"DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb:dpi=96"}) is not None
    assert display_problem({}) == "no DISPLAY or WAYLAND_DISPLAY"
    assert display_problem({"QT_QPA_PLATFORM": "xcb"}) is not None


def test_other_platforms_are_left_to_qt() -> None:
    number = unused_display()
    for env in (
        {"QT_QPA_PLATFORM": "offscreen"},
        {"QT_QPA_PLATFORM": "offscreen", "DISPLAY": f":{number}"},
        {"QT_QPA_PLATFORM": "wayland", "DISPLAY": f":{number}"},
        {"QT_QPA_PLATFORM": "xcb;wayland", "DISPLAY": f":{number}"},
        {"WAYLAND_DISPLAY": "wayland-0"},
        {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": f":{number}"},
        {"DISPLAY": "not a display name"},  # not second-guessed
    ):
        assert display_problem(env) is None, env


def test_sheetapp_file_on_an_unreachable_display_exits_3_not_134() -> None:
    """``env -u QT_QPA_PLATFORM -u WAYLAND_DISPLAY DISPLAY=:N sheetapp hero.json``."""
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["DISPLAY"] = f":{unused_display()}"
    result = subprocess.run(
        [sys.executable, "-m", "sheetapp", str(EXAMPLE)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert result.returncode == 3, result.stderr
    assert "no display" in result.stderr
    assert f"the X display {env['DISPLAY']} cannot be reached" in result.stderr
