"""The specialised search: the Klondike-shaped games the gate (``game.solver.coverage``)
states it is proved for. What the rules say as look-up tables (``tables``), the compact
position and its key (``position``, ``stack_swaps``), what a foundation allows
(``foundations``), listing and applying moves (``moves``, ``move_kinds``), the unproved
cuts of the fast searches (``fast_cuts``), the relaxed loss proof (``deadlock``), what the
searches share (``expansion``), the searches (``depth_first``, ``best_first``) and search
paths turned into engine commands (``replay``). ``docs/solver.md`` gives the proofs."""
