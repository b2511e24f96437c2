"""The output budget every tool result passes at the registry boundary (schemaVersion 2).

Zero 0.8.0 attaches budget metadata to every tool result (`tool_result.meta`), whether or not the
output was cut: the output category, original/retained sizes in bytes and estimated tokens, and
whether a spill file was written. Oversized output keeps a head and a tail around the notice
`[zero] output truncated`, and the full (already redacted) text is saved to a per-user spill
file the model can grep or read instead of re-running the tool.

The token estimate is not a tokenizer: printable ASCII counts a quarter token per byte
(whitespace is free), every byte of non-ASCII UTF-8 counts a whole token.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

READ_BUDGET_BYTES = 128 * 1024
SEARCH_BUDGET_BYTES = 64 * 1024
DEFAULT_CEILING_TOKENS = 16_000
CEILING_ENV = "ZERO_TOOL_OUTPUT_CEILING_TOKENS"
TRUNCATION_NOTICE = "\n[zero] output truncated\n"

_FILE_TOOLS = frozenset({"read_file", "read_minified_file"})
_SEARCH_TOOLS = frozenset({"grep", "glob", "list_directory"})
_WHITESPACE = frozenset(b" \t\n\r\f\v")


@dataclass(frozen=True)
class Budget:
    max_tokens: int  # 0: no token limit
    max_bytes: int  # 0: no byte limit

    @property
    def unlimited(self) -> bool:
        return self.max_tokens <= 0 and self.max_bytes <= 0


def raw_bytes(text: str) -> bytes:
    """The bytes a tool produced: invalid UTF-8 read with surrogateescape goes back to its bytes."""
    try:
        return text.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", errors="surrogatepass")


def estimate_tokens(text: str) -> int:
    data = raw_bytes(text)
    ascii_visible = 0
    non_ascii = 0
    for byte in data:
        if byte >= 0x80:
            non_ascii += 1
        elif byte not in _WHITESPACE:
            ascii_visible += 1
    return (ascii_visible + 3) // 4 + non_ascii


def _size(text: str) -> int:
    return len(raw_bytes(text))


def _fits(text: str, budget: Budget) -> bool:
    if budget.max_bytes > 0 and _size(text) > budget.max_bytes:
        return False
    return budget.max_tokens <= 0 or estimate_tokens(text) <= budget.max_tokens


def ceiling_tokens(environ: Mapping[str, str]) -> int:
    raw = environ.get(CEILING_ENV, "").strip()
    if not raw:
        return DEFAULT_CEILING_TOKENS
    try:
        return int(raw)
    except ValueError:
        return DEFAULT_CEILING_TOKENS


def registry_budget(tool: str, environ: Mapping[str, str]) -> Budget:
    if tool in _FILE_TOOLS:
        return Budget(READ_BUDGET_BYTES // 4, READ_BUDGET_BYTES)
    if tool in _SEARCH_TOOLS:
        return Budget(SEARCH_BUDGET_BYTES // 4, SEARCH_BUDGET_BYTES)
    tokens = ceiling_tokens(environ)
    return Budget(tokens, tokens * 4) if tokens > 0 else Budget(0, 0)


def category_for(tool: str, command: str) -> str:
    if tool in _FILE_TOOLS:
        return "file"
    if tool in _SEARCH_TOOLS:
        return "search"
    if tool == "apply_patch":
        return "diff"
    if tool == "write_stdin":
        return "process"
    if tool in ("Task", "swarm_collect"):  # by name, even when the run has no such tool
        return "worker"
    if tool in ("bash", "exec_command"):
        return shell_category(command)
    return "default"


_TEST_COMMANDS = (
    "go test",
    "pytest",
    "python -m pytest",
    "cargo test",
    "npm test",
    "npm run test",
    "pnpm test",
    "yarn test",
    "bun test",
    "dotnet test",
    "mvn test",
    "gradle test",
    "phpunit",
)
_DIFF_COMMANDS = ("git diff", "git show", "git format-patch", " diff -u", "diff --git")


def shell_category(command: str) -> str:
    normalized = command.strip().lower()
    if any(needle in normalized for needle in _TEST_COMMANDS):
        return "test"
    if any(needle in normalized for needle in _DIFF_COMMANDS) or normalized.startswith("diff "):
        return "diff"
    return "process"


def utf8_prefix(data: bytes, limit: int) -> bytes:
    if limit <= 0:
        return b""
    if len(data) <= limit:
        return data
    while limit > 0 and (data[limit] & 0xC0) == 0x80:
        limit -= 1
    return data[:limit]


def utf8_suffix(data: bytes, limit: int) -> bytes:
    if limit <= 0:
        return b""
    if len(data) <= limit:
        return data
    start = len(data) - limit
    while start < len(data) and (data[start] & 0xC0) == 0x80:
        start += 1
    return data[start:]


def _head_tail(data: bytes, content_bytes: int) -> str:
    if content_bytes <= 0:
        return TRUNCATION_NOTICE
    head = content_bytes // 2
    text = utf8_prefix(data, head) + TRUNCATION_NOTICE.encode() + utf8_suffix(data, content_bytes - head)
    return text.decode("utf-8", errors="surrogateescape")


def _reason(original_bytes: int, original_tokens: int, budget: Budget) -> str:
    over_tokens = budget.max_tokens > 0 and original_tokens > budget.max_tokens
    over_bytes = budget.max_bytes > 0 and original_bytes > budget.max_bytes
    if over_tokens and over_bytes:
        return "token_and_byte_budget"
    if over_tokens:
        return "estimated_token_budget"
    return "hard_byte_ceiling"


def _head_tail_within(text: str, budget: Budget) -> str:
    """The largest head+tail window around the notice that fits the budget (binary search)."""
    data = raw_bytes(text)
    high = len(data)
    if budget.max_bytes > 0:
        high = min(high, max(0, budget.max_bytes - len(TRUNCATION_NOTICE)))
    low = 0
    best = TRUNCATION_NOTICE if _fits(TRUNCATION_NOTICE, budget) else ""
    while low <= high:
        window = (low + high) // 2
        candidate = _head_tail(data, window)
        if _fits(candidate, budget):
            best = candidate
            low = window + 1
        else:
            high = window - 1
    return best


def spill_root(environ: Mapping[str, str]) -> str:
    """Where cut output is saved: under the run's own TMPDIR (Go's os.TempDir), as Zero does."""
    temp = environ.get("TMPDIR", "").strip() or "/tmp"
    return os.path.join(temp, f"zero-tool-output-{os.getuid()}")


def _spill(tool: str, text: str, root: str) -> str:
    """Save the full output where the model can read it back; "" if that is not possible.
    Named as Go's os.CreateTemp names it (`<tool>-<random uint32>.txt`)."""
    import secrets

    prefix = "".join(c if c.isascii() and (c.isalnum() or c in "_-") else "-" for c in tool)
    try:
        os.makedirs(root, mode=0o700, exist_ok=True)
        for _ in range(100):
            path = os.path.join(root, f"{prefix}-{secrets.randbits(32)}.txt")
            try:
                handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(handle, "wb") as stream:
                stream.write(raw_bytes(text))
            return path
    except OSError:
        return ""
    return ""


@dataclass
class Budgeted:
    text: str
    original_bytes: int
    retained_bytes: int
    original_tokens: int
    retained_tokens: int
    category: str
    truncated: bool = False
    reason: str = ""
    spill_path: str = ""


def _unchanged(text: str, category: str) -> Budgeted:
    tokens = estimate_tokens(text)
    return Budgeted(text, _size(text), _size(text), tokens, tokens, category)


def _head_tail_budgeted(text: str, category: str, budget: Budget) -> Budgeted:
    result = _unchanged(text, category)
    result.reason = _reason(result.original_bytes, result.original_tokens, budget)
    result.truncated = True
    kept = _head_tail_within(text, budget)
    result.text, result.retained_bytes, result.retained_tokens = kept, _size(kept), estimate_tokens(kept)
    return result


def semantic_budget(text: str, category: str, budget: Budget) -> Budgeted:
    """Keep what the category's policy ranks highest (tools/policies.py); a plain head and tail
    when there is no policy or it cannot produce a fitting result."""
    from .policies import POLICIES  # the policies import this module

    if budget.unlimited or _fits(text, budget):
        return _unchanged(text, category)
    policy = POLICIES.get(category)
    retained = policy(text, budget) if policy is not None else ""
    if not retained or not _fits(retained, budget):
        return _head_tail_budgeted(text, category, budget)
    result = _unchanged(text, category)
    result.text, result.retained_bytes, result.retained_tokens = (
        retained,
        _size(retained),
        estimate_tokens(retained),
    )
    result.truncated = True
    result.reason = f"semantic_{category}_budget"
    return result


def apply_budget(tool: str, text: str, category: str, budget: Budget, spill_dir: str) -> Budgeted:
    """Cut `text` to `budget`, spilling the full text into `spill_dir` when it is cut."""
    budgeted = semantic_budget(text, category, budget)
    if not budgeted.truncated:
        return budgeted
    path = _spill(tool, text, spill_dir)
    if not path:
        return budgeted
    notice = (
        f"[zero] full output received by budgeting layer saved to {path} "
        "(grep or read_file it instead of re-running)"
    )
    reduced = Budget(
        max(1, budget.max_tokens - estimate_tokens("\n" + notice)),
        max(1, budget.max_bytes - _size("\n" + notice)),
    )
    base = semantic_budget(text, category, reduced)
    with_notice = base.text.rstrip("\n") + "\n" + notice
    if not _fits(with_notice, budget):
        budgeted.spill_path = path  # no room to point at it; the file exists all the same
        return budgeted
    base.text, base.retained_bytes, base.retained_tokens = (
        with_notice,
        _size(with_notice),
        estimate_tokens(with_notice),
    )
    base.truncated = True
    base.reason = base.reason or budgeted.reason
    base.category = budgeted.category
    base.spill_path = path
    return base


def budget_meta(meta: dict[str, str], budgeted: Budgeted) -> dict[str, str]:
    """Zero's output-budget metadata, merged into the tool's own meta."""
    meta = dict(meta)
    meta["output_budget_category"] = budgeted.category
    meta["output_budget_original_bytes"] = str(budgeted.original_bytes)
    meta["output_budget_retained_bytes"] = str(budgeted.retained_bytes)
    meta["output_budget_estimated_original_tokens"] = str(budgeted.original_tokens)
    meta["output_budget_estimated_retained_tokens"] = str(budgeted.retained_tokens)
    meta["output_budget_spill_created"] = "true" if budgeted.spill_path else "false"
    meta["emitted_bytes"] = str(budgeted.retained_bytes)
    meta["estimated_tokens"] = str(budgeted.retained_tokens)
    if budgeted.reason:
        meta["output_budget_reason"] = budgeted.reason
    if budgeted.truncated:
        meta.setdefault("raw_bytes", str(budgeted.original_bytes))
        meta["truncated"] = "true"
        meta["truncation_reason"] = budgeted.reason
    if budgeted.spill_path:
        meta["spill_path"] = budgeted.spill_path
    return meta


__all__ = [
    "Budget",
    "Budgeted",
    "apply_budget",
    "budget_meta",
    "category_for",
    "estimate_tokens",
    "registry_budget",
]
