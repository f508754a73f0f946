"""Klondike-family solitaire: Klondike, Saratoga and Double Klondike."""
