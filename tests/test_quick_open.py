"""The loader's quick path (pydantic-core parses and validates the bytes in one pass)
accepts only what the careful path accepts, as the same document, and leaves every
refusal to the careful path, so a duplicate key, deep nesting, NaN or a wrong header
gives the same message, at the same place, as before it existed."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from sheetapp.core.census import CENSUS, Census, field_plan, typed_depth
from sheetapp.core.document import FileModel
from sheetapp.core.system import SystemRegistry, installed_systems
from sheetapp.storage import files, jsontext
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import MAX_NESTING, LoadedDocument, parse_document

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"
NIGHT_OWL = EXAMPLES / "gladiators" / "night-owl.json"
#: stands where a test puts a duplicate key or a value: replaced in the JSON text
MARK = '"quick_open_mark": 0'

Outcome = LoadedDocument | tuple[str, int | None, int | None, object, str]


@pytest.fixture(scope="module")
def registry() -> SystemRegistry:
    return installed_systems()


@pytest.fixture
def careful_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(files, "_parse_quickly", lambda data, registry: None)
    yield


def outcome(data: bytes, registry: SystemRegistry) -> Outcome:
    try:
        return parse_document(data, registry, source="'case.json'")
    except CharacterFileError as error:
        return (error.problem, error.line, error.column, error.path, error.hint)


def careful_outcome(data: bytes, registry: SystemRegistry) -> Outcome:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(files, "_parse_quickly", lambda data, registry: None)
        return outcome(data, registry)


def assert_same_as_careful(data: bytes, registry: SystemRegistry) -> Outcome:
    quick = outcome(data, registry)
    careful = careful_outcome(data, registry)
    if isinstance(careful, LoadedDocument):
        assert isinstance(quick, LoadedDocument), quick
        assert quick.document == careful.document
        assert quick.document.model_fields_set == careful.document.model_fields_set
        assert quick.notes == careful.notes
        assert quick.migrated_from == careful.migrated_from
    else:
        assert quick == careful
    return quick


def night_owl(change: Callable[[dict[str, Any]], object] | None = None) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(NIGHT_OWL.read_bytes())
    if change is not None:
        change(raw)
    return raw


def with_mark(where: Callable[[dict[str, Any]], dict[str, Any]], text: str) -> bytes:
    """Night Owl as JSON text with ``text`` written into the object ``where`` picks."""
    raw = night_owl()
    where(raw)["quick_open_mark"] = 0
    dumped = json.dumps(raw, indent=2)
    assert dumped.count(MARK) == 1
    return dumped.replace(MARK, text).encode()


def refusal(data: bytes, registry: SystemRegistry) -> tuple[str, int | None, int | None]:
    found = assert_same_as_careful(data, registry)
    assert not isinstance(found, LoadedDocument), "the file must be refused"
    return found[0], found[1], found[2]


# --- what it accepts ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*/*.json")), ids=lambda path: f"{path.parent.name}/{path.stem}"
)
def test_examples_open_as_before(path: Path, registry: SystemRegistry) -> None:
    """Every shipped example loads to the same document, notes and fields given."""
    data = path.read_bytes()
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)


@pytest.mark.parametrize("system_id", ["gladiators", "hero-xmen", "powersets", "twod10"])
def test_current_files_take_the_quick_path(system_id: str, registry: SystemRegistry) -> None:
    """Systems whose models keep a census are read in one pass (the point of it)."""
    for path in sorted((EXAMPLES / system_id).glob("*.json")):
        assert files._parse_quickly(path.read_bytes(), registry) is not None, path.name


def test_capital_keeps_the_careful_path(registry: SystemRegistry) -> None:
    """Capital's character rewrites its input (the old 'money' key): no census plan."""
    model = registry.get("capital").document_model()
    assert typed_depth(model) is None
    data = next((EXAMPLES / "capital").glob("*.json")).read_bytes()
    assert files._parse_quickly(data, registry) is None


def test_unknown_keys_are_kept_and_noted_as_before(registry: SystemRegistry) -> None:
    def extras(raw: dict[str, Any]) -> None:
        raw["tool"] = {"name": "x", "nested": [{"a": 1}, {"b": [1, 2, {"c": None}]}]}
        raw["character"]["abilities"][1]["modifiers"][0]["remark"] = "kept"
        raw["history"] = [
            {"date": "2024-01-01", "changes": [{"op": "set", "path": ["a", 1], "to": {"x": 1}}]}
        ]

    data = json.dumps(night_owl(extras)).encode()
    assert files._parse_quickly(data, registry) is not None
    loaded = assert_same_as_careful(data, registry)
    assert isinstance(loaded, LoadedDocument)
    assert len(loaded.notes) == 2


def test_colons_and_escaped_quotes_in_texts_still_open_quickly(registry: SystemRegistry) -> None:
    def texts(raw: dict[str, Any]) -> None:
        raw["meta"]["notes"] = 'Time: 12:30 \\": "quoted": x\n "a" : b'
        raw["character"]["abilities"][0]["label"] = 'Run: "fast":'

    data = json.dumps(night_owl(texts), indent=2).encode()
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)
    compact = json.dumps(night_owl(texts), separators=(",", ":")).encode()
    assert isinstance(assert_same_as_careful(compact, registry), LoadedDocument)


def test_texts_starting_with_a_colon_open_as_before(registry: SystemRegistry) -> None:
    def texts(raw: dict[str, Any]) -> dict[str, Any]:
        raw["meta"]["notes"] = ": starts with a colon"
        return _modifier(raw)

    data = json.dumps(night_owl(texts)).encode()
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)
    problem, _line, _column = refusal(with_mark(texts, '"units": 2'), registry)
    assert "'units' appears twice" in problem


def test_spaced_out_keys_open_as_before(registry: SystemRegistry) -> None:
    data = json.dumps(night_owl(), separators=(" , ", " : ")).encode()
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)


def test_byte_order_mark_opens_as_before(registry: SystemRegistry) -> None:
    data = b"\xef\xbb\xbf" + NIGHT_OWL.read_bytes()
    assert files._parse_quickly(data, registry) is not None
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)


# --- duplicate keys ----------------------------------------------------------------------


def _root(raw: dict[str, Any]) -> dict[str, Any]:
    return raw


def _meta(raw: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = raw["meta"]
    return result


def _ability(raw: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = raw["character"]["abilities"][2]
    return result


def _modifier(raw: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = raw["character"]["abilities"][1]["modifiers"][0]
    return result


def _options(raw: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = raw["character"]["abilities"][0]["options"]
    return result


def _unknown_object(raw: dict[str, Any]) -> dict[str, Any]:
    raw["tool"] = {"list": [{"deep": {"k": 1}}]}
    result: dict[str, Any] = raw["tool"]["list"][0]["deep"]
    return result


def _history_change(raw: dict[str, Any]) -> dict[str, Any]:
    raw["history"] = [{"date": "2024-01-01", "changes": [{"op": "set", "to": {"k": 1}}]}]
    result: dict[str, Any] = raw["history"][0]["changes"][0]["to"]
    return result


DUPLICATES = [
    pytest.param(_root, '"system_version": "6"', "system_version", id="top level"),
    pytest.param(_root, '"zz_unknown": 1, "zz_unknown": 2', "zz_unknown", id="unknown key twice"),
    pytest.param(_meta, '"name": "Other"', "name", id="meta"),
    pytest.param(_ability, '"level": 3', "level", id="ability in a list"),
    pytest.param(_modifier, '"units": 2', "units", id="modifier in a list in a list"),
    pytest.param(_options, '"movement_class": "air"', "movement_class", id="dict of choices"),
    pytest.param(_unknown_object, '"k": 2', "k", id="inside an unknown key"),
    pytest.param(_history_change, '"k": 2', "k", id="free-form history change"),
    pytest.param(_ability, '"l\\u0065vel": 3', "level", id="escaped-equal key"),
    pytest.param(
        _options, '"movement_\\u0063lass": "air"', "movement_class", id="escaped-equal in a dict"
    ),
    pytest.param(_ability, '"level": 2', "level", id="same key, same value"),
    pytest.param(_ability, '"level" : 3', "level", id="spaced colon"),
    pytest.param(_ability, '"level"\n:\t3', "level", id="newline before colon"),
    pytest.param(_meta, '"n\\u0061me": "a\\": b"', "name", id="escaped quote and colon"),
]


@pytest.mark.parametrize(("where", "text", "key"), DUPLICATES)
def test_a_key_twice_is_refused_as_before(
    where: Callable[[dict[str, Any]], dict[str, Any]],
    text: str,
    key: str,
    registry: SystemRegistry,
) -> None:
    problem, line, column = refusal(with_mark(where, text), registry)
    assert problem == (
        f"the key '{key}' appears twice in one object; which one is meant cannot be told"
    )
    assert line is not None
    assert column is not None


def test_a_key_twice_with_colons_in_texts_is_refused(registry: SystemRegistry) -> None:
    """Colons inside strings do not hide a duplicate from the count."""

    def texts(raw: dict[str, Any]) -> dict[str, Any]:
        raw["meta"]["notes"] = "a: b: c: d"
        return _modifier(raw)

    problem, _line, _column = refusal(with_mark(texts, '"units": 2'), registry)
    assert "'units' appears twice" in problem


def test_a_key_twice_in_a_compact_file_is_refused(registry: SystemRegistry) -> None:
    raw = night_owl()
    _ability(raw)["quick_open_mark"] = 0
    data = json.dumps(raw, separators=(",", ":")).replace('"quick_open_mark":0', '"level":3')
    problem, _line, _column = refusal(data.encode(), registry)
    assert "'level' appears twice" in problem


# --- nesting, numbers, header ------------------------------------------------------------


def _nested(levels: int) -> str:
    return "[" * levels + "]" * levels


# the change's value sits at depth 6: document, history, entry, changes, change, "to"
@pytest.mark.parametrize("levels", [MAX_NESTING - 6, MAX_NESTING - 5, 100, 150, 199, 250])
def test_deep_free_form_values_as_before(levels: int, registry: SystemRegistry) -> None:
    """Within the limit the file loads; beyond it, the careful path's message (pydantic-core
    alone would read up to 200 levels)."""
    data = with_mark(_history_change, f'"deep": {_nested(levels)}')
    found = assert_same_as_careful(data, registry)
    if 6 + levels <= MAX_NESTING:
        assert isinstance(found, LoadedDocument)
    else:
        assert not isinstance(found, LoadedDocument)
        assert found[0] == f"the data is nested more than {MAX_NESTING} levels deep"


@pytest.mark.parametrize("levels", [MAX_NESTING - 1, MAX_NESTING, 120])
def test_deep_unknown_keys_as_before(levels: int, registry: SystemRegistry) -> None:
    data = with_mark(_root, f'"deep": {_nested(levels)}')
    found = assert_same_as_careful(data, registry)
    assert isinstance(found, LoadedDocument) == (1 + levels <= MAX_NESTING)


@pytest.mark.parametrize(
    "number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1" + "0" * 400 + ".0"]
)
@pytest.mark.parametrize("where", [_root, _history_change, _modifier], ids=["unknown", "free", "x"])
def test_numbers_json_cannot_hold_are_refused_as_before(
    number: str, where: Callable[[dict[str, Any]], dict[str, Any]], registry: SystemRegistry
) -> None:
    problem, line, _column = refusal(with_mark(where, f'"odd": {number}'), registry)
    assert problem.startswith("it is not valid JSON (")
    assert line is not None


def test_long_integers_are_refused_as_before_whatever_the_limit(
    registry: SystemRegistry,
) -> None:
    """pydantic-core reads integers of up to 4,300 digits whatever Python's limit is."""
    data = with_mark(_root, f'"odd": 1{"0" * 1999}')
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(1000)
    try:
        problem, _line, _column = refusal(data, registry)
    finally:
        sys.set_int_max_str_digits(before)
    assert "2000 digits" in problem


@pytest.mark.parametrize("version", ['"2"', "2.0", "true", "2e0"])
def test_a_version_that_is_not_a_whole_number_is_refused(
    version: str, registry: SystemRegistry
) -> None:
    data = NIGHT_OWL.read_bytes().replace(
        b'"schema_version": 2', f'"schema_version": {version}'.encode()
    )
    problem, _line, _column = refusal(data, registry)
    assert problem == "'schema_version' must be a whole number from 1 up"


@pytest.mark.parametrize("key", ["format", "schema_version", "system"])
def test_a_missing_header_key_is_refused_as_before(key: str, registry: SystemRegistry) -> None:
    """The models have defaults for these; the file must still give them."""

    def without(raw: dict[str, Any]) -> None:
        del raw[key]
        raw["meta"]["system"] = "gladiators"  # a decoy for the quick path's look-ahead

    refusal(json.dumps(night_owl(without)).encode(), registry)


def test_other_key_orders_and_decoys_open_as_before(registry: SystemRegistry) -> None:
    """The quick path looks for the system's name at the top of the text; a file with its
    keys in another order, or a "system" key inside another object, reads as before."""
    raw = night_owl()
    reordered = {"meta": {**raw.pop("meta"), "system": "nonesuch"}, **raw}
    data = json.dumps(reordered).encode()
    assert files._parse_quickly(data, registry) is None
    assert isinstance(assert_same_as_careful(data, registry), LoadedDocument)


def test_older_versions_and_exports_still_migrate(registry: SystemRegistry) -> None:
    def version_1(raw: dict[str, Any]) -> None:
        raw["schema_version"] = 1
        raw.update(raw.pop("meta"))
        del raw["history"]

    old = json.dumps(night_owl(version_1)).encode()
    loaded = assert_same_as_careful(old, registry)
    assert isinstance(loaded, LoadedDocument)
    assert loaded.migrated_from == 1
    export = {"format": "sheetapp.export", "document": night_owl()}
    assert isinstance(assert_same_as_careful(json.dumps(export).encode(), registry), LoadedDocument)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"[]",
        b'{"format": "sheetapp.character", "system": "gladiators"',
        b'{"system": "gladiators", "x": "\\ud800"}',
        b'{"system": "gladiators", "x": "\xff"}',
        b'{"system": "gladiators", "x": "a\tb"}',
        b'{"system": "gladiators"} trailing',
        b"\xef\xbb\xbf\xef\xbb\xbf{}",
    ],
)
def test_broken_texts_are_refused_as_before(data: bytes, registry: SystemRegistry) -> None:
    refusal(data, registry)


def test_wrong_types_and_huge_texts_are_refused_as_before(registry: SystemRegistry) -> None:
    refusal(with_mark(_ability, '"level2": 1, "label": 5'), registry)
    refusal(with_mark(_modifier, '"units": "many", "x": 1'), registry)

    def huge(raw: dict[str, Any]) -> None:
        _ability(raw)["note"] = "x" * 1_000_001
        raw["meta"]["player"] = "p" * 501

    refusal(json.dumps(night_owl(huge)).encode(), registry)


# --- the census itself -------------------------------------------------------------------


class _Item(FileModel):
    n: int = 0
    tags: dict[str, int] = Field(default_factory=lambda: {"given": 1})
    free: Any = None


class _Holder(FileModel):
    items: list[_Item] = Field(default_factory=list)


def _census_of(model: type[BaseModel], text: bytes) -> Census:
    census = Census()
    model.model_validate_json(text, context={CENSUS: census})
    return census


def test_census_counts_the_keys_it_kept() -> None:
    census = _census_of(
        _Holder, b'{"items": [{"n": 1, "tags": {"a": 1, "b": 2}}, {"x": {"y": 1}}]}'
    )
    assert census.keys == 1 + 2 + 2 + 1 + 1  # items; n, tags; a, b; x; y
    assert census.unknown_keys == 1
    assert _census_of(_Holder, b'{"items": [{"n": 1, "n": 2}]}').keys == 2


def test_census_does_not_count_defaults_the_text_left_out() -> None:
    """A default dict with keys is not in the text: counting it could hide a duplicate."""
    assert _census_of(_Item, b'{"n": 1}').keys == 1


def test_census_measures_free_form_values() -> None:
    census = _census_of(_Item, b'{"free": [[{"a": [1, NaN]}]]}')
    assert census.deepest == 4
    assert census.doubtful
    assert census.keys == 2


class _WithValidator(FileModel):
    n: int = 0

    @model_validator(mode="before")
    @classmethod
    def _rename(cls, data: Any) -> Any:
        return data


class _Other(FileModel):
    m: int = 0


class _WithUnion(FileModel):
    either: _Item | _Other | None = None


class _WithModelOrDict(FileModel):
    either: _Item | dict[str, Any] = Field(default_factory=dict)


class _AllowsNaN(FileModel):
    model_config = ConfigDict(allow_inf_nan=True)
    x: float = 0.0


class _Tree(FileModel):
    children: list[_Tree] = Field(default_factory=list)


class _Plain(BaseModel):
    n: int = 0


class _WithPlain(FileModel):
    plain: _Plain = Field(default_factory=_Plain)


@pytest.mark.parametrize(
    "model", [_WithValidator, _WithUnion, _WithModelOrDict, _AllowsNaN, _Tree, _WithPlain]
)
def test_models_the_census_cannot_vouch_for_have_no_plan(model: type[BaseModel]) -> None:
    assert typed_depth(model) is None


def test_plans_of_vouched_models() -> None:
    assert typed_depth(_Holder) == 4  # holder, items, item, tags (free values are measured)
    plan = field_plan(_Item)
    assert plan is not None
    assert plan.sized == ("tags",)
    assert plan.walked == ("free",)


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        (b'{"a": 1}', 0),
        (b'{"a": "b:c", "d": "x:"}', 2),
        (b'{"a":"x:","b":1}', 1),
        # after whitespace or a quote a colon may be a key's: not counted
        (b'{"a" : 1}', 0),
        (b'{"a"\n: 1}', 0),
        (b'{"a": "\\":"}', 0),
        (b'{"a": ":"}', 0),
        (b'{"a": "x : y"}', 0),
        (b":", 0),
    ],
)
def test_colons_in_strings(text: bytes, inside: int) -> None:
    assert jsontext.colons_in_strings(text, inside)
    assert not jsontext.colons_in_strings(text, inside + 1)
