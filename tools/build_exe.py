"""Build the game as a standalone executable with PyInstaller, for the OS this runs on.

    python tools/build_exe.py [--dist DIR] [--onedir] [--name NAME] [--windowed] [--measure]

By default one file, ``dist/solitaire`` (``dist\\solitaire.exe`` on Windows); with
``--onedir`` a folder ``dist/solitaire/`` holding the executable and its libraries (starts
faster: nothing to unpack at each start). Inside: the Python runtime, pygame-ce and its SDL
libraries (found by pygame-ce's own PyInstaller hook), the ``game`` package, every asset
(``assets/`` as ``game/assets``), every data file of the package (the variants' rule tables
and help texts, the solver's tables) and the installed package metadata, so ``--version``
and the window title read the version written once in pyproject.toml.

The project must be installed in this environment (``pip install -e ".[build]"``): the
metadata is copied from the installation. Progress goes to stdout, PyInstaller's own log
to stderr; the last line of stdout is the absolute path of what was built. Exit status 0
on success, 1 if the build or the smoke check of the result fails, 2 for a setup problem.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools import arguments  # noqa: E402

DISTRIBUTION = "patience-table"

# Standard-library and third-party modules the game never uses; leaving them out keeps the
# executable small (numpy, for one, would be pulled in through pygame's optional
# surfarray and sndarray modules; OpenSSL through ssl and hashlib, which falls back to
# Python's own hashes). The build's smoke check and tests/packaging prove the game still
# runs without them.
EXCLUDES = (
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "unittest",
    "doctest",
    "pydoc",
    "pydoc_data",
    "test",
    "lib2to3",
    "distutils",
    "setuptools",
    "pkg_resources",
    "pip",
    "ensurepip",
    "venv",
    "sqlite3",
    "xmlrpc",
    "curses",
    "numpy",
    "PIL",
    "ssl",
    "_ssl",
    "_hashlib",
    "pygame.examples",
    "pygame.tests",
    "pygame.docs",
    "pygame.surfarray",
    "pygame.sndarray",
)

# The program PyInstaller freezes: the same entry point as the ``solitaire`` command.
LAUNCHER = '''\
"""Entry point of the frozen game: the same main() as the installed `solitaire` command."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.__main__ import main  # noqa: E402

sys.exit(main())
'''

# A Windows version resource (the file's Properties > Details tab).
VERSION_RESOURCE = """\
VSVersionInfo(
  ffi=FixedFileInfo(filevers={tuple}, prodvers={tuple}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('FileDescription', 'Patience: Klondike, Yukon, Canfield and more'),
      StringStruct('FileVersion', '{version}'),
      StringStruct('InternalName', '{name}'),
      StringStruct('OriginalFilename', '{name}.exe'),
      StringStruct('ProductName', 'Patience'),
      StringStruct('ProductVersion', '{version}'),
      StringStruct('LegalCopyright', 'GPL-3.0-or-later')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def say(message: str) -> None:
    print(message, flush=True)


def fail(message: str, status: int = 2) -> SystemExit:
    arguments.refuse(message)
    return SystemExit(status)


def project_version() -> str:
    """The version as written once, in pyproject.toml, checked against the installation
    whose metadata the executable will carry."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        written = tomllib.load(f)["project"]["version"]
    try:
        installed = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise fail(
            f"the project is not installed in this environment ({sys.executable}); "
            'run: pip install -e ".[build]"'
        ) from None
    if installed != written:
        raise fail(
            f"pyproject.toml says version {written} but the installed metadata says "
            f'{installed}; reinstall: pip install -e ".[build]"'
        )
    return written


# Files the running game never reads: Python (PyInstaller collects the modules it imports),
# the translators' catalogues (the game reads the compiled .mo) and the solver core's C.
SOURCE_ONLY = (".py", ".pyc", ".pyo", ".po", ".pot", ".c", ".h", ".so", ".pyd")


def package_data() -> list[tuple[Path, str]]:
    """(source glob, destination folder) for every non-Python file of the game package,
    one entry per folder and file type: rule tables, help texts, solver tables, ..."""
    found: set[tuple[Path, str]] = set()
    package = ROOT / "game"
    for path in package.rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix in SOURCE_ONLY:
            continue
        relative_dir = path.parent.relative_to(ROOT).as_posix()
        pattern = path.parent / f"*{path.suffix}" if path.suffix else path
        found.add((pattern, relative_dir))
    return sorted(found)


def icon_args() -> list[str]:
    if sys.platform == "win32":
        return ["--icon", str(ROOT / "assets" / "icon.ico")]
    if sys.platform == "darwin":
        return ["--icon", str(ROOT / "assets" / "icon.icns")]
    return []  # Linux executables carry no icon; the window icon is set at run time


def version_args(work: Path, name: str, version: str) -> list[str]:
    if sys.platform != "win32":
        return []
    numbers = [int(part) if part.isdigit() else 0 for part in version.split(".")[:4]]
    numbers += [0] * (4 - len(numbers))
    resource = work / "version_info.txt"
    resource.write_text(
        VERSION_RESOURCE.format(tuple=tuple(numbers), version=version, name=name),
        encoding="utf-8",
    )
    return ["--version-file", str(resource)]


def built_path(dist: Path, name: str, onedir: bool, windowed: bool) -> Path:
    if sys.platform == "darwin" and windowed:
        return dist / f"{name}.app"
    exe = name + (".exe" if sys.platform == "win32" else "")
    return dist / name / exe if onedir else dist / exe


def pyinstaller_command(args: argparse.Namespace, work: Path, version: str) -> list[str]:
    sep = os.pathsep
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "INFO" if args.verbose else "WARN",
        "--name",
        args.name,
        "--onedir" if args.onedir else "--onefile",
        "--windowed" if args.windowed else "--console",
        "--distpath",
        str(args.dist),
        "--workpath",
        str(work / "build"),
        "--specpath",
        str(work),
        "--paths",
        str(ROOT),
        "--copy-metadata",
        DISTRIBUTION,
        "--add-data",
        f"{ROOT / 'assets'}{sep}game/assets",
        "--noupx",
    ]
    for source, dest in package_data():
        command += ["--add-data", f"{source}{sep}{dest}"]
    for module in EXCLUDES:
        command += ["--exclude-module", module]
    if sys.platform != "win32":
        command.append("--strip")
    if sys.platform == "darwin":
        command += ["--osx-bundle-identifier", "io.github.patience-table.solitaire"]
    command += icon_args()
    command += version_args(work, args.name, version)
    launcher = work / f"{args.name}.py"
    launcher.write_text(LAUNCHER, encoding="utf-8")
    command.append(str(launcher))
    return command


def smoke_check(exe: Path, version: str) -> None:
    """The built program answers --version with the project's version, from elsewhere."""
    if exe.suffix == ".app":
        exe = exe / "Contents" / "MacOS" / exe.stem
    with tempfile.TemporaryDirectory() as elsewhere:
        result = subprocess.run(
            [str(exe), "--version"],
            cwd=elsewhere,
            env=clean_env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
    answer = result.stdout.strip()
    if result.returncode != 0 or not answer.endswith(f" {version}"):
        raise fail(
            f"{exe} --version: exit {result.returncode}, output {answer!r}, "
            f"errors {result.stderr.strip()!r} (expected version {version})",
            1,
        )
    say(f"checked: '{exe.name} --version' says {answer!r}")


def clean_env() -> dict[str, str]:
    """This environment without a Python path, with SDL's dummy drivers."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def time_to_first_frame(exe: Path, runs: int = 3) -> list[float]:
    """Seconds from launching ``exe --self-test`` (from an empty folder) until it prints
    its first-frame line, for each run; each run must then pass."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as elsewhere:
            started = time.perf_counter()
            process = subprocess.Popen(
                [str(exe), "--self-test"],
                cwd=elsewhere,
                env=clean_env(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            lines = []
            first_frame = None
            for line in process.stdout:
                if first_frame is None and "first frame" in line:
                    first_frame = time.perf_counter() - started
                lines.append(line)
            errors = process.stderr.read()
            if process.wait() != 0 or first_frame is None:
                raise fail(f"{exe} --self-test failed: {''.join(lines)}{errors}", 1)
            times.append(first_frame)
    return times


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def plain_name(text: str) -> str:
    """An executable's name: letters, digits, dots, hyphens and underscores, no folder."""
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,63}", text):
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: give a plain name (letters, digits, '.', '-', '_'; no folder)"
        )
    return text


def main(argv: list[str] | None = None) -> int:
    parser = arguments.parser(
        __doc__, epilog="The last line printed is the absolute path of the executable."
    )
    parser.add_argument(
        "--dist",
        type=arguments.output_folder,
        default=ROOT / "dist",
        help="output folder (default: dist/)",
    )
    parser.add_argument(
        "--work",
        type=arguments.output_folder,
        help="PyInstaller's work folder (default: build/pyinstaller/ in the project)",
    )
    parser.add_argument("--name", type=plain_name, default="solitaire", help="executable name")
    parser.add_argument(
        "--onedir", action="store_true", help="a folder with the executable, not one file"
    )
    parser.add_argument(
        "--windowed",
        action="store_true",
        help="no console window (Windows: --help and --version then print nothing) / "
        "an .app bundle (macOS, with --onedir)",
    )
    parser.add_argument(
        "--measure",
        action="store_true",
        help="then run its --self-test 3 times and report the time to the first frame",
    )
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's full log")
    args = parser.parse_args(argv)
    if args.measure and args.windowed and sys.platform == "win32":
        parser.error("--measure reads the self-test's output: build with a console for it")
    args.dist = args.dist.resolve()
    work = (args.work or ROOT / "build" / "pyinstaller").resolve() / args.name
    try:
        import PyInstaller
    except ImportError:
        raise fail(
            'PyInstaller is not installed in this environment; run: pip install -e ".[build]"'
        ) from None
    version = project_version()
    work.mkdir(parents=True, exist_ok=True)
    args.dist.mkdir(parents=True, exist_ok=True)
    kind = "one folder" if args.onedir else "one file"
    say(
        f"building {args.name} {version} ({kind}) with PyInstaller {PyInstaller.__version__} "
        f"on {sys.platform}, Python {sys.version.split()[0]}"
    )
    say(f"work folder: {work}")
    command = pyinstaller_command(args, work, version)
    started = time.perf_counter()
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(command, cwd=work, env=env, stdout=sys.stderr, check=False)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise fail(f"PyInstaller failed (exit {result.returncode}) after {seconds:.0f} s", 1)
    exe = built_path(args.dist, args.name, args.onedir, args.windowed)
    if not exe.exists():
        raise fail(f"PyInstaller finished but {exe} is missing", 1)
    what = exe.parent if args.onedir and exe.suffix != ".app" else exe
    say(f"built in {seconds:.1f} s: {size_of(what) / 1e6:.1f} MB ({what})")
    if sys.platform == "win32" and args.windowed:
        say("not checked: a Windows build without a console prints nothing to check")
    else:
        smoke_check(exe, version)
    if args.measure:
        runnable = exe / "Contents" / "MacOS" / exe.stem if exe.suffix == ".app" else exe
        times = time_to_first_frame(runnable)
        listed = ", ".join(f"{1000 * t:.0f}" for t in times)
        say(f"start-up to first frame: best {1000 * min(times):.0f} ms (runs: {listed} ms)")
    say(str(exe))
    return 0


if __name__ == "__main__":
    sys.exit(main())
