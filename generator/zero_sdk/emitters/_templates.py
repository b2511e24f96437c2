"""Shared helpers of the template-based emitters (TypeScript, Go): jinja2 loading and names.

Templates only lay out lines; everything they print is computed by the emitter in Python.
"""

from __future__ import annotations

import re
from typing import Any

from zero_sdk.model import ConstType, Event, Schema, TypeExpr
from zero_sdk.resources import templates_dir

__all__ = ["envelope_fields", "pascal", "render", "template_text"]


def render(lang: str, name: str, context: dict[str, Any]) -> str:
    """Render templates/<lang>/<name> with `context`; output always ends with one newline."""
    import jinja2

    folder = templates_dir(lang)

    def source(template: str) -> str | None:  # None makes jinja2 raise TemplateNotFound
        entry = folder / template
        return entry.read_text(encoding="utf-8") if entry.is_file() else None

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(source),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    text = env.get_template(name).render(**context)
    return text.rstrip("\n") + "\n"


def template_text(lang: str, name: str) -> str:
    """The verbatim text of templates/<lang>/<name> (a file copied as is, not rendered); `name`
    may name a file in a subfolder (`runtime/runtime.ts`)."""
    entry = templates_dir(lang)
    for part in name.split("/"):
        entry = entry / part
    return entry.read_text(encoding="utf-8")


def pascal(name: str) -> str:
    """`sideEffect` -> `SideEffect`, `run_start` -> `RunStart`, `runId` -> `RunId`."""
    parts = re.split(r"[_\-\s]+", name)
    return "".join(p[:1].upper() + p[1:] for p in parts if p)


def envelope_fields(schema: Schema) -> list[tuple[str, TypeExpr]]:
    """Required fields every output event shares with the same type, other than the consts.

    An output line of an unknown `type` must still satisfy these (conformance/README.md).
    """
    events: tuple[Event, ...] = schema.output_events
    if not events:
        return []
    shared: list[tuple[str, TypeExpr]] = []
    for f in events[0].fields:
        if not f.required or isinstance(f.type, ConstType):
            continue
        if all(
            any(g.wire_name == f.wire_name and g.required and g.type == f.type for g in e.fields)
            for e in events[1:]
        ):
            shared.append((f.wire_name, f.type))
    return shared
