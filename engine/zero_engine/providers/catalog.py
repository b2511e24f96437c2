"""The few model facts Zero's built-in model registry applies to an OpenAI-compatible run.

Zero resolves `--model` (and the configured model) through a registry of known models. For the
engine's OpenAI-compatible provider that changes four observable things, reproduced here:
- an exact id or alias (case-insensitive) or a fuzzy pattern resolves `--model` to the canonical
  id; a deprecated model is redirected to its fallback with a notice on stderr;
- a known model sends `max_completion_tokens` (its output limit); an unknown one sends none;
- a known model of another provider (Anthropic, Google) cannot run on an OpenAI-compatible
  provider: `zero model <id> belongs to <provider>, not openai-compatible`;
- `--reasoning-effort` is checked against the model's efforts: none of the known OpenAI models
  takes one (a notice that it is ignored), the Anthropic and Google ones take low/medium/high (an
  effort they lack draws a notice naming the one used instead: the model's default, else its
  first); for unknown models it is forwarded unchanged.
The facts (ids, limits, fallbacks) are data, recorded from Zero 0.8.0; the wording of the two
notices is the client-visible text Zero prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zero_engine.gojson import go_quote


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
    efforts: tuple[str, ...] = ()  # the reasoning efforts it takes, in Zero's order
    default_effort: str = ""


_STANDARD_EFFORTS = ("low", "medium", "high")


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
        efforts=_STANDARD_EFFORTS,
        default_effort="high",
    ),
    KnownModel(
        "claude-sonnet-4.5",
        "anthropic",
        "claude-sonnet-4-5-20250929",
        64_000,
        ("anthropic:claude-sonnet-4.5", "sonnet-4.5"),
        (r"(?i)^sonnet[^a-z0-9]*4[.\s]?5$",),
        efforts=_STANDARD_EFFORTS,
        default_effort="medium",
    ),
    KnownModel(
        "claude-haiku-4.5",
        "anthropic",
        "claude-haiku-4-5-20251001",
        64_000,
        ("anthropic:claude-haiku-4.5", "haiku-4.5"),
        (r"(?i)^haiku[^a-z0-9]*4[.\s]?5$",),
        efforts=_STANDARD_EFFORTS,
        default_effort="low",
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
        efforts=_STANDARD_EFFORTS,
        default_effort="medium",
    ),
    KnownModel(
        "gemini-2.5-flash",
        "google",
        "gemini-2.5-flash",
        65_536,
        ("google:gemini-2.5-flash", "gemini-flash"),
        efforts=_STANDARD_EFFORTS,
        default_effort="low",
    ),
    KnownModel(
        "gemini-2.5-flash-lite",
        "google",
        "gemini-2.5-flash-lite",
        65_536,
        ("google:gemini-2.5-flash-lite", "gemini-flash-lite"),
        efforts=_STANDARD_EFFORTS,
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


def effective_reasoning_effort(model: KnownModel, requested: str) -> str:
    """The effort a known model runs with (Zero's EffectiveReasoningEffort): the requested one
    when it takes it, else its default, else its first; "" when it takes none."""
    if requested and requested in model.efforts:
        return requested
    return model.default_effort or (model.efforts[0] if model.efforts else "")


def reasoning_effort_notice(model: str, requested: str) -> str:
    """The stderr advisory when a known model does not take the requested effort ("" otherwise)."""
    known = lookup(model) if model.strip() else None
    if known is None:
        return ""
    want = requested.strip().lower()
    effective = effective_reasoning_effort(known, want)
    if not effective:
        return f"{known.id} does not support reasoning effort; ignoring --reasoning-effort {requested}"
    if want and effective != want:
        quoted = go_quote(requested)
        return f"reasoning effort {quoted} is not supported by {known.id}; using {effective} instead"
    return ""


_FORWARDED_EFFORTS = ("minimal", "low", "medium", "high", "xhigh", "max", "ultra")
_FORWARDED_EFFORTS_V1 = ("minimal", "low", "medium", "high")  # the v1-era provider's enum


def forwarded_reasoning_effort(model: str, requested: str, schema_version: int = 2) -> str:
    """The `reasoning_effort` sent with the request: a known model's effective one (none for the
    OpenAI ones), else the requested value when it is a valid one."""
    known = lookup(model)
    if known is not None:
        return effective_reasoning_effort(known, requested.strip().lower()) if requested.strip() else ""
    value = requested.strip().lower()
    return value if value in (_FORWARDED_EFFORTS if schema_version >= 2 else _FORWARDED_EFFORTS_V1) else ""
