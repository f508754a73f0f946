"""The compiled core (``_core.c`` and its parts in ``core/``, built by ``pip install``
where a C compiler is at hand) and its Python interfaces: ``native`` for the specialised
search, ``generic`` for the generic one. Without a compiler everything runs in Python;
``docs/solver.md`` says which Python function each C function mirrors."""
