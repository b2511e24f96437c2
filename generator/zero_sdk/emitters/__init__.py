"""Emitters turn a validated `Schema` model into generated files, one emitter per language.

An emitter is registered in `EMITTERS` under its `--lang` name. TypeScript and Go emitters plug
in here: implement `Emitter.emit` over `zero_sdk.model.Schema` and add one line to `EMITTERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from zero_sdk.model import Schema

__all__ = ["EMITTERS", "Emitter", "GeneratedFile", "generated_header_lines"]


@dataclass(frozen=True)
class GeneratedFile:
    """One output file: `path` is relative to the repository root, `text` its full content."""

    path: str
    text: str


class Emitter(Protocol):
    """Generates the bindings of one language for one schema version."""

    name: str

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        """Files generated for `schema` (read from `schema_relpath`, relative to the repo root)."""
        ...


def generated_header_lines(schema_relpath: str, lang: str, version: int) -> list[str]:
    """The header every generated file starts with (without comment markers)."""
    return [
        "GENERATED FILE - DO NOT EDIT.",
        f"Generated from {schema_relpath} (schemaVersion {version})",
        f"by `zero-sdk generate --lang {lang} --version {version}`.",
        "Edit the schema and rerun that command instead of editing this file.",
    ]


def _python_emitter() -> Emitter:
    from zero_sdk.emitters.python import PythonEmitter

    return PythonEmitter()


def _typescript_emitter() -> Emitter:
    from zero_sdk.emitters.typescript import TypeScriptEmitter

    return TypeScriptEmitter()


def _go_emitter() -> Emitter:
    from zero_sdk.emitters.go import GoEmitter

    return GoEmitter()


def _conformance_emitter() -> Emitter:
    from zero_sdk.emitters.conformance import ConformanceEmitter

    return ConformanceEmitter()


# Factories, so a language's heavy dependencies load only when that language is generated.
EMITTERS: dict[str, Callable[[], Emitter]] = {
    "python": _python_emitter,
    "typescript": _typescript_emitter,
    "go": _go_emitter,
    "conformance": _conformance_emitter,
}
