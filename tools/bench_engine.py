"""Engine speed: legal-move listing, command application and log replay, per variant.

    python tools/bench_engine.py [--games N]

Plays random legal games (fixed seeds, so runs compare) and reports, for each variant:
legal-move listings per second and their median time, commands applied per second, and the
time to replay a 300-event log from the deal; then the time to resume a saved game of
10,000 moves (Klondike, draw one, unlimited redeals). Aims: replay under 10 ms, median
listing under 50 microseconds, a 10,000-move save resumed in under a second.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.deal import SplitMix64  # noqa: E402
from game.engine.events import apply  # noqa: E402
from game.engine.game import Game, new_game  # noqa: E402
from game.engine.savefile import game_from_json, game_to_json  # noqa: E402
from game.variants import all_variants, get_variant  # noqa: E402
from tools.arguments import parser, whole  # noqa: E402


def random_game(rules, seed: int, steps: int) -> tuple[Game, list[float], list[float]]:
    rng = SplitMix64(seed)
    game = new_game(rules, seed=seed)
    list_times, apply_times = [], []
    clock = time.perf_counter
    for _ in range(steps):
        t0 = clock()
        moves = game.legal_moves()
        t1 = clock()
        list_times.append(t1 - t0)
        if not moves:
            break
        move = moves[rng.below(len(moves))]
        t0 = clock()
        game.execute(move)
        apply_times.append(clock() - t0)
    return game, list_times, apply_times


def log_of_events(game: Game, size: int) -> list:
    return [event for record in game.log for event in record.step][:size]


def bench(rules, games: int) -> dict:
    list_times, apply_times, replays = [], [], []
    for seed in range(games):
        game, lt, at = random_game(rules, seed, 400)
        list_times += lt
        apply_times += at
        events = log_of_events(game, 300)
        if len(events) < 300:
            continue
        t0 = time.perf_counter()
        state = game.initial
        for event in events:
            state = apply(state, event)
        replays.append(time.perf_counter() - t0)
    return {
        "listings_per_s": len(list_times) / sum(list_times),
        "listing_median_us": statistics.median(list_times) * 1e6,
        "listing_p90_us": statistics.quantiles(list_times, n=10)[-1] * 1e6,
        "commands_per_s": len(apply_times) / sum(apply_times),
        "replay_300_ms": statistics.median(replays) * 1e3 if replays else float("nan"),
    }


def bench_seek(rules, moves: int = 1000, jumps: int = 500) -> dict:
    """The replay's jumps: a random ``moves``-move game, then ``jumps`` jumps to random
    moves of its timeline (the first one works out every position, once)."""
    game = new_game(rules, seed=99)
    rng = random.Random(99)
    while game.moves_made < moves:
        legal = game.legal_moves()
        if not legal:  # a game with no stock to turn can end stuck (Yukon, Agnes)
            break
        game.execute(rng.choice(legal))
    moves = game.moves_made
    t0 = time.perf_counter()
    game.seek(rng.randrange(moves + 1))
    first = time.perf_counter() - t0
    times = []
    for _ in range(jumps):
        target = rng.randrange(moves + 1)
        t0 = time.perf_counter()
        game.seek(target)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {
        "first_ms": first * 1e3,
        "median_ms": statistics.median(times) * 1e3,
        "p99_ms": times[int(len(times) * 0.99)] * 1e3,
        "max_ms": times[-1] * 1e3,
    }


def bench_resume(moves: int = 10_000, tries: int = 3) -> float:
    """Seconds to read back a save of a ``moves``-move game (20 of them undone, so the redo
    stack is saved too): the best of ``tries``, as a busy machine is not the game."""
    rng = random.Random(1)
    game = new_game(get_variant("klondike").rules("draw1-unlimited"), seed=5)
    while game.moves_made < moves:
        game.execute(rng.choice(game.legal_moves()))
    for _ in range(20):
        game.undo()
    text = game_to_json(game, {"elapsed": 600.0})
    took = []
    for _ in range(tries):
        t0 = time.perf_counter()
        game_from_json(text, get_variant)
        took.append(time.perf_counter() - t0)
    return min(took)


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--games", type=whole(1, 100_000), default=50, help="random games per variant")
    args = ap.parse_args()
    print(
        f"{'variant/mode':32} {'list/s':>9} {'med us':>7} {'p90 us':>7} "
        f"{'cmd/s':>9} {'replay300 ms':>12}"
    )
    for table in all_variants():
        rules = table.rules()
        r = bench(rules, args.games)
        print(
            f"{table.id + '/' + rules.mode:32} {r['listings_per_s']:9.0f} "
            f"{r['listing_median_us']:7.1f} {r['listing_p90_us']:7.1f} "
            f"{r['commands_per_s']:9.0f} {r['replay_300_ms']:12.2f}"
        )
    print("\nJumping to a move of a 1,000-move game (the replay's timeline), in ms:")
    print(f"{'variant/mode':32} {'first':>7} {'median':>7} {'p99':>7} {'max':>7}")
    for table in all_variants():
        rules = table.rules()
        s = bench_seek(rules)
        print(
            f"{table.id + '/' + rules.mode:32} {s['first_ms']:7.2f} {s['median_ms']:7.3f} "
            f"{s['p99_ms']:7.3f} {s['max_ms']:7.3f}"
        )
    print(f"\nResuming a saved game of 10,000 moves: {bench_resume():.3f} s (best of three)")


if __name__ == "__main__":
    main()
