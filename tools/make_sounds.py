"""Generate the game's sound effects into assets/sounds/ (16-bit mono 44.1 kHz WAV).

Only the Python standard library is used. Every sound is synthesised from filtered noise and
sine partials under smooth envelopes, with a fixed random seed, so running this script again
rebuilds byte-identical files:

- deal.wav     a soft card flick: a short band-passed noise swish with a papery tick.
- place.wav    a card snapping onto a pile: a crisp click over a small, dull thump.
- invalid.wav  a soft, low double "bonk" for a refused move.
- win.wav      a short bell-like C major arpeggio.

Usage: python tools/make_sounds.py (--out DIR | --write-shipped)

(``--write-shipped``: into the game's ``assets/sounds/``, each file replaced whole.)
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools.arguments import output_folder, parser, shipped_output, write_output  # noqa: E402

RATE = 44_100


# --------------------------------------------------------------------------------------------
# Building blocks: lists of float samples in [-1, 1].


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def biquad(samples: list[float], kind: str, freq: float, q: float = 0.707) -> list[float]:
    """An RBJ-cookbook biquad filter: kind is "lowpass", "highpass" or "bandpass"."""
    w0 = 2 * math.pi * freq / RATE
    alpha = math.sin(w0) / (2 * q)
    cos_w0 = math.cos(w0)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cos_w0) / 2, 1 - cos_w0, (1 - cos_w0) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cos_w0) / 2, -(1 + cos_w0), (1 + cos_w0) / 2
    elif kind == "bandpass":  # constant 0 dB peak gain
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w0, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x in samples:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(n: int, attack: float, decay: float, hold: float = 0.0) -> list[float]:
    """Rise over `attack` s (half-cosine), hold, then decay exponentially (time constant)."""
    attack_n = max(1, int(attack * RATE))
    hold_n = int(hold * RATE)
    env = []
    for i in range(n):
        if i < attack_n:
            env.append(0.5 - 0.5 * math.cos(math.pi * i / attack_n))
        elif i < attack_n + hold_n:
            env.append(1.0)
        else:
            env.append(math.exp(-(i - attack_n - hold_n) / (decay * RATE)))
    return env


def apply(samples: list[float], env: list[float]) -> list[float]:
    return [s * e for s, e in zip(samples, env, strict=False)]


def mix_at(target: list[float], sound: list[float], start: float, gain: float = 1.0) -> None:
    """Add `sound` into `target` from `start` seconds on, growing `target` if needed."""
    offset = int(start * RATE)
    needed = offset + len(sound)
    if needed > len(target):
        target.extend([0.0] * (needed - len(target)))
    for i, s in enumerate(sound):
        target[offset + i] += gain * s


def tone(freq: float, seconds: float, partials: tuple[tuple[float, float, float], ...]) -> list:
    """A sum of sine partials (ratio, amplitude, decay time constant in s), faded at its end."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for ratio, amp, tau in partials:
        step = 2 * math.pi * freq * ratio / RATE
        for i in range(n):
            out[i] += amp * math.sin(step * i) * math.exp(-i / (tau * RATE))
    return fade_out(out, min(0.02, seconds / 4))


def fade_out(samples: list[float], seconds: float) -> list[float]:
    n = min(len(samples), int(seconds * RATE))
    out = list(samples)
    for i in range(n):
        out[len(out) - n + i] *= 0.5 + 0.5 * math.cos(math.pi * i / n)
    return out


def normalize(samples: list[float], peak: float) -> list[float]:
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


def write_wav(path: Path, samples: list[float]) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)
    made = io.BytesIO()
    with wave.open(made, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    write_output(path, made.getvalue())


# --------------------------------------------------------------------------------------------
# The sounds


def make_deal(rng: random.Random) -> list[float]:
    """A card sliding off the deck: a swish whose pitch falls, ending in a soft tick."""
    seconds = 0.16
    raw = noise(seconds, rng)
    # Sweep the band-pass centre down by filtering overlapping slices at falling frequencies.
    swish = [0.0] * len(raw)
    slices = 8
    size = len(raw) // slices
    for k in range(slices):
        freq = 5200 - 3000 * k / (slices - 1)
        part = biquad(raw[: (k + 1) * size + size], "bandpass", freq, q=1.1)
        for i in range(k * size, min(len(raw), (k + 1) * size)):
            swish[i] = part[i]
    swish = apply(swish, envelope(len(swish), attack=0.025, hold=0.02, decay=0.03))
    tick = biquad(noise(0.03, rng), "bandpass", 3000, q=0.9)
    tick = apply(tick, envelope(len(tick), attack=0.0015, decay=0.006))
    out = silence(0.005)
    mix_at(out, swish, 0.005, gain=1.0)
    mix_at(out, tick, 0.085, gain=0.9)
    out = biquad(biquad(out, "highpass", 400), "lowpass", 7000)
    return fade_out(normalize(out, 0.45), 0.02)


def make_place(rng: random.Random) -> list[float]:
    """A card landing on a pile: a short papery click on a small, low thump."""
    click = biquad(noise(0.05, rng), "bandpass", 2400, q=0.8)
    click = apply(click, envelope(len(click), attack=0.001, decay=0.008))
    thump = tone(140, 0.09, ((1.0, 1.0, 0.022), (2.1, 0.35, 0.012)))
    thump = apply(thump, envelope(len(thump), attack=0.002, decay=1.0))
    body = biquad(noise(0.06, rng), "lowpass", 900)
    body = apply(body, envelope(len(body), attack=0.001, decay=0.012))
    out = silence(0.003)
    mix_at(out, click, 0.003, gain=1.0)
    mix_at(out, thump, 0.003, gain=0.55)
    mix_at(out, body, 0.003, gain=0.8)
    out.extend(silence(0.01))
    return fade_out(normalize(out, 0.55), 0.015)


def make_invalid(rng: random.Random) -> list[float]:
    """A soft, low, slightly buzzy double bonk (descending), without a harsh edge."""
    out: list[float] = []
    for start, freq in ((0.0, 196.0), (0.13, 147.0)):
        note = tone(freq, 0.2, ((1.0, 1.0, 0.07), (2.0, 0.3, 0.04), (3.0, 0.12, 0.03)))
        note = apply(note, envelope(len(note), attack=0.006, decay=1.0))
        mix_at(out, note, start)
    out = biquad(out, "lowpass", 1800)
    return fade_out(normalize(out, 0.5), 0.04)


def make_win(rng: random.Random) -> list[float]:
    """A bright C major arpeggio (C5 E5 G5 C6) with bell-like partials, ringing out."""
    notes = (523.25, 659.26, 783.99, 1046.50)
    partials = ((1.0, 1.0, 0.45), (2.0, 0.35, 0.18), (3.0, 0.12, 0.09), (4.2, 0.05, 0.05))
    out = silence(1.0)
    for i, freq in enumerate(notes):
        start = 0.1 * i
        note = tone(freq, 1.0 - start, partials)
        note = apply(note, envelope(len(note), attack=0.004, decay=10.0))
        mix_at(out, note, start, gain=1.0 if i < 3 else 1.2)
    out = biquad(out, "lowpass", 6000)
    return fade_out(normalize(out, 0.5), 0.25)


SOUNDS = {
    "deal.wav": make_deal,
    "place.wav": make_place,
    "invalid.wav": make_invalid,
    "win.wav": make_win,
}


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    shipped_output(ap, ROOT / "assets" / "sounds", kind=output_folder)
    args = ap.parse_args(argv)
    for seed, (name, make) in enumerate(SOUNDS.items()):
        samples = make(random.Random(1000 + seed))
        write_wav(args.out / name, samples)
        print(f"{name}: {len(samples) / RATE:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
