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

    @property
    def heading(self) -> str:
        return self.rule
