"""Fuzzing the loader: whatever the bytes, a loaded character or one clear refusal.

Every case ends in a document that loads, evaluates and saves back unchanged, or
in a CharacterFileError whose user message names the file and the place (line and
column, data path or catalog id) — never another exception, never a hang (a
per-case alarm turns one into a failure), never a change to the input file (a
sample of the cases is loaded from a real file whose bytes and mtime are compared).
The summary at the end of the run says how many cases ran (see conftest.py). The
fuzzing is marked slow: `dev.py test --quick` leaves it out, the full run (CI) keeps it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetapp.core.document import FORMAT_ID
from sheetapp.core.system import SystemRegistry, installed_systems
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import parse_document
from tests.reliability.conftest import scale
from tests.reliability.mutations import (
    ABSURD_NUMBERS,
    Base,
    Raw,
    base_files,
    dumps,
    get,
    json_values,
    mutated_files,
    paths,
    put,
)
from tests.reliability.oracle import check_bytes, check_file

REGISTRY = installed_systems()
BASES = base_files(REGISTRY)


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples * scale(),
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.function_scoped_fixture,
        ],
    )


@pytest.fixture(scope="module")
def registry() -> SystemRegistry:
    return REGISTRY


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def test_every_installed_system_has_a_base_file() -> None:
    """The fuzzing below starts from a file of each system, so each system is fuzzed."""
    systems = {base.name.split("/")[0] for base in BASES}
    assert systems == set(REGISTRY.ids())
    for base in BASES:
        parse_document(base.data, REGISTRY)


# ------------------------------------------------------------- (a) arbitrary input


@pytest.mark.slow
@fuzz_settings(500)
@given(value=json_values | st.lists(json_values) | st.dictionaries(st.text(), json_values))
def test_arbitrary_json_values(
    value: Any, registry: SystemRegistry, tally: Counter[str], scratch: Path
) -> None:
    data = json.dumps(value).encode()
    check_bytes(data, registry, tally, "arbitrary JSON")


header_values = st.sampled_from([1, 2, 3, 0, -1, True, "2", 2.0, None, 10**30]) | json_values


@pytest.mark.slow
@fuzz_settings(500)
@given(
    document=st.fixed_dictionaries(
        {
            "format": st.just(FORMAT_ID) | json_values,
            "schema_version": st.sampled_from([1, 2]) | header_values,
            "system": st.sampled_from(REGISTRY.ids()) | st.text(max_size=12),
        },
        optional={
            "system_version": json_values,
            "meta": json_values | st.dictionaries(st.sampled_from(["name", "notes"]), json_values),
            "campaign": json_values,
            "character": json_values,
            "history": json_values | st.lists(st.dictionaries(st.text(), json_values)),
            "name": json_values,
        },
    )
)
def test_arbitrary_values_in_a_character_envelope(
    document: dict[str, Any], registry: SystemRegistry, tally: Counter[str]
) -> None:
    """Past the header checks, into migration and validation of each system's model."""
    check_bytes(json.dumps(document).encode(), registry, tally, "arbitrary envelope")


@pytest.mark.slow
@fuzz_settings(500)
@given(data=st.binary(max_size=2_000))
def test_arbitrary_bytes(data: bytes, registry: SystemRegistry, tally: Counter[str]) -> None:
    check_bytes(data, registry, tally, "arbitrary bytes")


@pytest.mark.slow
@fuzz_settings(500)
@given(text=st.text(alphabet='{}[]",:0123456789.eE+-\\ntruefalsNIfiy \n\t\u00e9\ud7ff'))
def test_arbitrary_json_like_text(text: str, registry: SystemRegistry, tally: Counter[str]) -> None:
    check_bytes(text.encode("utf-8"), registry, tally, "JSON-like text")


# ---------------------------------------------------- (b) valid files, mutated


@pytest.mark.slow
@fuzz_settings(1_500)
@given(case=st.data())
def test_mutated_character_files(
    case: st.DataObject, registry: SystemRegistry, tally: Counter[str], scratch: Path
) -> None:
    damaged = case.draw(mutated_files(BASES), label="mutation")
    via_file = case.draw(st.integers(0, 9), label="via file") == 0
    if via_file:
        check_file(damaged.data, scratch, registry, tally, "mutated file")
    else:
        check_bytes(damaged.data, registry, tally, "mutated file")


@pytest.mark.slow
@pytest.mark.parametrize("base", BASES, ids=lambda base: base.name)
def test_truncation_at_every_byte(
    base: Base, registry: SystemRegistry, tally: Counter[str], scratch: Path
) -> None:
    """A file cut short anywhere is refused with a line and column, never half-read."""
    data = base.data
    whole = len(data.rstrip())
    for end in range(len(data) + 1):
        cut = data[:end]
        if end % 50 == 0:
            check_file(cut, scratch, registry, tally, "truncated")
        else:
            check_bytes(cut, registry, tally, "truncated")
        if 0 < end < whole and cut.strip():
            with pytest.raises(CharacterFileError) as caught:
                parse_document(cut, registry)
            assert caught.value.line is not None, f"no line for a cut at byte {end}"


@pytest.mark.slow
@pytest.mark.parametrize("base", BASES, ids=lambda base: base.name)
def test_absurd_number_in_every_numeric_field(
    base: Base, registry: SystemRegistry, tally: Counter[str]
) -> None:
    """Each number of the file set to each absurd value (level 10**9, units -5, NaN...):
    refused with its place, or loaded and evaluated without an exception."""
    tree = json.loads(base.data)
    numeric = [
        path
        for path in paths(tree)
        if isinstance(get(tree, path), int | float) and not isinstance(get(tree, path), bool)
    ]
    assert numeric, "the base file has numbers to damage"
    for path in numeric:
        for value in ABSURD_NUMBERS:
            damaged = json.loads(base.data)
            put(damaged, path, value)
            check_bytes(dumps(damaged), registry, tally, "absurd number")


def test_raw_tokens_reach_the_text() -> None:
    """Guard for the generator: NaN and 1e400 are written as bare tokens, not strings."""
    assert (
        dumps({"a": Raw("NaN"), "b": [Raw("1e400")]}) == b'{\n "a": NaN,\n "b": [\n  1e400\n ]\n}'
    )
