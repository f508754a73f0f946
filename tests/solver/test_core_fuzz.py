"""The differential fuzz of the compiled core under AddressSanitizer and UBSan (issue 22):
the core is built again with ``-fsanitize=address,undefined`` into a temporary folder and
driven by tests/solver/core_fuzz.py in a Python that preloads the ASan runtime, with
random rule tables and positions, valid and corrupted, 10,000 calls, a quarter of them to
the generic search (core_fuzz_generic.py: tables of the engine's whole vocabulary). No
sanitizer report, every corruption refused with a Python error, every valid case equal to
the Python search. Skipped, with the reason, only where there is no C compiler or no ASan
runtime."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
CALLS = 10_000


def compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")


def asan_runtime(cc: str) -> str | None:
    """The ASan runtime's path (a Python built without ASan must preload it)."""
    out = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True)
    path = out.stdout.strip()
    return path if out.returncode == 0 and os.path.isabs(path) else None


@pytest.fixture(scope="module")
def sanitized_core(tmp_path_factory):
    cc = compiler()
    if cc is None:
        pytest.skip("no C compiler here: the compiled core cannot be built to fuzz")
    runtime = asan_runtime(cc)
    if runtime is None:
        pytest.skip(f"{cc} has no AddressSanitizer runtime (libasan.so)")
    built = tmp_path_factory.mktemp("asan") / "_core.so"
    flags = ["-shared", "-fPIC", "-O1", "-g", "-fno-omit-frame-pointer"]
    flags += ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    flags += ["-Wall", "-Werror=vla"]  # MSVC has no variable-length arrays
    include = sysconfig.get_paths()["include"]
    source = ROOT / "game" / "solver" / "compiled" / "_core.c"
    subprocess.run([cc, *flags, f"-I{include}", str(source), "-o", str(built)], check=True)
    return built, runtime


def test_the_sanitized_core_takes_ten_thousand_random_calls(sanitized_core):
    built, runtime = sanitized_core
    env = dict(
        os.environ,
        LD_PRELOAD=runtime,
        ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",  # Python's own arenas look leaked
        UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1",
        PYTHONPATH=str(ROOT),
    )
    env.pop("PATIENCE_PURE_PYTHON", None)
    out = subprocess.run(
        [sys.executable, "-m", "tests.solver.core_fuzz", str(built), "22", str(CALLS)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    report = out.stderr[-4000:]
    assert "AddressSanitizer" not in out.stderr, report
    assert "runtime error" not in out.stderr, report
    assert out.returncode == 0, out.stdout[-2000:] + report
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["calls"] >= CALLS
    assert summary["refused"] >= CALLS // 4  # corrupted calls, each refused
    assert summary["valid"] >= CALLS // 4  # valid calls, each equal to the Python search
    assert summary["max_decks"] >= 3
    assert summary["decided"] >= 100  # compared in full: outcome, line and node count
    # The generic search's share: corrupted calls refused, valid ones equal to the engine's
    # commands and the Python search's verdicts, some of them decided.
    assert summary["generic_refused"] >= CALLS // 10
    assert summary["generic_valid"] >= CALLS // 30
    assert summary["generic_decided"] >= 50
    assert summary["generic_max_decks"] == 4
