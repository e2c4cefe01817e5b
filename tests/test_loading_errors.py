"""Every failure to read a file is one CharacterFileError with a message and a location."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.core.system import SystemRegistry
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import MAX_FILE_BYTES, MAX_NESTING, dump_document, load_document
from tests.fakesystem import FAKE_SYSTEM


def valid_bytes() -> bytes:
    return dump_document(FAKE_SYSTEM.new_document("Ada"))


def load_error(tmp_path: Path, registry: SystemRegistry, data: bytes) -> CharacterFileError:
    path = tmp_path / "broken.json"
    path.write_bytes(data)
    before = path.read_bytes()
    with pytest.raises(CharacterFileError) as caught:
        load_document(path, registry)
    assert path.read_bytes() == before, "loading must never change the file"
    assert "broken.json" in caught.value.user_message()
    return caught.value


def test_not_json_names_line_and_column(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    error = load_error(tmp_path, fake_registry, b'{\n  "format": "sheetapp.character",\n  oops\n}')
    assert (error.line, error.column) == (3, 3)
    assert "line 3, column 3" in error.user_message()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (b"# Session notes\n\nNight Owl met the mayor.\n", "a text document (Markdown)"),
        (b"Night Owl, 40 GP\n", "plain text"),
        (b"%PDF-1.4\n", "a PDF document"),
        (b"<html><body>sheet</body></html>", "a web page or XML document"),
    ],
)
def test_a_file_that_is_not_json_says_what_it_is(
    tmp_path: Path, fake_registry: SystemRegistry, text: bytes, kind: str
) -> None:
    """Issue 31: a Markdown file said "not valid JSON (Expecting value)": say what the file
    is and what to do."""
    error = load_error(tmp_path, fake_registry, text)
    message = error.user_message()
    assert f"it is {kind}, not a character file" in message
    assert "Expecting value" not in message and "not valid JSON" not in message
    assert "Open a character file saved by sheetapp" in message


def test_truncated_file_says_so(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    data = valid_bytes()
    error = load_error(tmp_path, fake_registry, data[: len(data) // 2])
    assert "truncated" in error.user_message()
    assert error.line is not None


def test_wrong_type_names_the_json_path(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = json.loads(valid_bytes())
    raw["character"]["skills"] = [{"skill": "climb", "rank": "lots"}]
    error = load_error(tmp_path, fake_registry, json.dumps(raw).encode())
    assert error.path == ("character", "skills", 0, "rank")
    assert "character.skills[0].rank" in error.user_message()
    assert "'lots'" in error.user_message()


def test_absurd_number_is_refused_with_path(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = json.loads(valid_bytes())
    raw["character"]["strength"] = 10**30
    error = load_error(tmp_path, fake_registry, json.dumps(raw).encode())
    assert error.path == ("character", "strength")


def test_unknown_system_lists_known_ones(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = json.loads(valid_bytes())
    raw["system"] = "dragons"
    error = load_error(tmp_path, fake_registry, json.dumps(raw).encode())
    assert "'dragons'" in error.user_message() and "fake" in error.user_message()
    assert error.path == ("system",)


def test_unknown_catalog_id_is_named(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = json.loads(valid_bytes())
    raw["character"]["skills"] = [{"skill": "climb"}, {"skill": "levitate"}]
    error = load_error(tmp_path, fake_registry, json.dumps(raw).encode())
    assert error.catalog_id == "levitate"
    assert error.path == ("character", "skills", 1, "skill")


def test_newer_schema_version_is_refused(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = json.loads(valid_bytes())
    raw["schema_version"] = 99
    error = load_error(tmp_path, fake_registry, json.dumps(raw).encode())
    assert "newer sheetapp" in error.user_message()
    assert "Update sheetapp" in error.user_message()


def test_file_of_another_kind_is_refused(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    error = load_error(tmp_path, fake_registry, b'{"name": "Bob", "hp": 12}')
    assert "format" in error.user_message()
    error = load_error(tmp_path, fake_registry, b"[1, 2, 3]")
    assert "JSON list" in error.user_message()


def test_binary_file_is_not_utf8(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    error = load_error(tmp_path, fake_registry, b'{"format": "\xff\xfe"}')
    assert "UTF-8" in error.user_message()
    assert error.line == 1


def test_nan_is_not_a_number_here(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    raw = valid_bytes().replace(b'"strength": 10', b'"strength": NaN')
    error = load_error(tmp_path, fake_registry, raw)
    assert "NaN" in error.user_message()


def test_huge_file_refused_before_reading(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    path = tmp_path / "broken.json"
    with path.open("wb") as stream:  # a sparse 50 MB file: cheap to make
        stream.truncate(50 * 1024 * 1024)
    with pytest.raises(CharacterFileError) as caught:
        load_document(path, fake_registry)
    assert "50.0 MB" in caught.value.user_message()
    assert MAX_FILE_BYTES < 50 * 1024 * 1024


def test_deep_nesting_refused_before_parsing(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    error = load_error(tmp_path, fake_registry, b'{"x": ' + deep + b"}")
    assert f"more than {MAX_NESTING} levels" in error.user_message()


def test_brackets_inside_strings_do_not_count_as_nesting(
    tmp_path: Path, fake_registry: SystemRegistry
) -> None:
    raw = json.loads(valid_bytes())
    raw["meta"]["notes"] = "[[[[" * 100 + ' \\" {{{{' * 50
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(raw))
    assert load_document(path, fake_registry).document.meta.notes.startswith("[[[[")


def test_missing_file_and_folder(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    with pytest.raises(CharacterFileError, match="does not exist"):
        load_document(tmp_path / "nope.json", fake_registry)
    with pytest.raises(CharacterFileError, match="folder"):
        load_document(tmp_path, fake_registry)


def test_empty_file(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    assert "empty" in load_error(tmp_path, fake_registry, b"  \n").user_message()


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "[[[[", "b": [1, {"c": "}}}"}]}',
        '{"a": "say \\"[[[\\"", "b": [[[]]]}',
        '{"a": "ends with a backslash \\\\", "b": [{"c": "]"}]}',
        '{"a": "unterminated [[[',
        '{"ключ": "значение [", "b": [["é"]]}',
        "",
    ],
)
def test_brackets_outside_strings_are_found_both_ways(text: str) -> None:
    """The quick split (no backslash before a quote) and the token-by-token reading find
    the same brackets: brackets inside strings never count towards the nesting."""
    from sheetapp.storage import jsontext

    expected = jsontext._STRING.sub("", text)
    wanted = bytes(c for c in expected.encode("utf-8") if chr(c) in "[]{}")
    assert jsontext._brackets(text) == wanted


def test_nesting_hidden_in_strings_is_not_refused_and_real_nesting_is() -> None:
    from sheetapp.storage import jsontext

    deep_in_a_string = '{"a": "' + "[" * 500 + '"}'
    jsontext.check_nesting(deep_in_a_string, "test.json")
    too_deep = "[" * (jsontext.MAX_NESTING + 1) + "]" * (jsontext.MAX_NESTING + 1)
    with pytest.raises(CharacterFileError, match="nested more than"):
        jsontext.check_nesting(too_deep, "test.json")
