"""The application: loop, scenes, settings, saves (their files: ``game.files``)."""
