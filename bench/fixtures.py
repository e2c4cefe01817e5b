"""Large generated characters for every installed system (``python -m bench.fixtures``).

Fixtures are made by script from the shipped catalogs, seeded, so the same sheetapp
gives the same files byte for byte; they are written to a scratch folder and never
committed (a 300-ability character is ~350 kB of JSON, and regenerating it takes a
fraction of a second). Each system registers a :class:`SystemGenerator` in
:data:`GENERATORS`; an installed system without one is listed as "no generator yet".
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import Severity
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import dump_document

SEED = 20240608
SCALING_SIZES = (50, 100, 300, 1000)
QUICK_SCALING_SIZES = (50, 100)

FixtureKind = Literal["large", "scale"]


@dataclass(frozen=True, slots=True)
class Spec:
    """A fixture before it is written: the document and what it promises."""

    name: str
    kind: FixtureKind
    document: CharacterDocument[Any, Any]
    sizes: dict[str, int]
    expected_errors: frozenset[str] = frozenset()
    description: str = ""
    edit_path: tuple[str | int, ...] = ()
    edit_after: Any = None
    #: the key of ``sizes`` that scales the character (rows say "at 300 abilities")
    unit: str = "abilities"


@dataclass(frozen=True, slots=True)
class Fixture:
    """A fixture written to disk."""

    system: str
    name: str
    kind: FixtureKind
    path: Path
    document: CharacterDocument[Any, Any]
    sizes: dict[str, int]
    expected_errors: frozenset[str]
    description: str
    edit_path: tuple[str | int, ...]
    edit_after: Any
    bytes: int = 0
    unit: str = "abilities"

    @property
    def label(self) -> str:
        return f"{self.system}/{self.name}"


@dataclass(frozen=True, slots=True)
class SystemGenerator:
    """How to make one system's fixtures: the large ones, and one of ``n`` items."""

    large: Callable[[int], list[Spec]]
    scaled: Callable[[int, int], Spec]


def counter_edit(
    document: CharacterDocument[Any, Any], list_key: str, field_name: str
) -> tuple[tuple[str | int, ...], int]:
    """One ±1 change of ``character.<list_key>[i].<field_name>`` near the middle of the
    list (the edit a player makes most often) that keeps the character's errors as they
    are, so the benchmark times an ordinary edit."""
    system = installed_systems().get(document.system)

    def error_codes(doc: CharacterDocument[Any, Any]) -> set[str]:
        return {i.code for i in system.evaluate(doc).issues if i.severity is Severity.ERROR}

    before = error_codes(document)
    items = getattr(document.character, list_key)
    count = len(items)
    for index in [*range(count // 2, count), *range(count // 2)]:
        value = getattr(items[index], field_name)
        path = ("character", list_key, index, field_name)
        for after in (value + 1, value - 1):
            if after < 1:
                continue
            edited = apply_to_document(document, [Change("set", path, value, after)])
            if error_codes(edited) == before:
                return path, after
    raise RuntimeError(
        f"no single {field_name} edit keeps the generated character's errors unchanged"
    )


def _gladiators() -> SystemGenerator:
    from bench.generators import gladiators_fixtures

    return gladiators_fixtures.GENERATOR


def _capital() -> SystemGenerator:
    from bench.generators import capital_fixtures

    return capital_fixtures.GENERATOR


def _twod10() -> SystemGenerator:
    from bench.generators import twod10_fixtures

    return twod10_fixtures.GENERATOR


def _hero_xmen() -> SystemGenerator:
    from bench.generators import hero_xmen_fixtures

    return hero_xmen_fixtures.GENERATOR


def _powersets() -> SystemGenerator:
    from bench.generators import powersets_fixtures

    return powersets_fixtures.GENERATOR


#: system id -> a function returning its generator (imported only when used)
GENERATORS: dict[str, Callable[[], SystemGenerator]] = {
    "capital": _capital,
    "gladiators": _gladiators,
    "twod10": _twod10,
    "hero-xmen": _hero_xmen,
    "powersets": _powersets,
}


@dataclass(frozen=True, slots=True)
class Coverage:
    """Which installed systems got fixtures, and which have no generator yet."""

    fixtures: tuple[Fixture, ...]
    scaling: tuple[Fixture, ...]
    missing: tuple[str, ...] = field(default=())


def build(folder: Path, *, seed: int = SEED, quick: bool = False) -> Coverage:
    """Write the fixtures of every installed system into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    fixtures: list[Fixture] = []
    scaling: list[Fixture] = []
    missing: list[str] = []
    for system in installed_systems():
        factory = GENERATORS.get(system.id)
        if factory is None:
            missing.append(system.id)
            continue
        generator = factory()
        fixtures.extend(_write(folder, system.id, spec) for spec in generator.large(seed))
        sizes = QUICK_SCALING_SIZES if quick else SCALING_SIZES
        scaling.extend(_write(folder, system.id, generator.scaled(n, seed)) for n in sizes)
    return Coverage(tuple(fixtures), tuple(scaling), tuple(missing))


def _write(folder: Path, system_id: str, spec: Spec) -> Fixture:
    path = folder / system_id / f"{spec.name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = dump_document(spec.document)
    path.write_bytes(data)
    return Fixture(
        system_id,
        spec.name,
        spec.kind,
        path,
        spec.document,
        spec.sizes,
        spec.expected_errors,
        spec.description,
        spec.edit_path,
        spec.edit_after,
        len(data),
        spec.unit,
    )


def coverage_lines(coverage: Coverage) -> list[str]:
    """A Markdown table of the fixtures, with the systems that have none yet."""
    lines = [
        "| system | fixture | sizes | file | rule errors (on purpose) |",
        "|---|---|---|---|---|",
    ]
    for fixture in (*coverage.fixtures, *coverage.scaling):
        sizes = ", ".join(f"{v} {k}" for k, v in fixture.sizes.items())
        errors = ", ".join(sorted(fixture.expected_errors)) or "none"
        lines.append(
            f"| {fixture.system} | {fixture.name} | {sizes} | {fixture.bytes / 1024:.0f} kB "
            f"| {errors} |"
        )
    for system_id in coverage.missing:
        lines.append(f"| {system_id} | no generator yet | - | - | - |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.fixtures", description="Write the large benchmark fixtures."
    )
    parser.add_argument("folder", type=Path, help="where to write them (created if needed)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--quick", action="store_true", help="only the small scaling sizes")
    args = parser.parse_args(argv)
    coverage = build(args.folder, seed=args.seed, quick=args.quick)
    print("\n".join(coverage_lines(coverage)))
    for fixture in (*coverage.fixtures, *coverage.scaling):
        print(f"{fixture.label}: {fixture.path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
