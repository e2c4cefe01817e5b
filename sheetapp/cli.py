"""The `sheetapp` command: the window with no arguments or a file, the CLI with a subcommand.

Exit codes: 0 success (``validate``: no errors), 1 the character has errors,
2 the file cannot be read or written, 3 not available (e.g. no GUI installed),
70 an internal error (the traceback goes to the log file, never to the terminal).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sheetapp import __version__
from sheetapp.core.issues import Severity, format_path, steps_left
from sheetapp.logs import get_logger, setup_logging
from sheetapp.startup import pause_collector, preload_domain, resume_collector
from sheetapp.storage.errors import CharacterFileError, shorten

if TYPE_CHECKING:
    from sheetapp.advancement import CommitRefused
    from sheetapp.core.document import CharacterDocument
    from sheetapp.core.evaluation import Evaluation
    from sheetapp.core.system import SystemRegistry
    from sheetapp.storage.files import LoadedDocument

# Everything else is imported by the command that uses it: `sheetapp FILE` opens the
# window, which needs none of the advancement, PDF, schema or export code at start-up,
# and imports pydantic only after main() has paused the garbage collector.

EXIT_OK = 0
EXIT_RULE_ERRORS = 1
EXIT_UNREADABLE = 2
EXIT_UNAVAILABLE = 3
EXIT_INTERNAL = 70

GUI_ENTRY_POINT_GROUP = "sheetapp.gui"


def warn(text: str) -> None:
    """Write a message to standard error; one that cannot be written (``2>/dev/full``, a
    closed terminal) is dropped: the exit code still says what happened. The stream is
    then swapped for the null device, or Python would try to write the bytes left in its
    buffer again at exit, fail, and exit 120 whatever the command returned."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def silence_broken_stdout() -> None:
    """Standard output that cannot be written (``>/dev/full``) is pointed at the null
    device, or Python would retry the buffered bytes at exit and exit 120."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


def tell(text: str, out: TextIO, *, to_stderr: bool) -> None:
    """A report line: to standard error when standard output carries the file itself."""
    if to_stderr:
        warn(text)
    else:
        print(text, file=out)


class CommandError(Exception):
    """A user-facing failure of a command, with its exit code."""

    def __init__(self, message: str, code: int = EXIT_UNREADABLE) -> None:
        super().__init__(message)
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sheetapp",
        description="Character sheets for tabletop RPGs. Without a command, opens the window "
        "(with FILE, opens that character).",
    )
    parser.add_argument("--version", action="version", version=f"sheetapp {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    commands.add_parser("systems", help="list the installed game systems")
    add_new_command(commands)
    add_character_commands(commands)
    add_export_pdf(commands)
    add_export_commands(commands)
    commands.add_parser("schema", help="print the JSON Schema of the character file")
    add_play_commands(commands)
    add_ledger_commands(commands)
    from sheetapp.cli_hdc import add_hdc_commands

    add_hdc_commands(commands)  # Hero Designer files (X-Men HERO)
    return parser


def add_new_command(commands: Any) -> None:
    """``new``: a new character, blank or from a shipped example."""
    new = commands.add_parser("new", help="write a new character; says which steps are left")
    new.add_argument("system", metavar="SYSTEM", help="a system id from `sheetapp systems`")
    new.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    new.add_argument("--name", default="", help="the character's name")
    new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    new.add_argument(
        "--example",
        metavar="ID",
        help="start from a shipped example character (see `sheetapp examples SYSTEM`)",
    )


def add_character_commands(commands: Any) -> None:
    """``examples`` and ``validate``."""
    examples = commands.add_parser("examples", help="list a system's example characters")
    examples.add_argument("system", metavar="SYSTEM", help="a system id from `sheetapp systems`")

    validate = commands.add_parser("validate", help="print totals and issues of a character")
    validate.add_argument("file", type=Path, metavar="FILE")
    validate.add_argument("--json", action="store_true", help="machine-readable output")


def add_export_commands(commands: Any) -> None:
    """``export-json`` and ``export-text`` (``export-pdf``: :func:`add_export_pdf`)."""
    export = commands.add_parser(
        "export-json", help="write the portable export (character, totals, derived values, issues)"
    )
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument(
        "-o", "--output", required=True, type=Path, metavar="OUT.json", help="- for standard output"
    )
    export.add_argument("--force", action="store_true", help="overwrite OUT.json if it exists")

    text = commands.add_parser(
        "export-text",
        help="write statblocks as plain text (for notes and forums)",
        description="Write each character's statblock as plain text, one after another.",
    )
    text.add_argument("file", type=Path, metavar="FILE", nargs="+")
    text.add_argument(
        "-o",
        "--output",
        type=Path,
        default=STDOUT,
        metavar="OUT.txt",
        help="default: standard output",
    )
    text.add_argument("--force", action="store_true", help="overwrite OUT.txt if it exists")


def add_ledger_commands(commands: Any) -> None:
    """``advance``, ``history`` and ``revert``: the advancement ledger from the command line."""
    advance = commands.add_parser(
        "advance", help="record what a character earned (a ledger entry, nothing spent)"
    )
    advance.add_argument("file", type=Path, metavar="FILE")
    advance.add_argument("--earn", required=True, type=int, metavar="N", help="amount earned")
    advance.add_argument(
        "--currency", metavar="KEY", help="what was earned (default: the system's first, e.g. gp)"
    )
    advance.add_argument("--label", default="", help="the session's name")
    advance.add_argument("--note", default="", help="a note for the ledger")
    advance.add_argument("--date", metavar="YYYY-MM-DD", help="the session's date (default: today)")
    advance.add_argument(
        "--accept-warnings", action="store_true", help="commit even if it brings new warnings"
    )

    level = commands.add_parser(
        "level-up",
        help="gain a level (systems with numbered levels): dice, then choices, as the wizard",
    )
    level.add_argument("file", type=Path, metavar="FILE")
    level.add_argument(
        "--dice",
        action="append",
        default=[],
        metavar="KIND=N[,N...]",
        help="the dice rolled for the level, e.g. hp=4 or companion=3 (repeatable)",
    )
    level.add_argument("--hp", metavar="N[,N...]", help="short for --dice hp=N")
    level.add_argument(
        "--roll", action="store_true", help="roll the dice not given (instead of refusing)"
    )
    level.add_argument(
        "--take",
        action="append",
        default=[],
        metavar="CHOICE",
        help="what the level offers to take, e.g. a System by id or name, with its choice "
        "as NAME=CHOICE ('Damage Resist=Heat') (repeatable)",
    )
    level.add_argument("--label", default="", help="the session's name")
    level.add_argument("--note", default="", help="a note for the ledger")
    level.add_argument("--date", metavar="YYYY-MM-DD", help="the date (default: today)")
    level.add_argument(
        "--accept-warnings", action="store_true", help="commit even if it brings new warnings"
    )

    history = commands.add_parser("history", help="print a character's advancement ledger")
    history.add_argument("file", type=Path, metavar="FILE")
    history.add_argument("--json", action="store_true", help="machine-readable output")

    revert = commands.add_parser(
        "revert", help="undo a ledger entry, replaying the later ones (refused if one breaks)"
    )
    revert.add_argument("file", type=Path, metavar="FILE")
    revert.add_argument("--entry", required=True, type=int, metavar="N", help="the entry number")


def add_play_commands(commands: Any) -> None:
    """``actions`` and ``roll``: playing from the sheet (``sheetapp.play``)."""
    actions = commands.add_parser("actions", help="list what a character can do at the table")
    actions.add_argument("file", type=Path, metavar="FILE")
    actions.add_argument("--json", action="store_true", help="machine-readable output")

    roll = commands.add_parser(
        "roll",
        help="resolve an action with the dice rolled at the table (or rolled for you)",
        description="Resolve ACTION for the character in FILE. Dice not given with --dice are "
        "rolled by sheetapp (the seed is printed: --seed repeats them).",
    )
    roll.add_argument("file", type=Path, metavar="FILE")
    roll.add_argument("action", metavar="ACTION", help="an action id from `sheetapp actions`")
    roll.add_argument(
        "--dice",
        action="append",
        default=[],
        metavar="[KIND=]N N...",
        help="the dice rolled, e.g. --dice '7 9' or --dice location='3 4 5' (or a total)",
    )
    roll.add_argument("--vs", type=int, metavar="DV", help="the DV or target number")
    roll.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the action, e.g. --option cover=low_cover (repeatable)",
    )
    roll.add_argument("--seed", type=int, metavar="N", help="the seed for the dice not given")
    roll.add_argument(
        "--apply", action="store_true", help="record the result on the character (one save)"
    )
    roll.add_argument("--json", action="store_true", help="machine-readable output")


def wants_gui(argv: Sequence[str]) -> bool:
    """No arguments, or a first argument that is neither a command nor an option."""
    return not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-"))


def unknown_command(argv: Sequence[str]) -> str | None:
    """What to say when the first argument is neither a command nor an existing file
    (``sheetapp valdate x.json``): a mistyped command must not open the window."""
    if not argv or not wants_gui(argv) or os.path.exists(argv[0]):
        return None
    import difflib

    word = argv[0]
    close = difflib.get_close_matches(word, list(COMMANDS), n=1, cutoff=0.6)
    guess = f" (did you mean {close[0]}?)" if close else ""
    return (
        f"unknown command '{shorten(word)}'{guess}, and no file of that name exists "
        "to open in the window; see `sheetapp --help`"
    )


def keep_undecodable_bytes() -> None:
    """Let file names that are not UTF-8 be printed as the bytes they are (the terminal
    shows them as ``ls`` does) instead of failing the command after its work is done."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "") == "strict":
            with contextlib.suppress(OSError, ValueError):
                reconfigure(errors="surrogateescape")


#: options whose name in the namespace is not the one the user typed
_OPTION_NAMES = {"include": "--with", "exclude": "--without", "system": "SYSTEM"}


def check_text_options(args: argparse.Namespace) -> None:
    """Refuse text options (not file names) holding bytes that are not UTF-8, and a
    label, note or name longer than a character file keeps, before anything is read."""
    from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH

    limits = {"label": ("a label", MAX_NAME_LENGTH), "name": ("a name", MAX_NAME_LENGTH)}
    limits["note"] = ("a note", MAX_TEXT_LENGTH)
    for key, value in vars(args).items():
        option = _OPTION_NAMES.get(key, f"--{key.replace('_', '-')}")
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str):
                continue
            bad = next((n for n, ch in enumerate(item) if "\ud800" <= ch <= "\udfff"), None)
            if bad is not None:
                byte = ord(item[bad]) - 0xDC00 if "\udc80" <= item[bad] <= "\udcff" else None
                what = f"the byte \\x{byte:02x}" if byte is not None else "a broken character"
                raise CommandError(
                    f"{option} holds bytes that are not UTF-8 text ({what} at position "
                    f"{bad + 1}); write it in UTF-8"
                )
            if key in limits and len(item) > limits[key][1]:
                what, limit = limits[key]
                raise CommandError(
                    f"{option} is {len(item):,} characters long; {what} may be at most "
                    f"{limit:,} characters"
                )


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    keep_undecodable_bytes()
    gui = wants_gui(args_list)
    unknown = unknown_command(args_list)
    if unknown is not None:
        warn(f"sheetapp: {unknown}")
        return EXIT_UNREADABLE
    if gui:
        pause_collector()  # the window resumes it after its first paint
    log_path = setup_logging()
    from sheetapp.core.catalog import CatalogError
    from sheetapp.core.system import SystemLoadError

    try:
        if gui:
            return launch_gui(args_list)
        args = build_parser().parse_args(args_list)
        if args.command is None:
            return launch_gui([])
        check_text_options(args)
        code = COMMANDS[args.command](args, sys.stdout)
        sys.stdout.flush()  # a report that cannot be written fails here, not at exit
        return code
    except CommandError as exc:
        warn(f"sheetapp: {exc}")
        return exc.code
    except CharacterFileError as exc:
        warn(f"sheetapp: {exc.user_message()}")
        return EXIT_UNREADABLE
    except (CatalogError, SystemLoadError) as exc:
        get_logger("cli").exception("start-up failed")
        warn(f"sheetapp: {exc}")
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0
        # A file the system cannot use (a name over 255 bytes, a missing folder, no
        # permission, a full standard output...): a message and exit 2, like any
        # unreadable or unwritable file.
        silence_broken_stdout()
        where = f"{shorten(str(exc.filename))}: " if exc.filename else ""
        warn(f"sheetapp: {where}{exc.strerror or exc}")
        return EXIT_UNREADABLE
    except Exception:
        get_logger("cli").exception("internal error running %s", args_list)
        where = f" Details are in {log_path}." if log_path else ""
        warn(f"sheetapp: internal error; nothing was changed.{where}")
        return EXIT_INTERNAL
    finally:
        resume_collector()


def launch_gui(argv: list[str]) -> int:
    from sheetapp.core.plugins import entry_points

    launchers = list(entry_points(group=GUI_ENTRY_POINT_GROUP))
    if not launchers:
        raise CommandError(
            "the window is not installed; use a command (see `sheetapp --help`)", EXIT_UNAVAILABLE
        )
    problem = display_problem()
    if problem is not None:
        raise CommandError(
            f"there is no display to open the window on ({problem}); "
            "use a command instead (see `sheetapp --help`)",
            EXIT_UNAVAILABLE,
        )
    preload_domain([arg for arg in argv if not arg.startswith("-")])
    run: Callable[[list[str]], int] = launchers[0].load()
    return run(argv)


#: where an X server listens for display N (``X{N}``); on Linux also under the same
#: name in the abstract socket namespace
X11_SOCKET_DIR = "/tmp/.X11-unix"
#: an X server listens on TCP port 6000 + N for display N
X_TCP_PORT = 6000
#: how long to wait for an X server to accept the connection
X_CONNECT_TIMEOUT = 1.0


def display_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why no window can be shown (None when it can). Qt's xcb platform aborts the process
    (exit 134) when DISPLAY names an X server that is not there, so when xcb is the
    platform Qt will use, the server is asked first; Wayland and the other platforms
    (``QT_QPA_PLATFORM=offscreen``...) are left to Qt."""
    env = os.environ if environ is None else environ
    if sys.platform in ("win32", "darwin"):
        return None
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform:
        # "xcb", "xcb:option=value" or a list to try in turn, "xcb;wayland"
        names = {part.split(":", 1)[0].strip() for part in platform.split(";")}
        if names - {"xcb", ""}:
            return None
    elif env.get("WAYLAND_DISPLAY"):
        return None
    display = env.get("DISPLAY", "")
    if not display:
        if platform:
            return "QT_QPA_PLATFORM is xcb but DISPLAY is not set"
        return "no DISPLAY or WAYLAND_DISPLAY"
    if not x_display_reachable(display):
        return f"the X display {display} cannot be reached"
    return None


def parse_display(name: str) -> tuple[str, str, int] | None:
    """``[protocol/][host]:number[.screen]`` as (protocol, host, number): ``:0`` →
    ("", "", 0), ``:1.0`` → ("", "", 1), ``localhost:10.0`` → ("", "localhost", 10),
    ``unix/:2`` → ("unix", "", 2), ``[::1]:3`` → ("", "::1", 3). None when it is not
    of that form."""
    rest, colon, tail = name.rpartition(":")
    if not colon:
        return None
    number = tail.split(".", 1)[0]
    if not number or not number.isascii() or not number.isdigit():
        return None
    protocol, slash, host = rest.partition("/")
    if not slash:
        protocol, host = "", rest
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return protocol, host, int(number)


def x_display_reachable(
    display: str, *, socket_dir: str = X11_SOCKET_DIR, timeout: float = X_CONNECT_TIMEOUT
) -> bool:
    """Whether an X server accepts a connection for ``display`` (a DISPLAY value), tried
    as libxcb does: a local display on its Unix socket (file, then abstract name), then
    TCP on localhost; a remote one on TCP. A name of another form is not second-guessed."""
    import socket

    parsed = parse_display(display)
    if parsed is None:
        return True
    protocol, host, number = parsed
    local = host in ("", "unix") and protocol in ("", "unix")
    if local:
        path = f"{socket_dir}/X{number}"
        names = [path, f"\0{path}"] if sys.platform.startswith("linux") else [path]
        for address in names:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as unix:
                unix.settimeout(timeout)
                try:
                    unix.connect(address)
                    return True
                except OSError:
                    pass
        if protocol == "unix" or host == "unix":
            return False
    if X_TCP_PORT + number > 65535:
        return False
    try:
        with socket.create_connection((host or "localhost", X_TCP_PORT + number), timeout):
            return True
    except OSError:
        return False


def registry() -> SystemRegistry:
    from sheetapp.core.system import installed_systems

    return installed_systems()


def load(path: Path) -> LoadedDocument:
    from sheetapp.storage.files import load_document

    return load_document(path, registry())


STDOUT = Path("-")


def check_output(path: Path, *, source: Path | None = None, force: bool = False) -> None:
    """An export never replaces the character it was made from, nor an existing file
    without ``--force``; standard output (``-``) is always fine."""
    from sheetapp.storage.targets import same_file

    if path == STDOUT:
        return
    if source is not None and same_file(path, source):
        raise CommandError(
            f"{path} is the character being exported: write the export to another file"
        )
    if (path.exists() or path.is_symlink()) and not force:
        raise CommandError(f"{path} already exists; use --force to overwrite it")


def write_output(path: Path, data: bytes) -> None:
    """Write an output file atomically (``-``: standard output)."""
    from sheetapp.storage.atomic import atomic_write

    if path == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        atomic_write(path, data, keep_backup=False)
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def cmd_systems(_args: argparse.Namespace, out: TextIO) -> int:
    for system in registry():
        print(f"{system.id}\t{system.name}\t{system.system_version}", file=out)
    return EXIT_OK


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.core.system import UnknownSystemError
    from sheetapp.storage.examples import UnknownExampleError, load_example
    from sheetapp.storage.files import dump_document

    try:
        system = registry().get(args.system)
    except UnknownSystemError as exc:
        raise CommandError(str(exc)) from None
    output: Path = args.output
    check_output(output, force=args.force)
    if args.example:
        try:
            document = load_example(system.id, args.example, registry()).document
        except UnknownExampleError as exc:
            raise CommandError(str(exc)) from None
        if args.name:
            document.meta.name = args.name
        what = f"the example '{args.example}'"
    else:
        document = system.new_document(args.name)
        what = f"a new {system.name} character"
    write_output(output, dump_document(document))
    print(f"Wrote {what} to {output}", file=out)
    steps = steps_left(system.evaluate(document).issues)
    if steps:
        plural = "s" if len(steps) != 1 else ""
        print(f"{len(steps)} step{plural} left to do: {'; '.join(steps)}", file=out)
    return EXIT_OK


def cmd_examples(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.core.system import UnknownSystemError
    from sheetapp.storage.examples import list_examples

    try:
        system = registry().get(args.system)
    except UnknownSystemError as exc:
        raise CommandError(str(exc)) from None
    for example in list_examples(system.id, registry()):
        print(f"{example.id}\t{example.name}\t{example.description}", file=out)
    return EXIT_OK


def validation_report(loaded: LoadedDocument, evaluation: Evaluation) -> dict[str, Any]:
    """The documented shape of `validate --json` (see README)."""
    return {
        "system": loaded.system.id,
        "name": loaded.document.meta.name,
        "valid": not evaluation.has_errors,
        "totals": [total.to_json() for total in evaluation.totals],
        "derived": [value.to_json() for value in evaluation.derived],
        "issues": [issue.to_json() for issue in evaluation.issues],
        "counts": {severity.value: evaluation.count(severity) for severity in Severity},
        "play": loaded.document.play.model_dump(mode="json"),
    }


def play_lines(document: CharacterDocument[Any, Any]) -> list[str]:
    """The play state in words (conditions, contacts, uses), as the sheet shows it."""
    from sheetapp.play.state import play_state_lines

    return play_state_lines(document.play)


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    loaded = load(args.file)
    evaluation = loaded.evaluate()
    if args.json:
        json.dump(validation_report(loaded, evaluation), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        print_report(loaded, evaluation, out)
    return EXIT_RULE_ERRORS if evaluation.has_errors else EXIT_OK


def print_report(loaded: LoadedDocument, evaluation: Evaluation, out: TextIO) -> None:
    name = loaded.document.meta.name or "(unnamed)"
    print(f"{name} — {loaded.system.name}", file=out)
    for total in evaluation.totals:
        print(f"  {total.describe()}", file=out)
    for value in evaluation.derived:
        print(f"  {value.label}: {value.value}", file=out)
    for line in play_lines(loaded.document):
        print(f"  {line}", file=out)
    if evaluation.issues:
        print("Issues:", file=out)
    for issue in evaluation.issues:
        where = format_path(issue.path)
        if issue.is_todo:
            where = f"{where} (to do: {issue.step})"
        print(f"  {issue.severity.value:<7} {where}: {issue.message}", file=out)
        if issue.hint:
            print(f"          hint: {issue.hint}", file=out)
    counts = ", ".join(f"{evaluation.count(s)} {s.value}(s)" for s in Severity)
    print(counts, file=out)


def add_export_pdf(commands: Any) -> None:
    pdf = commands.add_parser(
        "export-pdf",
        help="write the printable sheet",
        description="Write the printable PDF sheet. Optional sections can be switched off "
        "with --without SECTION or --no-SECTION, and sections that are off by default "
        "(such as the cost breakdown) switched on with --with SECTION.",
    )
    pdf.add_argument(
        "file", type=Path, metavar="FILE", nargs="+", help="several only with --layout statblock"
    )
    pdf.add_argument(
        "-o", "--output", required=True, type=Path, metavar="OUT.pdf", help="- for standard output"
    )
    pdf.add_argument(
        "--layout",
        choices=["sheet", "card", "statblock"],
        default="sheet",
        help="sheet: the full sheet (default); card: a one-page play card; statblock: GM "
        "statblocks, several characters to a page",
    )
    pdf.add_argument("--force", action="store_true", help="overwrite OUT.pdf if it exists")
    pdf.add_argument(
        "--paper",
        choices=["a4", "letter"],
        help="paper size (default: from the locale, letter for the US, Canada, Mexico, ...)",
    )
    pdf.add_argument(
        "--with",
        dest="include",
        action="append",
        default=[],
        metavar="SECTION",
        help="print an optional section that is off by default (e.g. costs); repeatable",
    )
    pdf.add_argument(
        "--without",
        dest="exclude",
        action="append",
        default=[],
        metavar="SECTION",
        help="leave out an optional section (e.g. notes, history); repeatable",
    )
    for key in optional_sections():
        pdf.add_argument(
            f"--no-{key.replace('_', '-')}",
            dest="exclude",
            action="append_const",
            const=key,
            help=f"same as --without {key}",
        )
    pdf.add_argument(
        "--monochrome", action="store_true", help="black and white only: no grey or colour fills"
    )


def _export_short_forms(
    args: argparse.Namespace, loaded: list[Any], options: Any, out: TextIO
) -> int:
    """``--layout card`` (one character, one page) or ``statblock`` (several)."""
    from sheetapp.pdf.export import describe_missing
    from sheetapp.pdf.playsheet_renderer import render_card_reporting, render_statblocks_reporting
    from sheetapp.playsheets import statblock

    if args.layout == "card":
        one = loaded[0]
        data, dropped, missing = render_card_reporting(
            one.system, one.document, one.evaluate(), options
        )
        notice = f" ({', '.join(dropped)} left to the full sheet)" if dropped else ""
        what = f"the play card{notice}"
    else:
        blocks = [statblock(item.system, item.document, item.evaluate()) for item in loaded]
        data, missing = render_statblocks_reporting(blocks, options)
        what = f"{len(blocks)} statblock{'s' if len(blocks) != 1 else ''}"
    write_output(args.output, data)
    where = "standard output" if args.output == STDOUT else str(args.output)
    tell(f"Wrote {what} to {where}", out, to_stderr=args.output == STDOUT)
    if missing:
        warn(
            "sheetapp: warning: no font of the sheet has these characters, which print as "
            f"empty boxes: {describe_missing(missing)}"
        )
    return EXIT_OK


def cmd_export_text(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.playsheets import statblock

    for source in args.file:
        check_output(args.output, source=source, force=args.force)
    blocks = []
    for source in args.file:
        item = load(source)
        blocks.append(statblock(item.system, item.document, item.evaluate()).text())
    text = "\n\n".join(blocks) + "\n"
    if args.output == STDOUT:
        out.write(text)
        return EXIT_OK
    write_output(args.output, text.encode("utf-8"))
    print(f"Wrote {len(blocks)} statblock(s) to {args.output}", file=out)
    return EXIT_OK


def optional_sections() -> list[str]:
    """Every section some shipped layout lets the user switch off (for --no-SECTION)."""
    from sheetapp.pdf.layout import shipped_layouts

    keys: list[str] = []
    for layout in shipped_layouts():
        keys += [s.key for s in layout.optional_sections() if s.key not in keys]
    return keys


def cmd_export_pdf(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.pdf.layout import LayoutError, layout_for
    from sheetapp.pdf.options import PdfOptions, default_paper

    files: list[Path] = args.file
    if len(files) > 1 and args.layout != "statblock":
        raise CommandError("several files make one PDF only with --layout statblock")
    for source in files:
        check_output(args.output, source=source, force=args.force)
    loaded = load(files[0])
    try:
        layout = layout_for(loaded.system.id)
    except LayoutError as exc:
        raise CommandError(str(exc), EXIT_INTERNAL) from None
    optional = [section.key for section in layout.optional_sections()]
    # --with gm-notes names the section gm_notes, as --no-gm-notes does
    args.include = [key.replace("-", "_") for key in args.include]
    args.exclude = [key.replace("-", "_") for key in args.exclude]
    for key in [*args.include, *args.exclude]:
        if key not in optional:
            raise CommandError(
                f"the {loaded.system.name} sheet has no optional section '{key}' "
                f"(optional sections: {', '.join(optional) or 'none'})"
            )
    options = PdfOptions(
        paper=args.paper or default_paper(),
        include=frozenset(args.include),
        exclude=frozenset(args.exclude),
        monochrome=args.monochrome,
    )
    if args.layout != "sheet":
        return _export_short_forms(args, [loaded, *(load(f) for f in files[1:])], options, out)
    # reportlab loads only for this command
    from sheetapp.pdf.export import describe_missing, render_pdf_reporting

    evaluation = loaded.evaluate()
    data, missing = render_pdf_reporting(loaded.system, loaded.document, evaluation, options)
    write_output(args.output, data)
    paper = options.paper.upper() if options.paper == "a4" else "Letter"
    where = "the PDF to standard output" if args.output == STDOUT else str(args.output)
    tell(f"Wrote {where} ({paper})", out, to_stderr=args.output == STDOUT)
    errors = evaluation.count(Severity.ERROR)
    if errors:
        warn(
            f"sheetapp: note: the character breaks {errors} rule(s); they are printed in a box "
            "on page 1"
        )
    if missing:
        warn(
            "sheetapp: warning: no font of the sheet has these characters, which print as "
            f"empty boxes: {describe_missing(missing)}"
        )
    return EXIT_OK


def cmd_export_json(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.storage.portable import export_bytes

    check_output(args.output, source=args.file, force=args.force)
    loaded = load(args.file)
    write_output(args.output, export_bytes(loaded, loaded.evaluate()))
    if args.output != STDOUT:
        print(f"Wrote {args.output}", file=out)
    return EXIT_OK


def cmd_schema(_args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.storage.schema import file_schema

    json.dump(file_schema(registry()), out, ensure_ascii=False, indent=2)
    out.write("\n")
    return EXIT_OK


def save(document: CharacterDocument[Any, Any], path: Path) -> None:
    """Save over a character file: atomic, the previous version kept as FILE.bak."""
    from sheetapp.storage.files import save_document

    try:
        save_document(document, path)
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def totals_line(evaluation: Evaluation) -> str:
    from sheetapp.advancement.report import total_text

    return "; ".join(total_text(total) for total in evaluation.totals)


def refused_exit(refused: CommitRefused) -> int:
    """Say why an advancement was not recorded; the exit code for a broken rule."""
    warn(f"sheetapp: nothing recorded: {refused}")
    if refused.only_warnings:
        warn("sheetapp: use --accept-warnings to record it anyway")
    return EXIT_RULE_ERRORS


def cmd_advance(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.advancement import (
        Advancement,
        AdvancementError,
        CommitRefused,
        advancement_of,
        commit,
    )
    from sheetapp.advancement.ledger import describe_entry
    from sheetapp.advancement.spec import currency

    loaded = load(args.file)
    system = loaded.system
    rules = advancement_of(system)
    if rules is None:
        raise CommandError(f"{system.name} has no advancement rules yet", EXIT_UNAVAILABLE)
    try:
        earned = currency(rules, args.currency)
    except KeyError:
        known = ", ".join(c.key for c in rules.currencies)
        raise CommandError(
            f"{system.name} does not earn '{args.currency}' (it earns: {known})"
        ) from None
    step = Advancement({earned.key: args.earn}, (), args.label, args.note, args.date)
    try:
        document = commit(system, loaded.document, step, accept_warnings=args.accept_warnings)
    except AdvancementError as exc:
        raise CommandError(f"cannot record the advancement: {exc}") from None
    except CommitRefused as refused:
        return refused_exit(refused)
    save(document, args.file)
    index = len(document.history) - 1
    entry = document.history[index]
    name = describe_entry(index, entry)
    print(f"Recorded {name}: {earned.amount(args.earn)}", file=out)
    print(f"  {totals_line(system.evaluate(document))}", file=out)
    return EXIT_OK


def _level_dice(args: argparse.Namespace) -> dict[str, list[int]]:
    given = list(args.dice) + ([f"hp={args.hp}"] if args.hp else [])
    dice: dict[str, list[int]] = {}
    for text in given:
        kind, _, values = text.partition("=")
        try:
            dice[kind.strip()] = [int(part) for part in values.replace(" ", "").split(",") if part]
        except ValueError:
            raise CommandError(f"--dice {shorten(text)}: write KIND=N or KIND=N,N") from None
        if not kind.strip() or not dice[kind.strip()]:
            raise CommandError(f"--dice {shorten(text)}: write KIND=N or KIND=N,N")
    return dice


def cmd_level_up(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.advancement import AdvancementError, CommitRefused, advancement_of, commit
    from sheetapp.advancement.ledger import describe_entry
    from sheetapp.advancement.levelup import level_up_advancement
    from sheetapp.advancement.spec import levelled

    loaded = load(args.file)
    system = loaded.system
    levels = levelled(advancement_of(system))
    if levels is None:
        raise CommandError(f"{system.name} has no numbered levels to gain", EXIT_UNAVAILABLE)
    dice = _level_dice(args)
    try:
        requests = levels.level_dice(loaded.document)
    except ValueError as exc:
        raise CommandError(f"cannot level up: {exc}", EXIT_RULE_ERRORS) from None
    known = {request.key for request in requests}
    unknown = sorted(set(dice) - known)
    if unknown:
        kinds = ", ".join(f"{r.key} ({r.label}, {r.count}d{r.sides})" for r in requests)
        raise CommandError(f"this level takes no '{unknown[0]}' dice (it takes: {kinds})")
    missing = [r for r in requests if r.key not in dice]
    if missing and not args.roll:
        wanted = ", ".join(f"--dice {r.key}=... ({r.label}: {r.count}d{r.sides})" for r in missing)
        raise CommandError(f"give the dice ({wanted}) or --roll to roll them")
    try:
        step = level_up_advancement(
            system,
            loaded.document,
            dice=dice,
            choices=args.take,
            label=args.label,
            note=args.note,
            date=args.date,
            rng=random.Random() if args.roll else None,
        )
        document = commit(system, loaded.document, step, accept_warnings=args.accept_warnings)
    except AdvancementError as exc:
        raise CommandError(f"cannot level up: {exc}") from None
    except CommitRefused as refused:
        return refused_exit(refused)
    save(document, args.file)
    index = len(document.history) - 1
    print(f"Recorded {describe_entry(index, document.history[index])}", file=out)
    print(f"  {totals_line(system.evaluate(document))}", file=out)
    return EXIT_OK


def cmd_history(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.advancement import LedgerError, ledger_report
    from sheetapp.advancement.report import format_ledger

    loaded = load(args.file)
    try:
        report = ledger_report(loaded.system, loaded.document)
    except LedgerError as exc:
        raise CommandError(f"cannot read the ledger of {args.file}: {exc}") from None
    if args.json:
        data = {"system": loaded.system.id, "name": loaded.document.meta.name, **report.to_json()}
        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return EXIT_OK
    name = loaded.document.meta.name or "(unnamed)"
    count = len(report.lines)
    print(
        f"{name} — {loaded.system.name} — ledger of {count} entr{'y' if count == 1 else 'ies'}",
        file=out,
    )
    if not count:
        print("  (no advancement recorded yet)", file=out)
    for line in format_ledger(loaded.system, report):
        print(line, file=out)
    return EXIT_OK


def cmd_revert(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.advancement import LedgerError, revert
    from sheetapp.advancement.ledger import describe_entry

    loaded = load(args.file)
    try:
        result = revert(loaded.system, loaded.document, args.entry)
    except LedgerError as exc:
        raise CommandError(f"cannot revert: {exc}") from None
    if result.refusal is not None or result.document is None or result.reverted is None:
        message = result.refusal.message if result.refusal else "nothing to revert"
        warn(f"sheetapp: nothing changed: {message}")
        return EXIT_RULE_ERRORS
    save(result.document, args.file)
    print(f"Reverted {describe_entry(args.entry, result.reverted)}", file=out)
    if result.evaluation is not None:
        print(f"  {totals_line(result.evaluation)}", file=out)
    return EXIT_OK


def cmd_actions(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.core.system import actions_of

    loaded = load(args.file)
    actions = actions_of(loaded.system, loaded.document)
    if args.json:
        data = {
            "system": loaded.system.id,
            "name": loaded.document.meta.name,
            "actions": [action.to_json() for action in actions],
        }
        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return EXIT_OK
    if not actions:
        print(f"{loaded.system.name} declares no actions yet", file=out)
    for action in actions:
        dice = ", ".join(
            slot.label if slot.label == slot.describe() else f"{slot.label} {slot.describe()}"
            for slot in action.dice
        )
        vs = f" vs {action.vs.label}" if action.vs is not None else ""
        print(f"{action.id}\t{action.name}: {dice or 'no dice'}{vs}", file=out)
        print(f"\t{action.summary}", file=out)
        for option in action.options:
            shown = {True: "yes", False: "no"}.get(option.default, option.default)  # type: ignore[call-overload]
            default = "" if shown in (None, "") else f" (default {shown})"
            print(
                f"\t  --option {option.name}=: {option.label}; {option.allowed()}{default}",
                file=out,
            )
    return EXIT_OK


def _named_values(texts: Sequence[str], what: str, *, bare: bool = False) -> dict[str, str]:
    """``NAME=VALUE`` texts by name (``bare``: a text without ``=`` is the first dice)."""
    found: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep:
            if bare:
                name, value = "", text
            else:
                raise CommandError(f"{what} {shorten(text)}: write NAME=VALUE")
        name = name.strip()
        if name in found:
            raise CommandError(f"{what} {shorten(text)}: given twice")
        found[name] = value
    return found


def cmd_roll(args: argparse.Namespace, out: TextIO) -> int:
    from pydantic import ValidationError

    from sheetapp.core.changes import ChangeError, apply_to_document
    from sheetapp.core.system import actions_of
    from sheetapp.play.actions import ActionError, find_action, resolve

    loaded = load(args.file)
    try:
        action = find_action(actions_of(loaded.system, loaded.document), args.action)
        result = resolve(
            action,
            dice=_named_values(args.dice, "--dice", bare=True),
            vs=args.vs,
            options=_named_values(args.option, "--option"),
            roll_missing=True,
            seed=args.seed,
        )
    except ActionError as exc:
        raise CommandError(f"cannot roll: {exc}") from None
    applied = False
    if args.apply and result.effect is not None:
        try:
            document = apply_to_document(loaded.document, result.effect.changes)
        except (ChangeError, ValidationError) as exc:
            raise CommandError(f"cannot record the result: {shorten(str(exc))}") from None
        save(document, args.file)
        applied = True
    if args.json:
        data = {
            "system": loaded.system.id,
            "character": loaded.document.meta.name,
            **result.to_json(),
            "applied": applied,
        }
        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
        return EXIT_OK
    print(result.text(), file=out)
    for key, roll in result.dice:
        if roll.how == "rolled":
            print(f"  ({key}: rolled by sheetapp, seed {roll.seed})", file=out)
    if applied and result.effect is not None:
        print(f"Recorded {result.effect.label} in {args.file}", file=out)
    elif args.apply:
        print("Nothing to record: this result does not change the character", file=out)
    return EXIT_OK


Command = Callable[[argparse.Namespace, TextIO], int]


def one_writer(command: Command) -> Command:
    """Run a read-modify-write ``command`` holding the lock of its character file, so two
    programs changing the same file one after the other both keep their change."""

    def run(args: argparse.Namespace, out: TextIO) -> int:
        from sheetapp.storage.locking import FileBusy, locked

        path = Path(args.file)
        if not path.is_file():
            return command(args, out)  # the command says why it cannot be read
        try:
            with locked(path):
                return command(args, out)
        except FileBusy as exc:
            raise CommandError(f"{exc.strerror}; nothing changed, try again") from None

    return run


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "systems": cmd_systems,
    "new": cmd_new,
    "examples": cmd_examples,
    "validate": cmd_validate,
    "export-pdf": cmd_export_pdf,
    "export-json": cmd_export_json,
    "export-text": cmd_export_text,
    "schema": cmd_schema,
    "advance": one_writer(cmd_advance),
    "level-up": one_writer(cmd_level_up),
    "history": cmd_history,
    "revert": one_writer(cmd_revert),
    "actions": cmd_actions,
    "roll": one_writer(cmd_roll),
    "import-hdc": lambda args, out: _hdc_command("cmd_import_hdc", args, out),
    "export-hdc": lambda args, out: _hdc_command("cmd_export_hdc", args, out),
}


def _hdc_command(name: str, args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp import cli_hdc as commands

    command: Command = getattr(commands, name)
    return command(args, out)
