"""Make the other card-face styles from the standard faces in assets/cards/.

    python tools/make_faces.py (--out FOLDER | --write-shipped)

(``--write-shipped``: into the game's ``assets/faces/``, each file replaced whole.)

Writes three folders of 52 SVG faces each:

* ``large/``: a large-index face for small cards and squeezed piles. The corner index
  (rank over suit) becomes a band across the top of the card, the rank and the suit side
  by side at about three times the height, so the top eighth of a card in a fanned pile
  names it. The picture (pips or court figure) shrinks into the space below; the bottom
  index is the same band, turned round.
* ``four-colour/``: the standard faces with clubs green and diamonds blue (hearts stay
  red, spades black), as players with poor colour sight ask for. Only the indices and the
  suit symbols change colour; the court figures keep their colours.
* ``large-four-colour/``: both.

The faces are read as SVG (as tools/import_cards.py wrote them: each index is a group
with a known transform); nothing is drawn by hand. The game renders them with pygame's
nanosvg at the exact pixel size it needs, like the standard faces.
"""

from __future__ import annotations

import copy
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools.arguments import output_folder, parser, shipped_output, write_output  # noqa: E402

SOURCE = ROOT / "assets" / "cards"
NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", NS)

RANK_INDEX = "translate(-114.4 -156) translate(16 16) scale(0.032 0.032)"
SUIT_INDEX = "translate(-111.784 -119) translate(13.3845 13.3845) scale(0.0223075 0.0223075)"
# The large index: rank and suit side by side in a band across the top of the card.
LARGE_RANK = "translate(-102 -144) scale(0.042 0.042)"
LARGE_SUIT = "translate(-68 -144) scale(0.036 0.036)"
# The picture between the bands, a little smaller, about the card's centre.
PICTURE = "scale(0.85 0.85)"
FOUR_COLOURS = {"C": "#0b8a36", "D": "#1a4fd6"}


def tag(name: str) -> str:
    return f"{{{NS}}}{name}"


def is_index(element: ET.Element) -> bool:
    return element.tag == tag("g") and element.get("transform") in (RANK_INDEX, SUIT_INDEX)


def index_paths(svg: ET.Element) -> tuple[ET.Element, ET.Element]:
    """The rank glyph and the suit symbol of the top-left index."""
    groups = {g.get("transform"): g for g in svg.findall(tag("g")) if is_index(g)}
    return groups[RANK_INDEX].find(tag("path")), groups[SUIT_INDEX].find(tag("path"))


def large(svg: ET.Element) -> ET.Element:
    """The large-index version of a face."""
    rank, suit = index_paths(svg)
    out = ET.Element(tag("svg"), svg.attrib)
    card, *rest = list(svg)
    out.append(copy.deepcopy(card))  # the white card with its border
    picture = ET.SubElement(out, tag("g"), {"transform": PICTURE})
    for element in rest:
        kept = _without_indices(element)
        if kept is not None:
            picture.append(kept)
    for turn in ("", "rotate(180) "):
        band = ET.SubElement(out, tag("g"), {"transform": turn.strip()} if turn else {})
        for transform, path in ((LARGE_RANK, rank), (LARGE_SUIT, suit)):
            group = ET.SubElement(band, tag("g"), {"transform": transform})
            group.append(copy.deepcopy(path))
    return out


def _without_indices(element: ET.Element) -> ET.Element | None:
    if is_index(element):
        return None
    element = copy.deepcopy(element)
    for child in list(element):
        if is_index(child):
            element.remove(child)
    return element


def recoloured(svg: ET.Element, colour: str, source: ET.Element) -> ET.Element:
    """Indices and suit symbols in ``colour``: the symbols are the paths drawn with the
    index's own suit path, the rank is the index's stroked glyph (both as in ``source``,
    the standard face)."""
    rank, suit = index_paths(source)
    svg = copy.deepcopy(svg)
    for path in svg.iter(tag("path")):
        if path.get("d") == suit.get("d"):
            path.set("fill", colour)
        elif path.get("d") == rank.get("d") and path.get("stroke-width") == rank.get(
            "stroke-width"
        ):
            path.set("stroke", colour)
    return svg


def write(svg: ET.Element, path: Path, note: str) -> None:
    body = ET.tostring(svg, encoding="unicode")
    write_output(path, f"<!-- {note} -->\n{body}\n")


def main() -> None:
    ap = parser(__doc__)
    shipped_output(ap, ROOT / "assets" / "faces", kind=output_folder)
    out = ap.parse_args().out
    faces = sorted(SOURCE.glob("*.svg"))
    if len(faces) != 52:
        sys.exit(f"expected 52 faces in {SOURCE}, found {len(faces)}")
    for face in faces:
        code = face.stem
        svg = ET.parse(face).getroot()
        colour = FOUR_COLOURS.get(code[1])
        made_from = f"{code}: made by tools/make_faces.py from assets/cards/{face.name}"
        big = large(svg)
        write(big, out / "large" / face.name, made_from + " (large index)")
        four = recoloured(svg, colour, svg) if colour else svg
        write(four, out / "four-colour" / face.name, made_from + " (four colours)")
        both = recoloured(big, colour, svg) if colour else big
        write(both, out / "large-four-colour" / face.name, made_from + " (large, four colours)")
    print(f"{3 * len(faces)} faces written under {out}")


if __name__ == "__main__":
    main()
