"""The one thing pyproject.toml cannot say: the solver's compiled core is optional. With a C
compiler, ``pip install .`` builds game/solver/_core.c; without one it warns and goes on,
and the solver runs in pure Python (game/solver/native.py)."""

import sys

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "game.solver._core",
            ["game/solver/_core.c"],
            optional=True,
            extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
        )
    ]
)
