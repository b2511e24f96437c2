"""Schema documents with one keyword taken out: what the generator would see if it ignored it.

tests/test_mutation_keywords.py installs this file into a copy of the repository as
`zero_sdk/_keyword_mutant.py` and makes the copy's model loader pass every schema document through
`drop_keyword` before it reads it. The raw schema files stay intact, so the independent oracles
(jsonschema over schema/vN.json) still see the keyword while the generated code and vectors do not.

Each mutant removes the keyword where the model turns it into behaviour:
- `minimum`, `maximum`, `pattern`: wherever they appear in a definition (fields, items, `anyOf` refinements),
  except RunStartEvent's `runId` pattern: the Python emitter refuses a schema whose output events
  share no runId pattern, so the mutant keeps that one and drops the other events' copies;
- `enum`: every enum field becomes a plain string (its `x-zero-exit-codes` and `x-zero-retry`
  tables go with it);
- `required`: each definition's own `required` list, all but its const fields (`type` and
  `schemaVersion` the model insists on, the Go emitter refuses an optional const; `anyOf` branches
  kept);
- `const`: every const field but `type` and `schemaVersion` (the model insists on those; that
  leaves MessageInput's `role`) becomes any JSON;
- `additionalProperties`: every map's value schema becomes any JSON. The `false` on each object
  cannot be ignored this way: the model refuses a definition without it and has no open object;
- `anyOf`: the object-level alternatives (MessageInput's "content or images").
"""

from __future__ import annotations

from typing import Any

KEYWORDS = ("minimum", "maximum", "pattern", "enum", "required", "const", "additionalProperties", "anyOf")
# Fields every event must have as `required` consts (docs/CONTRACTS.md); the model refuses others.
_PINNED = ("type", "schemaVersion")


def drop_keyword(document: Any, keyword: str) -> Any:
    """`document` (a decoded schema/vN.json) with `keyword` ignored in every definition, in place."""
    if keyword not in KEYWORDS:
        raise ValueError(f"no mutant for keyword {keyword!r}")
    for name, definition in document["$defs"].items():
        if "properties" not in definition:
            continue  # the InputEvent/OutputEvent unions: no fields
        if keyword == "required":
            consts = {wire for wire, prop in definition["properties"].items() if "const" in prop}
            definition["required"] = [r for r in definition.get("required", []) if r in consts]
        elif keyword == "anyOf":
            definition.pop("anyOf", None)
        elif keyword in ("minimum", "maximum", "pattern"):
            kept = definition["properties"].get("runId", {}).get("pattern")
            _drop_everywhere(definition, keyword)
            if keyword == "pattern" and name == "RunStartEvent" and kept is not None:
                definition["properties"]["runId"]["pattern"] = kept
        for wire_name, prop in definition["properties"].items():
            _drop_in_property(prop, keyword, pinned=wire_name in _PINNED)
    return document


def _drop_everywhere(node: Any, keyword: str) -> None:
    if isinstance(node, dict):
        node.pop(keyword, None)
        for value in node.values():
            _drop_everywhere(value, keyword)
    elif isinstance(node, list):
        for value in node:
            _drop_everywhere(value, keyword)


def _drop_in_property(node: dict[str, Any], keyword: str, *, pinned: bool) -> None:
    if keyword == "enum" and "enum" in node:
        del node["enum"]
        node.pop("x-zero-exit-codes", None)
        node.pop("x-zero-retry", None)
    elif keyword == "const" and "const" in node and not pinned:
        del node["const"]
    elif keyword == "additionalProperties" and isinstance(node.get("additionalProperties"), dict):
        node["additionalProperties"] = {}  # a map (`type: object`) whose values are any JSON
    for nested in ("items", "additionalProperties"):
        if isinstance(node.get(nested), dict):
            _drop_in_property(node[nested], keyword, pinned=False)
