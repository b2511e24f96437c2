"""Emitters turn validated `Schema` models into generated files, one emitter per language.

An emitter is registered in `EMITTERS` under its `--lang` name: subclass `Emitter`, implement
`emit` (one schema version at a time) and, for a language with a version registry,
`emit_registry` (called once with every schema, ascending), then add one line to `EMITTERS`.
`EmitTarget` says where the files go: this repository's own layout (the default) or a user's
folder (`zero-sdk generate --out DIR --package NAME`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from zero_sdk.model import Schema

__all__ = ["EMITTERS", "EmitTarget", "Emitter", "EmitterError", "GeneratedFile", "generated_header_lines"]


class EmitterError(RuntimeError):
    """An emitter could not produce its files (a tool it runs failed, or gave output it cannot
    use). A target an emitter refuses (`--out`/`--package`) is a `ValueError` instead."""


@dataclass(frozen=True)
class GeneratedFile:
    """One output file: `path` is relative to the repository root (or to `EmitTarget.out` when
    that is set), `text` its full content."""

    path: str
    text: str


@dataclass(frozen=True)
class EmitTarget:
    """Where and under which name to generate.

    `out`: the folder to write a self-contained set of bindings + runtime into; None = this
    repository's own layout. `package`: the import path / package / module name to generate
    under; None = the language's default.
    """

    out: Path | None = None
    package: str | None = None
    #: The checkout whose data files (`schema/tracing.json`) to read; None = the packaged ones.
    repo: Path | None = None


class Emitter:
    """Generates the bindings of one language."""

    name: str = ""

    def __init__(self, target: EmitTarget | None = None) -> None:
        self.target = target or EmitTarget()

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        """Files generated for `schema` (read from `schema_relpath`, relative to the repo root)."""
        raise NotImplementedError

    def emit_registry(self, schemas: Sequence[Schema]) -> list[GeneratedFile]:
        """Files generated once from every schema (ascending): the language's version registry."""
        return []


def generated_header_lines(schema_relpath: str, lang: str, version: int) -> list[str]:
    """The header every generated file starts with (without comment markers)."""
    return [
        "GENERATED FILE - DO NOT EDIT.",
        f"Generated from {schema_relpath} (schemaVersion {version})",
        f"by `zero-sdk generate --lang {lang} --version {version}`.",
        "Edit the schema and rerun that command instead of editing this file.",
    ]


def _python_emitter(target: EmitTarget) -> Emitter:
    from zero_sdk.emitters.python import PythonEmitter

    return PythonEmitter(target)


def _typescript_emitter(target: EmitTarget) -> Emitter:
    from zero_sdk.emitters.typescript import TypeScriptEmitter

    return TypeScriptEmitter(target)


def _go_emitter(target: EmitTarget) -> Emitter:
    from zero_sdk.emitters.go import GoEmitter

    return GoEmitter(target)


def _tracing_emitter(target: EmitTarget) -> Emitter:
    from zero_sdk.emitters.tracing import TracingEmitter

    return TracingEmitter(target)


def _conformance_emitter(target: EmitTarget) -> Emitter:
    from zero_sdk.emitters.conformance import ConformanceEmitter

    return ConformanceEmitter(target)


# Factories, so a language's heavy dependencies load only when that language is generated.
EMITTERS: dict[str, Callable[[EmitTarget], Emitter]] = {
    "python": _python_emitter,
    "typescript": _typescript_emitter,
    "go": _go_emitter,
    "conformance": _conformance_emitter,
    "tracing": _tracing_emitter,
}
