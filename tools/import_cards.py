"""Import the 52 card faces from the npm package @letele/playing-cards into assets/cards/.

The package (CC0-1.0) wraps Adrian Kennard's public-domain SVG deck as React components in
one JavaScript file. This script:

1. gets the package tarball (``npm pack @letele/playing-cards`` in a temporary folder, or a
   tarball given with ``--tarball``);
2. reads the ``React.createElement(...)`` trees of the card components out of the JS with a
   small parser for the subset of JavaScript that file uses;
3. rebuilds each card as plain SVG, inlining every ``<use>`` (nanosvg, which pygame-ce uses
   to load SVG, ignores ``<use>``/``<symbol>``, ``<text>`` and ``<pattern>``);
4. drops the QR-code path and the URL text of the Ace of Spades (nanosvg draws the former
   as a stray line), and starts the dashes of its big spade's outline half a dash along, so
   that the spade's tip (the path's first and last point, a cusp) lies inside a dash:
   nanosvg draws a dash that ends at that cusp as a line across the whole card at some
   sizes (182-251 px wide among them);
5. writes ``assets/cards/<rank><suit>.svg`` with ranks A 2-9 T J Q K and suits C D H S.

The jokers and the two backs of the package are not imported (the backs use patterns; the
game draws its own backs in game/view/card_art.py).

Usage: python tools/import_cards.py (--out DIR | --write-shipped) [--tarball PATH]

(``--write-shipped``: into the game's ``assets/cards/``, each file replaced whole.)
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools.arguments import input_file, output_folder, parser, shipped_output, write_output  # noqa: E402

PACKAGE = "@letele/playing-cards"
PACKAGE_VERSION = "0.1.0"
JS_MEMBER = "package/dist/index.esm.js"
SVG_NS = "http://www.w3.org/2000/svg"

RANKS = {"A": "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8"}
RANKS.update({"9": "9", "10": "T", "J": "J", "Q": "Q", "K": "K"})
SUITS = "CDHS"

# React prop names that differ from their SVG attribute names.
_RENAMED_PROPS = {"xlinkHref": "href", "className": None, "xmlnsXlink": None, "xmlns": None}
_DROPPED_TAGS = {"title", "text", "pattern"}


# --------------------------------------------------------------------------------------------
# A tiny tokenizer and parser for the React.createElement trees of the bundle.


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)


_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>/\*.*?\*/)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)
  | (?P<ident>[A-Za-z_$][\w$]*)
  | (?P<punct>\.\.\.|=>|[(){}\[\],:?.;=\-+])
    """,
    re.VERBOSE | re.DOTALL,
)


def _tokenize(text: str) -> list[tuple[str, str]]:
    tokens = []
    pos = 0
    while pos < len(text):
        match = _TOKEN_RE.match(text, pos)
        if match is None:
            raise ValueError(f"cannot tokenize JS at {pos}: {text[pos : pos + 40]!r}")
        pos = match.end()
        kind = match.lastgroup
        if kind in ("ws", "comment"):
            continue
        tokens.append((kind, match.group()))
    return tokens


class _Parser:
    """Parses the expression after ``return`` in one component: nested createElement calls."""

    def __init__(self, tokens: list[tuple[str, str]]):
        self.tokens = tokens
        self.pos = 0

    def peek(self, offset: int = 0) -> tuple[str, str]:
        return self.tokens[self.pos + offset]

    def take(self, value: str | None = None) -> str:
        kind, text = self.tokens[self.pos]
        if value is not None and text != value:
            raise ValueError(f"expected {value!r}, got {text!r} at token {self.pos}")
        self.pos += 1
        return text

    def expression(self):
        value = self.primary()
        if self.peek()[1] == "?":  # `title ? <title/> : null`: never rendered
            self.take("?")
            self.expression()
            self.take(":")
            self.expression()
            return None
        return value

    def primary(self):
        kind, text = self.peek()
        if kind == "string":
            self.take()
            return _unquote(text)
        if kind == "number":
            self.take()
            return text
        if text == "-":
            self.take()
            return "-" + self.take()
        if text == "{":
            return self.object_literal()
        if kind == "ident":
            if text == "React" and self.peek(2)[1] == "createElement":
                return self.create_element()
            if text == "_extends":
                self.take()
                self.take("(")
                props = self.expression()
                self.take(",")
                self.expression()  # the spread `props` of the component
                self.take(")")
                return props
            self.take()
            return None  # `null`, `titleId`, `props`: nothing to keep
        raise ValueError(f"unexpected token {text!r} at {self.pos}")

    def object_literal(self) -> dict:
        self.take("{")
        result = {}
        while self.peek()[1] != "}":
            kind, key = self.peek()
            self.take()
            if kind == "string":
                key = _unquote(key)
            self.take(":")
            value = self.expression()
            if value is not None:
                result[key] = value
            if self.peek()[1] == ",":
                self.take(",")
        self.take("}")
        return result

    def create_element(self) -> Node:
        self.take("React")
        self.take(".")
        self.take("createElement")
        self.take("(")
        tag = self.expression()
        props = {}
        children = []
        if self.peek()[1] == ",":
            self.take(",")
            props = self.expression() or {}
            while self.peek()[1] == ",":
                self.take(",")
                child = self.expression()
                if isinstance(child, Node):
                    children.append(child)
        self.take(")")
        attrs = {}
        for key, value in props.items():
            name = _RENAMED_PROPS.get(key, _kebab(key))
            if name is not None and not key.startswith("aria"):
                attrs[name] = str(value)
        return Node(tag, attrs, children)


def _unquote(literal: str) -> str:
    return re.sub(r"\\(.)", r"\1", literal[1:-1])


def _kebab(name: str) -> str:
    if name in ("viewBox", "preserveAspectRatio"):
        return name
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)


def parse_components(js: str) -> dict[str, Node]:
    """Every `const SvgXX = _ref => {... return <tree>; }` of the bundle, by component name."""
    components = {}
    for match in re.finditer(r"^const Svg(\w+) = _ref => \{", js, re.MULTILINE):
        start = js.index("return", match.end()) + len("return")
        end = js.index("\n};", start)
        tokens = _tokenize(js[start:end])
        parser = _Parser(tokens)
        tree = parser.expression()
        if not isinstance(tree, Node) or tree.tag != "svg":
            raise ValueError(f"component {match.group(1)} did not parse to an <svg>")
        components[match.group(1)] = tree
    return components


# --------------------------------------------------------------------------------------------
# Inlining <use>.


def _nums(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text)]


def _fmt(value: float) -> str:
    text = f"{value:.6g}"
    return "0" if text == "-0" else text


def _viewbox_transform(symbol: Node, width: float, height: float) -> str:
    """The transform mapping a <symbol>'s viewBox onto a (width, height) viewport at 0,0."""
    vx, vy, vw, vh = _nums(symbol.attrs["viewBox"])
    align = symbol.attrs.get("preserveAspectRatio", "xMidYMid meet").split()
    sx, sy = width / vw, height / vh
    tx = ty = 0.0
    if align[0] != "none":
        slice_ = len(align) > 1 and align[1] == "slice"
        sx = sy = max(sx, sy) if slice_ else min(sx, sy)
        extra_x, extra_y = width - vw * sx, height - vh * sy
        tx = {"xMin": 0.0, "xMid": extra_x / 2, "xMax": extra_x}[align[0][:4]]
        ty = {"YMin": 0.0, "YMid": extra_y / 2, "YMax": extra_y}[align[0][4:]]
    tx, ty = tx - vx * sx, ty - vy * sy
    shift = f"translate({_fmt(tx)} {_fmt(ty)}) " if abs(tx) > 1e-9 or abs(ty) > 1e-9 else ""
    return f"{shift}scale({_fmt(sx)} {_fmt(sy)})"


def _collect_ids(node: Node, table: dict[str, Node]) -> None:
    if "id" in node.attrs:
        table[node.attrs["id"]] = node
    for child in node.children:
        _collect_ids(child, table)


def _inline(node: Node, ids: dict[str, Node], depth: int = 0) -> Node | None:
    """A copy of `node` with <use> replaced by groups, and no defs, ids or ignored tags."""
    if depth > 20:
        raise ValueError("<use> nesting too deep (a reference cycle?)")
    if node.tag in _DROPPED_TAGS or node.tag == "defs":
        return None
    if node.tag == "use":
        return _expand_use(node, ids, depth)
    dropped = ("id", "viewBox", "preserveAspectRatio") if node.tag == "symbol" else ("id",)
    attrs = {k: v for k, v in node.attrs.items() if k not in dropped}
    copy = Node("g" if node.tag == "symbol" else node.tag, attrs)
    for child in node.children:
        inlined = _inline(child, ids, depth + 1)
        if inlined is not None:
            copy.children.append(inlined)
    return copy


def _expand_use(use: Node, ids: dict[str, Node], depth: int) -> Node:
    attrs = dict(use.attrs)
    target = ids[attrs.pop("href").lstrip("#")]
    x = float(attrs.pop("x", 0))
    y = float(attrs.pop("y", 0))
    width = attrs.pop("width", None)
    height = attrs.pop("height", None)
    transforms = []
    if "transform" in attrs:
        transforms.append(attrs.pop("transform"))
    if x or y:
        transforms.append(f"translate({_fmt(x)} {_fmt(y)})")
    group = Node("g", attrs)
    content = _inline(target, ids, depth + 1)
    if target.tag == "symbol":
        # A <use> of a symbol without a size gets 100%: nothing here relies on that.
        if width is None or height is None:
            raise ValueError(f"<use> of symbol {target.attrs.get('id')} without a size")
        transforms.append(_viewbox_transform(target, float(width), float(height)))
    if transforms:
        group.attrs["transform"] = " ".join(transforms)
    group.children.append(content)
    return _flatten(group)


def _flatten(group: Node) -> Node:
    """Merge a group whose only child is an attribute-less group (fewer nesting levels)."""
    if len(group.children) == 1:
        child = group.children[0]
        if child.tag == "g" and not child.attrs:
            group.children = child.children
    return group


# --------------------------------------------------------------------------------------------
# Card-specific fixes and output.


def _fix_ace_of_spades(svg: Node) -> None:
    """Remove the QR code (a white many-segment path drawn on the big spade), and move the
    dashes of the outline off the path's first point (see the module text)."""
    dashed = [child for child in svg.children if "stroke-dasharray" in child.attrs]
    if len(dashed) != 1:
        raise ValueError("Ace of Spades: expected exactly one dashed outline")
    dashed[0].attrs["stroke-dashoffset"] = "50"
    kept = []
    for child in svg.children:
        is_qr = (
            child.tag == "path"
            and child.attrs.get("fill", "").lower() in ("#fff", "#ffffff", "white")
            and len(child.attrs.get("d", "")) > 500
        )
        if not is_qr:
            kept.append(child)
    if len(kept) != len(svg.children) - 1:
        raise ValueError("Ace of Spades: expected exactly one QR-code path to remove")
    svg.children = kept


def _to_element(node: Node) -> ET.Element:
    element = ET.Element(node.tag, node.attrs)
    for child in node.children:
        element.append(_to_element(child))
    return element


def card_svg(tree: Node, code: str) -> str:
    ids: dict[str, Node] = {}
    _collect_ids(tree, ids)
    flat = _inline(tree, ids)
    assert flat is not None
    if code == "AS":
        _fix_ace_of_spades(flat)
    flat.attrs = {
        "xmlns": SVG_NS,
        "width": flat.attrs.get("width", "240"),
        "height": flat.attrs.get("height", "336"),
        "viewBox": flat.attrs["viewBox"],
        "preserveAspectRatio": flat.attrs.get("preserveAspectRatio", "none"),
    }
    element = _to_element(flat)
    ET.indent(element, space="")
    body = ET.tostring(element, encoding="unicode")
    body = body.replace(' xmlns:ns0="http://www.w3.org/2000/svg"', "")
    header = (
        f"<!-- {code}: from the npm package {PACKAGE} {PACKAGE_VERSION} (CC0-1.0), "
        "Adrian Kennard's public-domain deck; <use> inlined by tools/import_cards.py -->\n"
    )
    return header + body + "\n"


def fetch_tarball(folder: Path) -> Path:
    subprocess.run(
        ["npm", "pack", f"{PACKAGE}@{PACKAGE_VERSION}", "--silent"],
        cwd=folder,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return next(folder.glob("*.tgz"))


def read_bundle(tarball: Path) -> str:
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(JS_MEMBER)
        if member is None:
            raise FileNotFoundError(f"{JS_MEMBER} not in {tarball}")
        return io.TextIOWrapper(member, encoding="utf-8").read()


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--tarball", type=input_file, help="an already downloaded package tarball")
    shipped_output(ap, ROOT / "assets" / "cards", kind=output_folder)
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        tarball = args.tarball or fetch_tarball(Path(tmp))
        js = read_bundle(tarball)
    components = parse_components(js)

    written = 0
    for suit in SUITS:
        for js_rank, rank in RANKS.items():
            name = f"{suit}{js_rank}"
            code = f"{rank}{suit}"
            svg = card_svg(components[name], code)
            write_output(args.out / f"{code}.svg", svg)
            written += 1
    print(f"wrote {written} card faces to {args.out}")
    return 0 if written == 52 else 1


if __name__ == "__main__":
    sys.exit(main())
