"""The families of patience a rule table's game may belong to (its ``family`` key).

A family names games that share their shape of play; the game chooser groups the games
by it, each family under its own heading. A new family is one member line here, and its
tables say ``family = "..."``; a table that says nothing is of the Klondike family.
"""

from __future__ import annotations

from .policy import Policy
from .text import N_


class Family(Policy):
    """A family of games: the label is for the tables' reference, the rule the chooser's
    heading."""

    KLONDIKE = (
        "klondike",
        N_("the Klondike family: build down on the tableau, up in suit on the foundations"),
        N_("Klondike family"),
    )
    FREECELL = (
        "freecell",
        N_("the FreeCell family: every card dealt face up, cells that hold one card each"),
        N_("FreeCell family"),
    )
    SPIDER = (
        "spider",
        N_("the Spider family: build whole runs from King to Ace in the tableau"),
        N_("Spider family"),
    )
    FORTY_THIEVES = (
        "forty-thieves",
        N_("the Forty Thieves family: two decks, many piles, few cards moved at once"),
        N_("Forty Thieves family"),
    )
    GOLF = (
        "golf",
        N_("Golf: clear the tableau onto the waste, one rank up or down"),
        N_("Golf"),
    )

    @property
    def heading(self) -> str:
        return self.rule
