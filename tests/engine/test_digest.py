"""game.engine.digest: the same SHA-256 digests as hashlib's, so every save's deal
fingerprint and every player's table's deal-code letters stay what they were, without
OpenSSL."""

from __future__ import annotations

import hashlib

import pytest

from game.engine.cards import CODE
from game.engine.digest import sha256
from game.engine.game import Deal
from game.engine.savefile import deal_fingerprint
from game.variants.player import own_code

from .helpers import rules


@pytest.mark.parametrize("data", [b"", b"abc", "Косинка\nчервоні".encode(), bytes(range(256)) * 9])
def test_the_digest_is_sha256(data):
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_it_is_not_openssls():
    assert sha256.__module__ != "_hashlib"


def test_a_fingerprint_and_a_code_are_what_hashlib_gives():
    """A save written before keeps its fingerprint; a player's table keeps its letters."""
    klondike = rules("klondike")
    deal = Deal(seed=3)
    codes = " ".join(CODE[card] for card in deal.cards(klondike))
    text = f"klondike\n{klondike.mode}\n{codes}"
    assert deal_fingerprint(klondike, deal) == "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    first_six = hashlib.sha256(b"my-klondike").digest()[:6]
    assert own_code("my-klondike") == "".join(chr(ord("A") + byte % 26) for byte in first_six)
