"""Masking of the text only a model reads, before anything is compared or stored.

Each implementation words its system prompt, tool descriptions and nudges itself (the engine's
are in its own words), and Zero's wording must never be stored in this repository. Such text
reaches a captured run in four places, and each is replaced by `MODEL_MASK`:

- request bodies: the system/developer messages, the user messages the runtime injects after the
  prompt (nudges), and every tool or parameter `description` in the tool schemas;
- `exec --list-tools` output: the description after `name [side_effect/permission] - ` in the
  text listing (stdout in text mode, `final.text` in stream-json), and the `description` of
  each tool in the JSON listing (`{"tools": [...], "type": "tools"}`);
- `tool_search` results (`Loaded N tool(s). Full schemas follow; ...`): each loaded tool's
  description and the `description` strings of its pretty-printed input schema, wherever that
  text appears (a `tool_result` on stdout, a tool message in a later request); when a built-in
  tool was loaded, also the byte and token counts of the result's `meta`, which measure that text;
- the one-line summary of a tool_search result on stderr in text mode (`[result] Loaded N
  tool(s). ... ## <name> <description> input schema: ...`, whitespace collapsed and cut at a
  byte limit): everything after the first built-in tool's `## <name> `, since where the cut
  falls, and so all that follows, depends on the length of that tool's description.

`model_prose_problems` checks the other way round: that a stored golden holds the mask in every
one of those places, so a golden recorded without masking (or a new place the masking misses in
one of the formats above) fails the tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from zero_engine.gojson import go_string

MODEL_MASK = "<model-only text>"

# ------------------------------------------------------------------------------------------------
# The tool listing of `exec --list-tools` (text): "Tools visible to model:" then one line per tool,
# "  <name> [<side effect>/<permission>] - <description>". A description may span lines: it runs
# to the start of the next tool line, or to the end of the listing.
LISTING_HEADER = "Tools visible to model:\n"
_TOOL_LINE_START = r"\n  [A-Za-z0-9_.:-]+ \[[a-z_]+/[a-z_]+\] - "
_LISTING_ENTRY = re.compile(rf"({_TOOL_LINE_START})(.*?)(?={_TOOL_LINE_START}|\n?\Z)", re.S)

# A tool_search result: "Loaded N tool(s). Full schemas follow; ..." then per tool
# "\n## <name>\n<description>\ninput schema:\n<indented JSON>\n".
_SEARCH_HEADER = re.compile(r"\ALoaded (?:1 tool|\d+ tools)\. Full schemas follow; ")
_SEARCH_ENTRY = re.compile(r"(\n## [^\n]+\n)(.*?)(\ninput schema:\n)", re.S)
# Inside the indented schema JSON: a string-valued "description" (a parameter named
# "description" has an object value and is kept).
_INDENTED_DESCRIPTION = re.compile(r'("description": )"(?:[^"\\]|\\.)*"')

# The same result summarised on one stderr line in text mode (whitespace collapsed, cut at a
# byte limit with "..."): "[result] Loaded N tool(s). Full schemas follow; ... ## <name> <desc>...".
_SEARCH_SUMMARY = re.compile(r"^\[result\] Loaded (?:1 tool|\d+ tools)\. Full schemas follow; .*$", re.M)
_SUMMARY_ENTRY = re.compile(r" ## ([A-Za-z0-9_.:-]+) ")

# On a raw stdout line: JSON string literals, and the "description" members of a tools listing.
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_COMPACT_DESCRIPTION = re.compile(r'("description":)"(?:[^"\\]|\\.)*"')


def mask_text(text: str) -> str:
    """`text` with the model-only parts of a tool listing or a tool_search result masked; any
    other text comes back unchanged."""
    if LISTING_HEADER in text:
        head, _, listing = text.partition(LISTING_HEADER)
        masked = _LISTING_ENTRY.sub(lambda m: m.group(1) + MODEL_MASK, "\n" + listing)
        text = head + LISTING_HEADER + masked[1:]
    if _SEARCH_HEADER.match(text):
        text = _SEARCH_ENTRY.sub(lambda m: m.group(1) + MODEL_MASK + m.group(3), text)
        text = _INDENTED_DESCRIPTION.sub(lambda m: m.group(1) + json.dumps(MODEL_MASK), text)
    return text


def _is_built_in(tool: str) -> bool:
    """A tool whose description each implementation words itself (an MCP tool's description is
    its server's, the same in both)."""
    return bool(tool) and not tool.startswith("mcp_")


def _first_built_in_entry(summary: str) -> re.Match[str] | None:
    return next((m for m in _SUMMARY_ENTRY.finditer(summary) if _is_built_in(m.group(1))), None)


def _mask_search_summary(match: re.Match[str]) -> str:
    """A text-mode tool_search summary line masked from the first built-in tool's description
    on: the byte limit cuts the line at a point that depends on that description's length."""
    summary = match.group(0)
    entry = _first_built_in_entry(summary)
    return summary if entry is None else summary[: entry.end()] + MODEL_MASK


# The size fields of a tool result's meta (Zero's output budget), on a raw JSON line.
_SIZE_META = re.compile(
    r'("(?:emitted_bytes|estimated_tokens|output_budget_[a-z_]+_(?:bytes|tokens))":)"\d+"'
)


def _loads_own_descriptions(event: dict[str, Any]) -> bool:
    """A tool_search result that loaded a built-in tool: its text holds that tool's description,
    which each implementation words itself (an MCP tool's description is its server's)."""
    meta = event.get("meta")
    loaded = meta.get("load_tools") if isinstance(meta, dict) else None
    return (
        event.get("name") == "tool_search"
        and isinstance(loaded, str)
        and any(_is_built_in(name) for name in loaded.split(","))
    )


def _mask_json_line(line: str) -> str:
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    if isinstance(event, dict) and event.get("type") == "tools" and isinstance(event.get("tools"), list):
        line = _COMPACT_DESCRIPTION.sub(lambda m: m.group(1) + go_string(MODEL_MASK), line)
    if isinstance(event, dict) and event.get("type") == "tool_result" and _loads_own_descriptions(event):
        # Its byte and token counts measure that model-only text: masked with it.
        line = _SIZE_META.sub(lambda m: m.group(1) + go_string(MODEL_MASK), line)

    def token(match: re.Match[str]) -> str:
        raw = match.group(0)
        try:
            value = json.loads(raw)
        except ValueError:
            return raw
        masked = mask_text(value)
        # Re-encoded as Go encodes a string (both implementations write Go's bytes); tokens the
        # masking leaves alone keep their exact bytes.
        return raw if masked == value else go_string(masked)

    return _JSON_STRING.sub(token, line)


def mask_output(text: str) -> str:
    """Captured stdout (or stderr) with every model-only part masked: a plain-text tool listing,
    a text-mode tool_search summary line, and inside JSON lines the listing, tool_search results
    and a JSON tools listing."""
    text = _SEARCH_SUMMARY.sub(_mask_search_summary, mask_text(text))
    return "".join(_mask_json_line(line) for line in text.splitlines(keepends=True))


def mask_request(body: Any) -> Any:
    """A request body with the text only a model reads (system prompt, nudges, tool descriptions,
    tool_search results) replaced by the mask."""
    if not isinstance(body, dict):
        return body
    out = dict(body)
    messages = out.get("messages")
    if isinstance(messages, list):
        masked, seen_user = [], False
        for m in messages:
            role = m.get("role") if isinstance(m, dict) else None
            # The first user message is the prompt; later ones are nudges the runtime injects
            # (continue, pending plan, turn limit), worded by each implementation for the model.
            if role in ("system", "developer") or (role == "user" and seen_user):
                m = {**m, "content": _mask_content(m.get("content"))}
            elif role == "tool" and isinstance(m.get("content"), str):
                m = {**m, "content": mask_text(m["content"])}
            seen_user |= role == "user"
            masked.append(m)
        out["messages"] = masked
    tools = out.get("tools")
    if isinstance(tools, list):
        out["tools"] = [mask_descriptions(tool) for tool in tools]
    return out


def _mask_content(content: Any) -> Any:
    """A model-only message's content masked: its text, while the parts that are not text (the
    image a view_image result attaches, say) are kept and compared."""
    if isinstance(content, list):
        return [
            {**part, "text": MODEL_MASK} if isinstance(part, dict) and part.get("type") == "text" else part
            for part in content
        ]
    return MODEL_MASK


def _content_masked(content: Any) -> bool:
    if isinstance(content, list):
        return all(
            part.get("text") == MODEL_MASK
            for part in content
            if isinstance(part, dict) and part.get("type") == "text"
        )
    return isinstance(content, str) and content == MODEL_MASK


def mask_descriptions(value: Any, parent: str = "") -> Any:
    """Every string `description` in a tool schema masked."""
    if isinstance(value, list):
        return [mask_descriptions(item) for item in value]
    if isinstance(value, dict):
        # "properties" maps parameter names to schemas, so a parameter named "description" is kept.
        return {
            key: MODEL_MASK
            if key == "description" and parent != "properties" and isinstance(item, str)
            else mask_descriptions(item, key)
            for key, item in value.items()
        }
    return value


# ------------------------------------------------------------------------------------------------
# The check of a stored golden


def _unmasked_descriptions(value: Any, where: str, parent: str = "") -> Iterator[str]:
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield from _unmasked_descriptions(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if key == "description" and parent != "properties" and isinstance(item, str):
                if item != MODEL_MASK:
                    yield f"{where}.description is not masked: {item[:60]!r}"
            else:
                yield from _unmasked_descriptions(item, f"{where}.{key}", key)


def _text_problems(text: str, where: str) -> Iterator[str]:
    """A tool listing or tool_search result in `text` whose model-only parts are not the mask."""
    if LISTING_HEADER in text:
        listing = "\n" + text.partition(LISTING_HEADER)[2]
        for entry in _LISTING_ENTRY.finditer(listing):
            if entry.group(2) != MODEL_MASK:
                tool = entry.group(1).strip().removesuffix(" -")
                yield f"{where}: tool listing line {tool!r} has text {entry.group(2)[:60]!r}"
    if _SEARCH_HEADER.match(text):
        for entry in _SEARCH_ENTRY.finditer(text):
            if entry.group(2) != MODEL_MASK:
                tool = entry.group(1).strip()
                yield f"{where}: tool_search entry {tool!r} has text {entry.group(2)[:60]!r}"
        for match in _INDENTED_DESCRIPTION.finditer(text):
            value = json.loads(match.group(0).removeprefix(match.group(1)))
            if value != MODEL_MASK:
                yield f"{where}: tool_search schema description {value[:60]!r}"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)


def _output_problems(text: str, where: str) -> Iterator[str]:
    yield from _text_problems(text, where)
    for summary in _SEARCH_SUMMARY.finditer(text):
        entry = _first_built_in_entry(summary.group(0))
        if entry is not None and summary.group(0)[entry.end() :] != MODEL_MASK:
            yield f"{where}: tool_search summary of {entry.group(1)!r} is not masked"
    for number, line in enumerate(text.splitlines(), 1):
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("type") == "tools":
            yield from _unmasked_descriptions(event.get("tools"), f"{where} line {number} tools")
        for string in _strings(event):
            yield from _text_problems(string, f"{where} line {number}")


def model_prose_problems(golden: dict[str, Any], tool_table: dict[str, Any]) -> list[str]:
    """Where a stored golden (its JSON document, tool references unresolved) holds model-only
    text instead of the mask. `tool_table` is the version's `_tool-schemas.json`."""
    problems: list[str] = []
    for index, step in enumerate(golden.get("steps", [])):
        at = f"step {index + 1}"
        for stream in ("stdout", "stderr"):
            problems += _output_problems("".join(step.get(stream, [])), f"{at} {stream}")
        for number, request in enumerate(step.get("requests", []), 1):
            body = request.get("body")
            if not isinstance(body, dict):
                continue
            where = f"{at} request {number}"
            seen_user = False
            for position, message in enumerate(body.get("messages") or []):
                role = message.get("role") if isinstance(message, dict) else None
                content = message.get("content") if isinstance(message, dict) else None
                model_only = role in ("system", "developer") or (role == "user" and seen_user)
                seen_user |= role == "user"
                if model_only and not _content_masked(content):
                    problems.append(f"{where} message {position} ({role}) is not masked")
                elif isinstance(content, str):
                    problems += _text_problems(content, f"{where} message {position}")
            tools = body.get("tools")
            if isinstance(tools, str):
                tools = tool_table.get(tools.removeprefix("@tools:"))
                if tools is None:
                    problems.append(f"{where}: tool reference {body['tools']!r} is not in _tool-schemas.json")
            problems += _unmasked_descriptions(tools, f"{where} tools")
    return problems


def tool_table_problems(tool_table: dict[str, Any]) -> list[str]:
    """Unmasked descriptions in a version's `_tool-schemas.json`."""
    return list(_unmasked_descriptions(tool_table, "_tool-schemas.json"))
