"""The solver: full-knowledge search for a winning line, fair hints, background running and
the shipped pool of winnable deals. Pure Python; never imports pygame.

    from game.solver import solve, hint, HintCache, Outcome
    result = solve(game.state, rules, max_seconds=10)
    if result.outcome is Outcome.WON:
        for command in result.line: game.execute(command)

The public interface:

* ``solve(state, rules, *, max_nodes=2_000_000, max_seconds=None, cancel=None)`` ->
  ``SolveResult`` (``outcome``: ``Outcome.WON`` / ``UNWINNABLE`` / ``UNDECIDED``; ``line``:
  the engine commands of a win; ``nodes``, ``seconds``, ``cancelled``, ``won``).
  UNWINNABLE is a proof (docs/solver.md); ``solve_deal(rules, seed, **budget)`` solves a
  deal from its start.
* ``hint(game_or_state, rules, budget=1.0, *, samples, nodes, cancel, cache)`` -> the
  command to suggest, or None. Fair: it never uses the face-down cards nor the stock before
  the first redeal. ``cache`` is a ``HintCache`` the caller owns (one per table, cleared or
  replaced on a new game); without one, the hint remembers nothing beyond itself (no
  cache belongs to the process).
* ``hint_in_background(game_or_state, rules, budget, **kwargs)`` and
  ``solve_in_background(state, rules, **kwargs)`` run those off the main thread and
  return a ``BackgroundSearch`` (``done``, ``result``, ``cancel``; ``process=True`` for a
  separate process, ``on_done`` for a callback). A ``cache`` passed to a search in another
  process is a copy: what it learns there is lost, so pass one only to threads.
* ``auto_finish_line(state, rules)`` / ``auto_finish_possible``: the commands that collect
  a game whose cards are all face up; ``still_winnable(state, rules, budget)``: True,
  False or None (undecided).
* ``winnable_pool(rules)`` / ``winnable_deal(rules, random_number)``: the shipped deals
  proven winnable (kept with the variants, ``game.variants.pool``); ``heuristic_move``,
  ``hidden_slots``, ``determinized``: the parts of the fair hint, for tests and tools.

Which search answers: ``coverage`` (the gate) states, as data, the rules the specialised
search below is proved for; ``solve`` (and so everything built on it) hands every other
table to ``generic``, a search over every legal command of the engine with no cut
(docs/solver.md, "Which search answers"), run in the compiled core where it is built
(``native_generic``).

The modules, one job each: ``coverage`` and ``generic`` (above), ``tables`` (what the
rules say, as look-up tables),
``position`` (the compact position and its key), ``foundations`` (what a foundation state
allows), ``moves`` and ``move_kinds`` (listing and applying moves), ``fast_cuts`` (the
unproved cuts of the fast searches), ``deadlock`` (the relaxed loss proof), ``expansion``
(what the searches share), ``depth_first`` and ``best_first`` (the searches), ``solve``
(their phases), ``replay`` (search paths to engine commands), ``native`` and
``native_generic`` (the compiled core's interfaces), ``hints``, ``background``, and
``analysis`` ("where was it lost?": the solver run over a played game).
"""

from game.solver.background import BackgroundSearch, hint_in_background, solve_in_background
from game.solver.hints import (
    HintCache,
    auto_finish_line,
    auto_finish_possible,
    determinized,
    heuristic_move,
    hidden_slots,
    hint,
    still_winnable,
)
from game.solver.outcome import Outcome, SolveResult
from game.solver.solve import solve, solve_deal
from game.variants.pool import winnable_deal, winnable_pool

__all__ = [
    "BackgroundSearch",
    "HintCache",
    "Outcome",
    "SolveResult",
    "auto_finish_line",
    "auto_finish_possible",
    "determinized",
    "heuristic_move",
    "hidden_slots",
    "hint",
    "hint_in_background",
    "solve",
    "solve_deal",
    "solve_in_background",
    "still_winnable",
    "winnable_deal",
    "winnable_pool",
]
