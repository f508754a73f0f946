"""SHA-256 from Python's own implementation, not OpenSSL's.

``hashlib`` loads OpenSSL's libcrypto, some 3.4 MB resident, for the game's two hashes
of a few hundred bytes (a save's deal fingerprint, a player's table's deal-code letters).
CPython's built-in SHA-256 (the module ``hashlib`` itself falls back to) gives the same
digests. Its name changed in 3.12; where neither name is found, ``hashlib``'s is used.
"""

from __future__ import annotations

try:
    from _sha2 import sha256  # CPython 3.12 and later
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha256 import sha256  # CPython 3.11
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
