"""The magician's familiar (lines 479-504) and the wizard's staff (lines 506-528)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.model import Familiar, PowersetsDocument, Staff
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found


def _magician(**scores: int) -> PowersetsDocument:
    return character("heroic", ("magic", "heroic"), **scores)


def _derived(document: PowersetsDocument, key: str) -> object:
    return next(v for v in SYSTEM.evaluate(document).derived if v.key == key).value


def test_a_familiar_is_at_most_a_quarter_of_pow() -> None:
    """Line 483: "a magician with POW 16 is limited to creatures of SIZ 4 or lower"."""
    document = _magician(pow=16)
    document.character.familiars = [Familiar(name="Tib", creature="cat", siz=4, pow=8)]
    assert found(document, codes.FAMILIAR_SIZ) == []
    # the binding spent a point of POW (line 485): the range is POW 15 in meters now
    assert _derived(document, "familiar.0") == "8 PP within 15 m"
    document.character.familiars[0].siz = 5
    assert found(document, codes.FAMILIAR_SIZ) == [
        (Severity.ERROR, ("character", "familiars", 0, "siz"))
    ]
    document.character.characteristics.pow = 17  # ¼ of 17, up: 5
    assert found(document, codes.FAMILIAR_SIZ) == []


def test_one_familiar_active_at_a_time() -> None:
    """Line 502: "A magician can only have one familiar active at any one time"."""
    document = _magician(pow=16)
    document.character.familiars = [Familiar(name="Tib"), Familiar(name="Raven")]
    assert found(document, codes.FAMILIARS_ACTIVE) == [
        (Severity.ERROR, ("character", "familiars", 1, "active"))
    ]
    document.character.familiars[1].active = False
    assert found(document, codes.FAMILIARS_ACTIVE) == []


def test_a_staff_stores_pow_at_its_making_less_one() -> None:
    """Line 516: "if your character has POW 17 and makes a wizard's staff, the staff can
    store 16 power points"; line 518: "A wizard's staff has 20 hit points (if it is not a
    staff, increase its hit point total by 5)"."""
    document = _magician(pow=16)
    document.character.staves = [Staff(name="Rowan", pow_at_making=17, stored=16)]
    assert _derived(document, "staff.0") == "16 / 16 PP, 20 HP"
    assert found(document, codes.STAFF_OVERFILLED) == []
    document.character.staves[0].stored = 17
    assert found(document, codes.STAFF_OVERFILLED) == [
        (Severity.ERROR, ("character", "staves", 0, "stored"))
    ]
    document.character.staves[0].traditional = False
    assert _derived(document, "staff.0") == "17 / 16 PP, 25 HP"


def test_familiars_and_staves_are_a_magicians() -> None:
    document = character("heroic", ("superpowers", "heroic"))
    document.character.staves = [Staff(pow_at_making=10)]
    assert found(document, codes.NOT_A_MAGICIAN) == [(Severity.WARNING, ("character", "staves"))]


def test_bound_demons_count_against_the_sorcery_memory() -> None:
    """Line 1752: "Bound demons and elementals also count against this limit"; line 2282:
    "a POW 3D8 demon counts as 3 levels of INT that a sorcerer cannot fill with sorcery
    spells"."""
    from sheetapp.systems.powersets.model import BoundEntity, SorceryChoice

    document = character("heroic", ("sorcery", "heroic"), int=10, pow=16)
    document.character.sorcery = [
        SorceryChoice(spell=entry, level=1, learned_in_play=True) for entry in _sorcery_ids()[:7]
    ]
    assert found(document, codes.SORCERY_MEMORY) == []
    document.character.bound = [BoundEntity(name="Azh", pow_dice=3)]
    assert found(document, codes.SORCERY_MEMORY) == []  # 7 + 3 = 10 = INT
    document.character.bound.append(BoundEntity(name="Gnash", pow_dice=1))
    assert found(document, codes.SORCERY_MEMORY) == [(Severity.ERROR, ("character", "sorcery"))]
    # line 2294: a dismissed demon "is removed from the INT limit to memory"
    document.character.bound[1].dismissed = True
    assert found(document, codes.SORCERY_MEMORY) == []


def _sorcery_ids() -> list[str]:
    from sheetapp.systems.powersets.catalog import sorcery_spells

    return [s.id for s in sorcery_spells().values() if s.level_min == 1]


def _pow(document: PowersetsDocument) -> object:
    return _derived(document, "characteristic.pow")


def test_the_permanent_pow_rituals_cost_is_taken_off() -> None:
    """Line 485: "the magician must spend 1 point of permanent POW" to bind a familiar;
    line 504: a freed familiar's POW is not regained ("The point of POW spent to bind the
    familiar is lost" when it is killed); line 514: the staff's "final ritual ... costs
    your character a point of permanent POW"; line 2278: "Binding a demon costs the
    summoner 1 point of permanent POW, or 3 points of permanent POW to permanently bind
    the demon into an object"."""
    from sheetapp.systems.powersets.model import BoundEntity

    document = _magician(pow=18)
    assert _pow(document) == 18
    document.character.familiars = [Familiar(name="Tib", siz=3, active=False)]
    assert _pow(document) == 17  # freed (not active): the point stays spent
    document.character.staves = [Staff(name="Rowan", pow_at_making=17)]
    assert _pow(document) == 16
    document.character.bound = [
        BoundEntity(name="Azh", pow_dice=3),
        BoundEntity(name="Ring", pow_dice=2, permanent=True, dismissed=True),
        BoundEntity(name="Salamander", kind="elemental", pow_dice=2),
    ]
    assert _pow(document) == 12  # 1 + 3 for the demons; no cost given for an elemental
    evaluation = SYSTEM.evaluate(document)
    explanation = evaluation.derived_value("characteristic.pow").explanation
    assert explanation == (
        "18 − 1 (familiar Tib) − 1 (staff Rowan) − 1 (demon Azh) − 3 (demon Ring) = 12"
    )
    assert _derived(document, "power_points") == 12


def test_a_chapter_1_file_keeps_the_pow_it_showed() -> None:
    """Chapter-1 files had the ritual's POW taken off by hand: loading one gives the
    stored POW those points back, so the POW shown does not change."""
    import json

    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import parse_document

    raw = {
        "format": "sheetapp.character",
        "schema_version": 2,
        "system": "powersets",
        "system_version": "chapter-1",
        "meta": {"name": "Old"},
        "campaign": {},
        "character": {
            "characteristics": {"pow": 14},
            "power_sets": [{"power_set": "magic", "level": "heroic"}],
            "familiars": [{"name": "Tib", "siz": 3}],
            "staves": [{"name": "Rowan", "pow_at_making": 16}],
            "bound": [{"name": "Ring", "permanent": True}],
        },
        "history": [],
    }
    loaded = parse_document(json.dumps(raw).encode(), installed_systems(), source="old.json")
    document = loaded.document
    assert isinstance(document, PowersetsDocument)
    assert document.system_version == "chapter-2"
    assert document.character.characteristics.pow == 19
    assert _pow(document) == 14


def test_a_brazier_holds_the_pow_after_each_attunement() -> None:
    """Brazier of Power: "if a sorcerer’s POW was 17 after the spell was complete (down 1
    point from the original 18), they can store up to 17 power points" (line 2076); "To
    make a focus of greater capacity, a sorcerer must cast the spell again upon the same
    item, sacrificing another point of POW" (line 2078)."""
    from sheetapp.systems.powersets.model import Brazier, SorceryChoice

    document = character("heroic", ("sorcery", "heroic"), pow=18, int=14)
    document.character.braziers = [Brazier(name="Coals", attunements=[17], stored=17)]
    assert found(document, codes.BRAZIER_NOT_SORCERER) == [
        (Severity.WARNING, ("character", "braziers"))
    ]
    document.character.sorcery = [SorceryChoice(spell="brazier_of_power", level=4)]
    assert not found(document, codes.BRAZIER_NOT_SORCERER)
    assert _derived(document, "characteristic.pow") == 17
    assert _derived(document, "brazier.0") == "17 / 17 PP"
    document.character.braziers[0].stored = 18
    assert found(document, codes.BRAZIER_OVERFILLED) == [
        (Severity.ERROR, ("character", "braziers", 0, "stored"))
    ]
    document.character.braziers[0].attunements = [17, 16]
    assert not found(document, codes.BRAZIER_OVERFILLED)
    assert _derived(document, "characteristic.pow") == 16
