"""Every system keeps per-item results by the identity of unchanged items (and of the
rows worked out from them), in the memos the document holds (``sheetapp/core/memo.py``).
After random edits made the way the editor makes them (a new document sharing every
untouched item, through ``apply_to_document``), the evaluation must equal a first
evaluation of the same values: an item copied over another, moved, removed, inserted,
one of its values set to a value another item has.

And what a user sees (issues, derived values, totals, cost lines, the sheet's text) is
the same in two fresh processes, and after 60 edits the same as a fresh process shows
for the resulting file; the memos those evaluations used are every memo the systems
declare (a memo no example reaches fails the test, so each is proven by it)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import sheetapp.systems
from sheetapp.core.changes import Change, ChangeError, apply_to_document
from sheetapp.core.memo import Memo
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document, save_document
from tests.reuse_digest import digest

ROOT = Path(__file__).parents[1]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*/*.json"))
#: the edits made before a whole evaluation is compared with a fresh process's
EDITS = 60


def _fresh(document: Any) -> Any:
    return type(document).model_validate(document.model_dump(mode="json"))


def _lists(data: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """The character's lists of objects (skills, powers, abilities, …) with items."""
    return [
        (key, value)
        for key, value in data.items()
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
    ]


def _random_change(rng: random.Random, data: dict[str, Any]) -> Change | None:
    lists = _lists(data)
    if not lists:
        return None
    key, items = rng.choice(lists)
    index = rng.randrange(len(items))
    path = ("character", key, index)
    kind = rng.randrange(5)
    if kind == 0:  # an item's value set to the value another item has
        other = rng.choice(items)
        names = sorted(set(other) & set(items[index]))
        if not names:
            return None
        name = rng.choice(names)
        return Change("set", (*path, name), items[index][name], other[name])
    if kind == 1:  # a whole item replaced by a copy of another
        return Change("set", path, items[index], rng.choice(items))
    if kind == 2 and len(items) > 1:
        return Change("move", path, to=rng.randrange(len(items)))
    if kind == 3 and len(items) > 1:
        return Change("remove", path, before=items[index])
    return Change("insert", path, after=rng.choice(items))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_edits_give_a_first_evaluations_result(path: Path) -> None:
    loaded = load_document(path, installed_systems())
    document, system = loaded.document, loaded.system
    rng = random.Random(path.name)
    # the first evaluations of fresh copies (memos of their own): what the edited
    # document keeps between evaluations is not disturbed by them
    first = type(system)()
    system.evaluate(document)
    made = 0
    for change, edited in _random_edits(rng, document, 120):
        made += 1
        assert system.evaluate(edited) == first.evaluate(_fresh(edited)), change
    assert made > 20


def _random_edits(rng: random.Random, document: Any, attempts: int) -> Iterator[tuple[Change, Any]]:
    """Random edits applied one after another, each with the document it made (of
    ``attempts`` tries: an edit the document refuses is left out)."""
    for _ in range(attempts):
        change = _random_change(rng, document.character.model_dump(mode="json"))
        if change is None:
            continue
        try:
            document = apply_to_document(document, [change])
        except (ChangeError, ValidationError):
            continue
        yield change, document


def _in_fresh_processes(paths: list[Path]) -> dict[str, dict[str, str]]:
    """Each file's digest, worked out by a Python process that evaluated nothing before."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.reuse_digest", *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    found: dict[str, dict[str, str]] = json.loads(done.stdout)
    return found


@cache
def _first_sight() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """Every example's digest in two fresh processes."""
    return _in_fresh_processes(EXAMPLES), _in_fresh_processes(EXAMPLES)


@dataclass(frozen=True)
class _Edited:
    """An example after ``EDITS`` random edits: what the edited document (its memos
    warm) shows, the file it saves to, and the memos its evaluations used."""

    shown: dict[str, str]
    saved: Path
    used: frozenset[str]


@cache
def _edited(path: Path, folder: Path) -> _Edited:
    loaded = load_document(path, installed_systems())
    document, system = loaded.document, loaded.system
    rng = random.Random(f"60 edits of {path.name}")
    digest(system, document)  # the memos filled, as the window's first evaluation does
    made = 0
    for _change, edited in islice(_random_edits(rng, loaded.document, 100 * EDITS), EDITS):
        system.evaluate(edited)  # the window evaluates after every edit
        document = edited
        made += 1
    assert made == EDITS, path
    saved = folder / f"{path.parent.name}-{path.name}"
    save_document(document, saved)
    return _Edited(digest(system, document), saved, document.memos.used)


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, _Edited]:
    folder = tmp_path_factory.mktemp("edited")
    return {path: _edited(path, folder) for path in EXAMPLES}


def _key(path: Path) -> str:
    return str(path)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_two_fresh_processes_show_the_same(path: Path) -> None:
    first, second = _first_sight()
    assert first[_key(path)] == second[_key(path)]
    loaded = load_document(path, installed_systems())
    assert digest(loaded.system, loaded.document) == first[_key(path)]


def test_after_60_edits_a_fresh_process_shows_the_same(edited: dict[Path, _Edited]) -> None:
    """The edited documents, saved, read by a process that evaluated nothing before."""
    fresh = _in_fresh_processes([run.saved for run in edited.values()])
    for path, run in edited.items():
        assert fresh[str(run.saved)] == run.shown, path


def declared_memos() -> dict[str, Memo[Any]]:
    """Every memo the installed systems' modules declare, by key."""
    found: dict[str, Memo[Any]] = {}
    for module in pkgutil.walk_packages(sheetapp.systems.__path__, "sheetapp.systems."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, Memo):
                assert found.setdefault(value.key, value) is value, value.key
    return found


@pytest.mark.parametrize("system_id", sorted(installed_systems().ids()))
def test_every_declared_memo_is_used_by_the_runs(
    system_id: str, edited: dict[Path, _Edited]
) -> None:
    """The edit runs above prove each memo only if they use it: every memo a system
    declares (its key starts with the system's id) is used by its examples' runs."""
    declared = {key for key in declared_memos() if key.split(":")[0] == system_id}
    used = set().union(*(run.used for path, run in edited.items() if path.parent.name == system_id))
    assert declared, f"{system_id} declares no memo"
    assert declared <= used, f"memos no run of {system_id} used: {sorted(declared - used)}"


def test_every_memo_key_names_its_system() -> None:
    ids = set(installed_systems().ids())
    assert {key.split(":")[0] for key in declared_memos()} <= ids
