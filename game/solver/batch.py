"""One deal's job in a large run (tools/solvability.py, tools/make_winnable_pool.py): plain
functions of plain arguments (the deal number last) returning a JSON-ready record, so that
they run alike in a local process pool and on the workers of a Dask cluster (where the
package is installed and ``game.solver.batch`` imports by name)."""

from __future__ import annotations

from game.engine.game import new_game
from game.solver.solve import solve
from game.variants import get_variant


def solvability_record(
    variant: str, mode: str, max_seconds: float | None, max_nodes: int | None, seed: int
) -> dict:
    """The verdict on deal ``seed`` from its start: outcome, seconds, nodes, and why the
    search left the compiled core (``left_core``, empty when it did not: a run whose
    speed figures came from the Python search says so)."""
    rules = get_variant(variant).rules(mode)
    state = new_game(rules, seed=seed).state
    res = solve(state, rules, max_nodes=max_nodes, max_seconds=max_seconds)
    return {
        "seed": seed,
        "outcome": res.outcome.value,
        "seconds": round(res.seconds, 4),
        "nodes": res.nodes,
        "left_core": res.left_core,
    }


def pool_record(variant: str, mode: str, max_seconds: float, seed: int) -> dict:
    """Is deal ``seed`` won within ``max_seconds``, its line replayed through the engine to
    a won game? (won: true or false, and the outcome.)"""
    rules = get_variant(variant).rules(mode)
    game = new_game(rules, seed=seed)
    res = solve(game.state, rules, max_nodes=None, max_seconds=max_seconds)
    won = False
    if res.won:
        for command in res.line:
            game.execute(command)
        won = game.won
    seconds = round(res.seconds, 4)
    return {"seed": seed, "won": won, "outcome": res.outcome.value, "seconds": seconds}
