"""What the game costs on a desktop, side by side with GNOME AisleRiot: memory, idle CPU,
and the time from launch to the first frame. Linux, on an X server (Xvfb here).

    python tools/measure_desktop.py [--display :99] [--runs 3] [--no-aisleriot]

For each subject (Klondike dealt at 1280x800; Double Klondike at 1920x1080; AisleRiot's
Klondike at each size when ``/usr/games/sol`` is there), each run:

* launch in a fresh data folder (AisleRiot: a fresh HOME);
* the first frame: the game prints "first frame" when it has drawn one (it is asked to by
  ``SOLITAIRE_REPORT_FIRST_FRAME``); for AisleRiot, the time its window is mapped;
* after 4 s, the table dealt and settled: the resident memory of the whole process tree
  (the sum of VmRSS over the process and its children);
* the CPU the tree uses over the next 10 s of idleness, as a share of one core.

Reports the median of the runs for each figure.
"""

from __future__ import annotations

import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools.arguments import missing, parser, refuse, whole, x_display  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
SETTLE = 4.0
IDLE = 10.0


def tree(pid: int) -> list[int]:
    """The process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo += children.get(current, [])
    return out


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / TICKS


def cpu_share(pid: int, seconds: float) -> float:
    """The share of one core the process tree uses over the next ``seconds``."""
    before = cpu_seconds(tree(pid))
    time.sleep(seconds)
    return (cpu_seconds(tree(pid)) - before) / seconds


def stop(proc: subprocess.Popen) -> None:
    """Ask the process to end (SIGTERM); kill it if it has not in 5 s."""
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def window_of(pid: int, env: dict) -> bool:
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
        env=env,
        capture_output=True,
        text=True,
    )
    return bool(found.stdout.split())


def measure(command: list[str], env: dict, first_frame_line: bool) -> dict:
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        if first_frame_line:
            for line in proc.stdout:
                if line.startswith("first frame"):
                    break
            first = time.perf_counter() - t0
        else:
            while not window_of(proc.pid, env):
                time.sleep(0.005)
            first = time.perf_counter() - t0
        time.sleep(max(0.0, SETTLE - (time.perf_counter() - t0)))
        pids = tree(proc.pid)
        memory = rss_mb(pids)
        idle = cpu_share(proc.pid, IDLE)
    finally:
        stop(proc)
    return {"first frame s": first, "memory MB": memory, "idle CPU %": 100 * idle}


def ours(size: str, variant: str, display: str) -> tuple[list[str], dict, bool]:
    folder = tempfile.mkdtemp(prefix="measure-")
    env = dict(
        os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", SOLITAIRE_REPORT_FIRST_FRAME="1"
    )
    env.pop("SDL_VIDEODRIVER", None)
    command = [sys.executable, "-m", "game", "--data-dir", folder, "--windowed", size]
    return [*command, "--variant", variant, "--seed", "3", "--no-sound"], env, True


def aisleriot(display: str) -> tuple[list[str], dict, bool]:
    home = tempfile.mkdtemp(prefix="measure-home-")
    env = dict(os.environ, DISPLAY=display, HOME=home, XDG_CONFIG_HOME=f"{home}/.config")
    env["GSETTINGS_BACKEND"] = "memory"
    return ["/usr/games/sol", "--variation=klondike"], env, False


def main() -> int:
    ap = parser(__doc__)
    ap.add_argument("--display", type=x_display, default=":99")
    ap.add_argument("--runs", type=whole(1, 100), default=3)
    ap.add_argument("--no-aisleriot", action="store_true")
    args = ap.parse_args()
    lacking = missing("xdotool", install="apt-get install xdotool")
    if lacking:
        return refuse(lacking)
    os.chdir(ROOT)
    # The game's bytecode, as an installed package has it (pip compiles at install): without
    # it every launch compiles the sources first, 40 ms here (PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(ROOT / "game", quiet=1)
    subjects = [
        ("this game, Klondike 1280x800", lambda: ours("1280x800", "klondike", args.display)),
        (
            "this game, Double Klondike 1920x1080",
            lambda: ours("1920x1080", "double-klondike", args.display),
        ),
    ]
    if not args.no_aisleriot and shutil.which("/usr/games/sol"):
        subjects.append(("AisleRiot 3.22, Klondike", lambda: aisleriot(args.display)))
    print(f"{'subject':40} {'first frame s':>14} {'memory MB':>10} {'idle CPU %':>11}")
    for name, make in subjects:
        runs = [measure(*make()) for _ in range(args.runs)]
        cells = [
            statistics.median(r[key] for r in runs)
            for key in ("first frame s", "memory MB", "idle CPU %")
        ]
        print(f"{name:40} {cells[0]:14.3f} {cells[1]:10.1f} {cells[2]:11.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
