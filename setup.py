"""The one thing pyproject.toml cannot say: the solver's compiled core is optional. With a C
compiler, ``pip install .`` builds game/solver/compiled/_core.c; without one it warns and goes on,
and the solver runs in pure Python (game/solver/compiled/native.py)."""

import sys
from pathlib import Path

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "game.solver.compiled._core",
            ["game/solver/compiled/_core.c"],
            # _core.c includes its parts, so that the compiler sees one unit.
            depends=sorted(str(path) for path in Path("game/solver/compiled/core").iterdir()),
            optional=True,
            extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
        )
    ]
)
