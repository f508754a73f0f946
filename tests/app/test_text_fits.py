"""Text fits, in every language and at every window size the guide names: on the table,
in each menu, page and dialog, in messages, the replay bar and the win panel, no text is
drawn over another and none is cut by the edge of its panel or of the window.

Each scene is drawn whole onto a stand-in for the window while ``TextLog`` notes where
every text lands (tests/view/text_log.py). The data are the widest a player is likely to
have: statistics in every variant and mode with 3- and 4-digit counts and times over an
hour, a 9-digit deal with moves in the hundreds, and the winnable indicator's longest
verdict on the status line.
"""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine.commands import Draw, Move
from game.engine.game import new_game
from game.store.statistics import Statistics, StatsKey, VariantStats, save_statistics
from game.variants import all_variants, get_variant
from game.variants.catalogue import Catalogue
from game.variants.codes import deal_code
from game.view import intents as i
from tests.engine.test_rules_of_play import winning_game
from tests.view.text_log import TextLog, overlapping

from .app_helpers import frame, make_app, play, play_to_win, settle

LANGUAGES = ("en", "uk", "ru")
SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100))


DEAL = 123456789  # as long as the game's own deal numbers get
MOVES = 150


def populated_statistics(folder) -> None:
    """Statistics in every variant and deal mode, with counts of 3 and 4 digits, every
    kind of streak, times over an hour, and the fastest win's deal code."""
    records = {}
    for n, table in enumerate(all_variants()):
        for k, mode in enumerate(table.mode_ids()):
            played = 1000 + 1234 * ((n + k) % 8)
            won = played if k == 0 else 100 + 111 * k  # 100% once, else 3 digits
            records[StatsKey(table.id, mode)] = VariantStats(
                played=played,
                won=won,
                current_win_streak=123 if k % 2 else 0,
                current_loss_streak=0 if k % 2 else 1234,
                longest_win_streak=321,
                longest_loss_streak=1234,
                best_time=3725.0,
                best_deal=deal_code(table.rules(mode), DEAL, Catalogue()),
                fewest_moves=1234,
                total_win_time=won * 4321.0,
            )
    save_statistics(folder, Statistics(records))


def long_game(app) -> None:
    """A 9-digit deal with moves in the hundreds on the table, and the quiet winnable
    indicator's longest verdict beside it."""
    game = new_game(get_variant("klondike").rules("draw3"), seed=DEAL)  # unlimited redeals
    while game.moves_made < MOVES:
        game.execute(Draw())
    app.session.adopt(game, elapsed=3725.0)  # over an hour
    app.table.show(game, animate=False)
    app.controller.position_changed()
    app.controller.apply(i.ShowVerdict("unknown"))


def open_menu(name):
    return lambda app: app.controller.open_menu(name)


def apply(*intents):
    def run(app):
        for intent in intents:
            app.controller.apply(intent)

    return run


def refusal(app):
    """A refused move: its message names the cards, the longest kind of toast."""
    game = app.session.game
    piles = game.layout.tableau_range
    illegal = next(
        Move(a, b) for a in piles for b in piles if a != b and not game.is_legal(Move(a, b))
    )
    play(app, illegal)
    assert app.table.toast, "the refused move said nothing"


def win_panel(app, helped=False):
    """A game won: the panel with the score, the deal code and its buttons. ``helped``: the
    solver played moves of it ("show me"): the panel says it was solved with help."""
    _, game = winning_game("klondike")
    app.session.adopt(game, assisted=helped)
    app.table.show(game, animate=False)
    app.controller.position_changed()
    play_to_win(app, game)
    for _ in range(5000):
        frame(app)
        if app.table.won_shown and not app.table.motion.busy:
            # The cascade's cards fly over the panel, which is drawn again over them piece
            # by piece: a text log would call each piece cut. The panel at rest is checked.
            app.table.cascade = None
            return
    raise AssertionError("the win panel did not show")


def file_browser(app):
    """Ctrl+O with a game saved (Ctrl+S: its message, naming the file, is hushed)."""
    app.controller.apply(i.ExportGame())
    app.table.hush()
    app.controller.apply(i.OpenGameFile())


SCENES = {
    "table": lambda app: None,
    "message": refusal,
    "main menu": apply(i.OpenMenu()),
    "solver menu": apply(i.OpenSubmenu("solver_menu")),
    "games menu": apply(i.OpenSubmenu("games_menu")),
    "variants": apply(i.OpenVariants()),
    "chooser": apply(i.OpenChooser()),
    "options": apply(i.OpenOptions()),
    "rules": apply(i.OpenRules()),
    "statistics": apply(i.OpenStatistics()),
    "deal prompt": apply(i.OpenDealPrompt()),
    "abandon question": apply(i.NewGame()),
    "quit question": open_menu("quit_question"),
    "file browser": file_browser,
    "finished games": apply(i.OpenHistory()),
    "replay": apply(i.OpenReplay()),
    # Last: they put other games on the table, and finish them.
    "win panel": win_panel,
    "solved with help": lambda app: win_panel(app, helped=True),
}
WIN_TITLES = {"win panel": "You won!", "solved with help": "Solved with help"}


# Latin words a Ukrainian or Russian screen may show: key names, as printed on the keys,
# and the system language's own name in the Language row.
KEY_NAMES = {
    "Ctrl",
    "Shift",
    "Alt",
    "Esc",
    "Enter",
    "Tab",
    "Space",
    "Home",
    "End",
    "Backspace",
    "English",
}


def english_words(text: str) -> list[str]:
    """Words of three Latin letters or more that are not key names: a message left in
    English where the player asked for another language. A path or a file's name (one
    word with a separator, or a game file's) is the player's data, in no language; so is a
    command-line flag ("--no-sound")."""
    if " " not in text.strip() and ("/" in text or "\\" in text or text.endswith(".json")):
        return []
    text = re.sub(r"--[a-z][a-z-]*", "", text)  # a command-line flag, as typed
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in KEY_NAMES]


def shown_texts(app, log: TextLog, name: str) -> tuple[list, list[str]]:
    """The texts of the scene in front, drawn whole, and what is wrong with them."""
    app.scenes._backdrop = None  # the whole frame, not just what changed
    app.scenes.live.invalidate()
    screen = log.screen(app.table.layout_size())
    app.scenes.draw(screen, 1.0)
    placed = log.placed(screen)
    problems = [f"{name}: {p}" for p in overlapping(placed)]
    problems += [f"{name}: {t.text!r} cut at {tuple(t.rect)}" for t in placed if t.cut]
    return [t.text for t in placed], problems


def back_to_the_table(app) -> None:
    app.scenes.close_overlays()
    while app.scenes.top is not app.table:
        app.scenes.pop()
    app.table.hush()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_text_fits_in_every_scene(tmp_path, monkeypatch, language, size):
    log = TextLog(monkeypatch)
    populated_statistics(tmp_path)
    app = make_app(
        tmp_path,
        "--variant", "klondike", "--seed", str(DEAL), "--language", language,
        "--windowed", f"{size[0]}x{size[1]}",
    )  # fmt: skip
    settle(app)
    long_game(app)  # a game with moves: the abandon question, the replay
    settle(app)
    assert app.table.verdict and app.session.game.moves_made == MOVES
    problems = []
    try:
        for name, setup in SCENES.items():
            setup(app)
            frame(app, 3)
            texts, wrong = shown_texts(app, log, name)
            problems += wrong
            if language != "en":
                problems += [f"{name}: {t!r} not translated" for t in texts if english_words(t)]
            title = getattr(app.scenes.top, "title", None)  # a menu's, page's or dialog's
            title = i18n._(WIN_TITLES[name]) if name in WIN_TITLES else title
            assert texts and (title is None or title in texts), f"{name}: its text not seen"
            if name == "statistics":  # the counts are there to be measured
                assert any("1234" in t for t in texts), texts
            back_to_the_table(app)
    finally:
        app.controller.assistant.stop()
        i18n.use_language("en")
    assert not problems, "\n".join(problems[:30])
