"""The engine's words, as data: English templates and their fields, worded at the edge.

The engine speaks no language: it imports no gettext (``tests/test_layers.py``). What it
has to say besides a refusal (``refusals``), such as a deal code it cannot read, a saved
game it will not load or a pile with no such name, is a ``Message``: an English template
marked ``N_`` (or ``N_plural``, whose form the field ``count`` chooses) and the fields
that fill it. ``tools/messages.py`` extracts the marked templates into the catalogues as
it does every message. ``str()`` of a message is its English sentence (logs, tests), and
``game.i18n.say`` words it in the language spoken, with ``_(template).format(**fields)``.

A field may be a message itself (a saved game's bad entry names the move's problem): it
is worded in the same language as the sentence around it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Template = str | tuple[str, str]  # one form, or a plural's two (ngettext's)
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def N_(template: str) -> str:
    """Mark an English template for the catalogues; it is translated where it is shown."""
    return template


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a template with a plural: the field ``count`` chooses the form."""
    return singular, plural


# Templates with no words in them: a text said as it is, and a problem after what it is
# about. Not marked: they are the same in every language (gettext gives them back).
VERBATIM = "{text}"
JOINED = "{head}: {tail}"


class Message:
    """An English template (``Template``) and the fields that fill it."""

    __slots__ = ("template", "fields")

    def __init__(self, template: Template, **fields: Any) -> None:
        self.template = template
        self.fields = fields

    @classmethod
    def of(cls, said: object) -> Message:
        """What ``said`` says as a message: a message or an ``EngineError`` as it is;
        anything else (a text, another exception) word for word."""
        if isinstance(said, EngineError):
            return said.message
        if isinstance(said, Message):
            return said
        return cls(VERBATIM, text=str(said))

    def worded(self, gettext: Gettext, ngettext: Ngettext) -> str:
        """The sentence, translated by the two gettext functions given. A template without
        fields is not formatted: a text already worded (a path with braces in it, say)
        passes as it is."""
        if isinstance(self.template, tuple):
            text = ngettext(*self.template, self.fields["count"])
        else:
            text = gettext(self.template)
        if not self.fields:
            return text
        return text.format(**{k: worded(v, gettext, ngettext) for k, v in self.fields.items()})

    def __str__(self) -> str:
        return self.worded(_english, _english_plural)

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.fields!r})"


def worded(value: Any, gettext: Gettext, ngettext: Ngettext) -> Any:
    """A field's words: a message (or an error carrying one) worded; anything else as is."""
    if isinstance(value, EngineError):
        value = value.message
    return value.worded(gettext, ngettext) if isinstance(value, Message) else value


def _english(template: str) -> str:
    return template


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


class EngineError(ValueError):
    """Something the engine cannot take (a deal code, a move's text, a saved game), said
    as a ``Message``: ``EngineError(N_("unknown card {code}"), code=...)``, or an
    existing message. ``str()`` is the English sentence; ``game.i18n.say`` translates."""

    def __init__(self, template: Template | Message, **fields: Any) -> None:
        if isinstance(template, Message):
            self.message = template
        else:
            self.message = Message(template, **fields)
        super().__init__(str(self.message))

    @classmethod
    def about(cls, head: object, problem: object) -> EngineError:
        """``HEAD: PROBLEM``, each worded in the sentence's language."""
        return cls(JOINED, head=Message.of(head), tail=Message.of(problem))


# -- what a person (or a file) wrote, quoted in a message of one short line ------------
# Error messages repeat the offending text; a 5,000-character argument or a deeply nested
# value must not turn that line into a page (or raise while it is being shown).

LIMIT = 60


def shown(value: Any, limit: int = LIMIT, quotes: bool = True) -> str | Message:
    """``repr(value)``, cut to ``limit`` characters; newlines come out escaped. A string
    loses its quotes with ``quotes=False``. A value whose ``repr`` fails is said in words,
    a ``Message`` (worded in the player's language when it fills one of the engine's
    messages; in English where it is formatted as it is)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError, MemoryError):
        return Message(N_("(a value too deep or too large to show)"))
    if not quotes and isinstance(value, str):
        text = text[1:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."
