"""The contract a game system fulfils, and the registry that finds systems."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.storage.envelope import CharacterDocument

ENTRY_POINT_GROUP = "sheetapp.systems"


@dataclass(frozen=True, slots=True)
class UnknownReference:
    """A catalog id in a character file that the catalog does not hold."""

    path: DataPath
    kind: str
    ref: str


@runtime_checkable
class GameSystem(Protocol):
    """What every game system provides. One object per system, found by entry point.

    The system owns its data model (the ``character`` and ``campaign`` parts of the
    file), its catalogs, and one pure function, :meth:`evaluate`, whose result every
    reader shows.
    """

    id: str
    name: str
    system_version: str
    seed: str

    def document_model(self) -> type[CharacterDocument[Any, Any]]:
        """The pydantic model of a whole file of this system."""
        ...

    def load_catalogs(self) -> None:
        """Load and validate every catalog now; raise CatalogError when one is broken."""
        ...

    def new_document(self, name: str) -> CharacterDocument[Any, Any]:
        """A valid starting character with the system's default campaign settings."""
        ...

    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        """Costs, derived values and issues. Pure: the same document, the same result."""
        ...

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        """Catalog ids the document uses that the catalog does not hold."""
        ...


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
    """The installed game systems by id."""

    def __init__(self, systems: Iterable[GameSystem]) -> None:
        self._systems: dict[str, GameSystem] = {}
        for system in systems:
            if system.id in self._systems:
                raise SystemLoadError(f"Two game systems claim the id '{system.id}'")
            self._systems[system.id] = system

    @classmethod
    def from_entry_points(cls, group: str = ENTRY_POINT_GROUP) -> SystemRegistry:
        systems: list[GameSystem] = []
        for point in entry_points(group=group):
            try:
                loaded = point.load()
            except Exception as exc:
                raise SystemLoadError(
                    f"The game system plug-in '{point.name}' ({point.value}) failed to load: {exc}"
                ) from exc
            if not isinstance(loaded, GameSystem):
                raise SystemLoadError(
                    f"The plug-in '{point.name}' ({point.value}) is not a GameSystem"
                )
            if loaded.id != point.name:
                raise SystemLoadError(
                    f"The plug-in '{point.name}' declares the system id '{loaded.id}'"
                )
            systems.append(loaded)
        return cls(sorted(systems, key=lambda system: system.id))

    def get(self, system_id: str) -> GameSystem:
        try:
            return self._systems[system_id]
        except KeyError:
            raise UnknownSystemError(system_id, self._systems) from None

    def ids(self) -> list[str]:
        return list(self._systems)

    def __iter__(self) -> Any:
        return iter(self._systems.values())

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._systems

    def load_all_catalogs(self) -> None:
        for system in self._systems.values():
            system.load_catalogs()


@cache
def installed_systems() -> SystemRegistry:
    """The registry of every installed system, with catalogs validated (once per process)."""
    registry = SystemRegistry.from_entry_points()
    registry.load_all_catalogs()
    return registry


def schema_models() -> dict[str, type[BaseModel]]:
    """The document model of every installed system, for the JSON Schema."""
    return {system.id: system.document_model() for system in installed_systems()}
