"""Regression tests for the loader and save bugs the fuzzing and the kill test found.

Each test states the input that used to fail and how (see docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from sheetapp.core.document import FileModel
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.atomic import atomic_write, backup_path, temporary_path
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import dump_document, load_document, parse_document, save_document
from tests.fakesystem import FAKE_SYSTEM
from tests.reliability.oracle import hang_guard


def valid() -> dict[str, object]:
    return json.loads(dump_document(FAKE_SYSTEM.new_document("Ada")))


def refusal(data: bytes, registry: SystemRegistry) -> CharacterFileError:
    with pytest.raises(CharacterFileError) as caught:
        parse_document(data, registry, source="'case.json'")
    return caught.value


def test_truncated_string_of_escaped_quotes_is_refused_at_once(
    fake_registry: SystemRegistry,
) -> None:
    """Was: the nesting check rescanned an unterminated string from each escaped quote
    inside it, quadratic time: 40,000 ``\\"`` took 19 s, a 1 MB note would take hours.
    The alarm is a hang detector, not a performance bound (the fix takes milliseconds)."""
    data = b'{"format": "sheetapp.character", "meta": {"notes": "' + b'\\"' * 200_000
    with hang_guard("200,000 escaped quotes in an unterminated string", seconds=30):
        error = refusal(data, fake_registry)
    assert "truncated" in error.user_message()
    assert error.line == 1


def test_integer_too_long_to_convert_is_refused_with_its_place(
    fake_registry: SystemRegistry,
) -> None:
    """Was: "not valid JSON (Exceeds the limit (4300 digits) ...; use
    sys.set_int_max_str_digits() ...)" with no line or column."""
    text = json.dumps(valid(), indent=2).replace('"strength": 10', '"strength": 1' + "0" * 5000)
    error = refusal(text.encode(), fake_registry)
    assert "5001 digits" in error.problem
    assert "set_int_max_str_digits" not in error.user_message()
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"strength"' in row)
    assert error.line == line and error.column == 17


def test_number_overflowing_to_infinity_is_refused(fake_registry: SystemRegistry) -> None:
    """Was: ``1e400`` in a key sheetapp does not know loaded as infinity and was saved back
    as ``null`` (a silent change); in a known field the message gave no line."""
    text = json.dumps(valid(), indent=2).replace('"history": []', '"history": [], "x": 1e400')
    error = refusal(text.encode(), fake_registry)
    assert "1e400" in error.problem and error.line is not None


@pytest.mark.parametrize("text", [b"1E309.", b"[1e999x", b"-1e400]", b'{"a": NaN1}'])
def test_bad_number_followed_by_junk_still_has_a_place(
    text: bytes, fake_registry: SystemRegistry
) -> None:
    """Found by the deep fuzz run in this branch's own number check (fix 3/4 above):
    ``1E309.`` (an overflowing number, then a stray dot) was refused with no place."""
    error = refusal(text, fake_registry)
    assert error.line == 1 and error.column is not None


@pytest.mark.parametrize(
    ("insert", "path"),
    [
        ('"x": "\\ud800"', ("x",)),
        ('"x": ["ok", "a\\udc00b"]', ("x", 1)),
        ('"\\ud800": 1', ()),
    ],
    ids=["value", "in a list", "key"],
)
def test_half_a_surrogate_pair_is_refused_at_load(
    insert: str, path: tuple[object, ...], fake_registry: SystemRegistry, tmp_path: Path
) -> None:
    """Was: a lone ``\\ud800`` escape in a key sheetapp keeps but does not know loaded
    fine, and then every save crashed with UnicodeEncodeError: the character could not
    be saved any more. (A key was already refused by pydantic; kept as a guard.)"""
    text = json.dumps(valid()).replace('"history": []', f'"history": [], {insert}')
    error = refusal(text.encode(), fake_registry)
    assert error.path == path
    error.user_message().encode("utf-8")
    # a proper pair (an emoji written as escapes) is fine, and saves
    good = json.dumps(valid()).replace('"history": []', '"history": [], "x": "\\ud83d\\ude00"')
    loaded = parse_document(good.encode(), fake_registry)
    save_document(loaded.document, tmp_path / "emoji.json")
    assert load_document(tmp_path / "emoji.json", fake_registry).document.model_extra == {
        "x": "\U0001f600"
    }


class Measured(FileModel):
    weight: float = 1.0


@pytest.mark.parametrize("value", ["NaN", "nan", "inf", "-Infinity", float("nan"), float("inf")])
def test_float_fields_refuse_nan_and_infinity(value: object) -> None:
    """Was: pydantic's default accepts the strings "NaN" and "inf" for a float field; a
    NaN then poisons every total and an infinity cannot be written back as JSON."""
    with pytest.raises(ValidationError, match="finite number"):
        Measured.model_validate({"weight": value})
    assert Measured.model_validate({"weight": "2.5"}).weight == 2.5


@pytest.mark.parametrize("meta", [5, "ab", [["name", "x"]]])
def test_version_1_file_with_a_broken_meta_names_it(
    meta: object, fake_registry: SystemRegistry
) -> None:
    """Was: "could not be upgraded ... ('int' object is not iterable)" with no place; a
    list of pairs was even turned into an object silently."""
    old = {"format": "sheetapp.character", "schema_version": 1, "system": "fake", "meta": meta}
    error = refusal(json.dumps(old).encode(), fake_registry)
    assert error.path == ("meta",)
    assert "'meta' must be an object" in error.user_message()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_is_refused_without_waiting(
    tmp_path: Path, fake_registry: SystemRegistry
) -> None:
    """Was: opening a FIFO blocked until some other program wrote to it: a frozen window."""
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with hang_guard("loading a named pipe"), pytest.raises(CharacterFileError) as caught:
        load_document(pipe, fake_registry)
    assert "not a regular file" in caught.value.user_message()


@pytest.mark.parametrize(
    "change",
    [
        lambda raw: raw.update(format="f" * 1_000_000),
        lambda raw: raw.update(system="s" * 1_000_000),
        lambda raw: raw.update(schema_version=10**4000),
        lambda raw: raw["character"].update(skills=[{"skill": "k" * 1_000_000}]),
        lambda raw: raw["character"].update(skills=[{"skill": "climb", "rank": 10**4000}]),
    ],
    ids=["format", "system", "schema version", "catalog id", "number"],
)
def test_huge_values_are_shortened_in_messages(
    change: object, fake_registry: SystemRegistry
) -> None:
    """Was: the message quoted the value whole: a 1 MB format string made a 1 MB message,
    a 4,000-digit schema version a 4,000-character one."""
    raw = valid()
    change(raw)  # type: ignore[operator]
    error = refusal(json.dumps(raw).encode(), fake_registry)
    assert len(error.user_message()) < 400


def _dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.skipif(os.name != "posix", reason="process existence is only checked on POSIX")
def test_save_removes_temporary_files_of_killed_saves(tmp_path: Path) -> None:
    """Was: each save killed mid-write left a hidden ``.hero.json.<pid>.tmp`` (up to the
    size of the character) that nothing ever removed; 60 kills left 60 files."""
    target = tmp_path / "hero.json"
    target.write_bytes(b"old")
    dead = _dead_pid()
    stale = [temporary_path(target, dead), temporary_path(backup_path(target), dead)]
    for path in stale:
        path.write_bytes(b"half a save")
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as alive:
        try:
            running = temporary_path(target, alive.pid)
            running.write_bytes(b"another program is saving right now")
            unrelated = [tmp_path / ".hero.json.notes.tmp", tmp_path / f"{dead}.tmp"]
            for path in unrelated:
                path.write_bytes(b"not ours")
            atomic_write(target, b"new")
            assert target.read_bytes() == b"new"
            assert backup_path(target).read_bytes() == b"old"
            assert not any(path.exists() for path in stale)
            assert running.exists(), "a running process's temporary file was removed"
            assert all(path.exists() for path in unrelated)
        finally:
            alive.kill()
