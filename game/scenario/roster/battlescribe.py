"""BattleScribe rosters: ``.ros`` (XML) and ``.rosz`` (the same XML in a zip).

Hostile files are refused before they cost anything: a ``.rosz`` must be a zip of at most
:data:`MAX_ZIP_MEMBERS` members, of which only the one ``.ros`` member is read, through a
stream that stops at :data:`MAX_UNZIPPED_BYTES` (a zip bomb stops there), and no member name is
ever used as a path (nothing is written). The XML may not declare a DOCTYPE or entities (no
entity expansion), and is read as a stream that stops past :data:`MAX_NESTING` levels or
:data:`MAX_XML_ELEMENTS` elements.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
import zlib

from game.core.roster import ArmyList
from game.scenario.problems import FileError
from game.scenario.roster.limits import (
    MAX_NESTING,
    MAX_UNZIPPED_BYTES,
    MAX_XML_ELEMENTS,
    MAX_ZIP_MEMBERS,
)
from game.scenario.roster.selections import Node, army_list

FORMAT = "BattleScribe roster"


def parse_rosz(raw: bytes, file: str) -> ArmyList:
    """The list of a zipped roster (see the module docstring for the limits)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = archive.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise FileError.one(file, f"the .rosz holds more than {MAX_ZIP_MEMBERS} files")
            rosters = [m for m in members if m.filename.lower().endswith(".ros")
                       and not m.is_dir()]
            if len(rosters) != 1:
                raise FileError.one(file, "a .rosz holds exactly one .ros roster; this one "
                                    f"holds {len(rosters)}")
            member = rosters[0]
            if member.file_size > MAX_UNZIPPED_BYTES:
                raise FileError.one(file, "the roster inside is larger than the limit of "
                                    f"{MAX_UNZIPPED_BYTES:,} bytes")
            with archive.open(member) as stream:
                xml = stream.read(MAX_UNZIPPED_BYTES + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            OSError, RuntimeError, ValueError, zlib.error) as exc:
        raise FileError.one(file, f"not a readable .rosz zip ({_brief(exc)})") from None
    if len(xml) > MAX_UNZIPPED_BYTES:
        raise FileError.one(file, "the roster inside is larger than the limit of "
                            f"{MAX_UNZIPPED_BYTES:,} bytes")
    return parse_ros(xml, file)


def parse_ros(raw: bytes, file: str) -> ArmyList:
    """The list of a roster's XML."""
    head = raw[:4096].upper()
    if b"<!DOCTYPE" in head or b"<!ENTITY" in raw.upper():
        raise FileError.one(file, "the roster declares a DOCTYPE or entities; a BattleScribe "
                            "roster has none")
    root = _tree(raw, file)
    if _local(root.tag) != "roster":
        raise FileError.one(file, f"not a BattleScribe roster (its root is {_local(root.tag)!r})")
    forces = []
    for force in _children(root, "forces", "force"):
        forces.append((force.get("catalogueName", "") or force.get("name", ""),
                       [_node(s) for s in _children(force, "selections", "selection")]))
    return army_list(forces, FORMAT, file, root.get("name", ""))


def _tree(raw: bytes, file: str) -> ET.Element:
    """The XML's root, read as a stream with the nesting and element limits."""
    depth = count = 0
    root: ET.Element | None = None
    try:
        for event, elem in ET.iterparse(io.BytesIO(raw), events=("start", "end")):
            if event == "start":
                depth += 1
                count += 1
                root = elem if root is None else root
                if depth > MAX_NESTING:
                    raise FileError.one(file, f"the roster is nested deeper than {MAX_NESTING}")
                if count > MAX_XML_ELEMENTS:
                    raise FileError.one(file, f"the roster has more than {MAX_XML_ELEMENTS:,} "
                                        "elements")
            else:
                depth -= 1
    except ET.ParseError as exc:
        raise FileError.one(file, f"the roster is not well-formed XML ({exc})") from None
    except (LookupError, ValueError) as exc:  # the declared encoding: unknown, or not a text one
        raise FileError.one(file, "the roster's XML declaration names an encoding Warbench "
                            f"cannot read ({exc}); BattleScribe writes UTF-8") from None
    if root is None:
        raise FileError.one(file, "the roster is empty")
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(elem: ET.Element, holder: str, item: str) -> list[ET.Element]:
    out: list[ET.Element] = []
    for box in elem:
        if _local(box.tag) == holder:
            out.extend(c for c in box if _local(c.tag) == item)
    return out


def _node(elem: ET.Element) -> Node:
    """A selection and everything below it (the depth is bounded by the reader)."""
    primary = next((c.get("name", "") for c in _children(elem, "categories", "category")
                    if c.get("primary") == "true"), "")
    notes = " ".join(c.text or "" for c in elem if _local(c.tag) == "customNotes")
    return Node(elem.get("name", ""), elem.get("type", ""), _number(elem.get("number")),
                elem.get("customName", ""), notes, primary,
                [_node(c) for c in _children(elem, "selections", "selection")])


def _number(text: str | None) -> int:
    try:
        value = int(float(text or "1"))
    except (ValueError, OverflowError):
        return 1
    return max(0, min(value, 1000))


def _brief(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
