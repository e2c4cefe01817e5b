"""``sheetapp import-hdc`` and ``sheetapp export-hdc`` (registered in ``sheetapp.cli``): X-Men
HERO characters in and out of Hero Designer files (``sheetapp.systems.hero_xmen.hdc``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO


def add_hdc_commands(commands: Any) -> None:
    imp = commands.add_parser(
        "import-hdc",
        help="make an X-Men HERO character from a Hero Designer (.hdc) file",
        description="Read a Hero Designer 5th Edition character and write it as an X-Men HERO "
        "character file. Every element that did not map as it was is listed in the report "
        "(printed, and written to --report FILE).",
    )
    imp.add_argument("file", type=Path, metavar="FILE.hdc")
    imp.add_argument("-o", "--output", required=True, type=Path, metavar="CHARACTER.json")
    imp.add_argument("--report", type=Path, metavar="FILE", help="also write the report there")
    imp.add_argument("--force", action="store_true", help="overwrite existing files")
    exp = commands.add_parser(
        "export-hdc",
        help="write an X-Men HERO character as a Hero Designer (.hdc) file",
    )
    exp.add_argument("file", type=Path, metavar="CHARACTER.json")
    exp.add_argument("-o", "--output", required=True, type=Path, metavar="FILE.hdc")
    exp.add_argument("--force", action="store_true", help="overwrite FILE.hdc if it exists")


def cmd_import_hdc(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.cli import EXIT_OK, CommandError, check_output, registry, write_output
    from sheetapp.storage.files import dump_document, parse_document
    from sheetapp.systems.hero_xmen.hdc.files import read_hdc
    from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError

    if args.output == Path("-") or args.report == Path("-"):
        raise CommandError("write the character and the report to files, not standard output")
    check_output(args.output, source=args.file, force=args.force)
    if args.report is not None:
        check_output(args.report, source=args.file, force=args.force)
        if args.report == args.output:
            raise CommandError("the report and the character need two different files")
    try:
        document, report = read_hdc(args.file)
    except HdcError as exc:
        raise CommandError(f"{args.file}: not imported: {exc}; nothing was written") from None
    data = dump_document(document)
    parse_document(data, registry(), source=str(args.output))  # the file it writes loads
    text = report.text()
    write_output(args.output, data)
    if args.report is not None:
        write_output(args.report, text.encode("utf-8"))
    out.write(text)
    print(f"Wrote {args.output}" + (f" and {args.report}" if args.report else ""), file=out)
    return EXIT_OK


def cmd_export_hdc(args: argparse.Namespace, out: TextIO) -> int:
    from sheetapp.cli import EXIT_OK, CommandError, check_output, load, write_output
    from sheetapp.systems.hero_xmen.hdc.files import hdc_bytes
    from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError

    check_output(args.output, source=args.file, force=args.force)
    loaded = load(args.file)
    try:
        data = hdc_bytes(loaded.document)
    except HdcError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    write_output(args.output, data)
    if args.output != Path("-"):
        print(f"Wrote {args.output}", file=out)
    return EXIT_OK
