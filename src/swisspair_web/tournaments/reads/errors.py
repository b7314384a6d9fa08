"""The manager's refusals: an operation that cannot be done, with a message for the arbiter.

Reads raise them as well as writes (:mod:`.services`), so they live below both.
"""

from __future__ import annotations


class OperationError(Exception):
    """An arbiter operation that cannot be done; the message is for the arbiter."""


class Conflict(OperationError):
    """Somebody else changed the same data first."""


class NameTaken(OperationError):
    """A short name (of an event or a section) that is taken."""


class FieldError(OperationError):
    """An operation refused for the value of one field of its form (``field``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
