"""The plug-in contract, whole: what a game system is, what it may offer, how to ask.

A game system is one object found by entry point (group ``sheetapp.systems``, name: the
system's id; a system's own editor page, when it has one, in ``sheetapp.pages``).

- :class:`GameSystem` is required: id, names, versions, rulebook, document model,
  catalogs, a new character, the one pure :meth:`~GameSystem.evaluate`, unknown references.
- Everything else is an optional capability, each its own runtime-checkable protocol
  below (:class:`DeclaresCollections`, :class:`PrintsSheet`, :class:`Advances`,
  :class:`DeclaresActions`, :class:`WritesStatblock`, :class:`PrintsCardTracks`,
  :class:`NamesPlaces`, :class:`SetsPrices`, :class:`StartsFromSettings`,
  :class:`MigratesSystemData`); what an advancement declaration holds is
  :class:`AdvancementRules` (and :class:`LevelledAdvancement`, :class:`NamesPricedTotals`).
  A system without one gets the generic behaviour (the generic sheet, one statblock line
  per section, no advancement wizard, ...). Every shipped system offers collections, a
  printed sheet, actions and advancement (``tests/test_plugin_contract.py``); the contract
  does not require them.
- :func:`capability` is the one way to ask: ``capability(system, PrintsSheet)`` is the
  system as a :class:`PrintsSheet`, or None. It checks with ``isinstance`` (never
  ``getattr``). The ``*_of`` helpers below are that question with the empty answer
  filled in (``collections_of(system)`` is ``()`` for a system that declares none).
- Model conventions: a campaign setting that is a ``Literal`` names each choice in the
  user's words in ``json_schema_extra={"choice_labels": {...}}`` (:func:`choice_labels`);
  issue codes are :class:`~sheetapp.core.codes.IssueCode` constants in the system's
  ``codes.py``, collected with ``CODES = declared(globals())``.

Design notes: ``docs/architecture.md`` ("The plug-in contract"); a worked example that
the tests run: ``docs/adding-a-system.md`` (``tests/plugins/pointbuy/``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

from sheetapp.core.catalog import CatalogError
from sheetapp.core.changes import Change
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.plugins import entry_points

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from sheetapp.editing.collections import Collection
    from sheetapp.play.actions import Action
    from sheetapp.sheet import Sheet, Track

ENTRY_POINT_GROUP = "sheetapp.systems"
#: the entry-point group of a system's own editor page (the window; name: the system id)
PAGES_ENTRY_POINT_GROUP = "sheetapp.pages"
#: the document model a system works on
DocT = TypeVar("DocT", bound=CharacterDocument[Any, Any])
#: a capability protocol asked for with :func:`capability`
Cap = TypeVar("Cap")


@dataclass(frozen=True, slots=True)
class UnknownReference:
    """A catalog id in a character file that the catalog does not hold."""

    path: DataPath
    kind: str
    ref: str


# --- required -----------------------------------------------------------------------------


@runtime_checkable
class GameSystem(Protocol[DocT]):
    """What every game system provides. One object per system, found by entry point.

    The system owns its data model (``DocT``: the ``character`` and ``campaign`` parts of
    the file), its catalogs, and one pure function, :meth:`evaluate`, whose result every
    reader shows. What a system may offer beyond this is an optional capability (the
    protocols below), asked for with :func:`capability`.
    """

    #: the id in files, on the command line and as the entry point's name
    id: str
    #: the name users read
    name: str
    #: the version of the system's own ``character``/``campaign`` data (a change to it
    #: comes with a :class:`SystemDataStep`, see :class:`MigratesSystemData`)
    system_version: str
    #: the rulebook's file name (the shipped systems': in ``../shared/seeds/``); the
    #: citations of its issue codes and rules name it
    seed: str

    def document_model(self) -> type[DocT]:
        """The pydantic model of a whole file of this system."""
        ...

    def load_catalogs(self) -> None:
        """Load and validate every catalog now; raise CatalogError when one is broken."""
        ...

    def new_document(self, name: str) -> DocT:
        """A blank starting character with the system's default campaign settings: a well-formed
        file, whose unmet creation minimums are errors marked as steps to do."""
        ...

    def evaluate(self, document: DocT) -> Evaluation:
        """Costs, derived values and issues. Pure: the same document, the same result."""
        ...

    def unknown_references(self, document: DocT) -> list[UnknownReference]:
        """Catalog ids the document uses that the catalog does not hold."""
        ...


# --- optional capabilities of the system object -------------------------------------------


@runtime_checkable
class DeclaresCollections(Protocol):
    """A system whose character has editable lists declared once
    (:mod:`sheetapp.editing.collections`): the window builds their tables and actions."""

    def collections(self) -> Sequence[Collection[Any]]:
        """Every editable list of the character, in the order an editor shows them."""
        ...


@runtime_checkable
class NamesPlaces(Protocol):
    """A system whose window shows lists it does not declare as flat collections
    (Gladiators' modifiers under each ability): it names the lists a path walks through,
    so an issue's place reads "Pistol › Lethal" (:mod:`sheetapp.editing.places`)."""

    def place_collections(self, document: Any, path: DataPath) -> Sequence[Collection[Any]]:
        """The lists ``path`` walks through (only those)."""
        ...


@runtime_checkable
class DeclaresActions(Protocol):
    """A system whose character can act at the table: each action declared once
    (:mod:`sheetapp.play.actions`) with its dice, DV, options and pure resolver; the Play
    panel and the ``actions``/``roll`` commands are built from them."""

    def actions(self, document: Any) -> Sequence[Action]:
        """The actions of this character (options list its own skills, weapons, powers)."""
        ...


@runtime_checkable
class PrintsSheet(Protocol):
    """A system with its own printable sheet (else the generic sheet is printed). The
    shipped systems write it in their ``sheet_pdf.py``."""

    def sheet(self, document: Any, evaluation: Evaluation) -> Sheet:
        """The system's sections of the printable sheet."""
        ...


@runtime_checkable
class WritesStatblock(Protocol):
    """A system that writes a game master's statblock in its rulebook's notation (else
    one line per section of the play card, :mod:`sheetapp.playsheets`)."""

    def statblock(self, document: Any, evaluation: Evaluation) -> list[tuple[str, str]]:
        """``(label, text)`` lines under the character's name."""
        ...


@runtime_checkable
class PrintsCardTracks(Protocol):
    """A system with boxes of its own to tick on the play card (Gladiators' Limited Ammo
    and Shots), printed after the layout's ``card_tracks``."""

    def card_tracks(self, document: Any, evaluation: Evaluation) -> Sequence[Track]:
        """The character's own boxes."""
        ...


@dataclass(frozen=True, slots=True)
class PriceSetting:
    """A price the rulebook leaves to another book, set per campaign: ``key`` in the
    campaign's mapping ``field``; ``default`` applies while the campaign sets none."""

    field: str
    key: str
    label: str
    default: float
    note: str = ""


@runtime_checkable
class SetsPrices(Protocol):
    """A system whose campaign may set prices its rulebook leaves to another book (the
    window shows one editor per price)."""

    def price_settings(self) -> Sequence[PriceSetting]:
        """Every such price, in the order the settings show them."""
        ...


@runtime_checkable
class StartsFromSettings(Protocol):
    """A system whose new character depends on the campaign settings chosen for it (a
    Power Sets character's first set starts at the game's power level)."""

    def started(self, document: Any) -> Any:
        """``document`` (new, its settings applied) as its first state for them."""
        ...


#: a file's raw JSON, before validation
RawDocument = dict[str, Any]
Migration = Callable[[RawDocument], RawDocument]


@dataclass(frozen=True, slots=True)
class SystemDataStep:
    """Turns a raw document whose system data is at ``from_version`` into ``to_version``
    (the step rewrites ``character``/``campaign`` only and sets ``system_version``)."""

    from_version: str
    to_version: str
    step: Migration


@runtime_checkable
class MigratesSystemData(Protocol):
    """A system that has changed its data and upgrades older files
    (:func:`sheetapp.storage.migrations.migrate_system_data`): one step from each older
    ``system_version``; a step that has shipped is never edited."""

    system_data_steps: Sequence[SystemDataStep]


# --- advancement: the capability and the declaration it holds -----------------------------


@dataclass(frozen=True, slots=True)
class Currency:
    """Something a character earns. ``key`` names both the ``earned`` entry in the
    ledger and the evaluation's :class:`~sheetapp.core.costs.Total` it adds budget to."""

    key: str
    label: str
    unit: str = ""
    description: str = ""
    #: For a numbered level: the value the earning raises (``("character", "level")``).
    #: An entry that earns N of this currency must raise that value by exactly N, and no
    #: entry may change it without earning it, so the ledger and the character agree.
    counter: DataPath | None = None

    def amount(self, value: int) -> str:
        """``+5 GP``: an earned amount as a user reads it."""
        unit = f" {self.unit}" if self.unit else f" {self.label}"
        return f"{value:+d}{unit}"


@dataclass(frozen=True, slots=True)
class SpendOption:
    """One thing that may be bought now, with its quoted price when it is one concrete step.

    ``changes`` is empty for open-ended options (``add an ability``) that the window
    builds with its editor, or (``action``) with the declared list's own action of that
    title at ``path`` (Power Sets' "Roll experience checks"); ``cost`` maps total keys to
    the price (``{"gp": 2}``).
    """

    kind: str
    label: str
    path: DataPath = ()
    explanation: str = ""
    cost: dict[str, int] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()
    rule: str = ""
    action: str = ""
    #: the choice this option is taken with, in the user's words (Damage Resist's damage
    #: type, ``Fire``); its label is then ``Take <name> (<choice>)``
    choice: str = ""

    @property
    def name(self) -> str:
        """What the option takes, without ``Take`` and without its choice."""
        name = self.label.removeprefix("Take ")
        return name.removesuffix(f" ({self.choice})") if self.choice else name


@runtime_checkable
class AdvancementRules(Protocol):
    """A system's advancement declaration (:mod:`sheetapp.advancement` runs it)."""

    #: what the character earns; the first one is what ``sheetapp advance --earn`` records
    currencies: tuple[Currency, ...]
    #: in the user's words, under which rules the earnings are spent (with seed lines)
    rules_text: str

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """What may be bought now (raise a level, buy off a disadvantage, ...)."""
        ...

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        """A changed value's name as the user knows it (``Kevlar Suit (Armour): level``)."""
        ...

    def describe_value(self, path: DataPath, value: Any) -> str:
        """A stored value as the review shows it (an ability record as its name, ...)."""
        ...


@runtime_checkable
class NamesPricedTotals(Protocol):
    """Advancement rules that say which totals' spending is a cost (else every total is):
    Capital's HP and Energy totals are current / maximum, not costs."""

    priced_totals: Sequence[str]


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """Dice a level step needs: entered by the player or rolled for them."""

    key: str
    label: str
    count: int
    sides: int = 6
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class LevelStep:
    """One numbered level gained: the changes it makes (before any choice) and, in words,
    what it brought (``Max HP +7 (dice 4 + FTD 6 - ...)``, ``2 new Slots``)."""

    changes: tuple[Change, ...]
    steps: tuple[str, ...]
    new_level: int
    open_choices: int = 0
    #: the dice used, by request key (entered, or rolled for the player)
    dice: dict[str, list[int]] = field(default_factory=dict)


@runtime_checkable
class LevelledAdvancement(Protocol):
    """The numbered-level shape of :class:`AdvancementRules`: earning a level is a step
    with dice, then choices.

    A wizard asks :meth:`level_dice` for the dice to enter (or roll), applies
    :meth:`level_step` to the character, then offers :meth:`AdvancementRules.spend_options`
    on the result (the Systems that fit the new Slots, ...).
    """

    def level_dice(self, document: CharacterDocument[Any, Any]) -> list[DiceRequest]:
        """The dice the next level needs; ValueError with a user message when the
        character cannot level up (last level, no Role, ...)."""
        ...

    def level_step(
        self,
        document: CharacterDocument[Any, Any],
        dice: dict[str, list[int]],
        rng: Any = None,
    ) -> LevelStep:
        """The next level with ``dice`` by request key (missing ones rolled with ``rng``,
        a ``random.Random``); ValueError with a user message when it cannot be made."""
        ...


@runtime_checkable
class Advances(Protocol):
    """A system with advancement rules: its ``advancement`` is an
    :class:`AdvancementRules` (a class attribute, or a descriptor that imports them on
    first use, as the shipped systems do)."""

    advancement: AdvancementRules


# --- asking -------------------------------------------------------------------------------


def capability(offerer: object, protocol: Callable[..., Cap]) -> Cap | None:
    """``offerer`` as ``protocol`` when it offers that capability, else None: the one way
    to ask a system (or its advancement rules) what it offers. ``protocol`` is one of this
    module's runtime-checkable protocols; the check is ``isinstance``."""
    # typed Callable[..., Cap], not type[Cap]: mypy takes no protocol class for a type[...]
    if isinstance(offerer, cast(type, protocol)):
        return cast(Cap, offerer)
    return None


def collections_of(system: object) -> Sequence[Collection[Any]]:
    """The system's declared lists; none when it declares none."""
    found = capability(system, DeclaresCollections)
    return found.collections() if found is not None else ()


def place_collections_of(system: object, document: Any, path: DataPath) -> list[Collection[Any]]:
    """The lists an issue's place at ``path`` may walk through: the declared ones, then
    the ones the system names for that path (:class:`NamesPlaces`)."""
    found = list(collections_of(system))
    names = capability(system, NamesPlaces)
    if names is not None:
        found.extend(names.place_collections(document, path))
    return found


def has_actions(system: object) -> bool:
    """Whether the system declares actions (without building any)."""
    return capability(system, DeclaresActions) is not None


def actions_of(system: object, document: Any) -> Sequence[Action]:
    """The character's declared actions; none when its system declares none."""
    found = capability(system, DeclaresActions)
    return found.actions(document) if found is not None else ()


def sheet_builder(system: object) -> Callable[[Any, Evaluation], Sheet] | None:
    """The system's own sheet builder, or None for the generic sheet."""
    found = capability(system, PrintsSheet)
    return found.sheet if found is not None else None


def price_settings_of(system: object) -> Sequence[PriceSetting]:
    """The prices the campaign may set; none when the system has none."""
    found = capability(system, SetsPrices)
    return found.price_settings() if found is not None else ()


def started_with_settings(system: object, document: DocT) -> DocT:
    """A new document with its settings applied, made ready for them by the system."""
    found = capability(system, StartsFromSettings)
    return cast(DocT, found.started(document)) if found is not None else document


def system_data_steps_of(system: object) -> Sequence[SystemDataStep]:
    """The steps that upgrade older system data; none for a system that never changed."""
    found = capability(system, MigratesSystemData)
    return found.system_data_steps if found is not None else ()


def advancement_of(system: object) -> AdvancementRules | None:
    """The system's advancement declaration, or None when it declares none."""
    found = capability(system, Advances)
    rules = found.advancement if found is not None else None
    return capability(rules, AdvancementRules)


def choice_labels(info: FieldInfo) -> Mapping[str, str]:
    """The user's words for each choice of a ``Literal`` model field (a campaign setting):
    its ``json_schema_extra={"choice_labels": {value: label}}``; none when it has none."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    labels = extra.get("choice_labels", {})
    return cast(Mapping[str, str], labels) if isinstance(labels, dict) else {}


# --- finding the installed systems --------------------------------------------------------


class UnknownSystemError(LookupError):
    def __init__(self, system_id: str, known: Iterable[str]) -> None:
        self.system_id = system_id
        self.known = sorted(known)
        names = ", ".join(self.known) or "none installed"
        shown = system_id if len(system_id) <= 60 else system_id[:57] + "..."
        super().__init__(f"Unknown game system '{shown}' (known systems: {names})")


class SystemLoadError(RuntimeError):
    """An installed system plug-in could not be loaded."""


class SystemRegistry:
    """The installed game systems by id.

    A registry made from entry points knows the ids from the entry points' names and
    imports a plug-in only when it is first asked for (:meth:`get`, or iterating, which
    loads them all). Loading a system validates its catalogs before it is handed out,
    so a system a caller receives always has valid catalogs; a broken catalog raises
    :class:`~sheetapp.core.catalog.CatalogError` (naming the file and the entry) from the
    call that first needed the system, and a broken plug-in :class:`SystemLoadError`.
    """

    def __init__(
        self, systems: Iterable[GameSystem[Any]] = (), plugins: Iterable[EntryPoint] = ()
    ) -> None:
        self._systems: dict[str, GameSystem[Any]] = {}
        self._plugins: dict[str, EntryPoint] = {}
        for system in systems:
            self._claim(system.id)
            self._systems[system.id] = system
        for point in plugins:
            self._claim(point.name)
            self._plugins[point.name] = point
        self._order = sorted([*self._systems, *self._plugins])

    def _claim(self, system_id: str) -> None:
        if system_id in self._systems or system_id in self._plugins:
            raise SystemLoadError(f"Two game systems claim the id '{system_id}'")

    @classmethod
    def from_entry_points(cls, group: str = ENTRY_POINT_GROUP) -> SystemRegistry:
        """The plug-ins of ``group``, none of them imported yet."""
        return cls(plugins=entry_points(group=group))

    def get(self, system_id: str) -> GameSystem[Any]:
        """The system, loaded (and its catalogs validated) on the first request."""
        system = self._systems.get(system_id)
        if system is not None:
            return system
        point = self._plugins.get(system_id)
        if point is None:
            raise UnknownSystemError(system_id, self._order)
        system = _load_plugin(point)
        self._systems[system_id] = system
        return system

    def ids(self) -> list[str]:
        """Every installed id, sorted, without loading any plug-in."""
        return list(self._order)

    def loaded_ids(self) -> list[str]:
        """The ids of the systems loaded so far, sorted."""
        return [system_id for system_id in self._order if system_id in self._systems]

    def load_all(self) -> list[GameSystem[Any]]:
        """Every system, sorted by id, loading those not loaded yet."""
        return [self.get(system_id) for system_id in self._order]

    def __iter__(self) -> Iterator[GameSystem[Any]]:
        return iter(self.load_all())

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._systems or system_id in self._plugins


def _load_plugin(point: EntryPoint) -> GameSystem[Any]:
    try:
        loaded = point.load()
    except CatalogError:
        raise  # a plug-in that validates its catalogs at import: the error names the entry
    except Exception as exc:
        raise SystemLoadError(
            f"The game system plug-in '{point.name}' ({point.value}) failed to load: {exc}"
        ) from exc
    if not isinstance(loaded, GameSystem):
        raise SystemLoadError(f"The plug-in '{point.name}' ({point.value}) is not a GameSystem")
    if loaded.id != point.name:
        raise SystemLoadError(f"The plug-in '{point.name}' declares the system id '{loaded.id}'")
    loaded.load_catalogs()
    return loaded


@cache
def installed_systems() -> SystemRegistry:
    """The registry of every installed system (one per process). Plug-ins load, and
    their catalogs are validated, when first used: ``sheetapp FILE`` imports only the
    system of FILE before its window is shown."""
    return SystemRegistry.from_entry_points()
