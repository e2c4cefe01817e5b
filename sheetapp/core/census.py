"""What a document's models saw while pydantic validated them straight from JSON text.

The loader's quick path (``sheetapp.storage.files``) lets pydantic-core parse and
validate the file in one pass: no Python dict of the whole file is built and no Python
duplicate-key hook runs per JSON object. pydantic-core keeps the last of two equal keys and
allows NaN, infinity and up to 200 levels of nesting, all of which the file format
refuses; the :class:`Census` gathers, as each model is validated, what the loader needs
to prove none of that happened:

- ``keys``: every key the document holds (each model's keys, those of its dicts and of
  its free-form values). Compared with the keys written in the text, a difference means
  a key appeared twice.
- ``deepest``: how deep the free-form values go (``Any``, unknown keys), the only
  places the models do not bound the nesting (:func:`typed_depth` bounds the rest).
- ``doubtful``: a non-finite number in a free-form value (the models refuse them
  elsewhere: a model that allows them has no plan).

Which fields hold dicts or free-form values is worked out once per model class from
its annotations (:func:`field_plan`). A model whose validation could change what the
keys were (its own validators, a union of a model with another type, a model that keeps
no census) has no plan, and its documents take the loader's ordinary path.
"""

from __future__ import annotations

import math
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

#: the validation context key under which a FileModel reports to a :class:`Census`
CENSUS = "sheetapp.census"

_SCALARS = (str, int, float, bool, type(None))
_SEQUENCES = (list, tuple, set, frozenset, Sequence)
_MAPPINGS = (dict, Mapping)


class Census:
    """Filled in by every FileModel validated with ``context={CENSUS: census}``
    (:meth:`~sheetapp.core.document.FileModel.model_post_init`, which counts each model's
    keys itself: it runs once per model of a file, so it is kept to one Python call)."""

    __slots__ = ("deepest", "doubtful", "keys", "plans", "unknown_keys")

    def __init__(self) -> None:
        self.plans: dict[type[BaseModel], FieldPlan] = {}
        self.keys = 0
        self.unknown_keys = 0
        self.deepest = 0
        self.doubtful = False

    def plan_of(self, model: type[BaseModel]) -> FieldPlan:
        plan = self.plans[model] = field_plan(model) or _NO_PLAN
        return plan

    def walk_model(self, model: BaseModel, plan: FieldPlan, given: set[str]) -> None:
        """Walk the free-form values of ``model``: those of its fields that may hold them,
        and those of its unknown keys."""
        if plan is _NO_PLAN:
            self.doubtful = True
            return
        for name in plan.walked:
            if name in given:
                self.walk(getattr(model, name))
        extra = model.__pydantic_extra__
        if extra:
            self.unknown_keys += len(extra)
            for value in extra.values():
                self.walk(value)

    def walk(self, value: object) -> None:
        """Count the keys and the depth of a value the models do not describe."""
        self.deepest = max(self.deepest, self._inside(value))

    def _inside(self, value: Any) -> int:
        kind = type(value)
        if kind is dict:
            self.keys += len(value)
            return 1 + max((self._inside(item) for item in value.values()), default=0)
        if kind is list or kind is tuple:
            return 1 + max((self._inside(item) for item in value), default=0)
        if kind is float and not math.isfinite(value):
            self.doubtful = True
        # models count their own keys; anything else is a scalar
        return 0


@dataclass(frozen=True, slots=True)
class FieldPlan:
    """Which fields of a model the census reads: ``sized`` are dicts of scalars (their
    length is their keys), ``walked`` may hold dicts deeper down or free-form values."""

    sized: tuple[str, ...]
    walked: tuple[str, ...]


#: a model the census cannot vouch for: it walks nothing and marks the census doubtful
_NO_PLAN = FieldPlan((), ("?",))


@dataclass(frozen=True, slots=True)
class _Shape:
    depth: int  # JSON objects and arrays from this slot down, through declared types
    dicts: bool  # holds dicts (whose keys no model counts)
    free: bool  # holds values of no declared shape
    nested: bool  # holds dicts or lists inside containers (a length is not enough)


_SCALAR = _Shape(0, False, False, False)
_FREE = _Shape(0, True, True, True)


class _NoPlan(Exception):
    """The census cannot vouch for this model (see the module docstring)."""


@cache
def field_plan(model: type[BaseModel]) -> FieldPlan | None:
    """The fields the census reads, or None when the model has no census."""
    try:
        return _plan(model)
    except _NoPlan:
        return None


def typed_depth(model: type[BaseModel]) -> int | None:
    """How deep a document of ``model`` nests through its declared types (its root
    object is 1), or None when it or a model inside has no census."""
    return _typed_depth(model)


@cache
def _typed_depth(model: type[BaseModel]) -> int | None:
    try:
        return _model_shape(model, frozenset()).depth
    except _NoPlan:
        return None


def _plan(model: type[BaseModel]) -> FieldPlan:
    _check_model(model)
    sized: list[str] = []
    walked: list[str] = []
    for name, info in model.model_fields.items():
        shape = _field_shape(info, frozenset({model}))
        if shape.free or shape.nested:
            walked.append(name)
        elif shape.dicts:
            sized.append(name)
    return FieldPlan(tuple(sized), tuple(walked))


def _check_model(model: type[BaseModel]) -> None:
    from sheetapp.core.document import FileModel

    if not issubclass(model, FileModel):
        raise _NoPlan(f"{model.__name__} keeps no census")
    decorators = model.__pydantic_decorators__
    if (
        decorators.model_validators
        or decorators.field_validators
        or decorators.root_validators
        or decorators.validators
        or _post_init(model) is not FileModel.model_post_init
        or model.model_config.get("validate_default")
        or model.model_config.get("allow_inf_nan") is not False
        or any(info.validate_default for info in model.model_fields.values())
    ):
        raise _NoPlan(f"{model.__name__} has validators that may change its keys")


def _post_init(model: type[BaseModel]) -> Any:
    """The model's own ``model_post_init``: pydantic wraps it to set up the private
    attributes of a model that has some (a document's memos), which change no key."""
    found = model.model_post_init
    while hasattr(found, "__wrapped__"):
        found = found.__wrapped__
    return found


def _field_shape(info: FieldInfo, seen: frozenset[type]) -> _Shape:
    if any(_is_validator(item) for item in info.metadata):
        raise _NoPlan("a field validator may change its keys")
    return _shape(info.annotation, seen)


def _is_validator(item: object) -> bool:
    return type(item).__module__ == "pydantic.functional_validators"


def _shape(annotation: Any, seen: frozenset[type]) -> _Shape:
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        if any(_is_validator(item) for item in args[1:]):
            raise _NoPlan("a field validator may change its keys")
        return _shape(args[0], seen)
    if origin is Literal or annotation in _SCALARS:
        return _SCALAR
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _SCALAR
    if origin is Union or origin is types.UnionType:
        return _union_shape(args, seen)
    if origin in _SEQUENCES:
        return _container_shape([arg for arg in args if arg is not Ellipsis], seen, False)
    if origin in _MAPPINGS:
        return _container_shape(list(args[1:]), seen, True)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_shape(annotation, seen)
    return _FREE


def _union_shape(args: tuple[Any, ...], seen: frozenset[type]) -> _Shape:
    shapes = [_shape(arg, seen) for arg in args]
    others = [arg for arg in args if arg is not type(None)]
    if len(others) > 1 and any(_holds_model(arg) for arg in others):
        # pydantic may validate a model in one member and then keep another: that
        # model's census would count keys the document does not keep
        raise _NoPlan("a union of a model and another type")
    return _Shape(
        max(shape.depth for shape in shapes),
        any(shape.dicts for shape in shapes),
        any(shape.free for shape in shapes),
        any(shape.nested for shape in shapes),
    )


def _holds_model(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_model(arg) for arg in get_args(annotation))


def _container_shape(args: list[Any], seen: frozenset[type], is_dict: bool) -> _Shape:
    inner = [_shape(arg, seen) for arg in args] or [_FREE]
    return _Shape(
        1 + max(shape.depth for shape in inner),
        is_dict or any(shape.dicts for shape in inner),
        any(shape.free for shape in inner),
        any(shape.dicts or shape.free for shape in inner),
    )


def _model_shape(model: type[BaseModel], seen: frozenset[type]) -> _Shape:
    if model in seen:
        raise _NoPlan(f"{model.__name__} contains itself: its depth has no bound")
    _check_model(model)
    inner = [_field_shape(info, seen | {model}) for info in model.model_fields.values()]
    # a model counts its own keys and walks its own dicts: its parent sees a leaf
    return _Shape(1 + max((shape.depth for shape in inner), default=0), False, False, False)
