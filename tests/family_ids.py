"""The Klondike family's built-in games beyond the seeds' three, by id, to the letter as
issue 23 names them: one list for every test that walks the family."""

SEEDS = ("klondike", "saratoga", "double-klondike")
FAMILY = (
    "whitehead",
    "thumb-and-pouch",
    "westhaven",
    "easthaven",
    "agnes",
    "gold-mine",
    "athena",
    "jumbo",
    "yukon",
    "canfield",
    "lady-jane",
)
