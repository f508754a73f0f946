"""Command-line flags of the game. A bad value: one line on stderr, exit status 2, for
anything a person can type (``game.i18n.console``).

The flags are read before the window opens, and the window opens before the rest of the
game is loaded: so this module imports no rule table's code. A flag that needs a table
(``--mode``, ``--table``) loads it when it is given."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.engine.deal import deal_number
from game.engine.text import shown
from game.files.resources import builtin_ids
from game.i18n import N_, _
from game.i18n.console import USAGE, say_error
from game.store.window import WINDOW_MAX, WINDOW_MIN, fits_window

if TYPE_CHECKING:
    from game.variants.player import PlayerTable

DISTRIBUTION = "patience-table"


def version() -> str:
    """The version written once, in pyproject.toml, read from the installed metadata."""
    from importlib import metadata  # some 20 ms: only when asked for

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _("unknown (not installed; run 'pip install .')")


class _Version(argparse.Action):
    """``--version``: reads the version only when it is asked for."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"{parser.prog} {version()}")
        parser.exit()


@dataclass(frozen=True)
class Options:
    variant: str | None
    mode: str | None
    seed: int | None
    fullscreen: bool
    windowed: tuple[int, int] | None
    data_dir: str | None
    sound: bool
    self_test: bool
    game_file: str | None = None  # a game file to open on its timeline
    language: str | None = None  # --language: this run's language (else the settings')
    desktop: str | None = None  # "install" or "uninstall" the desktop entry, then exit
    table: PlayerTable | None = None  # --table FILE: the player's table to play (variant: its id)

    @property
    def deal_requested(self) -> bool:
        return self.variant is not None or self.seed is not None or self.mode is not None


def speak(argv: list[str]) -> None:
    """Speak the language of ``--language`` if given, else the system's, from the first
    line (``--help`` included; its catalogue read at the first word said); argparse's own
    words go through the game's catalogue."""
    asked = next((argv[n + 1] for n, a in enumerate(argv[:-1]) if a == "--language"), None)
    asked = next((a.split("=", 1)[1] for a in argv if a.startswith("--language=")), asked)
    i18n.use_language(i18n.choose(asked or "system"), when_first_said=True)
    argparse._ = i18n._  # argparse reads "usage:", "options" and its errors through these
    argparse.ngettext = i18n.ngettext


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        say_error(self.prog, message)
        raise SystemExit(USAGE)


class _Words(argparse.HelpFormatter):
    """Translates the parser's words as it prints them (``--help``): the flags' help, the
    description, the headings (argparse's "options" too, made with the parser)."""

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(heading) if heading else heading)

    def add_text(self, text: str | None) -> None:
        super().add_text(_(text) if text and text is not argparse.SUPPRESS else text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return (
            _(action.help) if action.help and action.help is not argparse.SUPPRESS else action.help
        )


_SIZE = re.compile(
    r"([0-9]{1,5})[xX]([0-9]{1,5})"
)  # ASCII digits: not "\uff11\uff12\uff18\uff10x800"


def _size(text: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(text)
    if match is None:
        problem = _("expected WIDTHxHEIGHT such as 1280x800, got {value}")
        raise argparse.ArgumentTypeError(problem.format(value=shown(text)))
    w, h = int(match[1]), int(match[2])
    (min_w, min_h), (max_w, max_h) = WINDOW_MIN, WINDOW_MAX
    if not fits_window(w, h):
        problem = _("window size {size} is outside {smallest}..{largest}")
        raise argparse.ArgumentTypeError(
            problem.format(size=f"{w}x{h}", smallest=f"{min_w}x{min_h}", largest=f"{max_w}x{max_h}")
        )
    return w, h


def _seed(text: str) -> int:
    try:
        return deal_number(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(i18n.say(exc)) from None


def _path_argument(when_empty: str):
    """A flag's value that names a path: not empty (``when_empty`` says what was expected,
    translated when said), and a ``~user`` that names someone."""

    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(_(when_empty))
        try:
            Path(text).expanduser()
        except RuntimeError:  # "~someone" with no such user
            problem = _("no such home folder: {folder}").format(folder=shown(text))
            raise argparse.ArgumentTypeError(problem) from None
        return text

    return check


_folder = _path_argument(N_("expected a folder, got an empty name"))
_file = _path_argument(N_("expected a file, got an empty name"))


def parse(argv: list[str]) -> Options:
    speak(argv)
    parser = _made_parser()
    args = parser.parse_args(argv)
    if args.fullscreen and args.windowed:
        parser.error(_("--fullscreen and --windowed cannot be used together"))
    own = _table(parser, args)
    table = own.table if own is not None else None
    variant = table.id if table is not None else args.variant
    if args.mode is not None:
        if variant is None:  # the variants' modes differ: the mode of which?
            parser.error(_("argument --mode: needs --variant (each variant has its own modes)"))
        from game.variants import get_variant

        table = table or get_variant(variant)
        if args.mode not in table.mode_ids():
            problem = _("argument --mode: {variant} has no mode {mode} (choose from {modes})")
            modes = ", ".join(table.mode_ids())
            parser.error(problem.format(variant=table.id, mode=shown(args.mode), modes=modes))
    return Options(
        variant=variant,
        mode=args.mode,
        seed=args.seed,
        fullscreen=args.fullscreen,
        windowed=args.windowed,
        data_dir=args.data_dir,
        sound=not args.no_sound,
        self_test=args.self_test,
        game_file=args.game_file,
        language=args.language,
        desktop=args.desktop,
        table=own,
    )


def _made_parser() -> _Parser:
    """The flags, with their words marked to be translated when printed (``_Words``):
    the language's catalogue is read only when there is something to say, and the flags
    are read before the window opens. argparse's own words made with the parser ("options",
    the help of ``--help``) stay marked too, and are translated as they are printed."""
    argparse._ = N_
    try:
        return _flags()
    finally:
        argparse._ = i18n._


def _flags() -> _Parser:
    parser = _Parser(
        prog="solitaire",
        formatter_class=_Words,
        description=N_("Klondike, Yukon, Canfield and more patience games, each a rule table."),
        epilog=N_("Started with no deal flags, the game resumes the saved game."),
    )
    parser.add_argument("--variant", choices=builtin_ids(), help=N_("variant to deal"))
    parser.add_argument(
        "--table",
        type=_file,
        metavar="FILE",
        help=N_("play a rule table file (TOML) instead of a built-in"),
    )
    parser.add_argument(
        "--mode", help=N_("deal mode of the variant (see 'python -m game.cli variants')")
    )
    parser.add_argument("--seed", type=_seed, metavar="N", help=N_("deal number to play"))
    parser.add_argument("--fullscreen", action="store_true", help=N_("start fullscreen"))
    parser.add_argument("--windowed", type=_size, metavar="WxH", help=N_("start in a window WxH"))
    parser.add_argument(
        "--data-dir",
        type=_folder,
        metavar="DIR",
        help=N_("where settings, saves and statistics live"),
    )
    parser.add_argument("--no-sound", action="store_true", help=N_("play no sounds"))
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=N_("run headless, play a few scripted moves, exit 0 if all is well"),
    )
    parser.add_argument(
        "--language",
        choices=i18n.LANGUAGES,
        help=N_("the language to speak (default: the one chosen in Options, else the system's)"),
    )
    parser.add_argument("--version", action=_Version, help=N_("show the version and exit"))
    entry = parser.add_mutually_exclusive_group()
    for const, words in (
        ("install", N_("put the game in the desktop's menu (Linux: the user's XDG data folder)")),
        ("uninstall", N_("take the game out of the desktop's menu")),
    ):
        flag = f"--{const}-desktop-entry"
        entry.add_argument(flag, dest="desktop", action="store_const", const=const, help=words)
    parser.add_argument(
        "game_file",
        nargs="?",
        type=_file,
        metavar="GAME.json",
        help=N_("a game file to open on its timeline (saved with Ctrl+S)"),
    )
    return parser


def _table(parser: _Parser, args: argparse.Namespace) -> PlayerTable | None:
    """``--table FILE``'s table, read now: a broken one is refused as the command line
    refuses it (``python -m game.cli play --table``), file, line and problem in one line."""
    if args.table is None:
        return None
    if args.variant is not None:
        parser.error(
            _("--table and --variant cannot be used together (the table names its variant)")
        )
    from game.engine.rules import RuleTableError
    from game.variants.player import load_player_table

    try:
        return load_player_table(Path(args.table).expanduser())
    except RuleTableError as exc:
        parser.error(i18n.say(exc))
