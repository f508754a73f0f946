"""Running a tool of ``tools/`` as a person does: ``python tools/NAME.py ...`` from another
folder, with nothing on PYTHONPATH (the tool finds its checkout itself) and no X display
that answers (an X tool refuses at once instead of measuring)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"
ALL_TOOLS = sorted(path.name for path in TOOLS.glob("*.py"))


def free_display() -> str:
    """An X display number no server listens on."""
    number = next(n for n in range(64000, 64100) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def run_tool(
    name: str, *args: str, cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(DISPLAY=free_display(), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return subprocess.run(
        [sys.executable, str(TOOLS / name), *args],
        capture_output=True,
        text=True,
        cwd=cwd or Path("/"),
        env=env,
        timeout=timeout,
    )


def refused(proc: subprocess.CompletedProcess) -> str:
    """The refusal's one line, after checking it is one: exit status 2, one line on stderr
    naming the tool, no traceback, nothing on stdout."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert ": error: " in lines[0], lines[0]
    assert proc.stdout.strip() == "", proc.stdout
    return lines[0]
