"""The game's own flags (``solitaire``, ``python -m game``): whatever is typed, the flags
or one line on stderr with exit status 2."""

import pytest

from game.app.args import parse


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--variant", "klondike", "--mode", ""], "no mode ''"),
        (["--mode", "draw3"], "needs --variant"),
        (["--seed", "\uff11\uff12"], "deal number"),
        (["--seed", "\u0661"], "deal number"),
        (["--seed", "9" * 5000], "deal number"),
        (["--windowed", "\uff11\uff12\uff18\uff10x800"], "WIDTHxHEIGHT"),
        (["--windowed", "9" * 5000 + "x800"], "WIDTHxHEIGHT"),
        (["--windowed", "10x10"], "outside"),
        (["--fullscreen", "--windowed", "800x600"], "cannot be used together"),
        (["--data-dir", ""], "empty"),
        (["--data-dir", "~no-such-user-here/games"], "no such home folder"),
        (["--windowed", "16384x16384"], "outside"),
        (["--variant", "pyramid"], "invalid choice"),
        (["--bogus\nline" * 1000], "unrecognized"),
    ],
)
def test_a_bad_flag_is_one_short_line_and_status_2(capsys, argv, fragment):
    with pytest.raises(SystemExit) as exited:
        parse(argv)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 500
    assert err.startswith("solitaire: error: ") and fragment in err


def test_good_flags():
    options = parse(["--variant", "saratoga", "--mode", "draw3", "--seed", "0042"])
    assert (options.variant, options.mode, options.seed) == ("saratoga", "draw3", 42)
    assert parse(["--windowed", "1280X800"]).windowed == (1280, 800)


@pytest.mark.parametrize("flag", ["--help", "--version", "--self-test"])
def test_a_closed_stdout_is_no_traceback(flag):
    from tests.engine.test_cli import run_into_closed_pipe

    code, err = run_into_closed_pipe("-m", "game", flag)
    assert code in (0, 2) and "Traceback" not in err and "Exception ignored" not in err
    assert err.count("\n") <= 1


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_help_is_in_the_language_asked_for_every_word(capsys, language):
    """The flags' words are translated as ``--help`` prints them (they are made before
    the window opens, with the catalogue not yet read): each help, the description, the
    headings and argparse's own words, none left in English."""
    from game import i18n

    with pytest.raises(SystemExit) as exited:
        parse(["--language", language, "--help"])
    assert exited.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # the lines as one, unwrapped
    words = i18n.catalogue(language).gettext
    for english in (
        "start fullscreen",
        "where settings, saves and statistics live",
        "a game file to open on its timeline (saved with Ctrl+S)",
        "take the game out of the desktop's menu",
        "Started with no deal flags, the game resumes the saved game.",
        "options",
        "show this help message and exit",
        "usage: ",
    ):
        assert words(english) != english, english  # the catalogue has it
        assert " ".join(words(english).split()) in out, english
        assert english.strip() not in out, english
