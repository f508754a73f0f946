"""Pure, deterministic solitaire engine. Never imports pygame, nor gettext (its words are
data: ``text``)."""
