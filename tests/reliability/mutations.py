"""Ways to damage a valid character file, as hypothesis strategies.

A case is a valid file of some installed system (a new character or a shipped
example) with one to three changes to its JSON tree (a key dropped, a type
swapped, a number made absurd, ...) and possibly one change to its bytes
(invalid UTF-8, truncation, a byte lost). Values JSON cannot hold (NaN, 1e400,
a 5,000-digit number) are written as raw tokens into the text.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st

from sheetapp.core.resources import data_file
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import dump_document

Path_ = tuple[str | int, ...]
Draw = Callable[[st.SearchStrategy[Any]], Any]

# ---------------------------------------------------------------------------- bases


class Base:
    """A valid file to start from (a plain class: hypothesis prints its short repr)."""

    def __init__(self, name: str, data: bytes) -> None:
        self.name = name
        self.data = data

    def __repr__(self) -> str:
        return f"Base({self.name})"


def base_files(registry: SystemRegistry) -> list[Base]:
    """A new character of every installed system and every shipped example."""
    bases: list[Base] = []
    for system in registry:
        bases.append(Base(f"{system.id}/new", dump_document(system.new_document("Fuzz"))))
        folder = data_file("resources", f"examples/{system.id}")
        if folder.is_dir():
            for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
                if entry.name.endswith(".json"):
                    bases.append(Base(f"{system.id}/{entry.name}", entry.read_bytes()))
    return bases


# ---------------------------------------------------------------------- raw tokens


class Raw:
    """A token written into the JSON text as it is (``NaN``, ``1e400``)."""

    def __init__(self, token: str) -> None:
        self.token = token


RAW_TOKENS = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "1" + "0" * 5000,
    "-0",
    "1E2",
    "0.0000000000000000000000001",
]


def dumps(tree: Any, *, pretty: bool = True) -> bytes:
    """JSON text of ``tree`` with every :class:`Raw` written as its token; ``pretty``
    spreads it over lines (slower: the indenting encoder is pure Python)."""
    tokens: list[str] = []

    def default(value: object) -> str:
        if isinstance(value, Raw):
            tokens.append(value.token)
            return f"\x00raw{len(tokens) - 1}\x00"
        raise TypeError(type(value).__name__)

    text = json.dumps(tree, default=default, ensure_ascii=False, indent=1 if pretty else None)
    for index, token in enumerate(tokens):
        text = text.replace(json.dumps(f"\x00raw{index}\x00"), token, 1)
    return text.encode("utf-8", errors="surrogatepass")


# --------------------------------------------------------------------- tree access


def paths(tree: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every place below the root that holds a value."""
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield (*prefix, key)
            yield from paths(value, (*prefix, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield (*prefix, index)
            yield from paths(value, (*prefix, index))


def get(tree: Any, path: Path_) -> Any:
    for part in path:
        tree = tree[part]
    return tree


def put(tree: Any, path: Path_, value: Any) -> None:
    """Set a copy of ``value`` (shared sample values must never be changed in place)."""
    get(tree, path[:-1])[path[-1]] = copy.deepcopy(value)


def drop(tree: Any, path: Path_) -> None:
    del get(tree, path[:-1])[path[-1]]


# ---------------------------------------------------------------------- mutations

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)

SWAPS: list[Any] = [None, True, False, 0, 1, -1, 2.5, "", "x", [], {}, [1, 2], {"a": 1}]
ABSURD_NUMBERS: list[Any] = [
    10**9,
    -5,
    -1,
    0,
    2**31,
    2**53 + 1,
    2**63,
    -(2**63),
    10**100,
    10**4000,
    1e308,
    -1e308,
    5e-324,
    0.5,
    -0.0,
    *[Raw(token) for token in RAW_TOKENS],
]
NAN_LIKE = [
    "NaN",
    "nan",
    "-nan",
    "inf",
    "-inf",
    "Infinity",
    "1e400",
    "0x10",
    "1_000",
    "١٢",
    " 12 ",
    "12.0",
    "+5",
    "1e3",
    "",
    "null",
    "true",
]
UNKNOWN_IDS = ["no_such_id", "custom_ghost", "custom_", "UPPER", "a" * 300, "é", "../../etc"]
HUGE_STRINGS = ["x" * 1_000_000, "x" * 1_048_577, "é" * 600_000, "<b>&amp;</b>" * 90_000]
DEPTHS = [10, 63, 64, 65, 200, 20_000]
BAD_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf", b"\x80"]


def _pick_path(draw: Draw, tree: Any, want: type | None = None) -> Path_ | None:
    found = [p for p in paths(tree) if want is None or isinstance(get(tree, p), want)]
    return draw(st.sampled_from(found)) if found else None


def m_drop_key(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree)
    if path is None:
        return "nothing to drop"
    drop(tree, path)
    return f"dropped {path}"


def m_swap_type(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree)
    if path is None:
        return "nothing to swap"
    current = get(tree, path)
    value = draw(st.sampled_from([v for v in SWAPS if type(v) is not type(current)]))
    put(tree, path, value)
    return f"{path} = {str(value)[:40]!r}"


def m_absurd_number(draw: Draw, tree: Any) -> str:
    numbers = [
        p
        for p in paths(tree)
        if isinstance(get(tree, p), int | float) and not isinstance(get(tree, p), bool)
    ]
    path = draw(st.sampled_from(numbers)) if numbers else _pick_path(draw, tree)
    if path is None:
        return "no number"
    value = draw(st.sampled_from(ABSURD_NUMBERS))
    put(tree, path, value)
    return f"{path} = {str(getattr(value, 'token', value))[:40]}"


def m_nan_like(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree)
    if path is None:
        return "nothing"
    value = draw(st.sampled_from(NAN_LIKE))
    put(tree, path, value)
    return f"{path} = {str(value)[:40]!r}"


def m_unknown_id(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree, str)
    if path is None:
        return "no string"
    value = draw(
        st.sampled_from(UNKNOWN_IDS) | st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)
    )
    put(tree, path, value)
    return f"{path} = {value[:40]!r}"


def m_duplicate_list(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree, list)
    if path is None:
        return "no list"
    items = get(tree, path)
    times = draw(st.sampled_from([2, 3, 20]))
    put(tree, path, [copy.deepcopy(item) for _ in range(times) for item in items])
    return f"{path} × {times}"


def m_huge_string(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree, str) or _pick_path(draw, tree)
    if path is None:
        return "nothing"
    value = draw(st.sampled_from(HUGE_STRINGS))
    put(tree, path, value)
    return f"{path} = {len(value):,} characters"


def m_deep_nesting(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree)
    if path is None:
        return "nothing"
    depth = draw(st.sampled_from(DEPTHS))
    opening = "".join('{"n": ' if level % 2 else "[" for level in range(depth))
    closing = "".join("}" if level % 2 else "]" for level in reversed(range(depth)))
    put(tree, path, Raw(opening + "1" + closing))
    return f"{path} nested {depth} deep"


def m_add_key(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree, dict)
    target = get(tree, path) if path is not None else tree
    key = draw(st.text(max_size=10))
    target[key] = copy.deepcopy(draw(json_values))
    return f"{path or ()} + {key!r}"


def m_replace_json(draw: Draw, tree: Any) -> str:
    path = _pick_path(draw, tree)
    if path is None:
        return "nothing"
    put(tree, path, draw(json_values))
    return f"{path} = arbitrary"


BROKEN_ESCAPES = [r'"\ud800"', r'"a\udc00b"', r'"\ud83d\ude00"', r'"\ud83d"', r'"\u0000"']


def m_broken_escape(draw: Draw, tree: Any) -> str:
    """A string with half a surrogate pair, as another program's JSON may write it."""
    path = _pick_path(draw, tree, str) or _pick_path(draw, tree)
    if path is None:
        return "nothing"
    token = draw(st.sampled_from(BROKEN_ESCAPES))
    put(tree, path, Raw(token))
    return f"{path} = {token}"


TREE_MUTATIONS: list[Callable[[Draw, Any], str]] = [
    m_drop_key,
    m_swap_type,
    m_absurd_number,
    m_nan_like,
    m_unknown_id,
    m_duplicate_list,
    m_huge_string,
    m_deep_nesting,
    m_add_key,
    m_replace_json,
    m_broken_escape,
]


def b_bad_utf8(draw: Draw, data: bytes) -> tuple[bytes, str]:
    at = draw(st.integers(0, len(data)))
    bad = draw(st.sampled_from(BAD_UTF8))
    return data[:at] + bad + data[at:], f"{bad!r} at byte {at}"


def b_truncate(draw: Draw, data: bytes) -> tuple[bytes, str]:
    at = draw(st.integers(0, len(data)))
    return data[:at], f"cut at byte {at}"


def b_lose_byte(draw: Draw, data: bytes) -> tuple[bytes, str]:
    if not data:
        return data, "empty"
    at = draw(st.integers(0, len(data) - 1))
    return data[:at] + data[at + 1 :], f"byte {at} lost"


def b_insert_token(draw: Draw, data: bytes) -> tuple[bytes, str]:
    at = draw(st.integers(0, len(data)))
    token = draw(st.sampled_from([b"{", b"}", b"[", b"]", b'"', b",", b":", b"\\", b"\x00"]))
    return data[:at] + token + data[at:], f"{token!r} at byte {at}"


BYTE_MUTATIONS: list[Callable[[Draw, bytes], tuple[bytes, str]]] = [
    b_bad_utf8,
    b_truncate,
    b_lose_byte,
    b_insert_token,
]


class Case:
    """A damaged file; its repr (shown by hypothesis on a failure) says what was done."""

    def __init__(self, data: bytes, done: tuple[str, ...]) -> None:
        self.data = data
        self.done = done

    def __repr__(self) -> str:
        return f"Case({len(self.data):,} bytes: {'; '.join(self.done)})"


@st.composite
def mutated_files(draw: Draw, bases: list[Base]) -> Case:
    """A damaged file and the list of what was done to it (for the failure report)."""
    base = draw(st.sampled_from(bases))
    tree = json.loads(base.data)
    done = [base.name]
    for mutation in draw(st.lists(st.sampled_from(TREE_MUTATIONS), min_size=1, max_size=3)):
        done.append(mutation(draw, tree))
    data = dumps(tree, pretty=draw(st.integers(0, 3)) == 0)
    if draw(st.integers(0, 4)) == 0:
        byte_mutation = draw(st.sampled_from(BYTE_MUTATIONS))
        data, what = byte_mutation(draw, data)
        done.append(what)
    return Case(data, tuple(done))
