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


def their_rules(rules: Rules) -> dict:
    """Solvitaire's custom-rules JSON for ``rules``; Unsayable for anything it cannot say.

    Its vocabulary: the tableau builds down (its build policies), an empty pile takes a
    King, anything, nothing, or is filled from a stacked reserve; ``move built group: yes``
    moves any built run; foundations build up in suit, wrapping from the base card; the
    stock deals ``deal count`` cards to the waste, or one to each tableau pile, and is
    redealt without limit or never. Which cards lie face down comes with each deal."""
    say = {}
    name = f"{rules.variant} {rules.mode}"

    def refuse(what: str) -> None:
        raise Unsayable(f"{name}: Solvitaire cannot say {what}")

    build = BUILD.get(str(rules.build))
    spaces = SPACES.get(str(rules.empty_accepts))
    if build is None:
        refuse(f"a tableau that builds {rules.build}")
    if spaces is None:
        refuse(f"an empty pile that takes {rules.empty_accepts}")
    if str(_rule(rules, "runs", "built")) != "built":
        refuse(f"runs that move as {_rule(rules, 'runs', '')}")
    if _rule(rules, "tableau_wrap", False):
        refuse("a tableau that wraps King on Ace (its tableau wraps only at the foundation base)")
    if _rule(rules, "fill_empty_first", False):
        refuse("that empty piles must be filled before a deal (try --without fill_empty_first)")
    if rules.decks not in (1, 2) or rules.foundations != 4 * rules.decks:
        refuse(f"{rules.decks} decks with {rules.foundations} foundations")
    dealt_base = str(_rule(rules, "foundation_base", "ace")) != "ace"
    if dealt_base and rules.cards_may_return:
        refuse("foundation cards that come back while the dealt base card stays")
    if dealt_base and not _rule(rules, "foundation_wrap", False):
        refuse("foundations from a dealt base that do not wrap")
    if rules.redeals not in (None, 0):
        refuse(f"redeals limited to {rules.redeals} (it redeals without limit or never)")
    tableau = {"count": rules.tableau_piles, "build policy": build, "spaces policy": spaces}
    tableau["move built group"] = "yes" if rules.move_runs else "no"
    tableau["face up cards"] = "top"  # the deal marks each face-down card
    say["tableau piles"] = tableau
    say["foundations"] = {"removable": rules.cards_may_return}
    if dealt_base:
        say["foundations"].update({"initial cards": "one", "base card": "random"})
    reserves, reserve_deal = _rule(rules, "reserves", 0), _rule(rules, "reserve_deal", 0)
    if reserves > 1 or (spaces == "auto-reserve-then-any") != (reserves == 1):
        refuse(f"{reserves} reserve piles filling empty piles {rules.empty_accepts}")
    if reserves:
        say["reserve"] = {"size": reserve_deal, "stacked": True}
    stock_to = str(_rule(rules, "stock_to", "waste"))
    talon = len(new_game(rules, seed=1).state.piles[STOCK])  # what the deal leaves over
    stock = {"size": talon, "redeal": rules.redeals is None}
    if stock_to == "waste":
        stock.update({"deal type": "waste", "deal count": rules.draw})
    elif stock_to == "tableau":
        stock["deal type"] = "tableau piles"
    elif stock_to != "none":
        refuse(f"a stock that deals to the {stock_to}")
    say["stock"] = stock if stock_to != "none" else {"size": 0}
    say["two decks"] = rules.decks == 2
    return say


def _code(card: int, face_down: bool = False) -> str:
    text = CODE[card].replace("T", "10")
    return text[:-1] + text[-1].lower() if face_down else text  # lower case: face down


def their_deal(state, layout) -> dict:
    """A position in Solvitaire's deal format: piles bottom to top, face-down cards with a
    lower-case suit, the stock's top card last."""
    piles = state.piles
    deal = {
        "tableau piles": [
            [_code(c, k < state.down[t]) for k, c in enumerate(piles[t])]
            for t in layout.tableau_range
        ],
        "stock": [_code(c) for c in piles[STOCK]],
        "waste": [_code(c) for c in piles[WASTE]],
    }
    founded = [_code(c) for f in layout.foundation_range for c in piles[f]]
    if founded:
        deal["foundations"] = founded
    reserve_range = getattr(layout, "reserve_range", range(0))
    if len(reserve_range):
        deal["reserve"] = [_code(c) for r in reserve_range for c in piles[r]]
    return deal


def run_theirs(binary: str, rules: Rules, state, layout, timeout: float) -> tuple[str, str]:
    """Solvitaire's verdict on ``state`` (won / unwinnable / undecided) and its output."""
    with tempfile.TemporaryDirectory(prefix="solvitaire-") as folder:
        rules_file, deal_file = Path(folder, "rules.json"), Path(folder, "deal.json")
        say = their_rules(rules)
        if say["stock"]["size"]:  # this position's talon, stock and waste
            say["stock"]["size"] = len(state.piles[STOCK]) + len(state.piles[WASTE])
        rules_file.write_text(json.dumps(say), encoding="utf-8")
        deal_file.write_text(json.dumps(their_deal(state, layout)), encoding="utf-8")
        args = [binary, "--custom-rules", str(rules_file), "--timeout", str(int(timeout * 1000))]
        try:
            done = subprocess.run(
                [*args, str(deal_file)], capture_output=True, text=True, timeout=timeout + 30
            )
        except subprocess.TimeoutExpired:
            return "undecided", ""
        except OSError as exc:
            raise RunError(f"--solver {binary}: {exc.strerror or exc}") from None
    return VERDICT.get(solution_type(done.stdout, done.stderr), "undecided"), done.stdout


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
            }
        )
    return positions


def picture(state, layout) -> dict:
    """What Solvitaire prints of a position, from ours: the foundations' top cards, the
    tableau (face-down cards as ##), the stock and the waste bottom to top."""
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
        "waste": tuple(CODE[c] for c in piles[WASTE]),
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
    game = new_game(rules, seed=args.deal)
    print(json.dumps(their_deal(game.state, game.layout)))
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
