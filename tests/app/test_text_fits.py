"""Text fits, in every language and at every window size the guide names: on the table,
in each menu, page and dialog, in messages, the replay bar and the win panel, no text is
drawn over another and none is cut by the edge of its panel or of the window.

Each scene is drawn whole onto a stand-in for the window while ``TextLog`` notes where
every text lands (tests/view/text_log.py).
"""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.state import WASTE
from game.view import intents as i
from tests.engine.test_rules_of_play import winning_game
from tests.view.text_log import TextLog, overlapping

from .app_helpers import frame, make_app, play, settle

LANGUAGES = ("en", "uk", "ru")
SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100))


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
    while game.stock_count:
        play(app, Draw())
        play(app, ToFoundation(WASTE))
    play(app, Collect())
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
    word with a separator, or a game file's) is the player's data, in no language."""
    if " " not in text.strip() and ("/" in text or "\\" in text or text.endswith(".json")):
        return []
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
    app = make_app(
        tmp_path,
        "--variant", "klondike", "--seed", "3", "--language", language,
        "--windowed", f"{size[0]}x{size[1]}",
    )  # fmt: skip
    settle(app)
    play(app, Draw())  # a game with a move: the abandon question, the replay
    settle(app)
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
            back_to_the_table(app)
    finally:
        app.controller.assistant.stop()
        i18n.use_language("en")
    assert not problems, "\n".join(problems[:30])
