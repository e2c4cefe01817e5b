"""The contract a game system fulfils, and the registry that finds systems."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

from sheetapp.core.catalog import CatalogError
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.plugins import entry_points

if TYPE_CHECKING:
    from sheetapp.editing.collections import Collection
    from sheetapp.sheet import Sheet

ENTRY_POINT_GROUP = "sheetapp.systems"
#: the document model a system works on
DocT = TypeVar("DocT", bound=CharacterDocument[Any, Any])


@dataclass(frozen=True, slots=True)
class UnknownReference:
    """A catalog id in a character file that the catalog does not hold."""

    path: DataPath
    kind: str
    ref: str


@runtime_checkable
class GameSystem(Protocol[DocT]):
    """What every game system provides. One object per system, found by entry point.

    The system owns its data model (``DocT``: the ``character`` and ``campaign`` parts of
    the file), its catalogs, and one pure function, :meth:`evaluate`, whose result every
    reader shows. What a system may offer beyond this is declared by the capability
    protocols below (:class:`DeclaresCollections`, :class:`PrintsSheet`,
    :class:`Advances`), checked with ``isinstance``.
    """

    id: str
    name: str
    system_version: str
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


@runtime_checkable
class DeclaresCollections(Protocol):
    """A system whose character has editable lists declared once
    (:mod:`sheetapp.editing.collections`): the window builds their tables and actions."""

    def collections(self) -> Sequence[Collection[Any]]:
        """Every editable list of the character, in the order an editor shows them."""
        ...


@runtime_checkable
class PrintsSheet(Protocol):
    """A system with its own printable sheet (else the generic sheet is printed)."""

    def sheet(self, document: Any, evaluation: Evaluation) -> Sheet:
        """The system's sections of the printable sheet."""
        ...


@runtime_checkable
class Advances(Protocol):
    """A system with advancement rules (``sheetapp.advancement.spec.AdvancementRules``,
    or a callable returning them, loaded on first use)."""

    advancement: Any


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


def started_with_settings(system: object, document: DocT) -> DocT:
    """A new document with its settings applied, made ready for them by the system."""
    method = _capability(system, "started")
    return cast(DocT, method(document)) if method is not None else document


def _capability(system: object, name: str) -> Callable[..., Any] | None:
    """The method ``name`` of ``system`` when it has one: what ``isinstance`` with the
    one-method protocols above checks, without its cost (Python 3.11 lists a protocol's
    members at every check, ~0.1 ms; the Issues panel names a place per painted row)."""
    method = getattr(system, name, None)
    return method if callable(method) else None


def price_settings_of(system: object) -> Sequence[PriceSetting]:
    method = _capability(system, "price_settings")
    return cast(Sequence[PriceSetting], method()) if method is not None else ()


def collections_of(system: object) -> Sequence[Collection[Any]]:
    """The system's declared lists; none when it declares none."""
    method = _capability(system, "collections")
    return cast(Sequence["Collection[Any]"], method()) if method is not None else ()


def sheet_builder(system: object) -> Callable[[Any, Evaluation], Sheet] | None:
    """The system's own sheet builder, or None for the generic sheet."""
    return _capability(system, "sheet")


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
