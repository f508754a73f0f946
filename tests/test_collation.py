"""The alphabetical order of names in the player's language (issue 37, finding 5)."""

from game.i18n.collation import sort_key


def ordered(words, language):
    return sorted(words, key=lambda w: sort_key(w, language))


def test_ukrainian_letters_sort_in_the_alphabet_not_by_code_point():
    words = ["Яблуко", "Їжак", "Ґанок", "Гора", "Єнот", "Ехо", "Іній", "Иній", "Жук", "Йод"]
    assert ordered(words, "uk") == [
        "Гора", "Ґанок", "Ехо", "Єнот", "Жук", "Иній", "Іній", "Їжак", "Йод", "Яблуко",
    ]  # fmt: skip
    assert sorted(words) != ordered(words, "uk")  # code points put Є, І, Ї, Ґ after Я


def test_russian_yo_files_as_ye_and_case_does_not_count():
    words = ["ёлка", "Ель", "есть", "Жук", "ягода", "Агнес"]
    assert ordered(words, "ru") == ["Агнес", "ёлка", "Ель", "есть", "Жук", "ягода"]


def test_english_ignores_case_and_puts_shorter_words_first():
    words = ["yukon", "Klondike", "Double Klondike", "agnes", "Athena"]
    assert ordered(words, "en") == ["agnes", "Athena", "Double Klondike", "Klondike", "yukon"]


def test_the_ukrainian_apostrophe_is_ignored():
    assert ordered(["м'ята", "мязи", "мить"], "uk") == ["мить", "мязи", "м'ята"]
