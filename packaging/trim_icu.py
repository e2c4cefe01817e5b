"""ICU's data, trimmed to what Qt can ask of it, for the one-folder build (issue 38).

PySide6 ships ICU with Qt Core; its data library (``libicudata.so.NN``, 32 MB of the
bundle's 157 MiB) holds one ICU data package (``icudtNNl.dat``) as the bytes of the
symbol ``icudtNN_dat``. In the bundle only ``libQt6Core`` calls ICU, and it calls three
ICU services (``nm -D --undefined-only libQt6Core.so.6``):

- converters (``ucnv_*``: QStringConverter/QStringDecoder for an encoding Qt has no
  built-in codec for): kept whole, with their alias table;
- collation (``ucol_*``: QCollator, which QFileSystemModel, hence the file dialog,
  sorts names with): kept whole, every locale's tailoring;
- time-zone display names (``ucal_open``, ``ucal_getTimeZoneDisplayName``,
  ``ucal_getCanonicalTimeZoneID``: QTimeZone::displayName, and Qt's time-zone IDs):
  the time-zone rules, meta-zones and the calendar's locale data are kept.

plus case mapping (``u_strToUpper``/``u_strToLower``), whose tables are compiled into
``libicuuc``. Removed, because nothing in the bundle can reach them:

- ``brkitr/``: break-iteration rules and the CJK/Thai/Lao/Khmer/Burmese dictionaries
  (``ubrk_*``; Qt finds grapheme, word and line boundaries with its own tables);
- ``translit/`` (transliterators), ``rbnf/`` (numbers spelled out), ``unit/`` (measure
  units), ``curr/`` (currency names): number and text formatting Qt does with its own
  CLDR data, never with ICU's formatters;
- ``lang/`` and ``region/``: language, script and country display names (QLocale has its
  own);
- StringPrep profiles (``*.spp``), UTS #46 IDNA (``uts46.nrm``) and the spoof checker's
  confusables (``confusables.cfu``): QUrl's IDNA is Qt's own, and Qt calls neither
  ``usprep_*``, ``uidna_*`` nor ``uspoof_*``;
- ``zone/`` time-zone display names in languages other than English (root, English,
  the pool every zone bundle shares, its index and the TZDB abbreviations stay): reached
  only through QTimeZone::displayName, which sheetapp never calls (it shows no time
  zone); there a German or Japanese name falls back along ICU's locale chain to the
  English name or the root's "GMT+01:00" form, never to an error.

``icupkg`` (Debian's icu-devtools) removes those items and refuses to write a package
one of whose items depends on a removed one; ``gcc`` assembles the package back into a
library exporting the same symbol with the same alignment and soname. When either tool
is missing, or anything here fails, the build keeps PySide6's library and says why.
Uses only the standard library.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from collections.abc import Sequence
from pathlib import Path

#: ICU's data library in PySide6's wheels
LIBRARY_NAME = re.compile(r"libicudata\.so\.(?P<major>\d+)$")
#: whole trees of the package nothing in the bundle reads (see the module's docstring)
REMOVED_TREES = ("brkitr/", "translit/", "rbnf/", "unit/", "curr/", "lang/", "region/")
#: single items of the package's root nothing in the bundle reads
REMOVED_SUFFIXES = (".spp", ".cfu")
REMOVED_ITEMS = ("uts46.nrm",)
#: the zone tree keeps these (and every English locale)
KEPT_ZONE_ITEMS = ("zone/root.res", "zone/pool.res", "zone/res_index.res", "zone/tzdbNames.res")
#: what Qt's converters, collation and time zones need: a trimmed package without one
#: of these is refused
REQUIRED_ITEMS = (
    "cnvalias.icu", "root.res", "res_index.res", "supplementalData.res", "likelySubtags.res",
    "metadata.res", "zoneinfo64.res", "metaZones.res", "timezoneTypes.res",
    "coll/root.res", "coll/ucadata.icu", "coll/de.res", "coll/ja.res", "coll/zh.res",
    "zone/root.res", "zone/en.res", "ibm-943_P15A-2003.cnv", "gb18030.cnv",
)  # fmt: skip
#: a tag in the trimmed library (after the data, in the same section, so stripping keeps
#: it): tells a trimmed bundle from another
TRIMMED_MARK = b"sheetapp: ICU data trimmed to what Qt uses"


class TrimUnavailable(Exception):
    """Trimming is not possible here; the reason is the message."""


def elf_symbol(library: Path, name: str) -> tuple[int, int, int]:
    """(file offset, size, section alignment) of the dynamic symbol ``name`` of a
    64-bit little-endian ELF shared library."""
    data = library.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise TrimUnavailable(f"{library.name} is not a 64-bit little-endian ELF library")
    shoff, = struct.unpack_from("<Q", data, 0x28)  # fmt: skip
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", data, shoff + index * shentsize) for index in range(shnum)
    ]
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, entsize in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strings = sections[link][4]
        for at in range(offset, offset + size, entsize):
            st_name, _, _, shndx, value, st_size = struct.unpack_from("<IBBHQQ", data, at)
            end = data.index(b"\0", strings + st_name)
            if data[strings + st_name : end].decode() == name and 0 < shndx < shnum:
                section = sections[shndx]
                return value - section[3] + section[4], st_size, max(section[8], 16)
    raise TrimUnavailable(f"{library.name} exports no {name}")


def package_of(library: Path, major: str) -> tuple[bytes, int]:
    """The ICU data package the library holds, and the alignment it is held with."""
    offset, size, align = elf_symbol(library, f"icudt{major}_dat")
    with library.open("rb") as stream:
        stream.seek(offset)
        package = stream.read(size)
    if len(package) != size or package[2:4] != b"\xda\x27" or package[12:16] != b"CmnD":
        raise TrimUnavailable(f"{library.name}'s icudt{major}_dat is not an ICU data package")
    return package, align


def package_items(package: bytes) -> list[str]:
    """The item names of an ICU common-data package, without the package's prefix
    (``coll/root.res``), as ``icupkg -l`` lists them."""
    header_size, = struct.unpack_from("<H", package, 0)  # fmt: skip
    count, = struct.unpack_from("<I", package, header_size)  # fmt: skip
    names = []
    for index in range(count):
        name_offset, _ = struct.unpack_from("<II", package, header_size + 4 + 8 * index)
        start = header_size + name_offset
        names.append(package[start : package.index(b"\0", start)].decode("ascii"))
    return [name.split("/", 1)[1] for name in names]


def removed_items(items: Sequence[str]) -> list[str]:
    """The items of the package Qt never reaches (the module's docstring says why)."""

    def removed(item: str) -> bool:
        if item.startswith(REMOVED_TREES) or item.endswith(REMOVED_SUFFIXES):
            return True
        if item.startswith("zone/"):
            english = item in ("zone/en.res",) or item.startswith("zone/en_")
            return not english and item not in KEPT_ZONE_ITEMS
        return item in REMOVED_ITEMS

    return [item for item in items if removed(item)]


ASSEMBLY = """\
\t.section .rodata
\t.balign {align}
\t.globl {symbol}
\t.type {symbol}, @object
{symbol}:
\t.incbin "{package}"
\t.size {symbol}, . - {symbol}
\t.section .comment
\t.string "{mark}"
\t.section .note.GNU-stack,"",@progbits
"""


def run(command: list[str], cwd: Path) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        said = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise TrimUnavailable(f"{Path(command[0]).name} failed: {' / '.join(said)}")


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin")
    if found is None:
        raise TrimUnavailable(f"{name} is not installed")
    return found


def trimmed_library(original: Path, work: Path) -> tuple[Path, int, int]:
    """A copy of ICU's data library ``original`` built in ``work`` without the items Qt
    never reaches; with the package sizes before and after."""
    match = LIBRARY_NAME.match(original.name)
    if match is None:
        raise TrimUnavailable(f"{original.name} is not ICU's data library")
    icupkg, gcc = tool("icupkg"), tool("gcc")
    major = match["major"]
    package, align = package_of(original, major)
    items = package_items(package)
    removed = removed_items(items)
    kept = set(items) - set(removed)
    if missing := [item for item in REQUIRED_ITEMS if item not in kept]:
        raise TrimUnavailable(f"the package lacks {', '.join(missing)}: an ICU this does not know")
    work.mkdir(parents=True, exist_ok=True)
    name = f"icudt{major}l"  # the package's own name: icupkg prefixes the items with it
    for folder in ("full", "trimmed"):
        shutil.rmtree(work / folder, ignore_errors=True)
        (work / folder).mkdir()
    (work / "full" / f"{name}.dat").write_bytes(package)
    (work / "removed.txt").write_text("\n".join(removed) + "\n", encoding="ascii")
    run([icupkg, "-tl", "-r", "removed.txt", f"full/{name}.dat", f"trimmed/{name}.dat"], work)
    shutil.rmtree(work / "full")
    trimmed_dir = work / "trimmed"
    trimmed = (trimmed_dir / f"{name}.dat").read_bytes()
    if sorted(package_items(trimmed)) != sorted(kept):
        raise TrimUnavailable("icupkg wrote a package with other items than asked")
    source = work / "icudata.S"
    source.write_text(
        ASSEMBLY.format(
            align=align, symbol=f"icudt{major}_dat", package=f"trimmed/{name}.dat",
            mark=TRIMMED_MARK.decode(),
        ),
        encoding="ascii",
    )  # fmt: skip
    library = work / original.name
    run(
        [gcc, "-shared", "-nostdlib", f"-Wl,-soname,{original.name}", "-Wl,-z,noexecstack",
         "-o", original.name, source.name],
        work,
    )  # fmt: skip
    rebuilt, _ = package_of(library, major)
    if rebuilt != trimmed:
        raise TrimUnavailable("the assembled library does not hold the trimmed package")
    return library, len(package), len(trimmed)


def is_trimmed(library: Path) -> bool:
    """Whether ``library`` is an ICU data library this module built."""
    return TRIMMED_MARK in library.read_bytes()


def trim_binaries(binaries: list[tuple[str, str, str]], work: Path) -> list[tuple[str, str, str]]:
    """PyInstaller's binaries with ICU's data library replaced by a trimmed copy built in
    ``work``; unchanged (and saying why) when it cannot be trimmed here. Never raises."""
    result = []
    for dest, original, kind in binaries:
        source = original
        if kind == "BINARY" and LIBRARY_NAME.match(Path(dest).name):
            try:
                library, before, after = trimmed_library(Path(original), work)
            except (TrimUnavailable, OSError, ValueError, struct.error) as exc:
                print(f"[icu] kept ICU's whole data library {Path(dest).name}: {exc}", flush=True)
            else:
                print(
                    f"[icu] ICU data trimmed: {before / 2**20:.1f} MiB -> {after / 2**20:.1f} MiB"
                    f" ({Path(dest).name})",
                    flush=True,
                )
                source = str(library)
        result.append((dest, source, kind))
    return result
