"""Pure, deterministic solitaire engine. Never imports pygame."""
