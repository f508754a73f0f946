"""The engine as a black box on the command line (no display needed).

    python -m game.cli play --variant V [--mode M] (--seed N | --deck "AS 2H ...")
                            [--reveal] [MOVE ...]
    python -m game.cli analyse --variant V [--mode M] (--seed N | --deck "...")
                               [--timeout S] [--budget S] [MOVE ...]
    python -m game.cli variants

``play`` applies the moves in order and prints the position as one JSON object.
``analyse`` plays them and says where the game was lost (``game.solver.analysis``), with the
full deal known, as one JSON object: ``winnable_at_deal`` (true, false, or null when
undecided in the time), ``last_winnable_move`` (how many of the moves had been played when
the position was last known winnable; null when the deal was never winnable or it is
undecided), ``losing_move`` (the move, in ``play``'s notation, after which no win was
possible; null when there is none), ``undecided`` (positions the solver could not decide);
``stopped`` (true when it gave up: its ``--budget`` of seconds in all, default 60, was
used, or too many positions stayed undecided), ``searches``, ``budget_s`` and
``left_core`` (why a search left the compiled core, empty when none did);
``--timeout`` is the time each position searched may take (default 5 s). Any
problem exits with status 2 and one line on stderr; nothing goes to stdout then. That holds
for anything a person can type or pipe (``game.i18n.console``): odd paths and files, deal
numbers in other scripts' digits or 5,000 digits long, flags that contradict each other,
a reader that closes the pipe early.
"""

from __future__ import annotations

import argparse
import json
import sys

from game import i18n
from game.engine.cards import CODE, cards_from_codes
from game.engine.commands import Refused
from game.engine.deal import deal_number
from game.engine.game import Game, new_game
from game.engine.notation import parse_command
from game.engine.rules import RuleTableError, VariantTable
from game.engine.text import shown
from game.i18n import _, say
from game.i18n.console import USAGE, run_console, say_error
from game.i18n.wording import refusal
from game.variants import all_variants, get_variant, load_variant_file


class UsageError(Exception):
    """A problem to report in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2, as the interface requires
        raise UsageError(message)


def speak() -> None:
    """Speak the system's language (``LANGUAGE``, ``LC_ALL``, ...), argparse's own words
    ("usage:", its errors) included."""
    i18n.use_language(i18n.choose("system"))
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m game.cli",
        description=_("The engine as a black box on the command line (no display needed)."),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    play = sub.add_parser("play", help=_("apply moves to a deal and print the position as JSON"))
    play.add_argument("--variant", help=_("variant id (see 'variants')"))
    play.add_argument("--table", help=_("play a rule table file (TOML) instead of a built-in"))
    play.add_argument("--mode", help=_("deal mode id (default: the variant's)"))
    source = play.add_mutually_exclusive_group(required=True)
    source.add_argument("--seed", help=_("deal number (a non-negative whole number)"))
    source.add_argument("--deck", help=_('every card in dealing order, e.g. "AS 2H ..."'))
    play.add_argument("--reveal", action="store_true", help=_("show face-down cards as -CODE"))
    play.add_argument("moves", nargs="*", metavar="MOVE", help=_("SRC-DST, SRC-DST:N or draw"))
    analyse = sub.add_parser(
        "analyse", help=_("play moves, then find where the game was lost (JSON)")
    )
    for action in play._actions[1:]:  # the same arguments as play, --reveal aside
        if action.dest != "reveal":
            analyse._add_action(action)
    analyse.add_argument(
        "--timeout", default="5", help=_("seconds each position searched may take (default 5)")
    )
    analyse.add_argument(
        "--budget",
        default="60",
        help=_("seconds the whole analysis may take (default 60); it stops when they are used"),
    )
    sub.add_parser("variants", help=_("list variants and their deal modes"))
    return parser


def _table(args: argparse.Namespace) -> VariantTable:
    if args.table is not None:
        if args.variant is not None:
            raise UsageError(
                _("--table and --variant cannot be used together (the table names its variant)")
            )
        try:
            return load_variant_file(args.table)
        except RuleTableError as exc:
            raise UsageError(say(exc)) from exc
    if not args.variant:
        raise UsageError(_("play needs --variant (or --table FILE)"))
    try:
        return get_variant(args.variant)
    except KeyError as exc:
        raise UsageError(say(exc.args[0])) from exc


def _start(args: argparse.Namespace) -> Game:
    table = _table(args)
    try:
        rules = table.rules(args.mode)
    except KeyError as exc:
        raise UsageError(say(exc.args[0])) from exc
    if args.seed is not None:
        try:
            return new_game(rules, seed=deal_number(args.seed))
        except ValueError as exc:
            raise UsageError(f"--seed: {say(exc)}") from exc
    try:
        deck = cards_from_codes(args.deck.replace(",", " ").split(), rules.decks, rules.suits)
    except ValueError as exc:
        raise UsageError(f"--deck: {say(exc)}") from exc
    return new_game(rules, deck=deck)


def position(game: Game, reveal: bool) -> dict:
    return {
        "variant": game.rules.variant,
        "mode": game.rules.mode,
        "piles": game.state.describe(game.layout, reveal),
        "score": game.score,
        "won": game.won,
        "moves": game.moves_made,
        "redeals_left": game.redeals_left,
    }


def run(argv: list[str]) -> dict | list:
    args = _parser().parse_args(argv)
    if args.command == "variants":
        return [
            {
                "id": t.id,
                "name": t.name,
                "default_mode": t.default_mode,
                "modes": [{"id": m.id, "label": m.label} for m in t.modes],
            }
            for t in all_variants()
        ]
    game = _start(args)
    for number, text in enumerate(args.moves, 1):
        try:
            game.execute(parse_command(text, game.layout))
        except (ValueError, Refused) as exc:
            # A refusal in the table's words, with card codes ("8S takes 7D or 7H.").
            said = refusal(exc, CODE.__getitem__) if isinstance(exc, Refused) else say(exc)
            problem = _("move {number} ({move}): {problem}")
            move = shown(text, quotes=False)
            raise UsageError(problem.format(number=number, move=move, problem=said)) from exc
    if args.command == "analyse":
        return analysis_json(game, _seconds(args.timeout), _seconds(args.budget, "--budget"))
    return position(game, args.reveal)


def _seconds(text: str, option: str = "--timeout") -> float:
    try:
        seconds = float(text) if text.isascii() else float("nan")
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds <= 3600:  # NaN too
        problem = _("{option} must be a number of seconds from 0 to 3600, got {value}")
        raise UsageError(problem.format(option=option, value=shown(text)))
    return seconds


def analysis_json(game: Game, seconds: float, budget: float) -> dict:
    """The analysis as JSON: the verdicts, and how it ran (``stopped``: it gave up, out
    of its budget or with too many positions undecided, so the losing move may be
    unknown; ``left_core``: why a search ran in Python, empty when none did)."""
    from game.engine.notation import format_command
    from game.solver.analysis import analyse

    result = analyse(game, seconds, budget=budget)
    losing = result.losing_move
    return {
        "winnable_at_deal": result.winnable_at_deal,
        "last_winnable_move": result.last_winnable_move,
        "losing_move": None if losing is None else format_command(losing, game.layout),
        "undecided": result.undecided,
        "stopped": result.stopped,
        "searches": result.searches,
        "budget_s": budget,
        "left_core": result.left_core,
    }


def main(argv: list[str] | None = None) -> int:
    return run_console("python -m game.cli", lambda: _main(argv))


def _main(argv: list[str] | None) -> int:
    speak()
    try:
        result = run(sys.argv[1:] if argv is None else argv)
    except UsageError as exc:
        say_error("python -m game.cli", str(exc))
        return USAGE
    if isinstance(result, list):  # variants: a readable listing
        for t in result:
            print(f"{t['id']}: {_(t['name'])}")
            for m in t["modes"]:
                default = m["id"] == t["default_mode"]
                line = _("{mode}: {label} (default)") if default else "{mode}: {label}"
                print("  " + line.format(mode=m["id"], label=_(m["label"])))
    else:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
