"""The generated benchmark fixtures: sizes as promised, loadable, valid where intended."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench import fixtures
from bench.fixtures import Coverage, Fixture
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
    assert "gladiators" in covered
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
    assert [len(f.document.character.abilities) for f in coverage.scaling] == list(
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


def test_generation_is_deterministic_and_follows_the_seed(tmp_path: Path) -> None:
    first = fixtures.build(tmp_path / "a", quick=True)
    gladiators_generator.ability_pool.cache_clear()
    second = fixtures.build(tmp_path / "b", quick=True)
    other = fixtures.build(tmp_path / "c", quick=True, seed=fixtures.SEED + 1)
    for a, b, c in zip(first.fixtures, second.fixtures, other.fixtures, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes()
        assert a.path.read_bytes() != c.path.read_bytes()


def test_the_benchmark_edit_changes_one_level_and_keeps_the_errors(coverage: Coverage) -> None:
    system = installed_systems().get("gladiators")
    for fixture in coverage.fixtures:
        path, after = single_edit(fixture.document)  # type: ignore[arg-type]
        assert (path, after) == (fixture.edit_path, fixture.edit_after)
        index = path[2]
        assert isinstance(index, int)
        before = fixture.document.character.abilities[index].level
        edited = apply_to_document(fixture.document, [Change("set", path, before, after)])
        assert edited.character.abilities[index].level == after != before
        errors = {i.code for i in system.evaluate(edited).issues if i.severity is Severity.ERROR}
        assert errors == fixture.expected_errors
