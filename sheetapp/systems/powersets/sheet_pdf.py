"""The printed Power Sets sheet: characteristics, power sets and power points, then one
section per power set the character has (the superpowers with cost, modifiers and
failings; spells, mutations and abilities with their numbers). Every number comes from
the evaluation or the catalogs, so paper and window agree."""

from __future__ import annotations

from typing import Any

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
from sheetapp.systems.powersets.model import PowersetsCampaign, PowersetsCharacter
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


def _power_sections(
    character: PowersetsCharacter, campaign: PowersetsCampaign, evaluation: Evaluation
) -> list[Section]:
    derived = {value.key: value for value in evaluation.derived}
    scores = final_scores(character)
    costs = {line.path: line for top in evaluation.costs for line in top.children}
    spells = magic_spells()
    mutation_names = mutations_by_id()
    abilities = psychic_abilities()
    sorcery = sorcery_spells()
    powers = superpowers()
    modifiers = power_modifiers()
    failing_rows = failings()
    return [
        _table(
            "superpowers",
            "Superpowers",
            (
                ("power", "Power", "left"),
                ("levels", "Levels", "center"),
                ("choice", "Choice", "left"),
                ("cost", "Cost", "center"),
                ("how", "How", "left"),
                ("table", "At the table", "left"),
            ),
            [
                (
                    {
                        "power": power_name(p),
                        "levels": str(p.levels),
                        "choice": p.choice,
                        "cost": str(costs[path].amount) if path in costs else "",
                        "how": costs[path].explanation if path in costs else "",
                        "table": (superpower_at_table(p) or ("", ""))[1],
                    },
                    path,
                    p.note,
                )
                for i, p in enumerate(character.superpowers)
                if (path := ("character", "superpowers", i)) is not None and p.power in powers
            ],
            evaluation,
        ),
        _table(
            "power_modifiers",
            "Power modifiers",
            (
                ("modifier", "Modifier", "left"),
                ("power", "Power", "left"),
                ("amount", "Amount", "center"),
            ),
            [
                (
                    {
                        "modifier": _name(modifiers, m.modifier),
                        "power": m.power,
                        "amount": str(m.amount),
                    },
                    ("character", "power_modifiers", i),
                    m.note,
                )
                for i, m in enumerate(character.power_modifiers)
            ],
            evaluation,
        ),
        _table(
            "failings",
            "Character failings",
            (("failing", "Failing", "left"), ("points", "Points", "center")),
            [
                (
                    {"failing": _name(failing_rows, f.failing), "points": f"{f.points:+d}"},
                    ("character", "failings", i),
                    f.note,
                )
                for i, f in enumerate(character.failings)
            ],
            evaluation,
        ),
        _table(
            "magic",
            "Magic spells",
            (
                ("spell", "Spell", "left"),
                ("levels", "Levels", "center"),
                ("skill", "Skill", "center"),
                ("memorised", "Memorised", "center"),
                ("table", "At the table", "left"),
            ),
            [
                (
                    {
                        "spell": _name(spells, s.spell) + _tradition(s.tradition),
                        "levels": str(s.level),
                        "skill": f"{s.skill}%",
                        "memorised": "yes" if s.memorised else "",
                        "table": _at_table(derived, f"spell.{i}"),
                    },
                    ("character", "magic_spells", i),
                    s.note,
                )
                for i, s in enumerate(character.magic_spells)
            ],
            evaluation,
        ),
        _table(
            "familiars",
            "Familiar, staves and braziers",
            (
                ("name", "Name", "left"),
                ("what", "What", "left"),
                ("numbers", "Numbers", "left"),
            ),
            [
                *(
                    (
                        {
                            "name": f.name or "Familiar",
                            "what": f"Familiar: {f.creature}" if f.creature else "Familiar",
                            "numbers": str(derived[f"familiar.{i}"].value)
                            if f"familiar.{i}" in derived
                            else "not active",
                        },
                        ("character", "familiars", i),
                        f.note,
                    )
                    for i, f in enumerate(character.familiars)
                ),
                *(
                    (
                        {
                            "name": b.name or "Brazier",
                            "what": "Brazier of Power",
                            "numbers": str(derived[f"brazier.{i}"].value),
                        },
                        ("character", "braziers", i),
                        b.note,
                    )
                    for i, b in enumerate(character.braziers)
                ),
                *(
                    (
                        {
                            "name": st.name or "Staff",
                            "what": "Wizard's staff" if st.traditional else "Staff (other form)",
                            "numbers": str(derived[f"staff.{i}"].value),
                        },
                        ("character", "staves", i),
                        st.note,
                    )
                    for i, st in enumerate(character.staves)
                ),
            ],
            evaluation,
        ),
        _table(
            "sidekicks",
            "Sidekicks",
            (
                ("name", "Name", "left"),
                ("characteristics", "Characteristics", "left"),
                ("skills", "Super Skill", "center"),
                ("cost", "Cost", "center"),
            ),
            [
                (
                    {
                        "name": k.name,
                        "characteristics": " ".join(f"{n} {v}" for n, v in k.scores().items()),
                        "skills": str(k.skill_levels),
                        "cost": str(sidekick_price(k)[0]),
                    },
                    ("character", "sidekicks", i),
                    k.note,
                )
                for i, k in enumerate(character.sidekicks)
            ],
            evaluation,
        ),
        _table(
            "mutations",
            "Mutations",
            (
                ("mutation", "Mutation", "left"),
                ("version", "Version", "left"),
                ("changes", "Changes", "left"),
            ),
            [
                (
                    {
                        "mutation": _name(mutation_names, m.mutation),
                        "version": (
                            "Above major" if m.above_major else "Major" if m.major else "Minor"
                        )
                        + (
                            " (rolled " + ", ".join(f"{r:02d}" for r in m.rolls) + ")"
                            if m.rolls
                            else ""
                        ),
                        "changes": changes_text(m.changes),
                    },
                    ("character", "mutations", i),
                    m.note,
                )
                for i, m in enumerate(character.mutations)
            ],
            evaluation,
        ),
        _table(
            "psychic",
            "Psychic abilities",
            (
                ("ability", "Ability", "left"),
                ("skill", "Skill", "center"),
                ("table", "At the table", "left"),
            ),
            [
                (
                    {
                        "ability": _name(abilities, a.ability) + _tradition(a.tradition),
                        "skill": f"{a.skill}%",
                        "table": _at_table(derived, f"ability.{i}"),
                    },
                    ("character", "psychic", i),
                    a.note,
                )
                for i, a in enumerate(character.psychic)
            ],
            evaluation,
        ),
        _table(
            "sorcery",
            "Sorcery spells",
            (
                ("spell", "Spell", "left"),
                ("level", "Level", "center"),
                ("memory", "In memory", "center"),
                ("table", "At the table", "left"),
            ),
            [
                (
                    {
                        "spell": _name(sorcery, s.spell) + _tradition(s.tradition),
                        "level": str(s.level),
                        "memory": "yes" if s.in_memory else "grimoire",
                        "table": _at_table(derived, f"sorcery.{i}"),
                    },
                    ("character", "sorcery", i),
                    s.note,
                )
                for i, s in enumerate(character.sorcery)
            ],
            evaluation,
        ),
        _table(
            "bound",
            "Bound demons and elementals",
            (
                ("name", "Name", "left"),
                ("kind", "Kind", "left"),
                ("memory", "INT memory", "center"),
                ("binding", "Binding", "left"),
            ),
            [
                (
                    {
                        "name": b.name or b.kind.capitalize(),
                        "kind": b.kind.capitalize(),
                        "memory": str(b.pow_dice),
                        "binding": "for ever, in an object" if b.permanent else "ordinary",
                    },
                    ("character", "bound", i),
                    b.note,
                )
                for i, b in enumerate(character.bound)
            ],
            evaluation,
        ),
        _table(
            "studies",
            "Spell studies",
            (
                ("spell", "Spell", "left"),
                ("how", "How", "left"),
                ("needs", "Needs", "left"),
                ("time", "Time", "left"),
                ("result", "Result", "center"),
            ),
            [
                (
                    {
                        "spell": f"{spell_name(st)} ({SET_NAMES[st.power_set]})",
                        "how": METHOD_NAMES[st.method],
                        "needs": f"D100 ≤ {status.target_text}",
                        "time": status.time_text,
                        "result": status.result_text,
                    },
                    ("character", "studies", i),
                    st.note,
                )
                for i, st in enumerate(character.studies)
                if (status := study_status(st, scores)) is not None
            ],
            evaluation,
        ),
        _table(
            "pow_increases",
            "POW increases",
            (
                ("number", "Check", "center"),
                ("roll", "D100", "center"),
                ("needed", "Needed", "left"),
                ("gain", "Gain (1D3-1)", "center"),
            ),
            [
                (
                    {
                        "number": str(i + 1),
                        "roll": f"{r.roll:02d}",
                        "needed": pow_needed(pow_before(character, i), campaign)[2],
                        "gain": "—"
                        if r.gain is None
                        else f"+{r.gain}" + (" budget" if r.to_budget else " POW"),
                    },
                    ("character", "pow_increases", i),
                    r.note,
                )
                for i, r in enumerate(character.pow_increases)
            ],
            evaluation,
        ),
        _table(
            "skills",
            "Skills",
            (("skill", "Skill", "left"), ("value", "Value", "center")),
            [
                ({"skill": s.name, "value": f"{s.value}%"}, ("character", "skills", i), s.note)
                for i, s in enumerate(character.skills)
            ],
            evaluation,
        ),
    ]


def _tradition(name: str) -> str:
    """ " (Court)" after a spell of one of two sets of its type."""
    return f" ({name.strip()})" if name.strip() else ""


def _name(catalog: Any, key: str) -> str:
    entry = catalog.get(key)
    return entry.name if entry is not None else key
