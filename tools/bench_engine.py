"""Engine speed: legal-move listing, command application and log replay, per variant.

    python tools/bench_engine.py [--games N]

Plays random legal games (fixed seeds, so runs compare) and reports, for each variant:
legal-move listings per second and their median time, commands applied per second, and the
time to replay a 300-event log from the deal. Aims: replay under 10 ms, median listing
under 50 microseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.deal import SplitMix64  # noqa: E402
from game.engine.events import apply  # noqa: E402
from game.engine.game import Game, new_game  # noqa: E402
from game.variants import all_variants  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="random games per variant")
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
