"""Every tool in ``tools/`` (found on disk, so a new one is covered as it is added) runs as
a script from the checkout: ``--help`` prints its usage, and an argument it does not take
is refused in one line with exit status 2, never a traceback."""

from __future__ import annotations

import pytest

from tests.tools.helpers import ALL_TOOLS, refused, run_tool


def test_the_tools_are_found():
    assert {"solvability.py", "measure_cards.py", "solvitaire_io.py"} <= set(ALL_TOOLS)


@pytest.mark.parametrize("tool", ALL_TOOLS)
def test_help_prints_the_usage(tool):
    proc = run_tool(tool, "--help")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: "), proc.stdout
    assert "Traceback" not in proc.stderr and proc.stderr == "", proc.stderr


@pytest.mark.parametrize("tool", ALL_TOOLS)
def test_an_argument_it_does_not_take_is_one_line_and_exit_2(tool):
    line = refused(run_tool(tool, "--no-such-option"))
    assert line.startswith(f"{tool}: error: "), line
