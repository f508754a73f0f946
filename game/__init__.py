"""Patience: Klondike, Yukon, Canfield and more, each a rule table (``game/variants``)."""
