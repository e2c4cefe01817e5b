"""Reading an ``.hdc`` file without trusting it: a size cap before anything is parsed, and
the standard library's expat parser with every document type declaration refused, so
no entity can be declared (no "billion laughs"), none can name an outside file or
address (no external entity), and nothing is fetched. Hero Designer's files carry no
DTD, so refusing one loses nothing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, NoReturn
from xml.parsers import expat

#: Hero Designer files are tens to hundreds of kilobytes (a portrait included): a file
#: over this is refused before it is read into the parser
MAX_HDC_BYTES = 20 * 1024 * 1024


class HdcError(Exception):
    """A file that cannot be taken as a Hero Designer character, with the reason in the
    user's words."""


def _refuse_dtd(*_args: Any) -> NoReturn:
    raise HdcError(
        "the file declares a document type (DTD); Hero Designer files have none, and "
        "declared entities are refused for safety"
    )


def _refuse_entity(*_args: Any) -> NoReturn:
    raise HdcError("the file declares or uses an entity; that is refused for safety")


def parse_xml(data: bytes) -> ET.Element:
    """The root element of ``data``; raises :class:`HdcError` for anything unsafe or not
    well-formed XML."""
    if len(data) > MAX_HDC_BYTES:
        raise HdcError(
            f"the file is {len(data) / 1024 / 1024:.0f} MB; a Hero Designer character is "
            f"far smaller (at most {MAX_HDC_BYTES // 1024 // 1024} MB is read)"
        )
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_entity
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.ordered_attributes = False
    try:
        parser.Parse(data, True)
        return builder.close()
    except expat.ExpatError as exc:
        where = f" (line {exc.lineno}, column {exc.offset + 1})" if exc.lineno else ""
        raise HdcError(f"the file is not well-formed XML{where}") from None
    except AssertionError:  # the builder saw no element at all
        raise HdcError("the file holds no XML element") from None
    except (LookupError, ValueError) as exc:  # an encoding Python does not know
        raise HdcError(f"the file's text cannot be read ({exc})") from None
