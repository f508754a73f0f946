"""Start-up and rest, on a virtual screen: how soon the game's window shows, how soon its
first full frame is drawn, what it costs at rest; beside GNOME AisleRiot and a bare
pygame-ce window, measured in the same run. Linux (Xvfb and xdotool).

    python tools/bench_startup.py [--runs 5] [--display :90] [--size 1280x800]
                                  [--source DIR] [--before DIR]
                                  [--exe PATH] [--before-exe PATH]
                                  [--idle 10] [--no-clock] [--only NAME ...]

Starts its own Xvfb (no window manager), then launches the subjects in rounds (each
subject once a round, ``--runs`` rounds; a first launch of the bare window, not counted),
each launch in a fresh data folder (AisleRiot: a fresh HOME). A launch that fails (on
the Xvfb here, now and then SDL finds no display and the game says so) is reported, and
the medians are of the others:

* ``window``: seconds from launch until the subject's window is mapped: the X server's
  MapNotify, read on a connection of the benchmark's own (``MapWatch``);
* ``frame``: seconds until its first full frame is on screen: the game prints "first
  frame" after its first present (asked to by ``SOLITAIRE_REPORT_FIRST_FRAME``), the bare
  window after its flip; AisleRiot says nothing, so it has none;
* ``RSS``: after the table has settled (4 s after the window showed), the resident
  memory of the process tree, in MB (the sum of VmRSS);
* ``idle``: the CPU the tree uses over the next ``--idle`` seconds, untouched, as a share
  of one core (utime + stime from /proc/PID/stat);
* ``ticking`` (the game only, unless ``--no-clock``): the same, with the game's clock
  running: a card is drawn from the stock (the D key), and after 4 s (the card has landed,
  the winnable indicator's search has ended) the next ``--idle`` seconds are measured.

Prints the median of the launches for each figure, beside the machine's load average
(``os.getloadavg``, one minute) at the launches. The subjects: "game", the game as
installed (the ``solitaire`` command, or ``python -m game``) with the sources of
``--source`` (default: this checkout) first on its path, Klondike dealt at ``--size``;
"before", the same from the sources of ``--before`` (an older checkout, to compare in one
run); "exe", a built standalone executable (``--exe``, from ``tools/build_exe.py``), and
"exe-before", an older build (``--before-exe``);
"aisleriot" (``/usr/games/sol``, when installed); "bare", a ten-line pygame-ce script
that opens a window of the same size and flips. Bad arguments: one line, exit status 2.

``--imports`` reports instead what importing the first frame's modules costs (the app, the
controller and the table: ``python -X importtime``, the least of ``--runs``): the whole,
and the twenty modules with the largest times of their own (for ``--before`` too).
"""

from __future__ import annotations

import argparse
import compileall
import ctypes
import ctypes.util
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from tools.measure_desktop import cpu_share, rss_mb, stop, tree  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
AISLERIOT = "/usr/games/sol"
SETTLE = 4.0
POLL = 0.05  # seconds between looks at whether the launched process has ended
TIMEOUT = 30.0
SUBJECTS = ("game", "before", "exe", "exe-before", "aisleriot", "bare")
OURS = ("game", "before", "exe", "exe-before")  # the subjects that are this game
FIGURES = ("window", "frame", "rss", "idle", "clock")

BARE_WINDOW = """\
import sys, pygame
pygame.display.init()
screen = pygame.display.set_mode((int(sys.argv[1]), int(sys.argv[2])))
screen.fill((0, 100, 0))
pygame.display.flip()
print("first frame", flush=True)
while True:
    if pygame.event.wait().type == pygame.QUIT:
        break
"""


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and status 2, not the usage text
        raise UsageError(message)


def size_arg(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1280x800: {text!r}") from None
    if not (320 <= width <= 8000 and 240 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"size out of range: {text!r}")
    return width, height


def positive(kind):
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be above 0: {text!r}")
        return value

    parse.__name__ = kind.__name__
    return parse


def free_display() -> str:
    for number in range(90, 200):
        if (
            not Path(f"/tmp/.X11-unix/X{number}").exists()
            and not Path(f"/tmp/.X{number}-lock").exists()
        ):
            return f":{number}"
    raise UsageError("no free X display number between :90 and :199")


def start_xvfb(display: str, size: tuple[int, int]) -> subprocess.Popen:
    screen = f"{max(size[0], 1280)}x{max(size[1], 1024)}x24"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", screen, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Up once a client can talk to it (its socket shows a little before it answers: a
    # game launched then finds no display).
    env = dict(os.environ, DISPLAY=display)
    deadline = time.monotonic() + 10
    while subprocess.run(
        ["xdotool", "getdisplaygeometry"], env=env, capture_output=True
    ).returncode:
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise UsageError(f"Xvfb could not start on {display}")
        time.sleep(0.05)
    return server


class MapWatch:
    """The X server's word that a window was mapped: MapNotify from the root window, read
    on a connection of this process's own (no process started per look, so the time is
    the server's, give or take this process's wake-up). Only the subject runs on this
    Xvfb: the first top-level window mapped after a launch is its window."""

    MAP_NOTIFY = 19
    SUBSTRUCTURE_NOTIFY_MASK = 1 << 19

    def __init__(self, display: str) -> None:
        x11 = self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        for name in ("XFlush", "XPending", "XConnectionNumber", "XCloseDisplay"):
            getattr(x11, name).argtypes = [ctypes.c_void_p]
        x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.dpy = x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise UsageError(f"cannot open the display {display}")
        root = x11.XDefaultRootWindow(self.dpy)
        x11.XSelectInput(self.dpy, root, self.SUBSTRUCTURE_NOTIFY_MASK)
        x11.XFlush(self.dpy)
        self.fd = x11.XConnectionNumber(self.dpy)
        self.event = (ctypes.c_long * 24)()  # an XEvent: 192 bytes

    def mapped(self) -> int | None:
        """The first top-level window mapped since the last look, if any (its id)."""
        found = None
        while self.x11.XPending(self.dpy):
            self.x11.XNextEvent(self.dpy, self.event)
            kind = ctypes.c_int.from_buffer(self.event).value
            # XMapEvent, 64-bit: the window at byte 40, override_redirect at byte 48.
            window, override = self.event[5], ctypes.c_int.from_buffer(self.event, 48).value
            if kind == self.MAP_NOTIFY and not override and found is None:
                found = window
        return found

    def wait(self, seconds: float) -> int | None:
        """The next window mapped within ``seconds``, or None."""
        found = self.mapped()
        if found is None and select.select([self.fd], [], [], seconds)[0]:
            found = self.mapped()
        return found

    def close(self) -> None:
        self.x11.XCloseDisplay(self.dpy)


def launch(
    watch: MapWatch,
    command: list[str],
    env: dict,
    idle: float,
    clock: bool,
    settle: float = SETTLE,
) -> dict:
    """One launch: the figures of the module text (``frame`` None when none is said;
    ``clock`` None unless asked for)."""
    errors = tempfile.TemporaryFile("w+")
    watch.mapped()  # what an earlier launch left
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        env=env,
        cwd=tempfile.gettempdir(),
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )
    framed: list[float] = []

    def read() -> None:  # the first-frame line, timed as it arrives
        for line in process.stdout:
            if not framed and line.startswith("first frame"):
                framed.append(time.perf_counter() - started)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while (window_id := watch.wait(POLL)) is None:
            if process.poll() is not None:
                errors.seek(0)
                said = errors.read().strip().splitlines()[-1:]
                raise RuntimeError(f"{command[0]} ended (status {process.returncode}): {said}")
            if time.perf_counter() - started > TIMEOUT:
                raise RuntimeError(f"{command[0]} showed no window in {TIMEOUT:.0f} s")
        window = time.perf_counter() - started
        time.sleep(settle)
        memory = rss_mb(tree(process.pid))
        used = cpu_share(process.pid, idle)
        ticking = None
        if clock:  # a card drawn from the stock (the D key) starts the clock
            focus = ["xdotool", "windowfocus", "--sync", str(window_id), "key", "d"]
            subprocess.run(focus, env=env)
            time.sleep(SETTLE)  # the move flies, the winnable indicator's search ends
            ticking = 100 * cpu_share(process.pid, idle)
    finally:
        stop(process)
        errors.close()
    reader.join(1)
    return {
        "window": window,
        "frame": framed[0] if framed else None,
        "rss": memory,
        "idle": 100 * used,
        "clock": ticking,
    }


def game_args(folder: str, size: tuple[int, int]) -> list[str]:
    return [
        "--data-dir",
        folder,
        "--windowed",
        f"{size[0]}x{size[1]}",
        "--variant",
        "klondike",
        "--seed",
        "3",
        "--no-sound",
    ]


def subject(name: str, args: argparse.Namespace, display: str, scratch: Path):
    """The command and environment of one launch of ``name``."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    if name == "aisleriot":
        home = tempfile.mkdtemp(prefix="home-", dir=scratch)
        env.update(HOME=home, XDG_CONFIG_HOME=f"{home}/.config", GSETTINGS_BACKEND="memory")
        return [AISLERIOT, "--variation=klondike"], env
    if name == "bare":
        script = scratch / "bare_window.py"
        script.write_text(BARE_WINDOW, encoding="utf-8")
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        return [sys.executable, str(script), *map(str, args.size)], env
    folder = tempfile.mkdtemp(prefix="data-", dir=scratch)
    env["SOLITAIRE_REPORT_FIRST_FRAME"] = "1"
    if name in ("exe", "exe-before"):
        env.pop("PYTHONPATH", None)
        exe = args.exe if name == "exe" else args.before_exe
        return [str(exe), *game_args(folder, args.size)], env
    env["PYTHONPATH"] = str(args.before if name == "before" else args.source)
    installed = shutil.which("solitaire", path=str(Path(sys.executable).parent))
    command = [installed] if installed else [sys.executable, "-m", "game"]
    return [*command, *game_args(folder, args.size)], env


# What the first frame imports: the app, then (once the window is open) the table and the
# controller (in an older checkout, the app imported them itself).
FIRST_FRAME_MODULES = ("game.app.app", "game.app.controller", "game.view.table")


def import_times(source: Path, modules: tuple[str, ...], runs: int) -> tuple[float, list]:
    """``python -X importtime -c "import MODULES"``, ``runs`` times: the least total (ms)
    and, for each module imported, its least own and cumulative time (ms), largest own
    first. The least of the runs, not the median: on a loaded machine the least is the
    nearest to what the work itself costs."""
    env = dict(os.environ, PYTHONPATH=str(source), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    own: dict[str, list[float]] = {}
    total: dict[str, list[float]] = {}
    for _ in range(runs):
        result = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {', '.join(modules)}"],
            env=env,
            cwd=source,  # not this checkout: "-c" puts the working folder first on the path
            capture_output=True,
            text=True,
            check=True,
        )
        for line in result.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            first, second, name = line[len("import time:") :].split("|")
            own.setdefault(name.strip(), []).append(int(first) / 1000)
            total.setdefault(name.strip(), []).append(int(second) / 1000)
    rows = [(n, min(own[n]), min(total[n])) for n in own]
    rows.sort(key=lambda row: -row[1])
    whole = min(sum(run) for run in zip(*(total[m] for m in modules), strict=True))
    return whole, rows


def report_imports(source: Path, modules: tuple[str, ...], runs: int, top: int) -> None:
    whole, rows = import_times(source, modules, runs)
    names = ", ".join(modules)
    print(f"import {names}: {whole:.1f} ms (least of {runs}); the {top} largest own times:")
    print("| module | own ms | with its imports, ms |\n| --- | --- | --- |")
    for name, own, total in rows[:top]:
        print(f"| {name} | {own:.1f} | {total:.1f} |")


def median(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def cell(value: float | None, form: str) -> str:
    return "—" if value is None else format(value, form)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(
        description="Time to the first window and frame, idle CPU and memory, beside "
        "AisleRiot and a bare pygame-ce window (the module text says how).",
    )
    parser.add_argument("--runs", type=positive(int), default=5, help="launches (5)")
    parser.add_argument("--display", help="X display for its own Xvfb (a free one)")
    parser.add_argument("--size", type=size_arg, default=(1280, 800), help="1280x800")
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="the game's sources (this checkout)"
    )
    parser.add_argument(
        "--before", type=Path, help="also the game from these sources (an older checkout)"
    )
    parser.add_argument("--exe", type=Path, help="also a standalone executable")
    parser.add_argument("--before-exe", type=Path, help="and an older one")
    parser.add_argument(
        "--no-clock", dest="clock", action="store_false", help="skip the ticking measure"
    )
    parser.add_argument("--idle", type=positive(float), default=10.0, help="seconds (10)")
    parser.add_argument(
        "--only", nargs="+", choices=SUBJECTS, help="these subjects only (all there are)"
    )
    parser.add_argument(
        "--imports",
        action="store_true",
        help="instead: the import-time report of the first frame's modules (-X "
        "importtime, --runs times, the 20 largest own times; no display needed)",
    )
    args = parser.parse_args(argv)
    if args.display is not None and not args.display.lstrip(":").isdigit():
        parser.error(f"--display: not a display like :90: {args.display!r}")
    for flag, source in (("--source", args.source), ("--before", args.before)):
        if source is not None and not (source / "game" / "__init__.py").is_file():
            parser.error(f"{flag}: no game package in {source}")
    for flag, exe in (("--exe", args.exe), ("--before-exe", args.before_exe)):
        if exe is not None and not os.access(exe, os.X_OK):
            parser.error(f"{flag}: not an executable: {exe}")
    if args.only and "exe" in args.only and args.exe is None:
        parser.error("--only exe needs --exe PATH")
    if args.only and "before" in args.only and args.before is None:
        parser.error("--only before needs --before DIR")
    for tool in () if args.imports else ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            parser.error(f"{tool} is not installed")
    args.source = args.source.resolve()
    if args.before is not None:
        args.before = args.before.resolve()
    return args


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
    except UsageError as exc:
        print(f"bench_startup.py: error: {exc}", file=sys.stderr)
        return 2
    if args.imports:
        for source in (args.before, args.source):
            if source is not None:
                print(f"sources: {source}")
                report_imports(source, FIRST_FRAME_MODULES, args.runs, 20)
        return 0
    names = list(args.only or SUBJECTS)
    dropped = {"exe": args.exe is None, "before": args.before is None}
    dropped["exe-before"] = args.before_exe is None
    dropped["aisleriot"] = not Path(AISLERIOT).exists()
    names = [name for name in names if not dropped.get(name)]
    # The game's bytecode, as an installed package has it: without it each launch would
    # compile the sources first.
    for source in (args.source, args.before):
        if source is not None:
            compileall.compile_dir(source / "game", quiet=1)
    display = args.display or free_display()
    server = start_xvfb(display, args.size)
    watch = MapWatch(display)
    runs: dict[str, list[dict]] = {name: [] for name in names}
    rounds: list[dict[str, float]] = []  # each round's window times, by subject
    loads: dict[str, list[float]] = {name: [] for name in names}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-startup-") as scratch:
            # A first launch, not counted: on Xvfb here the first window opened after the
            # server started sometimes found no display (SDL fell back to no window).
            try:
                launch(watch, *subject("bare", args, display, Path(scratch)), 0.1, False, 0)
            except RuntimeError:
                pass
            # Round by round, each subject once a round: a load that comes and goes
            # weighs on all alike.
            for _ in range(args.runs):
                rounds.append({})
                for name in names:
                    loads[name].append(os.getloadavg()[0])
                    command, env = subject(name, args, display, Path(scratch))
                    clock = args.clock and name in OURS
                    try:
                        runs[name].append(launch(watch, command, env, args.idle, clock))
                        if runs[name][-1]["window"] is not None:
                            rounds[-1][name] = runs[name][-1]["window"]
                    except RuntimeError as exc:  # said, and the other launches go on
                        print(f"{name}: a launch failed: {exc}", flush=True)
    finally:
        watch.close()
        server.terminate()
        server.wait()
    print(
        f"{'subject':10} {'window s':>9} {'frame s':>8} {'RSS MB':>7} {'idle CPU %':>10} "
        f"{'ticking %':>9}  load (1 min)"
    )
    results = {}
    for name in names:
        if not runs[name]:
            continue
        figures = results[name] = {key: median([r[key] for r in runs[name]]) for key in FIGURES}
        print(
            f"{name:10} {cell(figures['window'], '9.3f')} {cell(figures['frame'], '8.3f')} "
            f"{cell(figures['rss'], '7.1f')} {cell(figures['idle'], '10.2f')} "
            f"{cell(figures['clock'], '9.2f')}  {statistics.mean(loads[name]):.2f}"
        )
    print(
        f"medians of {args.runs} launches each, {args.size[0]}x{args.size[1]}, {display}; "
        f"load: the 1-minute load average at the launches (mean), {os.cpu_count()} cores"
    )
    ours = results.get("game")
    for other, words in (("bare", "the bare window's"), ("aisleriot", "AisleRiot's")):
        if ours and other in results:
            ratio = ours["window"] / results[other]["window"]
            paired = paired_ratios(rounds, "game", other)
            each = " ".join(f"{r:.2f}" for r in paired)
            middle = f", median {median(paired):.2f}" if paired else ""
            print(
                f"the game's window / {words}: {ratio:.2f} (medians); "
                f"round by round: {each or 'none'}{middle}"
            )
    return 0


def paired_ratios(rounds: list[dict[str, float]], ours: str, other: str) -> list[float]:
    """The ratio of ``ours``'s window time to ``other``'s in each round both were timed:
    launched back to back, the two meet much the same load, which a ratio of medians taken
    over minutes of a shared machine's load does not promise."""
    return [r[ours] / r[other] for r in rounds if r.get(ours) and r.get(other)]


if __name__ == "__main__":
    sys.exit(main())
