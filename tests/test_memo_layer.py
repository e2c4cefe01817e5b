"""The memo layer (``sheetapp/core/memo.py``): a declared memo's state is held by the
document (and the documents edits make from it), never by a module or a system object;
outside an evaluation nothing is reused."""

from __future__ import annotations

import copy
import pickle
import threading
from pathlib import Path

import pytest

from sheetapp.core.changes import Change, apply_to_document, apply_to_document_fully
from sheetapp.core.memo import ByValue, Latest, Memo, Memos, carry_memos, memos_of
from sheetapp.core.system import installed_systems
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.storage.files import load_document

EXAMPLE = (
    Path(__file__).parents[1] / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"
)
COUNTS: Memo[Latest[int]] = Memo("test:counts", "nothing", "a made-up memo for these tests", Latest)


def _document() -> object:
    return load_document(EXAMPLE, installed_systems()).document


def test_a_memo_within_a_documents_memos_is_its_state() -> None:
    document = _document()
    with memos_of(document) as memos:
        COUNTS.current().keep(3)
        assert COUNTS.current().get() == 3
        assert memos is document.memos  # type: ignore[attr-defined]
    assert "test:counts" in document.memos.used  # type: ignore[attr-defined]
    with memos_of(_document()):  # another document: its own state
        assert COUNTS.current().get() is None
    with memos_of(document):
        assert COUNTS.current().get() == 3


def test_outside_an_evaluation_nothing_is_kept() -> None:
    COUNTS.current().keep(5)
    assert COUNTS.current().get() is None


def test_an_object_that_holds_no_memos_gets_new_ones() -> None:
    with memos_of(object()) as memos:
        COUNTS.current().keep(1)
    assert memos.used == {"test:counts"}
    with memos_of(object()):
        assert COUNTS.current().get() is None


def test_two_memos_of_one_key_are_refused() -> None:
    twin: Memo[Latest[int]] = Memo("test:counts", "nothing", "the same key again", Latest)
    with memos_of(_document()):
        COUNTS.current()
        with pytest.raises(ValueError, match="test:counts"):
            twin.current()


def test_edits_keep_the_memos_and_copies_do_not() -> None:
    document = _document()
    memos = document.memos  # type: ignore[attr-defined]
    rating = document.character.skills[0].rating  # type: ignore[attr-defined]
    change = Change("set", ("character", "skills", 0, "rating"), rating, rating + 1)
    assert apply_to_document(document, [change]).memos is memos
    # the whole document set anew: validated again as a new document, still this one
    data = document.model_dump(mode="json")  # type: ignore[attr-defined]
    whole = apply_to_document(document, [Change("set", (), data, data)])
    assert whole is not document
    assert whole.memos is memos
    assert apply_to_document_fully(document, [change]).memos is not memos
    assert copy.copy(document).memos is memos
    assert copy.deepcopy(document).memos is not memos
    assert pickle.loads(pickle.dumps(document)).memos is not memos
    assert document.detached_copy().memos is not memos  # type: ignore[attr-defined]


def test_memos_are_not_part_of_a_documents_value() -> None:
    document = _document()
    with memos_of(document):
        COUNTS.current().keep(9)
    twin = document.detached_copy()  # type: ignore[attr-defined]
    assert twin == document
    assert Memos() == document.memos  # type: ignore[attr-defined]
    assert "memos" not in document.model_dump()  # type: ignore[attr-defined]


def test_carry_memos_hands_them_to_a_new_document() -> None:
    document = _document()
    made = document.detached_copy()  # type: ignore[attr-defined]
    assert carry_memos(document, made).memos is document.memos  # type: ignore[attr-defined]


def test_an_evaluation_runs_within_the_documents_memos() -> None:
    loaded = load_document(EXAMPLE, installed_systems())
    assert loaded.document.memos.used == frozenset()
    loaded.system.evaluate(loaded.document)
    used = loaded.document.memos.used
    assert used and all(key.startswith("twod10:") for key in used)


def test_by_value_keeps_the_most_recently_used() -> None:
    kept: ByValue[str] = ByValue(max_entries=2)
    kept.put("a", "A")
    kept.put("b", "B")
    assert kept.get("a") == "A"  # now the most recent
    kept.put("c", "C")
    assert kept.get("b") is None
    assert kept.get("a") == "A"
    assert kept.get_or_make("d", lambda: "D") == "D"
    assert len(kept) == 2
    kept.clear()
    assert len(kept) == 0


def test_one_state_per_document_across_threads() -> None:
    document = _document()
    memo: Memo[IdentityMemo[int]] = Memo("test:threads", "nothing", "a test", IdentityMemo)
    seen: list[IdentityMemo[int]] = []

    def read() -> None:
        with memos_of(document):
            seen.append(memo.current())

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 8
    assert all(state is seen[0] for state in seen)
