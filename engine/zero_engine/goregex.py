"""Writing Python regular expressions that match exactly what Go's RE2 patterns match.

Zero's redaction patterns are Go regexps. Python's `re` agrees with RE2 on leftmost-first
matching, but not on three classes the patterns use:

- `\\s` is `[\\t\\n\\f\\r ]` in Go (no `\\v`, no Unicode spaces): use `WS`;
- `\\b` and `\\d` are ASCII in Go: compile with `re.ASCII`;
- `(?i)` folds with Unicode simple case folding in Go, where `k` also matches the Kelvin sign
  U+212A and `s` the long s U+017F, but `i` does not match the dotted/dotless I (Python's
  IGNORECASE does): spell case-insensitive words with `caseless` and classes with `CI_LETTERS`.
"""

from __future__ import annotations

import re

WS = r"[\t\n\f\r ]"
NOT_WS = r"[^\t\n\f\r ]"
#: Go's `(?i)[A-Za-z]`: the ASCII letters and the two non-ASCII letters that fold into them.
CI_LETTERS = "A-Za-z\u212a\u017f"
_EXTRA_FOLDS = {"k": "\u212a", "s": "\u017f"}


def caseless(word: str) -> str:
    """A pattern matching `word` as Go's `(?i)word` does."""
    parts = []
    for char in word:
        lower = char.lower()
        if lower.isascii() and lower.isalpha():
            parts.append(f"[{lower}{lower.upper()}{_EXTRA_FOLDS.get(lower, '')}]")
        else:
            parts.append(re.escape(char))
    return "".join(parts)


def compile_go(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a pattern written with the helpers above, with Go's ASCII `\\b` and `\\d`."""
    return re.compile(pattern, re.ASCII | flags)


# RE2's ASCII classes, usable inside a bracket expression: `[[:alpha:]_]`.
_POSIX_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "ascii": "\\x00-\\x7f",
    "blank": "\\t ",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": "\\t\\n\\v\\f\\r ",
    "upper": "A-Z",
    "word": "0-9A-Za-z_",
    "xdigit": "0-9A-Fa-f",
}


def translate_posix_classes(pattern: str) -> str:
    """`pattern` (a Go regexp) with each `[:name:]` inside a bracket expression spelled out as
    Python understands it (Python reads `[[:alpha:]]` as a set of the characters `[:alph`)."""
    out: list[str] = []
    index, in_class = 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            out.append(pattern[index : index + 2])
            index += 2
            continue
        if not in_class:
            if char == "[":
                in_class = True
                out.append(char)
                index += 1
                if pattern.startswith("^", index):
                    out.append("^")
                    index += 1
                if pattern.startswith("]", index):  # a leading ] is a literal
                    out.append("\\]")
                    index += 1
                continue
            out.append(char)
            index += 1
            continue
        if char == "]":
            in_class = False
            out.append(char)
            index += 1
            continue
        if pattern.startswith("[:", index):
            end = pattern.find(":]", index + 2)
            name = pattern[index + 2 : end] if end >= 0 else ""
            if name in _POSIX_CLASSES:
                out.append(_POSIX_CLASSES[name])
                index = end + 2
                continue
        if char == "[":
            out.append("\\[")  # a literal [ inside a class (Python would warn of a nested set)
            index += 1
            continue
        out.append(char)
        index += 1
    return "".join(out)
