"""Klondike-family solitaire: Klondike, Saratoga, Double Klondike and eleven more, each a
rule table."""
