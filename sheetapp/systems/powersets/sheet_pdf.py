"""The printed Power Sets sheet: characteristics, power sets and power points, then one
section per power set the character has (the superpowers with cost, modifiers and
failings; spells, mutations and abilities with their numbers). Every number comes from
the evaluation or the catalogs, so paper and window agree."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.system import GameSystem
from sheetapp.sheet import (
    Column,
    Entry,
    KeyValueSection,
    Row,
    Section,
    Sheet,
    TableSection,
    campaign_entries,
    header,
    worst,
)
from sheetapp.systems.powersets.budget import power_name, sidekick_price
from sheetapp.systems.powersets.catalog import (
    failings,
    magic_spells,
    mutations_by_id,
    power_modifiers,
    psychic_abilities,
    sorcery_spells,
    superpowers,
)
from sheetapp.systems.powersets.experience import pow_before, pow_needed
from sheetapp.systems.powersets.model import (
    BoundEntity,
    Brazier,
    FailingChoice,
    Familiar,
    MagicSpellChoice,
    ModifierChoice,
    MutationChoice,
    PowersetsCampaign,
    PowersetsCharacter,
    PowIncrease,
    PsychicChoice,
    Sidekick,
    SkillEntry,
    SorceryChoice,
    SpellStudy,
    Staff,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.mutation_effects import UNCHANGED, changes_text, final_scores
from sheetapp.systems.powersets.rules import SET_NAMES
from sheetapp.systems.powersets.studies import METHOD_NAMES, spell_name, study_status
from sheetapp.systems.powersets.tallies import superpower_at_table

#: each set's allowance beside its tally (tallies.py), printed under Powers; with two
#: sets of one type each has its own ("magic.spells.0", "magic.spells.1")
TALLIES = (
    "magic.spells",
    "magic.memory",
    "magic.most_levels",
    "magic.non_magician",
    "mutations.picks",
    "mutations.adverse",
    "mutations.rolled",
    "psychic.abilities",
    "sorcery.levels",
    "sorcery.memory",
)


def _at_table(derived: dict[str, Any], key: str) -> str:
    """A row's numbers at the table (power points, DEX rank, range, duration, dice)."""
    value = derived.get(key)
    return value.explanation if value is not None else ""


def _severity(evaluation: Evaluation, path: DataPath) -> Any:
    return worst(evaluation.issues_at(path))


def _table(
    key: str,
    title: str,
    columns: tuple[tuple[str, str, str], ...],
    rows: list[tuple[dict[str, str], DataPath, str]],
    evaluation: Evaluation,
) -> TableSection:
    """A table whose rows print their note under the first cell."""
    return TableSection(
        key,
        title,
        tuple(Column(k, label, align) for k, label, align in columns),  # type: ignore[arg-type]
        tuple(
            Row(cells, path, _severity(evaluation, path), detail=note) for cells, path, note in rows
        ),
    )


def powersets_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: PowersetsCharacter = document.character
    derived = {value.key: value for value in evaluation.derived}
    # a characteristic a mutation changed says how (the others need no word)
    characteristics = tuple(
        Entry(
            value.label,
            str(value.value),
            "" if value.explanation == UNCHANGED else value.explanation,
            value.path,
        )
        for key, value in derived.items()
        if key.startswith("characteristic.")
    )
    powers_entries = tuple(
        Entry(value.label, str(value.value), value.explanation, value.path)
        for key, value in derived.items()
        if key in ("power_points", "budget", "banked", "projection", "power_steps", "failings")
        or key.startswith(("starting_skill.", "familiar.size_cap"))
        or key.startswith(TALLIES)
        # each power's modifiers counted against half its cost (issue 37: every derived
        # value on the sheet)
        or key.startswith("modifiers.")
    )
    sets = _table(
        "power_sets",
        "Power sets",
        (("set", "Power set", "left"), ("level", "Power level", "left")),
        [
            (
                {
                    "set": SET_NAMES[c.power_set] + (f" ({c.name})" if c.name.strip() else ""),
                    "level": c.level.title(),
                },
                ("character", "power_sets", i),
                c.note,
            )
            for i, c in enumerate(character.power_sets)
        ],
        evaluation,
    )
    sections: list[Section] = [
        KeyValueSection("characteristics", "Characteristics", characteristics),
        KeyValueSection("powers", "Powers", powers_entries),
        sets,
        *_power_sections(character, document.campaign, evaluation),
    ]
    return Sheet(
        header=header(system, document, campaign_entries(document.campaign, only_changed=True)),
        totals=evaluation.totals,
        sections=tuple(s for s in sections if not s.empty),
        issues=evaluation.issues,
    )


class _Noted(Protocol):
    @property
    def note(self) -> str: ...


Item = TypeVar("Item", bound=_Noted)
Cells = dict[str, str]
Columns = tuple[tuple[str, str, str], ...]


def _rows(
    field: str, items: Sequence[Item], cells: Callable[[int, Item], Cells | None]
) -> list[tuple[Cells, DataPath, str]]:
    """A row per item of the character's list ``field``, its note under the first cell;
    an item ``cells`` gives no cells for is left out (a superpower not in the catalog)."""
    rows: list[tuple[Cells, DataPath, str]] = []
    for i, item in enumerate(items):
        row = cells(i, item)
        if row is not None:
            rows.append((row, ("character", field, i), item.note))
    return rows


def _power_sections(
    character: PowersetsCharacter, campaign: PowersetsCampaign, evaluation: Evaluation
) -> list[Section]:
    tables = _PowerTables(character, campaign, evaluation)
    return [
        tables.superpowers(),
        tables.power_modifiers(),
        tables.failings(),
        tables.magic(),
        tables.familiars(),
        tables.sidekicks(),
        tables.mutations(),
        tables.psychic(),
        tables.sorcery(),
        tables.bound(),
        tables.studies(),
        tables.pow_increases(),
        tables.skills(),
    ]


class _PowerTables:
    """One table per list of the character's powers, each row's numbers from the
    evaluation (costs, derived values) or the catalogs."""

    def __init__(
        self, character: PowersetsCharacter, campaign: PowersetsCampaign, evaluation: Evaluation
    ) -> None:
        self.character = character
        self.campaign = campaign
        self.evaluation = evaluation
        self.derived = {value.key: value for value in evaluation.derived}
        self.costs = {line.path: line for top in evaluation.costs for line in top.children}

    def _table(
        self, key: str, title: str, columns: Columns, rows: list[tuple[Cells, DataPath, str]]
    ) -> TableSection:
        return _table(key, title, columns, rows, self.evaluation)

    def superpowers(self) -> TableSection:
        powers = superpowers()
        costs = self.costs

        def cells(i: int, p: SuperpowerChoice) -> Cells | None:
            if p.power not in powers:
                return None
            path = ("character", "superpowers", i)
            return {
                "power": power_name(p),
                "levels": str(p.levels),
                "choice": p.choice,
                "cost": str(costs[path].amount) if path in costs else "",
                "how": costs[path].explanation if path in costs else "",
                "table": (superpower_at_table(p) or ("", ""))[1],
            }

        columns: Columns = (
            ("power", "Power", "left"),
            ("levels", "Levels", "center"),
            ("choice", "Choice", "left"),
            ("cost", "Cost", "center"),
            ("how", "How", "left"),
            ("table", "At the table", "left"),
        )
        rows = _rows("superpowers", self.character.superpowers, cells)
        return self._table("superpowers", "Superpowers", columns, rows)

    def power_modifiers(self) -> TableSection:
        modifiers = power_modifiers()

        def cells(_i: int, m: ModifierChoice) -> Cells:
            return {
                "modifier": _name(modifiers, m.modifier),
                "power": m.power,
                "amount": str(m.amount),
            }

        columns: Columns = (
            ("modifier", "Modifier", "left"),
            ("power", "Power", "left"),
            ("amount", "Amount", "center"),
        )
        rows = _rows("power_modifiers", self.character.power_modifiers, cells)
        return self._table("power_modifiers", "Power modifiers", columns, rows)

    def failings(self) -> TableSection:
        catalog = failings()

        def cells(_i: int, f: FailingChoice) -> Cells:
            return {"failing": _name(catalog, f.failing), "points": f"{f.points:+d}"}

        columns: Columns = (("failing", "Failing", "left"), ("points", "Points", "center"))
        rows = _rows("failings", self.character.failings, cells)
        return self._table("failings", "Character failings", columns, rows)

    def magic(self) -> TableSection:
        spells = magic_spells()

        def cells(i: int, s: MagicSpellChoice) -> Cells:
            return {
                "spell": _name(spells, s.spell) + _tradition(s.tradition),
                "levels": str(s.level),
                "skill": f"{s.skill}%",
                "memorised": "yes" if s.memorised else "",
                "table": _at_table(self.derived, f"spell.{i}"),
            }

        columns: Columns = (
            ("spell", "Spell", "left"),
            ("levels", "Levels", "center"),
            ("skill", "Skill", "center"),
            ("memorised", "Memorised", "center"),
            ("table", "At the table", "left"),
        )
        rows = _rows("magic_spells", self.character.magic_spells, cells)
        return self._table("magic", "Magic spells", columns, rows)

    def familiars(self) -> TableSection:
        derived = self.derived

        def familiar(i: int, f: Familiar) -> Cells:
            return {
                "name": f.name or "Familiar",
                "what": f"Familiar: {f.creature}" if f.creature else "Familiar",
                "numbers": str(derived[f"familiar.{i}"].value)
                if f"familiar.{i}" in derived
                else "not active",
            }

        def brazier(i: int, b: Brazier) -> Cells:
            return {
                "name": b.name or "Brazier",
                "what": "Brazier of Power",
                "numbers": str(derived[f"brazier.{i}"].value),
            }

        def staff(i: int, st: Staff) -> Cells:
            return {
                "name": st.name or "Staff",
                "what": "Wizard's staff" if st.traditional else "Staff (other form)",
                "numbers": str(derived[f"staff.{i}"].value),
            }

        columns: Columns = (
            ("name", "Name", "left"),
            ("what", "What", "left"),
            ("numbers", "Numbers", "left"),
        )
        rows = [
            *_rows("familiars", self.character.familiars, familiar),
            *_rows("braziers", self.character.braziers, brazier),
            *_rows("staves", self.character.staves, staff),
        ]
        return self._table("familiars", "Familiar, staves and braziers", columns, rows)

    def sidekicks(self) -> TableSection:
        def cells(_i: int, k: Sidekick) -> Cells:
            return {
                "name": k.name,
                "characteristics": " ".join(f"{n} {v}" for n, v in k.scores().items()),
                "skills": str(k.skill_levels),
                "cost": str(sidekick_price(k)[0]),
            }

        columns: Columns = (
            ("name", "Name", "left"),
            ("characteristics", "Characteristics", "left"),
            ("skills", "Super Skill", "center"),
            ("cost", "Cost", "center"),
        )
        rows = _rows("sidekicks", self.character.sidekicks, cells)
        return self._table("sidekicks", "Sidekicks", columns, rows)

    def mutations(self) -> TableSection:
        names = mutations_by_id()

        def cells(_i: int, m: MutationChoice) -> Cells:
            version = "Above major" if m.above_major else "Major" if m.major else "Minor"
            if m.rolls:
                version += " (rolled " + ", ".join(f"{r:02d}" for r in m.rolls) + ")"
            return {
                "mutation": _name(names, m.mutation),
                "version": version,
                "changes": changes_text(m.changes),
            }

        columns: Columns = (
            ("mutation", "Mutation", "left"),
            ("version", "Version", "left"),
            ("changes", "Changes", "left"),
        )
        rows = _rows("mutations", self.character.mutations, cells)
        return self._table("mutations", "Mutations", columns, rows)

    def psychic(self) -> TableSection:
        abilities = psychic_abilities()

        def cells(i: int, a: PsychicChoice) -> Cells:
            return {
                "ability": _name(abilities, a.ability) + _tradition(a.tradition),
                "skill": f"{a.skill}%",
                "table": _at_table(self.derived, f"ability.{i}"),
            }

        columns: Columns = (
            ("ability", "Ability", "left"),
            ("skill", "Skill", "center"),
            ("table", "At the table", "left"),
        )
        rows = _rows("psychic", self.character.psychic, cells)
        return self._table("psychic", "Psychic abilities", columns, rows)

    def sorcery(self) -> TableSection:
        spells = sorcery_spells()

        def cells(i: int, s: SorceryChoice) -> Cells:
            return {
                "spell": _name(spells, s.spell) + _tradition(s.tradition),
                "level": str(s.level),
                "memory": "yes" if s.in_memory else "grimoire",
                "table": _at_table(self.derived, f"sorcery.{i}"),
            }

        columns: Columns = (
            ("spell", "Spell", "left"),
            ("level", "Level", "center"),
            ("memory", "In memory", "center"),
            ("table", "At the table", "left"),
        )
        rows = _rows("sorcery", self.character.sorcery, cells)
        return self._table("sorcery", "Sorcery spells", columns, rows)

    def bound(self) -> TableSection:
        def cells(_i: int, b: BoundEntity) -> Cells:
            return {
                "name": b.name or b.kind.capitalize(),
                "kind": b.kind.capitalize(),
                "memory": str(b.pow_dice),
                "binding": "for ever, in an object" if b.permanent else "ordinary",
            }

        columns: Columns = (
            ("name", "Name", "left"),
            ("kind", "Kind", "left"),
            ("memory", "INT memory", "center"),
            ("binding", "Binding", "left"),
        )
        rows = _rows("bound", self.character.bound, cells)
        return self._table("bound", "Bound demons and elementals", columns, rows)

    def studies(self) -> TableSection:
        scores = final_scores(self.character)

        def cells(_i: int, st: SpellStudy) -> Cells:
            status = study_status(st, scores)
            return {
                "spell": f"{spell_name(st)} ({SET_NAMES[st.power_set]})",
                "how": METHOD_NAMES[st.method],
                "needs": f"D100 ≤ {status.target_text}",
                "time": status.time_text,
                "result": status.result_text,
            }

        columns: Columns = (
            ("spell", "Spell", "left"),
            ("how", "How", "left"),
            ("needs", "Needs", "left"),
            ("time", "Time", "left"),
            ("result", "Result", "center"),
        )
        rows = _rows("studies", self.character.studies, cells)
        return self._table("studies", "Spell studies", columns, rows)

    def pow_increases(self) -> TableSection:
        character, campaign = self.character, self.campaign

        def cells(i: int, r: PowIncrease) -> Cells:
            gain = "—" if r.gain is None else f"+{r.gain}" + (" budget" if r.to_budget else " POW")
            return {
                "number": str(i + 1),
                "roll": f"{r.roll:02d}",
                "needed": pow_needed(pow_before(character, i), campaign)[2],
                "gain": gain,
            }

        columns: Columns = (
            ("number", "Check", "center"),
            ("roll", "D100", "center"),
            ("needed", "Needed", "left"),
            ("gain", "Gain (1D3-1)", "center"),
        )
        rows = _rows("pow_increases", character.pow_increases, cells)
        return self._table("pow_increases", "POW increases", columns, rows)

    def skills(self) -> TableSection:
        def cells(_i: int, s: SkillEntry) -> Cells:
            return {"skill": s.name, "value": f"{s.value}%"}

        columns: Columns = (("skill", "Skill", "left"), ("value", "Value", "center"))
        rows = _rows("skills", self.character.skills, cells)
        return self._table("skills", "Skills", columns, rows)


def _tradition(name: str) -> str:
    """ " (Court)" after a spell of one of two sets of its type."""
    return f" ({name.strip()})" if name.strip() else ""


def _name(catalog: Any, key: str) -> str:
    entry = catalog.get(key)
    return entry.name if entry is not None else key
