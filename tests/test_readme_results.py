"""The rows of deals 1-1000 in ``docs/solver-results.md`` say what their per-deal files in
``docs/results/`` hold: each row's won, unwinnable and undecided shares and its share
decided within 1 s are counted again from the file, and every file backs a row. (A row
edited by hand, or a file replaced by a later run without its row, fails here.) Every
game's row in "Winnable shares past Klondike" is such a row: none stops at fewer deals."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.variants import all_variants, get_variant
from tools.deal_runs import ResultsFile, wilson

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results"
README = (ROOT / "docs" / "solver-results.md").read_text(encoding="utf-8")
IDS = {table.name: table.id for table in all_variants()}  # a row names its game

# | Name `mode` (words)¹ | 1-1000 | 82.3% (79.8-84.5) | 14.9% ... | 2.8% ... | 93.6% / 97.2% |
ROW = re.compile(
    r"^\| (?P<name>[A-Z][A-Za-z' ]+?) `(?P<mode>[\w-]+)`[^|]*\| 1-1000 \| "
    r"(?P<won>[\d.]+)%[^|]*\| (?P<lost>[\d.]+)%[^|]*\| (?P<open>[\d.]+)%[^|]*\| "
    r"(?P<fast>[\d.]+)% / (?P<decided>[\d.]+)% \|",
    re.M,
)
# The 95% interval in brackets after a share: "70.4% (67.5-73.1)".
INTERVAL = re.compile(r"[\d.]+% \(([\d.]+)-([\d.]+)\)")
# A row's won / unwinnable / undecided counts: "| 704 / 0 / 296 |".
COUNTS = re.compile(r"\| (\d+) / (\d+) / (\d+) \|")


def file_of(row: re.Match) -> str:
    """The results file that should back a row: its game's id and its mode."""
    return f"{IDS[row['name']]}-{row['mode']}.jsonl"


def rows(text: str = README) -> dict[str, dict]:
    """The 1-1000 rows of ``text``, by the name of the file that should back each."""
    found = {}
    for match in ROW.finditer(text):
        file = file_of(match)
        assert file not in found, f"two 1-1000 rows for {file}"
        found[file] = {key: float(match[key]) for key in ("won", "lost", "open", "fast", "decided")}
    return found


def deal_lines(path: Path) -> list[dict]:
    """Every deal line of a results file, read here line by line (not with ResultsFile,
    which keeps one line a deal and skips a line cut short) so that a duplicate or a broken
    line shows in the count."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [record for record in records if "seed" in record]


def outcome_counts(path: Path) -> tuple[int, int, int]:
    """The file's deals won, proved unwinnable and left undecided."""
    outcomes = [deal["outcome"] for deal in deal_lines(path)]
    return tuple(outcomes.count(outcome) for outcome in ("won", "unwinnable", "undecided"))


def counted(path: Path) -> dict[str, float]:
    deals = deal_lines(path)
    seeds = sorted(r["seed"] for r in deals)
    assert seeds == list(range(1, 1001)), f"{path.name}: not 1-1000"

    def share(n: int) -> float:
        return round(100 * n / len(deals), 1)

    outcomes = [r["outcome"] for r in deals]
    fast = [r for r in deals if r["outcome"] != "undecided" and r["seconds"] <= 1.0]
    return {
        "won": share(outcomes.count("won")),
        "lost": share(outcomes.count("unwinnable")),
        "open": share(outcomes.count("undecided")),
        "fast": share(len(fast)),
        "decided": share(len(deals) - outcomes.count("undecided")),
    }


def test_every_results_file_backs_a_row_that_says_what_it_holds():
    table = rows()
    files = sorted(path.name for path in RESULTS.glob("*.jsonl"))
    assert files and sorted(table) == files
    for file, said in table.items():
        assert said == counted(RESULTS / file), file


def test_every_results_file_says_how_it_was_run():
    """docs/results/README.md names each 1-1000 file in its table of runs (date, load,
    commit): a file added without its line there fails here."""
    listing = (RESULTS / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w-]+\.jsonl)`", listing))
    files = {path.name for path in RESULTS.glob("*.jsonl")}
    assert files and not files - named, sorted(files - named)


def test_the_rows_intervals_are_their_files_wilson_intervals():
    """Each 1-1000 row gives its won share a 95% Wilson interval (the rows past Klondike
    give their unwinnable and undecided shares one too), recomputed here from its file's
    counts to the places the row writes: a bound rounded twice (30.545 to 30.55 to 30.6)
    fails. Where a row gives its counts, they are its file's."""
    matches = list(ROW.finditer(README))
    assert len(matches) >= 25
    for match in matches:
        line = README[match.start() :].split("\n", 1)[0]
        told = outcome_counts(RESULTS / file_of(match))
        if column := COUNTS.search(line):
            assert tuple(int(n) for n in column.groups()) == told, line
        intervals = INTERVAL.findall(line)[:3]
        assert intervals, line
        for bounds, n in zip(intervals, told, strict=False):  # Klondike's rows: won alone
            for written, bound in zip(bounds, wilson(n, sum(told)), strict=True):
                places = len(written.partition(".")[2])
                assert float(written) == round(100 * bound, places), line


def measured(game) -> bool:
    """Has the game its default mode's row of deals 1-1000? (Klondike and Saratoga are
    measured otherwise: every mode, in sections of their own.)"""
    return f"{game.id}-{game.default_mode}.jsonl" in rows()


def test_the_measured_games_and_every_double_klondike_mode_have_their_rows():
    """Every row names a built-in game and one of its modes (``rows`` refuses another
    name); a game without its row yet is reported by tests/variants/test_game_extras.py."""
    table = rows()  # a row naming no built-in game fails here
    every_mode = {f"{t.id}-{m}.jsonl" for t in all_variants() for m in t.mode_ids()}
    assert set(table) <= every_mode, sorted(set(table) - every_mode)
    measured_games = [g.id for g in all_variants() if measured(g)]
    assert len(measured_games) >= 12, measured_games  # the family's eleven and Double Klondike
    for mode in get_variant("double-klondike").mode_ids():
        assert f"double-klondike-{mode}.jsonl" in table, mode


def test_a_row_that_misstates_its_file_is_caught():
    row = "| Agnes `deal` | 1-1000 | 4.9% (3.7-6.4) |"
    assert row in README
    edited = rows(README.replace(row, row.replace("4.9% (", "5.9% (")))
    file = "agnes-deal.jsonl"
    assert edited[file] != counted(RESULTS / file) == rows()[file]


# | Name `mode` | 1-20 | 5% (0.9-23.6) | 75% (53.1-88.8) | 20% ... | 70% / 80% | 10 s |
FIRST_ROW = re.compile(
    r"^\| (?P<name>[A-Z][A-Za-z' ]+?) `(?P<mode>[\w-]+)`[^|]*\| 1-(?P<last>\d+) \| "
    r"(?P<won>[\d.]+)%[^|]*\| (?P<lost>[\d.]+)%[^|]*\| (?P<open>[\d.]+)%[^|]*\| "
    r"(?P<fast>[\d.]+)% / (?P<decided>[\d.]+)% \| (?P<timeout>[\d.]+) s \|",
    re.M,
)


def past_klondike(text: str = README) -> str:
    section = text[text.index("## Winnable shares past Klondike") :]
    return section.split("\n## ", 1)[0]


def test_every_row_past_klondike_covers_deals_1_to_1000():
    """Each game's row of "Winnable shares past Klondike" is backed by its file in
    docs/results/ (above), which only a row of deals 1-1000 can be: a row of the first N
    deals would stand unchecked. Its timeout is its file's."""
    matches = list(FIRST_ROW.finditer(past_klondike()))
    assert len(matches) >= 9
    short = [m.group(0) for m in matches if m["last"] != "1000"]
    assert not short, short
    backed = rows()
    for match in matches:
        file = file_of(match)
        assert file in backed, file
        settings = ResultsFile(RESULTS / file).settings
        assert settings["timeout"] == float(match["timeout"]), file


# | FreeCell `standard` | 1-1000 | 100% (99.6-100) | 0% (0-0.4) | 0% (0-0.4) | 1000 / 0 / 0 |
FCSOLVE = RESULTS / "fcsolve"
FAMILY_ROW = re.compile(
    r"^\| (?P<name>[A-Z][A-Za-z' ]+?) `standard` \| 1-(?P<last>\d+) \| (?P<won>[\d.]+)% \([^|]*\| "
    r"(?P<lost>[\d.]+)% \([^|]*\| (?P<open>[\d.]+)% \([^|]*\| "
    r"(?P<counts>\d+ / \d+ / \d+) \|",
    re.M,
)


def test_the_freecell_familys_shares_are_counted_from_their_files():
    """Each FreeCell-family row of "Winnable shares past Klondike" says what its run beside
    Freecell Solver (``docs/results/fcsolve/ID.jsonl``) holds: its deals, this game's
    verdicts and their shares; and every such file backs a row."""
    section = README.split("## Winnable shares past Klondike", 1)[1].split("\n## ", 1)[0]
    found = {}
    for match in FAMILY_ROW.finditer(section):
        found[f"{IDS[match['name']]}.jsonl"] = match
    assert sorted(found) == sorted(path.name for path in FCSOLVE.glob("*.jsonl"))
    for file, match in found.items():
        lines = (FCSOLVE / file).read_text(encoding="utf-8").splitlines()
        deals = [json.loads(line) for line in lines if '"seed"' in line]
        assert sorted(d["seed"] for d in deals) == list(range(1, int(match["last"]) + 1)), file
        won = sum(d["ours"] == "solved" for d in deals)
        lost = sum(d["ours"] == "unsolvable" for d in deals)
        counts = (won, lost, len(deals) - won - lost)
        assert match["counts"] == " / ".join(map(str, counts)), file
        for key, count in zip(("won", "lost", "open"), counts, strict=True):
            assert float(match[key]) == round(100 * count / len(deals), 1), (file, key)
