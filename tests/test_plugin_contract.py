"""The plug-in contract: built-in systems are found the same way a third-party one is,
and what they offer beyond the required members is declared, not guessed."""

from __future__ import annotations

from importlib.metadata import entry_points

from sheetapp.core.system import (
    Advances,
    DeclaresActions,
    DeclaresCollections,
    GameSystem,
    PrintsSheet,
    capability,
    choice_labels,
    collections_of,
    installed_systems,
)
from sheetapp.editing.collections import cell
from sheetapp.storage.examples import list_examples, load_example
from tests.plugins.pointbuy.system import SYSTEM as POINTBUY


def test_built_in_entry_points_have_one_shape() -> None:
    """Each system's object is ``sheetapp.systems.<id>.system:SYSTEM``; each page
    ``ui.systems.<id>.page:<Name>Page`` (a hyphen in an id is an underscore in its package:
    ``hero-xmen`` lives in ``sheetapp.systems.hero_xmen``)."""
    for point in entry_points(group="sheetapp.systems"):
        if point.value.startswith("sheetapp."):
            package = point.name.replace("-", "_")
            assert point.value == f"sheetapp.systems.{package}.system:SYSTEM"
    for point in entry_points(group="sheetapp.pages"):
        module, _, attribute = point.value.partition(":")
        assert module == f"ui.systems.{point.name}.page" and attribute.endswith("Page")
        assert point.name in installed_systems()


def test_every_shipped_system_offers_lists_a_printed_sheet_actions_and_advancement() -> None:
    """The contract requires only :class:`GameSystem`; collections, a printed sheet, play
    actions and advancement are optional capabilities (a plug-in without them gets the
    generic page from nothing, the generic sheet, no Play panel and no wizard). Every
    system this package ships offers all four: that is a promise of the product, held
    here, not a requirement on a plug-in (``docs/adding-a-system.md`` says the same)."""
    for system in installed_systems():
        assert system.__module__.startswith("sheetapp.systems.")
        assert isinstance(system, GameSystem)
        for offered in (DeclaresCollections, PrintsSheet, DeclaresActions, Advances):
            assert capability(system, offered) is system, (system.id, offered.__name__)


def test_the_contract_requires_only_the_game_system_protocol() -> None:
    """The smallest plug-in (the registry tests' fake system) is a GameSystem and offers
    none of those four."""
    from tests.fakesystem import FAKE_SYSTEM

    assert isinstance(FAKE_SYSTEM, GameSystem)
    for offered in (PrintsSheet, DeclaresActions, Advances):
        assert capability(FAKE_SYSTEM, offered) is None


def test_declared_lists_exist_in_a_new_character_and_show_every_cell() -> None:
    """A declaration whose path or columns do not fit the model fails here, not in the
    window."""
    registry = installed_systems()
    for system in [*registry, POINTBUY]:  # the guide's plug-in too: a newcomer copies it
        examples = [
            load_example(system.id, e.id, registry).document
            for e in (list_examples(system.id, registry) if system is not POINTBUY else [])
        ]
        for document in [system.new_document("New"), *examples]:
            for collection in collections_of(system):
                items = collection.items(document)
                for row in range(len(items)):
                    for column in range(len(collection.columns)):
                        shown = cell(collection, document, row, column)
                        assert isinstance(shown.text, str)
                    assert collection.item_name(document, row)


def test_every_campaign_choice_has_a_label_in_the_users_words() -> None:
    """Campaign settings show "Roll 10d6 and assign", not ``roll_and_assign``: each
    system labels its own choices (the window holds no system's words)."""
    import typing

    for system in [*installed_systems(), POINTBUY]:
        campaign = system.document_model().model_fields["campaign"].annotation
        assert campaign is not None
        for key, info in campaign.model_fields.items():
            if typing.get_origin(info.annotation) is not typing.Literal:
                continue
            labels = choice_labels(info)
            missing = [v for v in typing.get_args(info.annotation) if v not in labels]
            assert not missing, f"{system.id} campaign {key}: no label for {missing}"
