"""The application: loop, scenes, settings, saves."""
