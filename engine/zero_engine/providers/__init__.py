"""Provider selection (docs/protocol.md 1.3, 1.13): scripted, demo, or OpenAI-compatible from env.

Selection happens in two steps like upstream: `resolve_provider_config` at config time (only
decides which kind and whether one exists), `build_provider` after the input was parsed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from zero_engine.provider import Provider, ProviderError

NO_PROVIDER_MESSAGE = (
    "No provider configured. Run `zero setup` (guided), `zero auth` (OAuth providers), set a provider "
    "API key env var (e.g. OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY), or add .zero/config.json."
)


@dataclass(frozen=True)
class ProviderConfig:
    kind: str  # scripted | demo | env
    env: Mapping[str, str]


def resolve_provider_config(env: Mapping[str, str]) -> ProviderConfig:
    choice = env.get("ZERO_PROVIDER", "").strip().lower()
    if choice in ("scripted", "demo"):
        return ProviderConfig(choice, env)
    return ProviderConfig("env", env)


def build_provider(config: ProviderConfig, model: str | None) -> Provider | None:
    """The provider, or None when nothing is configured. Raises ProviderError on bad config."""
    if config.kind == "scripted":
        from zero_engine.providers.scripted import load_script

        return load_script(config.env.get("ZERO_SCRIPT"), model)
    if config.kind == "demo":
        try:
            from zero_engine.providers.demo import DemoProvider
        except ImportError as exc:
            raise ProviderError(f"the demo provider is not available: {exc}") from None
        return DemoProvider(model=model)
    try:
        from zero_engine.providers.openai_compat import provider_from_env
    except ImportError:
        return None
    return provider_from_env(config.env, model)
