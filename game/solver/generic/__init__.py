"""The generic search: every legal command of the engine, no cut but the cells' order and
a sink waste's order (sound ones: ``space``), for every table the specialised search is
not proved for (``search``: its phases; ``space``: the positions and moves it walks;
``best_first``: its best-first rounds)."""
