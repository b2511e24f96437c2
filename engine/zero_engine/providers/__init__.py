"""Provider selection (docs/protocol.md 1.3, 1.13): scripted, demo, or OpenAI-compatible from env.

Selection happens in two steps like upstream: `resolve_provider_config` at config time (decides
which provider `ZERO_PROVIDER` names and whether it exists), `build_provider` after the input
was parsed.

`ZERO_PROVIDER` names a provider profile exactly as Zero does: empty means the configured one
(here: the `OPENAI_*` environment), `openai` the profile Zero derives from those variables, and
the engine adds `scripted` and `demo`. Any other name fails like Zero 0.8.0:
`no active provider configured: active provider "<name>" not found` (v1: without the prefix).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from zero_engine.gojson import go_quote
from zero_engine.provider import Provider, ProviderError

NO_PROVIDER_MESSAGE = (
    "No provider configured. Run `zero setup` (guided), `zero auth` (OAuth providers), set a provider "
    "API key env var (e.g. OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY), or add .zero/config.json."
)
NO_PROVIDER_MESSAGE_V1 = "No provider configured. Set OPENAI_MODEL/OPENAI_API_KEY or add .zero/config.json."
ENGINE_PROVIDERS = ("openai", "scripted", "demo")


def no_provider_message(schema_version: int) -> str:
    return NO_PROVIDER_MESSAGE if schema_version >= 2 else NO_PROVIDER_MESSAGE_V1


_OPENAI_ENV = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL")


@dataclass(frozen=True)
class ProviderConfig:
    kind: str  # scripted | demo | env
    env: Mapping[str, str]
    schema_version: int = 2
    error: str = ""  # the config-time failure (an unknown ZERO_PROVIDER), reported after input checks


def _not_found(name: str, schema_version: int) -> str:
    message = f"active provider {go_quote(name)} not found"
    return message if schema_version < 2 else f"no active provider configured: {message}"


def resolve_provider_config(env: Mapping[str, str], schema_version: int = 2) -> ProviderConfig:
    choice = env.get("ZERO_PROVIDER", "").strip()
    if choice in ("scripted", "demo"):
        return ProviderConfig(choice, env, schema_version)
    if choice == "" or (choice == "openai" and any(env.get(name, "").strip() for name in _OPENAI_ENV)):
        return ProviderConfig("env", env, schema_version)
    return ProviderConfig("env", env, schema_version, error=_not_found(choice, schema_version))


def build_provider(config: ProviderConfig, model: str | None, reasoning_effort: str = "") -> Provider | None:
    """The provider, or None when nothing is configured. Raises ProviderError on bad config."""
    if config.error:
        raise ProviderError(config.error)
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
    return provider_from_env(config.env, model, config.schema_version, reasoning_effort)
