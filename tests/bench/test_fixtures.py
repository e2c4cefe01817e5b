"""The generated benchmark fixtures: sizes as promised, loadable, valid where intended."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench import fixtures
from bench.fixtures import Coverage, Fixture
from bench.generators import capital as capital_generator
from bench.generators import capital_fixtures
from bench.generators import gladiators as gladiators_generator
from bench.generators.gladiators_fixtures import single_edit
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document


@pytest.fixture(scope="module")
def coverage(tmp_path_factory: pytest.TempPathFactory) -> Coverage:
    return fixtures.build(tmp_path_factory.mktemp("fixtures"), quick=True)


def _by_name(coverage: Coverage, system: str, name: str) -> Fixture:
    return next(
        f for f in (*coverage.fixtures, *coverage.scaling) if (f.system, f.name) == (system, name)
    )


def test_every_installed_system_has_fixtures_or_is_listed_without_a_generator(
    coverage: Coverage,
) -> None:
    covered = {f.system for f in coverage.fixtures}
    assert covered | set(coverage.missing) == set(installed_systems().ids())
    assert not covered & set(coverage.missing)
    assert {"gladiators", "capital"} <= covered
    table = "\n".join(fixtures.coverage_lines(coverage))
    for system_id in coverage.missing:
        assert f"| {system_id} | no generator yet |" in table


def test_each_fixture_loads_and_has_exactly_its_intended_errors(coverage: Coverage) -> None:
    registry = installed_systems()
    for fixture in (*coverage.fixtures, *coverage.scaling):
        evaluation = load_document(fixture.path, registry).evaluate()
        severities = Counter(issue.severity for issue in evaluation.issues)
        errors = {i.code for i in evaluation.issues if i.severity is Severity.ERROR}
        assert errors == fixture.expected_errors, fixture.label
        assert severities[Severity.WARNING] == 0, fixture.label


def test_the_gladiators_large_characters_have_the_promised_sizes(coverage: Coverage) -> None:
    """300 abilities with 4 modifiers each; 9 traits (the seed's maximum, line 274) on the
    valid one, 20 on the one issue 8 sizes."""
    valid = _by_name(coverage, "gladiators", "large-300").document.character
    many = _by_name(coverage, "gladiators", "large-300-20traits").document.character
    for character in (valid, many):
        assert len(character.abilities) == 300
        assert all(len(a.modifiers) == 4 for a in character.abilities)
        assert all(len({m.modifier for m in a.modifiers}) == 4 for a in character.abilities)
    assert (len(valid.advantages), len(valid.disadvantages)) == (5, 4)
    assert (len(many.advantages), len(many.disadvantages)) == (11, 9)
    assert _by_name(coverage, "gladiators", "large-300-20traits").expected_errors == {
        "gladiators.advantages_count",
        "gladiators.disadvantages_count",
    }
    scaling = [f for f in coverage.scaling if f.system == "gladiators"]
    assert [len(f.document.character.abilities) for f in scaling] == list(
        fixtures.QUICK_SCALING_SIZES
    )


def test_the_large_character_spends_its_whole_budget_on_many_kinds_of_ability(
    coverage: Coverage,
) -> None:
    fixture = _by_name(coverage, "gladiators", "large-300")
    evaluation = installed_systems().get("gladiators").evaluate(fixture.document)
    gp = evaluation.total("gp")
    assert gp.spent == gp.budget == fixture.document.campaign.gp_budget
    kinds = {a.ability for a in fixture.document.character.abilities}
    assert len(kinds) >= 40
    assert (
        len({m.modifier for a in fixture.document.character.abilities for m in a.modifiers}) >= 40
    )


@pytest.mark.slow  # generates every large character twice
def test_generation_is_deterministic_and_follows_the_seed(tmp_path: Path) -> None:
    first = fixtures.build(tmp_path / "a", quick=True)
    gladiators_generator.ability_pool.cache_clear()
    capital_generator.equipment_pool.cache_clear()
    capital_generator._levelled.cache_clear()
    second = fixtures.build(tmp_path / "b", quick=True)
    other = fixtures.build(tmp_path / "c", quick=True, seed=fixtures.SEED + 1)
    for a, b, c in zip(first.fixtures, second.fixtures, other.fixtures, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes()
        assert a.path.read_bytes() != c.path.read_bytes()


def test_the_benchmark_edit_changes_one_level_and_keeps_the_errors(coverage: Coverage) -> None:
    system = installed_systems().get("gladiators")
    for fixture in (f for f in coverage.fixtures if f.system == "gladiators"):
        path, after = single_edit(fixture.document)  # type: ignore[arg-type]
        assert (path, after) == (fixture.edit_path, fixture.edit_after)
        index = path[2]
        assert isinstance(index, int)
        before = fixture.document.character.abilities[index].level
        edited = apply_to_document(fixture.document, [Change("set", path, before, after)])
        assert edited.character.abilities[index].level == after != before
        errors = {i.code for i in system.evaluate(edited).issues if i.severity is Severity.ERROR}
        assert errors == fixture.expected_errors


def test_the_capital_large_character_is_level_10_with_every_system_it_may_have(
    coverage: Coverage,
) -> None:
    """Level 10 is the last row of the level table (seed 003, lines 362-372). Of a System
    and the one that replaces it only one is kept ("the replaced one should be removed",
    README; the better one unless the Role gives the first), the rest are all there,
    those beyond the Slots given by the GM."""
    fixture = _by_name(coverage, "capital", "large-300")
    character = fixture.document.character
    cats = capital_generator.catalogs()
    assert character.level == 10 and fixture.unit == "equipment entries"
    assert len(character.equipment) == fixture.sizes["equipment entries"] == 300
    assert len(character.hp_rolls) == 9
    present = {choice.system for choice in character.systems}
    pairs = [(s.id, s.replaces) for s in cats.systems.values() if s.replaces]
    in_pairs = {system_id for pair in pairs for system_id in pair}
    assert present >= set(cats.systems) - in_pairs
    assert all(len(present & set(pair)) == 1 for pair in pairs)  # one of each pair
    assert len(present & {new for new, _old in pairs}) >= len(pairs) - 1
    assert any(not choice.gm_granted for choice in character.systems)
    assert any(choice.gm_granted for choice in character.systems)
    asset = character.special_asset
    assert asset is not None and asset.asset in cats.vehicles and asset.level == 10
    items = {entry.item for entry in character.equipment}
    assert len(items) >= 30  # nearly every one of the catalog's 36 items
    assert fixture.expected_errors == frozenset()


def test_the_capital_slots_are_spent_by_the_rules(coverage: Coverage) -> None:
    """The Systems that are not GM-given fit the Slots of the level they were taken at
    (seed line 281): the evaluation shows no error, and the Slots total is not over."""
    fixture = _by_name(coverage, "capital", "large-300")
    evaluation = installed_systems().get("capital").evaluate(fixture.document)
    slots = evaluation.total("slots")
    assert 0 < slots.spent <= slots.budget
    assert not [i for i in evaluation.issues if i.severity is Severity.ERROR]


def test_the_capital_benchmark_edit_changes_one_quantity_and_keeps_the_errors(
    coverage: Coverage,
) -> None:
    system = installed_systems().get("capital")
    for fixture in (f for f in (*coverage.fixtures, *coverage.scaling) if f.system == "capital"):
        path, after = capital_fixtures.single_edit(fixture.document)  # type: ignore[arg-type]
        assert (path, after) == (fixture.edit_path, fixture.edit_after)
        assert path[:2] == ("character", "equipment") and path[3] == "quantity"
        index = path[2]
        assert isinstance(index, int)
        before = fixture.document.character.equipment[index].quantity
        edited = apply_to_document(fixture.document, [Change("set", path, before, after)])
        assert edited.character.equipment[index].quantity == after != before
        errors = {i.code for i in system.evaluate(edited).issues if i.severity is Severity.ERROR}
        assert errors == fixture.expected_errors
