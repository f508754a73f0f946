"""Frozen values built cheaply: what ``@dataclass(frozen=True)`` gives a class (the
fields as ``__init__`` parameters, with their defaults; equality and hash by the fields;
a repr naming them; no attribute set after ``__init__``), for classes the game defines by
the dozen and needs at start-up (the intents).

A dataclass compiles five or six methods of its own for each class, which for the
intents' four dozen classes was most of their import time; here one set of methods serves
every class, which only lists its fields. Not handled, as the intents need none of it:
``field()``, ``default_factory``, ``ClassVar``, keyword-only fields, ``dataclasses.fields``
and ``replace``.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar

_MISSING = object()


class Frozen:
    """Subclass it and annotate the fields, as for a dataclass: ``x: int`` (required) or
    ``x: int = 0`` (with a default). A subclass of a subclass adds its own fields after
    its parents'."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[tuple[Any, ...]] = ()  # each field's default, or _MISSING

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = tuple(cls.__dict__.get("__annotations__", {}))
        cls._fields = (*cls._fields, *own)
        cls._defaults = (*cls._defaults, *(cls.__dict__.get(name, _MISSING) for name in own))
        cls.__match_args__ = cls._fields
        required = [n for n, d in zip(cls._fields, cls._defaults, strict=True) if d is _MISSING]
        optional = [n for n, d in zip(cls._fields, cls._defaults, strict=True) if d is not _MISSING]
        if (
            optional
            and required
            and cls._fields.index(required[-1]) > cls._fields.index(optional[0])
        ):
            raise TypeError(f"{cls.__name__}: a field without a default follows one with")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(
                f"{type(self).__name__}() takes {len(fields)} arguments, {len(args)} given"
            )
        values = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{type(self).__name__}() got an unexpected argument {name!r}")
            if name in values:
                raise TypeError(f"{type(self).__name__}() got {name!r} twice")
            values[name] = value
        put = object.__setattr__
        for name, default in zip(fields, self._defaults, strict=True):
            value = values.get(name, default)
            if value is _MISSING:
                raise TypeError(f"{type(self).__name__}() is missing the argument {name!r}")
            put(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
