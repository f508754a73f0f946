"""Solvitaire's language, for tools/crosscheck_solvitaire.py: our rules as its custom-rules
JSON (refused, naming the rule, where its vocabulary cannot say them exactly), our positions
as its deal JSON, its verdict, and the positions of its printed winning line in the form
``picture`` gives ours. Solvitaire itself is a binary the user builds; nothing of it is here.

Run as a script, it prints what Solvitaire would be given for a deal: the custom-rules JSON
of a variant's mode and the deal JSON (one line each), or names the rule it cannot say:

    python tools/solvitaire_io.py --variant klondike [--mode draw3] [--deal 5]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.cards import CODE  # noqa: E402
from game.engine.commands import Draw  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.rules import Rules  # noqa: E402
from game.engine.state import STOCK, WASTE  # noqa: E402
from game.files.formats import DEAL_NUMBER  # noqa: E402
from tools.arguments import parser, variant_rules, whole  # noqa: E402
from tools.deal_runs import RunError, worded  # noqa: E402

# Solvitaire's verdicts in this game's words.
VERDICT = {"solved": "won", "unsolvable": "unwinnable", "timed-out": "undecided"}
BUILD = {
    "down-alternate-colour": "red-black",
    "down-same-suit": "same-suit",
    "down-any-suit": "any-suit",
}
SPACES = {
    "king": "kings",
    "any": "any",
    "none": "no-build",
    "from-reserve": "auto-reserve-then-any",
}


class Unsayable(RunError):
    """A rule of ours that Solvitaire's vocabulary cannot say exactly."""


def _rule(rules: Rules, name: str, default):
    return getattr(rules, name, default)  # rules of the family's wider vocabulary, if present


# Where Solvitaire's game and ours differ in a way its vocabulary cannot close, one of the
# two games allows every move of the other and more; a check still holds one way.
THEIRS_STRICTER = "theirs-stricter"  # each of its moves is one of ours: its wins are ours
THEIRS_LOOSER = "theirs-looser"  # each of our moves is one of its: our wins are its


def their_rules(rules: Rules) -> dict:
    """Solvitaire's custom-rules JSON for ``rules``; Unsayable for anything it cannot say.

    Its vocabulary: the tableau builds down (its build policies), an empty pile takes a
    King, anything, nothing, or is filled from a stacked reserve; ``move built group: yes``
    moves any built run (in suit only with ``move built group policy: same-suit``), ``no``
    one card at a time; free cells, some filled by the deal; foundations build up in suit,
    wrapping from the base card, or take only a whole pile that is one suit's run
    (``complete piles``); the stock deals ``deal count`` cards to the waste, or one to each
    tableau pile, or turns onto a hole that builds up or down (Golf), and is redealt without
    limit or never. Which cards lie face down comes with each deal.

    A run moved as far as free cells and empty piles would let it move card by card (our
    ``move_limit``) is said as single-card moves: both reach the same positions. Where the
    two games still differ, ``how_they_differ`` says how."""
    say = {}
    name = f"{rules.variant} {rules.mode}"

    def refuse(what: str) -> None:
        raise Unsayable(f"{name}: Solvitaire cannot say {what}")

    build = BUILD.get(str(rules.build))
    spaces = SPACES.get(str(rules.empty_accepts))
    hole = str(_rule(rules, "waste_builds", "none")) != "none"
    if build is None and not hole:
        refuse(f"a tableau that builds {rules.build}")
    if spaces is None:
        refuse(f"an empty pile that takes {rules.empty_accepts}")
    runs = str(_rule(rules, "runs", "built"))
    if runs not in ("built", "in-suit"):
        refuse(f"runs that move as {runs} (its groups move only as built)")
    if _rule(rules, "tableau_wrap", False):
        refuse("a tableau that wraps King on Ace (its tableau wraps only at the foundation base)")
    if _rule(rules, "fill_empty_first", False):
        refuse("that empty piles must be filled before a deal (try --without fill_empty_first)")
    suits = _rule(rules, "suits", "CDHS")
    if sorted(suits) != sorted("CDHS"):
        refuse(
            f"a deck of {len(suits)} suit(s) (each of its foundations takes one suit of"
            " every deck: the games it wins have all four)"
        )
    goal = str(_rule(rules, "goal", "foundations"))
    if goal == "foundations-or-tableau-runs":
        # Spider's second way changes no verdict: from every run left in the tableau, each
        # run may still go up, so a deal won one way is won the other.
        goal = "foundations"
    if goal not in ("foundations", "tableau-cleared"):
        refuse(f"a game won by {goal} (it wins with every card on the foundations or the hole)")
    if str(_rule(rules, "foundation_direction", "up")) != "up":
        refuse("foundations that build down")
    if _rule(rules, "face_down", ()) and str(rules.face_up) == "all":
        refuse("face-down cards dealt in rows of their own")
    if hole:
        if goal != "tableau-cleared" or rules.foundations or rules.redeals not in (None, 0):
            refuse("a waste that builds while foundations or redeals are in play")
    elif rules.decks not in (1, 2) or rules.foundations != 4 * rules.decks:
        refuse(f"{rules.decks} decks with {rules.foundations} foundations")
    takes_runs = str(_rule(rules, "foundation_takes", "cards")) == "runs"
    if takes_runs and rules.cards_may_return:
        refuse("complete runs on the foundations that may come back")
    dealt_base = str(_rule(rules, "foundation_base", "ace")) != "ace"
    if dealt_base and rules.cards_may_return:
        refuse("foundation cards that come back while the dealt base card stays")
    if dealt_base and not _rule(rules, "foundation_wrap", False):
        refuse("foundations from a dealt base that do not wrap")
    if rules.redeals not in (None, 0):
        refuse(f"redeals limited to {rules.redeals} (it redeals without limit or never)")
    limited = str(_rule(rules, "move_limit", "none")) != "none"
    tableau = {"count": rules.tableau_piles, "build policy": build or "no-build"}
    tableau["spaces policy"] = spaces
    tableau["move built group"] = "yes" if rules.move_runs and not limited else "no"
    if runs == "in-suit" and rules.move_runs:
        if limited:
            refuse("runs in suit moved as far as free cells and empty piles allow")
        tableau["move built group policy"] = "same-suit"
    tableau["face up cards"] = "all" if str(rules.face_up) == "all" else "top"
    say["tableau piles"] = tableau
    if hole:
        say["foundations"] = {"present": False}
        say["hole"] = {"present": True, "base card": "random", "build loops": False}
    else:
        say["foundations"] = {"removable": rules.cards_may_return}
    if str(_rule(rules, "foundation_start", "empty")) == "aces":
        say["foundations"]["initial cards"] = "all"
    if dealt_base:
        say["foundations"].update({"initial cards": "one", "base card": "random"})
    cells, cell_deal = _rule(rules, "cells", 0), _rule(rules, "cell_deal", 0)
    if cells:
        say["cells"] = {"count": cells - cell_deal}  # the dealt ones: a reserve, below
    reserves, reserve_deal = _rule(rules, "reserves", 0), _rule(rules, "reserve_deal", 0)
    if reserves > 1 or (spaces == "auto-reserve-then-any") != (reserves == 1):
        refuse(f"{reserves} reserve piles filling empty piles {rules.empty_accepts}")
    if reserves and cell_deal:
        refuse("a reserve and cards dealt to the cells")
    if reserves:
        say["reserve"] = {"size": reserve_deal, "stacked": True}
    if cell_deal:
        # It takes cells all full or all empty: each dealt cell card is a reserve card of
        # its own (it moves to the tableau, a foundation or a cell; the cell it leaves is
        # not one more free cell there: how_they_differ).
        say["reserve"] = {"size": cell_deal, "stacked": False}
    stock_to = str(_rule(rules, "stock_to", "waste"))
    talon = len(new_game(rules, seed=1).state.piles[STOCK])  # what the deal leaves over
    stock = {"size": talon, "redeal": rules.redeals is None}
    if hole:
        stock = {"size": talon - 1, "deal type": "hole"}  # its hole starts with the first
    elif stock_to == "waste":
        stock.update({"deal type": "waste", "deal count": rules.draw})
    elif stock_to == "tableau":
        stock["deal type"] = "tableau piles"
    elif stock_to != "none":
        refuse(f"a stock that deals to the {stock_to}")
    say["stock"] = stock if stock_to != "none" else {"size": 0}
    say["two decks"] = rules.decks == 2
    return say


def how_they_differ(rules: Rules) -> tuple[str, str] | None:
    """None where Solvitaire plays ``rules`` exactly as said; else which game allows more
    (``THEIRS_STRICTER`` or ``THEIRS_LOOSER``) and the rules, in words. A contradiction
    then counts one way only: a deal the looser game proves lost that the stricter one
    wins. Unsayable where the games differ both ways."""
    looser, stricter = [], []
    if str(_rule(rules, "waste_builds", "none")) != "none":
        looser.append("its hole takes a Queen on a King; ours takes nothing on a King")
    if str(_rule(rules, "foundation_takes", "cards")) == "runs":
        # Its spider presets write "only complete pile moves", a key its rules parser
        # never reads; the one it reads, "complete piles", its rules schema refuses.
        looser.append(
            "its foundations take single cards up in suit from the Ace, ours only complete"
            " runs from King to Ace (which single cards can always follow)"
        )
    if _rule(rules, "deal_needs_every_pile", False):
        looser.append("its stock deals onto empty piles too; ours only when none is empty")
    if _rule(rules, "cell_deal", 0):
        stricter.append(
            "a card dealt to a cell is a reserve card there: the cell it leaves does not"
            " become free"
        )
    if looser and stricter:
        raise Unsayable(f"{rules.variant} {rules.mode}: it differs both ways")
    if looser:
        return THEIRS_LOOSER, "; ".join(looser)
    if stricter:
        return THEIRS_STRICTER, "; ".join(stricter)
    return None


def opening(rules: Rules, seed: int):
    """Deal ``seed`` as Solvitaire is given it, and our commands that lead there: in Golf
    the first stock card turned over (the only move there is), its hole's first card."""
    game = new_game(rules, seed=seed)
    if is_hole(rules) and not game.state.piles[WASTE]:
        game.execute(Draw())
        return game, [Draw()]
    return game, []


def is_hole(rules: Rules) -> bool:
    return str(getattr(rules, "waste_builds", "none")) != "none"


def _code(card: int, face_down: bool = False) -> str:
    text = CODE[card].replace("T", "10")
    return text[:-1] + text[-1].lower() if face_down else text  # lower case: face down


def their_deal(state, layout, rules: Rules | None = None) -> dict:
    """A position in Solvitaire's deal format: piles bottom to top, face-down cards with a
    lower-case suit, the stock's top card last; in Golf (``rules`` with a waste that
    builds) the waste's top card is its hole card. RunError for cells neither all full
    nor all empty, which it cannot take (but for those of ``their_rules``'s reserve)."""
    piles = state.piles
    deal = {
        "tableau piles": [
            [_code(c, k < state.down[t]) for k, c in enumerate(piles[t])]
            for t in layout.tableau_range
        ],
        "stock": [_code(c) for c in piles[STOCK]],
    }
    if rules is not None and str(_rule(rules, "waste_builds", "none")) != "none":
        if not piles[WASTE]:
            raise RunError("its hole needs a card: turn the first stock card over first")
        deal["hole"] = _code(piles[WASTE][-1])
    else:
        deal["waste"] = [_code(c) for c in piles[WASTE]]
    founded = [_code(c) for f in layout.foundation_range for c in piles[f]]
    if founded:
        deal["foundations"] = founded
    reserve_range = getattr(layout, "reserve_range", range(0))
    if len(reserve_range):
        deal["reserve"] = [_code(c) for r in reserve_range for c in piles[r]]
    cell_range = getattr(layout, "cell_range", range(0))
    in_cells = [_code(piles[c][-1]) for c in cell_range if piles[c]]
    dealt = _rule(rules, "cell_deal", 0) if rules is not None else 0
    if dealt and len(in_cells) <= dealt:
        deal["reserve"] = in_cells  # their_rules: the dealt cells are a reserve
    elif in_cells and len(in_cells) != len(cell_range):
        raise RunError(
            f"Solvitaire takes free cells all full or all empty; {len(in_cells)} of"
            f" {len(cell_range)} are full"
        )
    elif in_cells:
        deal["cells"] = in_cells
    return deal


# The longest printout of its winning line read back (some 300 bytes a position): its
# streamlined search may print a line of 190,000 positions, too long to follow here.
LONGEST_PRINTOUT = 6_000_000


def run_theirs(
    binary: str, rules: Rules, state, layout, timeout: float, preset: str | None = None
) -> tuple[str, str | None]:
    """Solvitaire's verdict on ``state`` (won / unwinnable / undecided) and its output
    (None where it is longer than ``LONGEST_PRINTOUT``): under its ``preset`` where that is
    our rules (``matching_preset``), else under ``their_rules``. Its search is streamlined
    first for a tenth of the time (suit symmetry, cards sent home early), then, where that
    finds no win, exhaustive: its ``unsolvable`` is a proof."""
    with tempfile.TemporaryDirectory(prefix="solvitaire-") as folder:
        rules_file, deal_file = Path(folder, "rules.json"), Path(folder, "deal.json")
        deal = their_deal(state, layout, rules)
        if preset:
            args = [binary, "--type", preset]
        else:
            say = their_rules(rules)
            if say["stock"]["size"]:  # this position's talon, stock and waste
                say["stock"]["size"] = len(deal["stock"]) + len(deal.get("waste", ()))
            rules_file.write_text(json.dumps(say), encoding="utf-8")
            args = [binary, "--custom-rules", str(rules_file)]
        deal_file.write_text(json.dumps(deal), encoding="utf-8")
        args += ["--timeout", str(max(1, int(timeout * 1000)))]
        args += ["--streamliners", "smart-solvability"]
        printed = Path(folder, "out.txt")
        try:
            with printed.open("wb") as out:
                done = subprocess.run(
                    [*args, str(deal_file)],
                    stdout=out,
                    stderr=subprocess.PIPE,
                    text=True,
                    timeout=timeout + 60,
                )
        except subprocess.TimeoutExpired:
            return "undecided", ""
        except OSError as exc:
            raise RunError(f"--solver {binary}: {exc.strerror or exc}") from None
        size = printed.stat().st_size
        with printed.open("rb") as out:
            out.seek(max(0, size - 4096) if size > LONGEST_PRINTOUT else 0)
            output = out.read().decode("utf-8", "replace")
    verdict = VERDICT.get(solution_type(output, done.stderr), "undecided")
    return verdict, output if size <= LONGEST_PRINTOUT else None


def _merged(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        both = isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = _merged(out[key], value) if both else value
    return out


def described_rules(binary: str, preset: str) -> dict:
    """A preset's rules as the binary describes them (``--describe-game-rules``), each key
    it leaves out at its default's value."""

    def ask(name: str) -> dict:
        try:
            done = subprocess.run(
                [binary, "--describe-game-rules", name], capture_output=True, text=True, timeout=60
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise RunError(f"--solver {binary}: {getattr(exc, 'strerror', None) or exc}") from None
        text = done.stdout
        try:
            return json.loads(text[text.find("{") : text.rfind("}") + 1])
        except json.JSONDecodeError:
            raise RunError(f"Solvitaire has no preset {name!r}") from None

    return _merged(ask("default"), ask(preset)) if preset != "default" else ask("default")


# Its presets for the games past Klondike (its --available-game-types).
PRESETS = (
    "free-cell",
    "bakers-game",
    "eight-off",
    "seahaven-towers",
    "streets-and-alleys",
    "beleaguered-castle",
    "forty-thieves",
    "spider",
    "spiderette",
    "golf",
    "klondike",
)


def matching_preset(binary: str, rules: Rules) -> str | None:
    """The preset of Solvitaire whose rules are ``their_rules(rules)`` key for key (each
    over its defaults), or None: then the custom rules are given."""
    default = described_rules(binary, "default")
    ours = _merged(default, their_rules(rules))
    for preset in PRESETS:
        if described_rules(binary, preset) == ours:
            return preset
    return None


def solution_type(stdout: str, stderr: str) -> str:
    """Solvitaire's verdict as it words it (``solved``, ``unsolvable``, ``timed-out``, ...):
    its last "Solution Type" line (after a streamlined search that found nothing, the full
    search's). RunError with its own words when it printed none."""
    said = [
        line.split(":", 1)[1].strip()
        for line in stdout.splitlines()
        if line.startswith("Solution Type:")
    ]
    if not said:
        raise RunError(f"Solvitaire gave no verdict: {(stderr or stdout)[-300:]!r}")
    return said[-1]


# -- its printed positions -------------------------------------------------------------------


def _card_text(token: str) -> str:
    return token.strip().upper().replace("10", "T")


def their_positions(output: str) -> list[dict]:
    """The positions Solvitaire prints after "Solution:", each as our ``picture``."""
    if "Solution:" not in output:
        return []
    body = output.split("Solution:", 1)[1].split("Solution Type:", 1)[0]
    positions = []
    for block in body.split("==================================="):
        sections: dict[str, list[str]] = {}
        current = None
        for line in block.splitlines():
            if line.startswith("--- "):
                current = line.strip("- ").strip()
                sections[current] = []
            elif current and line.strip():
                sections[current].append(line)
        if not sections:
            continue
        tops = sections.get("Foundations", [""])[0].split("\t")
        columns: dict[int, list[str]] = {}
        for row in sections.get("Tableau Piles", []):
            for col, token in enumerate(row.split("\t")):
                if token.strip() and token.strip() != "[]":
                    columns.setdefault(col, []).append(_card_text(token))
        count = max(columns, default=-1) + 1
        stock, waste = [], []
        hole = [t for row in sections.get("Hole Card", []) for t in row.split("\t")]
        waste += [_card_text(t) for t in hole if t.strip() not in ("", "[]")]
        for row in sections.get("Stock | Waste", sections.get("Stock", [])):
            cells = row.split("\t") + [""]
            for pile, token in ((stock, cells[0]), (waste, cells[1])):
                if token.strip() and token.strip() != "[]":
                    pile.append(_card_text(token))
        positions.append(
            {
                "foundations": sorted(_card_text(t) for t in tops if t.strip() not in ("", "[]")),
                "tableau": [tuple(columns.get(c, ())) for c in range(count)],
                "stock": tuple(stock),
                "waste": tuple(waste),
                "cells": tuple(sorted(_loose_cards(sections, "Cells", "Reserve"))),
            }
        )
    return positions


def _loose_cards(sections: dict, *names: str) -> list[str]:
    """The cards of one-card piles (cells, a reserve of single cards), wherever they lie."""
    cards = []
    for name in names:
        for row in sections.get(name, []):
            cards += [_card_text(t) for t in row.split("\t") if t.strip() not in ("", "[]")]
    return cards


def picture(state, layout, hole: bool = False) -> dict:
    """What Solvitaire prints of a position, from ours: the foundations' top cards, the
    tableau (face-down cards as ##), the stock and the waste bottom to top (with a ``hole``,
    Golf's waste, its top card only), the cards in cells (and their reserve), sorted."""
    piles = state.piles
    tableau = [
        tuple("##" if k < state.down[t] else CODE[c] for k, c in enumerate(piles[t]))
        for t in layout.tableau_range
    ]
    while tableau and not tableau[-1]:
        tableau.pop()  # Solvitaire's printout ends at the last pile with cards
    return {
        "foundations": sorted(CODE[piles[f][-1]] for f in layout.foundation_range if piles[f]),
        "tableau": tableau,
        "stock": tuple(CODE[c] for c in piles[STOCK]),
        "waste": tuple(CODE[c] for c in piles[WASTE][-1 if hole else 0 :]),
        "cells": tuple(
            sorted(CODE[piles[c][-1]] for c in getattr(layout, "cell_range", ()) if piles[c])
        ),
    }


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--mode", help="deal mode (default: the variant's)")
    ap.add_argument("--deal", type=whole(DEAL_NUMBER.low, DEAL_NUMBER.high), default=1)
    args = ap.parse_args(argv)
    try:
        rules = variant_rules(args.variant, args.mode)
    except ValueError as exc:
        ap.error(str(exc))
    print(json.dumps(their_rules(rules)))  # Unsayable (a RunError): one line, status 2
    game, _line = opening(rules, args.deal)
    print(json.dumps(their_deal(game.state, game.layout, rules)))
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
