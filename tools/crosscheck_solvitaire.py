"""Cross-check this game's solver against Solvitaire, the general solitaire solver of Blake
and Gent, a C++ program the user builds from its public source (its code never enters this
repository; README, "The solver", says how to build it). Any variant and mode whose rules
Solvitaire's rule vocabulary can say exactly: the tool translates our rule table into its
custom-rules JSON and refuses, naming the rule, what it cannot say.

    python tools/crosscheck_solvitaire.py run --solver PATH --variant klondike --mode draw3 \\
        --deals 1-100 --results xcheck.jsonl [--timeout 10] [--jobs 1] [--without RULE]
    python tools/crosscheck_solvitaire.py summary --results xcheck.jsonl [--markdown]
    python tools/crosscheck_solvitaire.py fixture --results xcheck.jsonl --out FILE.json

``run`` solves each deal (``new_game(rules, seed=N)``, its exact cards, face-down cards
marked as such) with both solvers, each given ``--timeout`` seconds, and appends one JSON
line per deal to the results file (an interrupted run resumes where it stopped). A
contradiction, one solver winning a deal the other proves unwinnable, is printed loudly.
Solvitaire prints its winning line as the positions it passes through; each is matched to
the position after one of our legal moves (after as many stock turns as it takes), and the
line so found is replayed through our engine, which must reach a won game: a line that does
not map or replay would mean the two programs read the rules differently.
``--without RULE`` compares a variant with one of its rules reset to Klondike's default
(Easthaven without ``fill_empty_first``, which Solvitaire cannot say): the results say so.
``fixture`` writes a handful of cheap deals, Solvitaire's won lines and proved losses, for
tests/solver/test_crosscheck_solvitaire.py, which needs no binary.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.cards import CODE  # noqa: E402
from game.engine.commands import Draw, mechanics_for  # noqa: E402
from game.engine.events import apply_step  # noqa: E402
from game.engine.game import new_game  # noqa: E402
from game.engine.notation import format_command  # noqa: E402
from game.engine.rules import Rules  # noqa: E402
from game.engine.state import STOCK, WASTE  # noqa: E402
from game.solver import solve  # noqa: E402
from game.variants import get_variant  # noqa: E402
from tools.deal_runs import ResultsFile, RunError, parse_range, run_deals, wilson, worded  # noqa: E402

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


def rules_for(variant: str, mode: str, without: tuple[str, ...] = ()) -> Rules:
    """Our rules, with each rule named in ``without`` reset to its (Klondike) default."""
    rules = get_variant(variant).rules(mode)
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for name in without:
        if defaults.get(name, dataclasses.MISSING) is dataclasses.MISSING:
            raise RunError(f"--without {name}: not a rule with a default")
        rules = dataclasses.replace(rules, **{name: defaults[name]})
    return rules


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
        refuse(f"{rules.redeals} redeals (it redeals without limit or never)")
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
    dealt = sum(rules.deal_counts) + reserves * reserve_deal + (1 if dealt_base else 0)
    dealt += len(_rule(rules, "extra_face_up", ()))
    stock = {"size": rules.card_count - dealt, "redeal": rules.redeals is None}
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
        rules_file.write_text(json.dumps(their_rules(rules)), encoding="utf-8")
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
    for line in done.stdout.splitlines():
        if line.startswith("Solution Type:"):
            return VERDICT.get(line.split(":", 1)[1].strip(), "undecided"), done.stdout
    raise RunError(f"Solvitaire gave no verdict: {(done.stderr or done.stdout)[-300:]!r}")


# -- its winning line, position by position --------------------------------------------------


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


def _after_one_move(mech, state):
    """(commands, position) for every stock turn sequence followed by one other move (a
    Solvitaire stock move turns the stock as often as needed and plays the waste card;
    when that empties the stock, it turns the waste over in the same move)."""
    prefix: list = []
    turns = len(state.piles[STOCK]) + len(state.piles[WASTE]) + 2
    for _ in range(turns):
        for command in mech.legal_moves(state):
            if not isinstance(command, Draw):
                after = apply_step(state, mech.check(state, command))
                yield [*prefix, command], after
                if not after.piles[STOCK] and after.piles[WASTE] and mech.can_draw(after):
                    redealt = apply_step(after, mech.check(after, Draw()))
                    yield [*prefix, command, Draw()], redealt
        if not mech.can_draw(state):
            return
        state = apply_step(state, mech.check(state, Draw()))
        prefix = [*prefix, Draw()]
        yield prefix, state  # a deal to the tableau is a move of its own


def their_line(rules: Rules, seed: int, output: str) -> list:
    """Solvitaire's winning line as our commands; ValueError where a position of its line
    is not one legal move (and stock turns) away from the one before."""
    game = new_game(rules, seed=seed)
    mech, layout, state = mechanics_for(rules), game.layout, game.state
    positions = their_positions(output)
    if not positions or positions[0] != picture(state, layout):
        raise ValueError("its first position is not the deal")
    line = []
    for n, wanted in enumerate(positions[1:], 1):
        for commands, after in _after_one_move(mech, state):
            if picture(after, layout) == wanted:
                line += commands
                state = after
                break
        else:
            raise ValueError(f"its position {n} is no legal move away")
    return line


# -- one deal, both solvers ------------------------------------------------------------------


def check_deal(binary: str, variant: str, mode: str, without, timeout: float, seed: int) -> dict:
    rules = rules_for(variant, mode, tuple(without))
    game = new_game(rules, seed=seed)
    ours = solve(game.state, rules, max_nodes=None, max_seconds=timeout)
    start = time.perf_counter()
    theirs, output = run_theirs(binary, rules, game.state, game.layout, timeout)
    record = {
        "seed": seed,
        "outcome": ours.outcome.value,
        "seconds": round(ours.seconds, 4),
        "nodes": ours.nodes,
        "theirs": theirs,
        "their_seconds": round(time.perf_counter() - start, 3),
    }
    if theirs == "won":
        try:
            line = their_line(rules, seed, output)
        except ValueError as exc:
            record["replay"] = f"not mapped: {exc}"
        else:
            for command in line:
                game.execute(command)
            record["replay"] = "won" if game.won else "not won"
            record["line"] = " ".join(format_command(c, game.layout) for c in line)
    return record


def contradiction(record: dict) -> bool:
    return {record["outcome"], record["theirs"]} == {"won", "unwinnable"}


def cmd_run(args) -> int:
    without = tuple(args.without)
    rules = rules_for(args.variant, args.mode, without)
    their_rules(rules)  # refuses before any deal is run
    settings = {"tool": "solvitaire", "variant": args.variant, "mode": args.mode}
    settings.update({"timeout": args.timeout, "without": list(without)})
    results = ResultsFile(args.results, settings)
    seeds = parse_range(args.deals)

    def progress(record: dict) -> None:
        loud = "  <<< CONTRADICTION" if contradiction(record) else ""
        replay = record.get("replay", "")
        sys.stderr.write(
            f"deal {record['seed']}: ours {record['outcome']}, Solvitaire {record['theirs']}"
            f"{', its line ' + replay if replay else ''}{loud}\n"
        )

    task_args = (args.solver, args.variant, args.mode, list(without), args.timeout)
    run_deals(check_deal, task_args, seeds, results, args.jobs, args.scheduler, progress)
    return summarise(results, args.markdown)


def summarise(results: ResultsFile, markdown: bool = False) -> int:
    records = list(results.done.values())
    n = len(records)
    pairs: dict[tuple[str, str], int] = {}
    for rec in records:
        pairs[rec["outcome"], rec["theirs"]] = pairs.get((rec["outcome"], rec["theirs"]), 0) + 1
    bad = sorted(rec["seed"] for rec in records if contradiction(rec))
    lines = [rec.get("replay") for rec in records if rec["theirs"] == "won"]
    settings = results.settings or {}
    title = f"{settings.get('variant')} {settings.get('mode')}"
    if settings.get("without"):
        title += " without " + ", ".join(settings["without"])
    both_won, both_lost = pairs.get(("won", "won"), 0), pairs.get(("unwinnable", "unwinnable"), 0)
    undecided = n - both_won - both_lost - len(bad)
    won_either = sum(1 for r in records if "won" in (r["outcome"], r["theirs"]))
    low, high = wilson(won_either, n)
    if markdown:
        share = f"{100 * won_either / max(n, 1):.0f}% ({100 * low:.0f}-{100 * high:.0f})"
        print(
            f"| {title} | {n} | {both_won} | {both_lost} | {undecided} | {len(bad)} | "
            f"{lines.count('won')} of {len(lines)} | {share} |"
        )
        return 1 if bad else 0
    print(f"{title}: {n} deals, {settings.get('timeout')} s each solver")
    for (ours, theirs), count in sorted(pairs.items()):
        print(f"  ours {ours:10} Solvitaire {theirs:10} {count}")
    print(f"  both won {both_won}, both proved unwinnable {both_lost}")
    print(f"  undecided by one or both {undecided}")
    print(f"  won by either: {won_either} ({100 * low:.1f}-{100 * high:.1f}% at 95%)")
    print(f"  Solvitaire's lines replayed as wins here: {lines.count('won')} of {len(lines)}")
    for rec in records:
        if rec["theirs"] == "won" and rec.get("replay") != "won":
            print(f"  deal {rec['seed']}: its line {rec.get('replay')}")
    print(f"  CONTRADICTIONS: {bad}" if bad else "  contradictions: none")
    return 1 if bad else 0


def cmd_summary(args) -> int:
    return summarise(ResultsFile(args.results), args.markdown)


def cmd_fixture(args) -> int:
    results = ResultsFile(args.results)
    settings = results.settings or {}
    cheap = sorted(
        (rec for rec in results.done.values() if rec["nodes"] <= args.nodes),
        key=lambda rec: rec["seed"],
    )
    won = {str(r["seed"]): r["line"] for r in cheap if r.get("replay") == "won"}
    lost = [r["seed"] for r in cheap if r["theirs"] == "unwinnable"]
    data = {
        "about": "Deals that Solvitaire won (its line turned into this engine's notation) or "
        "proved unwinnable, among those this solver decides within "
        f"{args.nodes} positions. Made by tools/crosscheck_solvitaire.py.",
        "variant": settings.get("variant"),
        "mode": settings.get("mode"),
        "without": settings.get("without", []),
        "won": dict(list(won.items())[: args.count]),
        "unwinnable": lost[: args.count],
    }
    Path(args.out).write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"{len(data['won'])} won and {len(data['unwinnable'])} unwinnable deals in {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="solve deals with both solvers")
    run.add_argument("--solver", required=True, help="path of the solvitaire binary")
    run.add_argument("--variant", required=True)
    run.add_argument("--mode")
    run.add_argument("--deals", required=True)
    run.add_argument("--results", required=True, help="JSON-lines file, appended per deal")
    run.add_argument("--timeout", type=float, default=10.0, help="seconds per deal, each (10)")
    run.add_argument("--without", action="append", default=[], help="a rule reset to default")
    run.add_argument("--jobs", type=int, default=1)
    run.add_argument("--scheduler", help="a Dask scheduler's address")
    run.add_argument("--markdown", action="store_true", help="the summary as a table row")
    summ = sub.add_parser("summary", help="verdict pairs and contradictions")
    summ.add_argument("--results", required=True)
    summ.add_argument("--markdown", action="store_true")
    fix = sub.add_parser("fixture", help="a few cheap deals for the test suite")
    fix.add_argument("--results", required=True)
    fix.add_argument("--out", required=True)
    fix.add_argument("--nodes", type=int, default=20_000, help="our search's cost at most")
    fix.add_argument("--count", type=int, default=8, help="deals of each verdict at most")
    args = ap.parse_args(argv)
    if args.command == "run":
        try:
            get_variant(args.variant).rules(args.mode)
        except KeyError as exc:
            raise RunError(str(exc).strip("'\"")) from None
    return {"run": cmd_run, "summary": cmd_summary, "fixture": cmd_fixture}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(worded(main))
