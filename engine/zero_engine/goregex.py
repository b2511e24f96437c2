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
