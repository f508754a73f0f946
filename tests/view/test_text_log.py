"""The text log itself (tests/view/text_log.py) finds what it is meant to find."""

import pygame
import pytest

from game.view.card_art import font
from game.view.widgets.menu import Item, MenuPanel

from .text_log import TextLog, overlapping


@pytest.fixture
def log(monkeypatch):
    pygame.init()
    return TextLog(monkeypatch)


def test_two_texts_drawn_over_each_other_are_found(log):
    screen = log.screen((200, 100))
    f = font(20)
    screen.blit(f.render("first", True, (255, 255, 255)), (10, 10))
    screen.blit(f.render("second", True, (255, 255, 255)), (30, 14))
    screen.blit(f.render("apart", True, (255, 255, 255)), (10, 60))
    placed = log.placed(screen)
    assert [t.text for t in placed] == ["first", "second", "apart"]
    assert len(overlapping(placed)) == 1 and "'first'" in overlapping(placed)[0]


def test_text_past_its_box_or_the_window_is_cut(log):
    screen = log.screen((200, 100))
    box = pygame.Surface((60, 30), pygame.SRCALPHA)
    box.fill((0, 0, 0, 255))
    box.blit(font(20).render("much too long", True, (255, 255, 255)), (4, 2))
    screen.blit(box, (10, 10))
    screen.blit(font(20).render("edge", True, (255, 255, 255)), (180, 60))
    screen.blit(font(20).render("fits", True, (255, 255, 255)), (100, 10))
    cut = {t.text: t.cut for t in log.placed(screen)}
    assert cut == {"much too long": True, "edge": True, "fits": False}


def test_an_opaque_panel_hides_the_text_under_it_and_a_clear_one_does_not(log):
    screen = log.screen((200, 100))
    screen.blit(font(20).render("under", True, (255, 255, 255)), (10, 10))
    screen.blit(font(20).render("seen", True, (255, 255, 255)), (10, 60))
    panel = pygame.Surface((100, 40), pygame.SRCALPHA)
    panel.fill((0, 0, 0, 250))
    screen.blit(panel, (0, 0))
    veil = pygame.Surface((200, 100), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 40))
    screen.blit(veil, (0, 0))
    assert [t.text for t in log.placed(screen)] == ["seen"]


def test_a_menu_row_too_long_for_a_small_window_would_be_caught(log):
    # A real widget with a label no window could hold: the log must see it cut.
    label = "W" * 400
    menu = MenuPanel("Menu", [Item(label, None, hint="X")], (640, 480))
    screen = log.screen((640, 480))
    menu.draw(screen)
    placed = log.placed(screen)
    assert any(t.text == label and t.cut for t in placed)


def test_a_long_row_makes_the_menu_type_smaller_rather_than_cut(log):
    label = "Показывать, можно ли ещё выиграть эту партию, в строке состояния"
    menu = MenuPanel("Параметры", [Item(label, None, hint="Ctrl+Shift+W")], (640, 480))
    screen = log.screen((640, 480))
    menu.draw(screen)
    placed = log.placed(screen)
    assert label in [t.text for t in placed]
    assert not [t for t in placed if t.cut] and not overlapping(placed)
    assert menu.metrics().unit < MenuPanel("Menu", [Item("Short", None)], (640, 480)).metrics().unit
