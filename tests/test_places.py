"""Places in the user's words (sheetapp.editing.places), for every system."""

from __future__ import annotations

from sheetapp.core.system import installed_systems
from sheetapp.editing.places import describe_place
from sheetapp.storage.examples import list_examples, load_example


def test_known_places() -> None:
    registry = installed_systems()
    gladiators = registry.get("gladiators")
    owl = load_example("gladiators", "night-owl", registry).document
    name = owl.character.abilities[2].label or "Punch/Kick"
    assert describe_place(gladiators, owl, ("character", "abilities", 2, "level")).endswith(
        "› Level"
    )
    assert describe_place(gladiators, owl, ("character", "abilities", 2)).startswith(name[:3])
    assert describe_place(gladiators, owl, ("campaign", "gp_budget")) == "Campaign › GP budget"
    assert describe_place(gladiators, owl, ("meta", "notes")) == "Notes"
    assert describe_place(gladiators, owl, ("character", "advantages")) == "Advantages"


def test_no_issue_of_any_example_is_placed_as_a_file_path() -> None:
    registry = installed_systems()
    for system in registry:
        for example in list_examples(system.id, registry):
            document = load_example(system.id, example.id, registry).document
            for issue in system.evaluate(document).issues:
                place = describe_place(system, document, issue.path)
                assert "[" not in place and "character." not in place and "_" not in place
