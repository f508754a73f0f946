"""pygame-ce view: layout, card sprites, tweens, input."""
