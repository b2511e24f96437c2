"""The few model facts Zero's built-in model registry applies to an OpenAI-compatible run.

Zero resolves `--model` (and the configured model) through a registry of known models. For the
engine's OpenAI-compatible provider that changes four observable things, reproduced here:
- an exact id or alias (case-insensitive) or a fuzzy pattern resolves `--model` to the canonical
  id; a deprecated model is redirected to its fallback with a notice on stderr;
- a known model sends `max_completion_tokens` (its output limit); an unknown one sends none;
- a known model of another provider (Anthropic, Google) cannot run on an OpenAI-compatible
  provider: `zero model <id> belongs to <provider>, not openai-compatible`;
- none of the known OpenAI models takes a reasoning effort, so `--reasoning-effort` draws a notice
  for them and is forwarded unchanged for unknown models.
The facts (ids, limits, fallbacks) are data, recorded from Zero 0.8.0; the wording of the two
notices is the client-visible text Zero prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class KnownModel:
    id: str
    provider: str  # openai | anthropic | google
    api_model: str
    max_output_tokens: int
    aliases: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    fallback: str = ""  # a deprecated model's replacement
    notice: str = ""  # the deprecation notice printed on stderr
    vision: bool = True


_MODELS = (
    KnownModel("gpt-4.1", "openai", "gpt-4.1", 32_768, ("openai:gpt-4.1",)),
    KnownModel("gpt-4.1-mini", "openai", "gpt-4.1-mini", 32_768, ("openai:gpt-4.1-mini",)),
    KnownModel("gpt-4.1-nano", "openai", "gpt-4.1-nano", 32_768, ("openai:gpt-4.1-nano",)),
    KnownModel("gpt-4o", "openai", "gpt-4o", 16_384, ("openai:gpt-4o",)),
    KnownModel("gpt-4o-mini", "openai", "gpt-4o-mini", 16_384, ("openai:gpt-4o-mini",)),
    KnownModel(
        "gpt-4-turbo",
        "openai",
        "gpt-4-turbo",
        4_096,
        ("openai:gpt-4-turbo",),
        fallback="gpt-4.1",
        notice="gpt-4-turbo is deprecated; using gpt-4.1 instead",
    ),
    KnownModel(
        "claude-opus-4.1",
        "anthropic",
        "claude-opus-4-1-20250805",
        32_000,
        ("anthropic:claude-opus-4.1", "opus-4.1"),
        (r"(?i)^opus[^a-z0-9]*4[.\s]?1$",),
    ),
    KnownModel(
        "claude-sonnet-4.5",
        "anthropic",
        "claude-sonnet-4-5-20250929",
        64_000,
        ("anthropic:claude-sonnet-4.5", "sonnet-4.5"),
        (r"(?i)^sonnet[^a-z0-9]*4[.\s]?5$",),
    ),
    KnownModel(
        "claude-haiku-4.5",
        "anthropic",
        "claude-haiku-4-5-20251001",
        64_000,
        ("anthropic:claude-haiku-4.5", "haiku-4.5"),
        (r"(?i)^haiku[^a-z0-9]*4[.\s]?5$",),
    ),
    KnownModel(
        "claude-haiku-3.5",
        "anthropic",
        "claude-3-5-haiku-20241022",
        8_192,
        ("anthropic:claude-haiku-3.5", "haiku-3.5"),
        fallback="claude-haiku-4.5",
        notice="claude-haiku-3.5 is deprecated; using claude-haiku-4.5 instead",
        vision=False,
    ),
    KnownModel(
        "gemini-2.5-pro",
        "google",
        "gemini-2.5-pro",
        65_536,
        ("google:gemini-2.5-pro", "gemini-pro"),
        (r"(?i)^gemini[^a-z0-9]*pro$",),
    ),
    KnownModel(
        "gemini-2.5-flash", "google", "gemini-2.5-flash", 65_536, ("google:gemini-2.5-flash", "gemini-flash")
    ),
    KnownModel(
        "gemini-2.5-flash-lite",
        "google",
        "gemini-2.5-flash-lite",
        65_536,
        ("google:gemini-2.5-flash-lite", "gemini-flash-lite"),
    ),
)

_BY_KEY = {key.lower(): model for model in _MODELS for key in (model.id, *model.aliases)}
_PATTERNS = tuple((re.compile(pattern), model) for model in _MODELS for pattern in model.patterns)


def lookup(name: str) -> KnownModel | None:
    """An exact id or alias, case-insensitive (Zero's registry `Get`)."""
    return _BY_KEY.get(name.strip().lower())


def resolve(name: str) -> KnownModel | None:
    """An id, alias or fuzzy pattern (Zero's registry `Resolve`)."""
    found = lookup(name)
    if found is not None:
        return found
    trimmed = name.strip()
    for pattern, model in _PATTERNS:
        if pattern.search(trimmed):
            return model
    return None


def resolve_model_flag(value: str) -> tuple[str, str]:
    """(model id to use, notice or "") for a `--model` value; unknown names pass through."""
    if not value.strip():
        return value, ""
    model = resolve(value)
    if model is None:
        return value, ""
    if model.fallback:
        replacement = lookup(model.fallback)
        if replacement is not None:
            return replacement.id, model.notice
    return model.id, model.notice


def reasoning_effort_notice(model: str, requested: str) -> str:
    """The stderr advisory for a known model that takes no reasoning effort (all known here)."""
    known = lookup(model)
    if known is None or not requested:
        return ""
    return f"{known.id} does not support reasoning effort; ignoring --reasoning-effort {requested}"


_FORWARDED_EFFORTS = ("minimal", "low", "medium", "high", "xhigh", "max", "ultra")
_FORWARDED_EFFORTS_V1 = ("minimal", "low", "medium", "high")  # the v1-era provider's enum


def forwarded_reasoning_effort(model: str, requested: str, schema_version: int = 2) -> str:
    """The `reasoning_effort` sent with the request: none for known models, else a valid value."""
    if lookup(model) is not None:
        return ""
    value = requested.strip().lower()
    return value if value in (_FORWARDED_EFFORTS if schema_version >= 2 else _FORWARDED_EFFORTS_V1) else ""
