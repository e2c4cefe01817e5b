"""The PyInstaller one-folder application builds and passes the smoke test (issue 10).

Builds into a temporary folder with packaging/sheetapp.spec, then runs
packaging/smoke_test.py on it: --version, systems, new, validate, examples,
export-pdf from a folder outside the source tree, and the window opened offscreen
and closed; then every system's examples validated and printed, and the window opened
on each system's first (issue 38). The folder holds none of what the application never
loads (issue 38: the type checker, hypothesis, Qt Quick/Qml/VirtualKeyboard), and its
ICU data library is the trimmed one wherever icupkg and gcc are installed
(packaging/trim_icu.py), answering Qt's collation, converters, case mapping and time
zones as PySide6's own does. A few minutes; marked slow. The trimming's pieces are
checked quickly here too.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from sheetapp.core.system import SystemRegistry

ROOT = Path(__file__).resolve().parents[1]
PYSIDE_LIBRARIES = Path(sysconfig.get_paths()["purelib"]) / "PySide6" / "Qt" / "lib"


def trim_icu() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trim_icu", ROOT / "packaging" / "trim_icu.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pyside_icu_data() -> Path:
    found = sorted(PYSIDE_LIBRARIES.glob("libicudata.so.*"))
    if not found:
        pytest.skip("this PySide6 ships no ICU data library (Qt uses the system's ICU here)")
    return found[0]


def can_trim() -> bool:
    """Whether this machine has what trimming ICU's data needs (else the build keeps
    PySide6's whole library, and says so)."""
    tools = ("icupkg", "gcc")
    return sys.platform.startswith("linux") and all(
        shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin") for name in tools
    )


#: what Qt Core asks ICU for, printed: collation (German, Swedish, Japanese tailorings,
#: numeric mode), a converter Qt has no built-in codec for (Shift_JIS, through an HTML
#: charset), case mapping (Turkish dotted I) and the time-zone IDs
PROBE = """
import functools, importlib
QtCore = importlib.import_module("PySide6.QtCore")
names = ["Zoë", "zebra", "Ábel", "abel", "Ärger", "apfel", "file10", "file2", "日本", "עברית"]
for locale in ("de_DE", "sv_SE", "ja_JP"):
    collator = QtCore.QCollator(QtCore.QLocale(locale))
    collator.setNumericMode(True)
    print(locale, sorted(names, key=functools.cmp_to_key(collator.compare)))
mime = QtCore.QMimeData()
mime.setData("text/html", QtCore.QByteArray(b'<meta charset="Shift_JIS">' + bytes([0x82, 0xA0])))
print(ascii(mime.html()[-1:]), QtCore.QStringDecoder("Shift_JIS").isValid())
print(QtCore.QLocale("tr_TR").toUpper("istanbul"))
print(len(QtCore.QTimeZone.availableTimeZoneIds()))
maps = open("/proc/self/maps", encoding="utf-8").read().split()
print(next(path for path in maps if "libicudata" in path))
"""


def probe(library_folder: Path | None) -> tuple[str, Path]:
    """The probe's answers with Qt loading ICU from ``library_folder`` (PySide6's own
    libraries when None), and the ICU data library it loaded."""
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    if library_folder is not None:
        env["LD_LIBRARY_PATH"] = str(library_folder)
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False, env=env,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "U_" not in result.stderr and "ICU" not in result.stderr, result.stderr
    answers, loaded = result.stdout.rstrip("\n").rsplit("\n", 1)
    return answers, Path(loaded)


def test_trimming_removes_only_what_qt_never_reaches() -> None:
    """Every tree the module names goes, with the zone names of other languages; what
    Qt's converters, collation and time zones read stays."""
    module = trim_icu()
    items = [
        "brkitr/char.brk", "brkitr/cjdict.dict", "translit/root.res", "rbnf/de.res",
        "unit/de.res", "curr/de.res", "lang/de.res", "region/de.res", "rfc3491.spp",
        "confusables.cfu", "uts46.nrm", "zone/de.res", "zone/ja.res",
        "zone/root.res", "zone/pool.res", "zone/en.res", "zone/en_GB.res", "coll/de.res",
        "coll/ucadata.icu", "cnvalias.icu", "ibm-943_P15A-2003.cnv", "de.res", "root.res",
        "zoneinfo64.res", "metaZones.res", "unames.icu", "nfkc.nrm",
    ]  # fmt: skip
    removed = module.removed_items(items)
    assert removed == items[:13]
    assert not set(removed) & set(module.REQUIRED_ITEMS)


def test_the_build_keeps_the_whole_library_when_a_tool_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = trim_icu()
    library = pyside_icu_data()
    monkeypatch.setattr(module.shutil, "which", lambda *args, **kwargs: None)
    entries = [(f"PySide6/Qt/lib/{library.name}", str(library), "BINARY")]
    assert module.trim_binaries(entries, tmp_path) == entries
    said = capsys.readouterr().out
    assert "[icu] kept ICU's whole data library libicudata" in said
    assert "icupkg is not installed" in said


def test_the_package_is_read_from_the_library_symbol() -> None:
    """The package inside PySide6's library, found through the ELF symbol table, is an
    ICU common-data package with Qt's collation and converters in it."""
    module = trim_icu()
    library = pyside_icu_data()
    major = library.name.rsplit(".", 1)[1]
    package, align = module.package_of(library, major)
    items = module.package_items(package)
    assert align >= 16
    assert set(module.REQUIRED_ITEMS) <= set(items)
    assert any(item.startswith("brkitr/") for item in items)
    assert not module.is_trimmed(library)


@pytest.mark.slow
def test_built_application_passes_the_smoke_test(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is part of the dev extras")
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run(
        [
            sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist),
            "--workpath", str(work), str(ROOT / "packaging" / "sheetapp.spec"),
        ],
        capture_output=True, text=True, check=False, cwd=tmp_path, timeout=900,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr[-4000:]
    smoke = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "smoke_test.py"), str(dist / "sheetapp")],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "window opened and closed" in smoke.stdout
    for system_id in SystemRegistry.from_entry_points().ids():
        assert f"[smoke] ok: {system_id}: " in smoke.stdout, smoke.stdout
    assert "[smoke] size of " in smoke.stdout
    assert "[smoke] ICU data library: " in smoke.stdout
    never_loaded = ("hypothesis", "mypy", "ast_serialize", "libQt6Quick", "libQt6Qml")
    bundled = {path.name.split(".")[0] for path in (dist / "sheetapp").rglob("*")}
    assert not bundled & set(never_loaded), sorted(bundled & set(never_loaded))
    assert not any(name.startswith("libQt6VirtualKeyboard") for name in bundled)
    sizes = ("[icu]", "[smoke] ICU", "[smoke] size")
    said = [*build.stdout.splitlines(), *smoke.stdout.splitlines()]
    print(*[line for line in said if line.startswith(sizes)], sep="\n")
    check_icu_data(dist / "sheetapp", build.stdout)


def check_icu_data(app: Path, build_output: str) -> None:
    """The bundled ICU data library is the trimmed one where trimming is possible, and
    answers what Qt asks of ICU exactly as PySide6's whole library does."""
    module = trim_icu()
    bundled = [p for p in app.rglob("libicudata.so.*") if p.is_file() and not p.is_symlink()]
    if not bundled:
        assert "[icu]" not in build_output  # Qt uses the system's ICU on this platform
        return
    library, original = bundled[0], pyside_icu_data()
    if not can_trim():
        assert "[icu] kept ICU's whole data library" in build_output, build_output
        assert not module.is_trimmed(library)
        return
    assert "[icu] ICU data trimmed: " in build_output, build_output
    assert module.is_trimmed(library)
    assert library.stat().st_size < original.stat().st_size / 2
    major = library.name.rsplit(".", 1)[1]
    items = module.package_items(module.package_of(library, major)[0])
    assert set(module.REQUIRED_ITEMS) <= set(items)
    assert not module.removed_items(items)
    trimmed_answers, loaded = probe(library.parent)
    assert loaded.resolve() == library.resolve()
    whole_answers, loaded = probe(None)
    assert loaded.resolve() == original.resolve()
    assert trimmed_answers == whole_answers
