"""Reading a tool call's JSON arguments into typed values, with errors the model can read.

Models send arguments as a JSON string. Every accessor here raises `ToolArgError` naming the tool
and the argument, which the registry turns into an error result (never a traceback).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class ToolArgError(Exception):
    """A tool call's arguments are missing, of the wrong type or out of range."""

    def __init__(self, tool: str, message: str) -> None:
        super().__init__(f"Error: Invalid arguments for {tool}: {message}")
        self.tool = tool
        self.detail = message


class ToolFailure(Exception):
    """The tool ran but could not do what was asked; the message is the model-facing output."""


# The write tools accept these alias keys (docs/protocol.md 7, "argtolerance").
PATH_KEYS: tuple[str, ...] = ("path", "file", "file_path", "filename")
# Arguments that name a file or directory (paths, working directories, search roots).
_FILESYSTEM_KEYS = frozenset((*PATH_KEYS, "dir", "cwd", "workdir"))
PATCH_KEYS: tuple[str, ...] = ("patch", "diff")


class Args:
    """Typed, validated access to one call's arguments."""

    def __init__(self, tool: str, values: Mapping[str, Any]) -> None:
        self.tool = tool
        self.values = values

    def error(self, message: str) -> ToolArgError:
        return ToolArgError(self.tool, message)

    def _first(self, keys: Sequence[str]) -> tuple[str, Any] | None:
        for key in keys:
            if key in self.values and self.values[key] is not None:
                return key, self.values[key]
        return None

    def optional_str(self, *keys: str) -> str | None:
        found = self._first(keys)
        if found is None:
            return None
        key, value = found
        if not isinstance(value, str):
            raise self.error(f'"{key}" must be a string')
        if "\x00" in value and key in _FILESYSTEM_KEYS:
            # The OS rejects such a path (Go's lstat: EINVAL); the model gets an argument error.
            raise self.error(f'"{key}" contains a NUL byte')
        return value

    def required_str(self, *keys: str, allow_empty: bool = False) -> str:
        value = self.optional_str(*keys)
        if value is None or (not allow_empty and not value.strip()):
            raise self.error(f'"{keys[0]}" is required')
        return value


# Zero 0.8.0's argument readers (upstream tools/args.go), with its exact messages. ----------------

_MAX_INT = 2**63 - 1
_MIN_INT = -(2**63)
_TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
_FALSE_WORDS = frozenset({"false", "no", "off", "0"})


def _whole_number(value: float) -> int | None:
    if value != value or value in (float("inf"), float("-inf")) or int(value) != value:
        return None
    if value >= float(_MAX_INT) or value < float(_MIN_INT):
        return None
    return int(value)


def zero_text(
    values: Mapping[str, Any], keys: Sequence[str], *, required: bool, allow_empty: bool, fallback: str = ""
) -> str:
    """A string under the first populated alias key; errors name the primary key."""
    primary = keys[0]
    saw_empty = False
    for key in keys:
        value = values.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ValueError(f"{primary} must be a string")
        if value == "":
            if not allow_empty:
                raise ValueError(f"{primary} must be a non-empty string")
            saw_empty = True
            continue
        return value
    if saw_empty:
        return ""
    if required:
        raise ValueError(f"{primary} is required")
    return fallback


def zero_int(values: Mapping[str, Any], key: str, fallback: int, minimum: int, maximum: int = 0) -> int:
    """An integer (numbers as strings accepted); `maximum` 0 means no upper bound."""
    value = values.get(key)
    if value is None:
        return fallback
    number: int | None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        # Zero decoded every JSON number into a float64: beyond 2^53 an integer is the float.
        number = value if abs(value) <= 2**53 else _whole_number(float(value))
    elif isinstance(value, float):
        number = _whole_number(value)
    elif isinstance(value, str):
        trimmed = value.strip()
        try:
            number = int(trimmed, 10) if trimmed.lstrip("+-").isdigit() else None
            if number is None or not _MIN_INT <= number <= _MAX_INT:  # Go's Atoi fails: ParseFloat
                number = _whole_number(float(trimmed))
        except (ValueError, OverflowError):
            number = None
    else:
        number = None
    if number is None:
        raise ValueError(f"{key} must be an integer")
    if number < minimum:
        raise ValueError(f"{key} must be at least {minimum}")
    if maximum > 0 and number > maximum:
        raise ValueError(f"{key} must be at most {maximum}")
    return number


def zero_bool(values: Mapping[str, Any], key: str, fallback: bool = False) -> bool:
    """A boolean; "yes"/"no", "on"/"off", "1"/"0" and the numbers 1/0 are accepted too."""
    value = values.get(key)
    if value is None:
        return fallback
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE_WORDS:
            return True
        if word in _FALSE_WORDS:
            return False
    elif isinstance(value, int | float):
        if value == 1:
            return True
        if value == 0:
            return False
    raise ValueError(f"{key} must be a boolean")
