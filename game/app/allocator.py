"""The C library's allocator, told to give back what the game frees (glibc only).

A long session frees much: each search's tables, each window size's surfaces. glibc's
malloc keeps it, for two reasons. Each thread that allocates gets an arena of its own
(up to eight a core), and what is freed in one stays there: the solver's searches run on
threads, one after another. And a block over 128 kB is a mapping of its own, given back
when freed, until the first such block is freed: the threshold then rises to that block's
size (up to 32 MB), and later big blocks come from the heap, whose holes are kept. Measured
with ``tools/bench_session.py`` (20,000 random steps, every game): the process held some
400 MB after 4,000 steps, nearly all of it freed memory kept by the allocator, while what
Python and the surfaces held stayed under 100 MB.

So, once the first frame is on screen: at most two arenas, and a fixed threshold of 128 kB
(a fixed one does not rise). Elsewhere (Windows, macOS, another C library) nothing is done.
"""

from __future__ import annotations

import ctypes

M_MMAP_THRESHOLD = -3  # mallopt's parameters, from glibc's malloc.h
M_ARENA_MAX = -8
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept fixed
ARENA_MAX = 2  # the main thread's, and one the searches share


def give_memory_back() -> bool:
    """Tell glibc's malloc to give freed memory back; False where there is no glibc."""
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) and mallopt(M_ARENA_MAX, ARENA_MAX))


class HeapInfo(ctypes.Structure):
    """glibc's ``struct mallinfo2``: what the allocator holds, in bytes (``uordblks`` in
    use, ``fordblks`` free but kept, ``hblkhd`` in mappings of their own)."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks "
        "keepcost".split()
    ]


def heap_info() -> HeapInfo | None:
    """What glibc's allocator holds now (all its arenas); None where there is no glibc."""
    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.argtypes, mallinfo2.restype = [], HeapInfo
    return mallinfo2()
