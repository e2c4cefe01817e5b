"""Finding what people type in a picker: exact and prefix name matches first, then
everyday words (``resources/search_words.json``) and option names, then the rule text.

:func:`match_rank` is pure; the picker sorts by it and selects the best match, so typing
"area" and Enter adds Area, "tough" finds Toughness before Heal, "flight" finds Movement
(its Air option)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from pydantic import BaseModel, ConfigDict

from sheetapp.core.catalog import load_catalog
from sheetapp.editing.collections import PickEntry

_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
#: a price printed after an option's name ("Air 3", "Stand-Off +2")
_PRICE = re.compile(r"\s*[+\-−]?\d+(?:\s*GP)?\s*$")


class SearchWords(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    about: str = ""
    words: dict[str, tuple[str, ...]]


@cache
def search_words() -> dict[str, tuple[str, ...]]:
    """word of a name or option -> everyday words that find it."""
    loaded = load_catalog("search_words.json", SearchWords)
    return {
        key.casefold(): tuple(w.casefold() for w in words) for key, words in loaded.words.items()
    }


def words_of(text: str) -> list[str]:
    return [word.casefold() for word in _WORD.findall(text)]


def option_name(label: str) -> str:
    """ "Air 3" -> "Air"; "Stand-Off +2" -> "Stand-Off"."""
    return _PRICE.sub("", label).strip()


def keywords_for(name: str, options: Iterable[str] = ()) -> tuple[str, ...]:
    """The option names of an entry and the everyday words for its name and options."""
    names = [option_name(o) for o in options if option_name(o)]
    found: list[str] = list(names)
    synonyms = search_words()
    for word in words_of(name):
        found.extend(synonyms.get(word, ()))
    for option in names:  # "movement air": flight is Movement's Air, not Life Support's
        found.extend(synonyms.get(f"{name} {option}".casefold(), ()))
    return tuple(dict.fromkeys(found))


def match_rank(entry: PickEntry, query: str) -> int | None:
    """How well ``entry`` matches ``query`` (0 best) or None when it does not match.

    0 the exact name; 1 a name starting with the query; 2 every word starts a word of the
    name; 3 an exact option name or everyday word; 4 every word starts an option name or
    everyday word; 5 every word inside the name; 6 in the kind; 7 in the rule text."""
    text = " ".join(query.casefold().split())
    if not text:
        return 0
    words = text.split()
    name = entry.name.casefold()
    if name == text:
        return 0
    if name.startswith(text):
        return 1
    name_words = words_of(name)
    if all(any(n.startswith(w) for n in name_words) for w in words):
        return 2
    keywords = [k.casefold() for k in entry.keywords]
    if text in keywords:
        return 3
    keyword_words = words_of(" ".join(keywords))
    if all(any(k.startswith(w) for k in keyword_words) for w in words):
        return 4
    if all(w in name for w in words):
        return 5
    if all(w in f"{name} {entry.group.casefold()}" for w in words):
        return 6
    if all(w in entry.search_text() for w in words):
        return 7
    return None
