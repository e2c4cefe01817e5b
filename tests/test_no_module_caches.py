"""No system keeps a cache in a module or on its system object (issue 38, item 4): what
the rules keep between evaluations is declared as a :class:`sheetapp.core.memo.Memo` and
held by the document (``sheetapp/core/memo.py``).

How a constant table is told from a cache, read from the source of
``sheetapp/systems`` (no import needed):

- a module-level list, dict or set (a literal, a comprehension, ``dict()``,
  ``defaultdict()``, …) is a constant table when nothing in the systems ever writes
  into it (an item assigned or deleted, ``.append``, ``.update``, ``.setdefault``,
  ``.clear``, ``+=``, …, in a function of its module or of a module that imports it;
  the module's own statements may build it at import). One that is written into is a
  cache (or a registry: see ``_REGISTRIES``);
- a module-level instance of a store (``IdentityMemo()``, ``ByIdentity()``,
  ``ByValue()``, ``Latest()``, any class whose name ends in ``Memo`` or ``Cache``) is a
  cache: the store belongs in a ``Memo`` declaration;
- a module-level instance of a class of the systems (a system object, ``LAST_SHEET``)
  holds no state: its methods (other than ``__init__``) assign nothing to ``self``
  and write into nothing ``self`` holds;
- ``functools.cache``/``lru_cache`` only on functions of installed data (catalogs): not
  on one that takes a document, a character, a campaign or one of their models;
- no ``global`` statement.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SYSTEMS = Path(__file__).resolve().parents[1] / "sheetapp" / "systems"

_CONTAINER_CALLS = frozenset(
    {
        "dict",
        "list",
        "set",
        "bytearray",
        "defaultdict",
        "OrderedDict",
        "deque",
        "Counter",
        "WeakKeyDictionary",
        "WeakValueDictionary",
        "WeakSet",
    }
)
_STORES = frozenset({"IdentityMemo", "ByIdentity", "ByValue", "Latest", "Memos"})
_MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "popitem",
        "remove",
        "clear",
        "update",
        "setdefault",
        "add",
        "discard",
        "appendleft",
        "extendleft",
        "sort",
        "reverse",
        "move_to_end",
        "put",
        "keep",
        "each",
        "get_or_make",
        "__setitem__",
        "__delitem__",
    }
)
_CACHES = frozenset({"cache", "lru_cache", "cached"})
#: what a parameter of a document's data is called or annotated with
_DOCUMENT_WORDS = ("document", "character", "campaign", "choice", "Document", "Character")
#: lists filled once at import by a decorator and only read afterwards (module, name: why)
_REGISTRIES = {
    ("hero_xmen/rules.py", "RULES"): "the rule functions, each added by @rule at import",
}


@dataclass(frozen=True)
class _Module:
    name: str  # path under sheetapp/systems
    tree: ast.Module


def _modules() -> list[_Module]:
    return [
        _Module(path.relative_to(SYSTEMS).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(SYSTEMS.rglob("*.py"))
    ]


def _top_level(tree: ast.Module) -> Iterator[ast.stmt]:
    """The module's statements, those inside top-level ``if``/``try`` blocks too."""
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop(0)
        yield node
        if isinstance(node, ast.If | ast.Try):
            stack += [*node.body, *node.orelse, *getattr(node, "finalbody", [])]


def _assigned(node: ast.stmt) -> Iterator[tuple[str, ast.expr]]:
    if isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Name):
                yield target.id, node.value
    elif (
        isinstance(node, ast.AnnAssign)
        and node.value is not None
        and isinstance(node.target, ast.Name)
    ):
        yield node.target.id, node.value


def _called(value: ast.expr) -> str | None:
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Subscript):  # IdentityMemo[X]()
            func = func.value
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def _is_container(value: ast.expr) -> bool:
    return isinstance(
        value, ast.List | ast.Dict | ast.Set | ast.ListComp | ast.DictComp | ast.SetComp
    ) or (_called(value) in _CONTAINER_CALLS)


def _written_names(tree: ast.AST) -> set[str]:
    """Names written into (not rebound: their contents changed) inside the functions of
    ``tree``: a table the module's own statements build at import is a constant."""
    found: set[str] = set()
    functions = [
        node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    for node in (inner for function in functions for inner in ast.walk(function)):
        target: ast.expr | None = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            target = node.value
        elif isinstance(node, ast.AugAssign):
            target = node.target.value if isinstance(node.target, ast.Subscript) else node.target
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATORS
        ):
            target = node.func.value
        if isinstance(target, ast.Name):
            found.add(target.id)
    return found


def _imports(tree: ast.Module) -> dict[str, set[str]]:
    """The names ``tree`` imports from each systems module (by its path)."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sheetapp.systems."):
            path = node.module.removeprefix("sheetapp.systems.").replace(".", "/") + ".py"
            found.setdefault(path, set()).update(alias.asname or alias.name for alias in node.names)
    return found


def _classes(modules: list[_Module]) -> dict[str, ast.ClassDef]:
    return {
        node.name: node
        for module in modules
        for node in ast.walk(module.tree)
        if isinstance(node, ast.ClassDef)
    }


def _writes_to_self(cls: ast.ClassDef) -> list[str]:
    """Where a method of ``cls`` (not ``__init__``) changes what the object holds."""
    found = []
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef) or method.name in {
            "__init__",
            "__post_init__",
            "__set_name__",
        }:
            continue
        for node in ast.walk(method):
            target: ast.expr | None = None
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for item in targets:
                    if isinstance(item, ast.Attribute | ast.Subscript):
                        target = item
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _MUTATORS
            ):
                target = node.func.value
            while isinstance(target, ast.Attribute | ast.Subscript):
                target = target.value
            if isinstance(target, ast.Name) and target.id == "self":
                found.append(f"{cls.name}.{method.name} (line {node.lineno})")
    return found


def _cached_on_documents(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        decorators = {(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list}
        names = {
            d.id if isinstance(d, ast.Name) else d.attr
            for d in decorators
            if isinstance(d, ast.Name | ast.Attribute)
        }
        if not names & _CACHES:
            continue
        for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            annotation = ast.unparse(arg.annotation) if arg.annotation else ""
            if any(word in arg.arg or word in annotation for word in _DOCUMENT_WORDS):
                yield f"{node.name}({arg.arg}) (line {node.lineno})"


def module_caches() -> list[str]:
    """Every cache kept in a module or on an object of ``sheetapp/systems``."""
    modules = _modules()
    classes = _classes(modules)
    writes = {module.name: _written_names(module.tree) for module in modules}
    imports = {module.name: _imports(module.tree) for module in modules}
    found: list[str] = []
    for module in modules:
        written = set(writes[module.name])
        for other in modules:
            written |= writes[other.name] & imports[other.name].get(module.name, set())
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Global):
                found.append(f"{module.name}: global {', '.join(node.names)}")
        for statement in _top_level(module.tree):
            for name, value in _assigned(statement):
                called = _called(value) or ""
                if _is_container(value) and name in written:
                    if (module.name, name) not in _REGISTRIES:
                        found.append(f"{module.name}: {name} is written into")
                elif called in _STORES or (called != "Memo" and called.endswith(("Memo", "Cache"))):
                    found.append(f"{module.name}: {name} = {called}()")
                elif called in classes:
                    found += [
                        f"{module.name}: {name} keeps state: {where}"
                        for where in _writes_to_self(classes[called])
                    ]
        found += [f"{module.name}: cached {where}" for where in _cached_on_documents(module.tree)]
    return found


def test_no_system_keeps_a_cache_in_a_module_or_on_its_system_object() -> None:
    assert module_caches() == []


def test_the_scan_finds_each_kind_of_cache(tmp_path: Path) -> None:
    """The scan itself, on made-up modules: each kind it must refuse, and the constant
    tables it must let be."""
    source = """
from functools import cache
from sheetapp.core.unchanged import IdentityMemo

TABLE = {"a": 1}
TABLE.update({"b": 2})
NAMES = ["x", "y"]
_KEPT = {}
_LAST = [None]
_ROWS: IdentityMemo[int] = IdentityMemo()


def remember(key, value):
    _KEPT[key] = value
    _LAST[0] = value


@cache
def priced(character):
    return character


class Holder:
    def __init__(self):
        self._seen = None

    def see(self, document):
        self._seen = document


HOLDER = Holder()


def counter():
    global TABLE
"""
    tree = ast.parse(source)
    modules = [_Module("made_up.py", tree)]
    written = _written_names(tree)
    containers = {
        name
        for statement in _top_level(tree)
        for name, value in _assigned(statement)
        if _is_container(value)
    }
    assert containers & written == {"_KEPT", "_LAST"}  # TABLE and NAMES are constants
    assert _writes_to_self(_classes(modules)["Holder"]) == ["Holder.see (line 28)"]
    assert list(_cached_on_documents(tree)) == ["priced(character) (line 19)"]
    assert any(isinstance(node, ast.Global) for node in ast.walk(tree))
    assert {
        name
        for statement in _top_level(tree)
        for name, value in _assigned(statement)
        if _called(value) in _STORES
    } == {"_ROWS"}
