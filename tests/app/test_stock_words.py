"""A turn of the stock is worded for where the stock deals (issue 37, "The languages"): a
stock that deals onto the piles (Agnes, Easthaven) or the reserve (Lady Jane) is not
"turned" or "taken from" in any language; the hint and "where was it lost?" say it so."""

from __future__ import annotations

import pytest

from game.engine.commands import Draw
from game.engine.game import new_game
from game.i18n.wording import move_words
from game.variants import get_variant
from game.view import intents as i

from .app_helpers import make_app

HINTS = {
    ("klondike", "en"): "Hint: turn the stock",
    ("agnes", "en"): "Hint: deal from the stock onto the piles",
    ("easthaven", "en"): "Hint: deal from the stock onto the piles",
    ("lady-jane", "en"): "Hint: deal from the stock onto the reserve",
    ("klondike", "uk"): "Підказка: візьміть з колоди",
    ("agnes", "uk"): "Підказка: роздайте з колоди на стовпчики",
    ("lady-jane", "uk"): "Підказка: роздайте з колоди в резерв",
    ("klondike", "ru"): "Подсказка: возьмите из колоды",
    ("easthaven", "ru"): "Подсказка: сдайте из колоды на стопки",
    ("lady-jane", "ru"): "Подсказка: сдайте из колоды в резерв",
}


@pytest.mark.parametrize(("variant", "language"), sorted(HINTS))
def test_a_hint_to_deal_says_where_the_stock_deals(tmp_path, variant, language):
    app = make_app(tmp_path, "--variant", variant, "--seed", "3", "--language", language)
    assert app.session.game.stock_count > 0
    app.controller.apply(i.ShowHint(Draw()))
    assert app.table.toast is not None
    assert app.table.toast.text == HINTS[variant, language]


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("klondike", "turn the stock"),
        ("easthaven", "deal from the stock onto the piles"),
        ("lady-jane", "deal from the stock onto the reserve"),
    ],
)
def test_a_losing_deal_from_the_stock_is_worded_the_same_way(variant, words):
    rules = get_variant(variant).rules()
    game = new_game(rules, seed=3)
    assert move_words(Draw(), game.state, game.layout, rules.stock_to) == words


def test_an_empty_stock_is_a_redeal_whatever_it_deals_to():
    rules = get_variant("klondike").rules()
    game = new_game(rules, seed=3)
    while game.stock_count:
        game.execute(Draw())
    assert move_words(Draw(), game.state, game.layout, rules.stock_to) == "redeal"
