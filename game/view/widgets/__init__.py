"""Menus, pages and dialogs drawn over the table."""
