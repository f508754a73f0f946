"""The player's files: where they live, how they are read and written, what may be in them.

Below the variants (which read their rule tables here) and above the engine; nothing in
it knows of a table, a scene or the app (``tests/test_layers.py``)."""
