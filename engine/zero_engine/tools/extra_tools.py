"""Zero 0.8.0's other built-in tools, as far as a headless, offline engine can offer them.

write_stdin (the engine keeps no running exec sessions), view_image, read_minified_file (the
whitespace-normalized view only), skill (skills.py), lsp_navigate (no language
servers), web_fetch (Zero's URL safety checks, then a plain HTTP GET), tool_search (loads
deferred tools), and the local browser/desktop/terminal automation tools, which are listed but
report that no automation helper is available.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..provider import ImageInput
from .args import Args, ToolArgError, ToolFailure, zero_bool, zero_int, zero_text
from .base import Display, ToolSpec
from .gofs import GoPathError
from .read_tools import read_bytes_go, resolve_read_path
from .toolkit import Tool, ToolContext, ToolOutput, no_paths, object_schema
from .tracker import content_hash

# write_stdin ----------------------------------------------------------------------------------


def unknown_session_error(session_id: int) -> str:
    return (
        "Error: write_stdin needs a session_id returned by a still-running exec_command; do not guess "
        "or probe session ids. Start a process with exec_command, or use write_file/edit_file/apply_patch "
        f"for file changes. (no live session {session_id})"
    )


def _write_stdin(_context: ToolContext, args: Args) -> ToolOutput:
    # exec_command runs every command to completion, so there is never a live session to write to.
    # Zero's order: a missing or bad session_id is the no-session answer, then the other
    # arguments are checked, then the session is looked up.
    try:
        session_id = zero_int(args.values, "session_id", 0, 1)
    except ValueError:
        return ToolOutput(unknown_session_error(0), status="error")
    if args.values.get("session_id") is not None:
        _checked(args, lambda: zero_text(args.values, ("chars",), required=False, allow_empty=True))
        default_yield = 250 if args.values.get("chars") else 5000
        _checked(args, lambda: zero_int(args.values, "yield_time_ms", default_yield, 1))
        _checked(args, lambda: zero_int(args.values, "max_output_tokens", 10_000, 1, 200_000))
    return ToolOutput(unknown_session_error(session_id), status="error")


_MAX_OUTPUT_TOKENS = {
    "type": "integer",
    "description": "Output budget in estimated tokens.",
    "default": 10_000,
    "minimum": 1,
    "maximum": 200_000,
}

WRITE_STDIN = Tool(
    spec=ToolSpec(
        name="write_stdin",
        safety_reason=(
            "Sending stdin can drive an existing shell process beyond the original command; empty "
            "polling and Ctrl-C interrupts are allowed automatically."
        ),
        description="Send input to a command exec_command left running, or poll it for new output.",
        side_effect="shell",
        permission="prompt",
        parameters=object_schema(
            {
                "session_id": {
                    "type": "integer",
                    "description": "The session exec_command reported.",
                    "minimum": 1,
                },
                "chars": {"type": "string", "description": "Text to send; empty just polls.", "default": ""},
                "yield_time_ms": {
                    "type": "integer",
                    "description": "How long to wait for output.",
                    "default": 5000,
                    "minimum": 1,
                    "maximum": 300_000,
                },
                "max_output_tokens": _MAX_OUTPUT_TOKENS,
            },
            ("session_id",),
        ),
    ),
    run=_write_stdin,
)


# view_image -----------------------------------------------------------------------------------

_IMAGE_KEYS = ("path", "file", "file_path", "filepath", "filename", "image")
_IMAGE_TYPES = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)
MAX_IMAGE_BYTES = 10 * 1024 * 1024


def _media_type(data: bytes) -> str | None:
    for magic, media in _IMAGE_TYPES:
        if data.startswith(magic):
            return media
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def _image_path(args: Args) -> list[str]:
    try:
        return [zero_text(args.values, _IMAGE_KEYS, required=True, allow_empty=False)]
    except ValueError:
        return []


def _view_image(context: ToolContext, args: Args) -> ToolOutput:
    try:
        requested = zero_text(args.values, _IMAGE_KEYS, required=True, allow_empty=False)
    except ValueError as error:
        raise args.error(str(error)) from None
    try:
        absolute, relative = resolve_read_path(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error: {error}") from None
    try:
        data = read_bytes_go(absolute)
    except GoPathError as error:
        raise ToolFailure(f"Error viewing {relative}: {error}") from None
    media = _media_type(data)
    if media is None:
        raise ToolFailure(
            f"Error viewing {relative}: unsupported image type for {absolute} (allowed: png, jpeg, gif, webp)"
        )
    if len(data) > MAX_IMAGE_BYTES:
        raise ToolFailure(f"Error viewing {relative}: image is larger than 10 MiB")
    return ToolOutput(
        f"Viewing {relative} ({media}).",
        meta={"media_type": media},
        images=(ImageInput(media_type=media, data=data),),
    )


VIEW_IMAGE = Tool(
    spec=ToolSpec(
        name="view_image",
        safety_reason="Reads an image file without modifying anything.",
        description="Open a PNG, JPEG, GIF or WebP file from the workspace so you can look at it.",
        side_effect="read",
        permission="allow",
        parameters=object_schema({"path": {"type": "string", "description": "The image file."}}, ("path",)),
    ),
    run=_view_image,
    paths=_image_path,
)


# read_minified_file ---------------------------------------------------------------------------

_MINIFIED_KEYS = ("path", "file", "file_path", "filepath", "filename")


def _normalize_whitespace(text: str) -> str:
    """Trailing blanks removed, runs of blank lines collapsed to one, no trailing newlines."""
    kept: list[str] = []
    blank_run = 0
    for line in text.replace("\r\n", "\n").split("\n"):
        trimmed = line.rstrip(" \t")
        if trimmed == "":
            blank_run += 1
            if blank_run > 1:
                continue
        else:
            blank_run = 0
        kept.append(trimmed)
    return "\n".join(kept).rstrip("\n")


def _source_line_count(data: bytes) -> int:
    if not data:
        return 1
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def _count_lines(text: str) -> int:
    return 0 if text == "" else text.count("\n") + 1


@dataclass(frozen=True)
class _CommentStyle:
    """One language's comments and strings, as Zero's string-aware comment stripper models them."""

    name: str
    line: tuple[str, ...] = ()  # line-comment markers
    block: tuple[str, str] | None = None  # block comment open and close
    triples: tuple[str, ...] = ()  # raw multi-line string delimiters
    f_strings: bool = False  # Python f-strings: a quote inside {...} does not end the string


_PYTHON = _CommentStyle("python", line=("#",), triples=('"""', "'''"), f_strings=True)
# The languages Zero strips comments from (by extension); every other file is only whitespace-
# normalized, and Go files, which Zero reprints through Go's own parser, are too.
_COMMENT_STYLES: dict[str, _CommentStyle] = {
    ".c": _CommentStyle("c", line=("//",), block=("/*", "*/")),
    ".java": _CommentStyle("java", line=("//",), block=("/*", "*/"), triples=('"""',)),
    ".css": _CommentStyle("css", block=("/*", "*/")),
    ".scss": _CommentStyle("scss", line=("//",), block=("/*", "*/")),
    ".less": _CommentStyle("less", line=("//",), block=("/*", "*/")),
    ".py": _PYTHON,
    ".pyi": _PYTHON,
}


def _longest_prefix(text: str, at: int, candidates: tuple[str, ...]) -> str:
    best = ""
    for candidate in candidates:
        if len(candidate) > len(best) and text.startswith(candidate, at):
            best = candidate
    return best


def _scan_delimited(text: str, start: int, delimiter: str) -> int:
    """Just past the closing `delimiter` (a backslash escapes the next character); the end of
    the text when it never closes."""
    index = start
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text.startswith(delimiter, index):
            return index + len(delimiter)
        index += 1
    return len(text)


def _has_f_prefix(text: str, quote: int) -> bool:
    """The quote follows a Python string prefix holding f/F (rf, Rb, ...), not an identifier."""
    index, saw_f = quote - 1, False
    while index >= 0 and text[index] in "fFrRbBuU":
        saw_f = saw_f or text[index] in "fF"
        index -= 1
    return saw_f and (index < 0 or not _identifier_char(text[index]))


def _identifier_char(char: str) -> bool:
    return char == "_" or (char.isascii() and char.isalnum())


def _scan_string(text: str, start: int, f_strings: bool) -> int:
    """Just past the string or char literal opening at `start`; in an f-string a quote inside a
    {...} field is a nested string, not the end."""
    quote = text[start]
    is_f = f_strings and _has_f_prefix(text, start)
    index, depth = start + 1, 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if is_f:
            if char in "{}":
                if text.startswith(char * 2, index):  # {{ and }} are literal braces
                    index += 2
                    continue
                depth = depth + 1 if char == "{" else max(depth - 1, 0)
                index += 1
                continue
            if char in "\"'" and depth > 0:
                index = _scan_string(text, index, False)
                continue
        if char == quote and depth == 0:
            return index + 1
        index += 1
    return len(text)


def strip_comments(text: str, style: _CommentStyle) -> str:
    """Zero's stripComments: line and block comments removed, string literals (triple-quoted
    and f-strings included) kept exactly."""
    out: list[str] = []
    index = 0
    while index < len(text):
        triple = _longest_prefix(text, index, style.triples)
        if triple:
            end = _scan_delimited(text, index + len(triple), triple)
            out.append(text[index:end])
            index = end
            continue
        if style.block is not None and text.startswith(style.block[0], index):
            close = text.find(style.block[1], index + len(style.block[0]))
            index = len(text) if close < 0 else close + len(style.block[1])
            continue
        if _longest_prefix(text, index, style.line):
            newline = text.find("\n", index)
            index = len(text) if newline < 0 else newline
            continue
        if text[index] in "\"'":
            end = _scan_string(text, index, style.f_strings)
            out.append(text[index:end])
            index = end
            continue
        out.append(text[index])
        index += 1
    return "".join(out)


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8", "surrogateescape"))


def _read_minified_file(context: ToolContext, args: Args) -> ToolOutput:
    version = context.schema_version
    try:
        requested = zero_text(args.values, _MINIFIED_KEYS, required=True, allow_empty=False)
        # the v1-era tool read the whole file: it had no offset or limit
        offset = zero_int(args.values, "offset", 1, 1) if version >= 2 else 1
        limit = zero_int(args.values, "limit", 0, 1) if version >= 2 else 0
    except ValueError as error:
        raise args.error(str(error)) from None
    try:
        absolute, relative = resolve_read_path(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error reading file {requested}: {error}") from None
    try:
        data = read_bytes_go(absolute)
    except GoPathError as error:
        raise ToolFailure(f"Error reading file {relative}: {error}") from None
    if context.tracker is not None:
        context.tracker.record_hash(absolute, content_hash(data))
    total = _source_line_count(data)
    ranged = offset > 1 or limit > 0
    selected = data
    if ranged:
        if offset - 1 >= total:
            return ToolOutput(
                f"File: {relative}\n(offset {offset} is past the end of the file, which has {total} lines)"
            )
        lines = data.split(b"\n")
        end = total if not (0 < limit < total - (offset - 1)) else offset - 1 + limit
        selected = b"\n".join(lines[offset - 1 : end])
    text = selected.decode("utf-8", errors="surrogateescape")
    style = None if ranged else _COMMENT_STYLES.get(os.path.splitext(relative)[1].lower())
    compact = _normalize_whitespace(strip_comments(text, style) if style is not None else text)
    raw_lines, shown_lines = _count_lines(text), _count_lines(compact)
    raw_bytes, compact_bytes = len(selected), _utf8_len(compact)
    saved = raw_bytes - compact_bytes
    if style is not None:
        percent = saved * 100 // raw_bytes if raw_bytes > 0 and saved > 0 else 0
        header = (
            f"File: {relative} \u2014 minified {style.name} view (comments stripped, no line numbers; "
            f"{raw_lines}\u2192{shown_lines} lines, ~{percent}% fewer bytes). For exact text/comments or "
            "before editing, use read_file."
        )
    elif ranged:
        header = (
            f"File: {relative} \u2014 safe ranged view (whitespace normalized, no line numbers; "
            f"{raw_lines}\u2192{shown_lines} lines; context-sensitive stripping disabled because the range "
            "may begin inside a multiline construct). For exact text, use read_file."
        )
    else:
        header = (
            f"File: {relative} \u2014 whitespace-normalized view (no line numbers; "
            f"{raw_lines}\u2192{shown_lines} "
            "lines; full minification not available for this file type). For exact text, use read_file."
        )
    output = f"{header}\n\n{compact}"
    meta = {
        "path": relative,
        "mode": style.name if style is not None else "text",
        "compacted": "true" if style is not None else "false",
        "raw_bytes": str(raw_bytes),
        "compact_bytes": str(compact_bytes),
        "emitted_bytes": str(_utf8_len(output)),
        "raw_lines": str(raw_lines),
        "emitted_lines": str(shown_lines),
        "estimated_tokens_saved": str((saved + 3) // 4 if saved > 0 else 0),
    }
    return ToolOutput(output, meta=meta)


def _minified_path(args: Args) -> list[str]:
    try:
        return [zero_text(args.values, _MINIFIED_KEYS, required=True, allow_empty=False)]
    except ValueError:
        return []


READ_MINIFIED_FILE = Tool(
    spec=ToolSpec(
        name="read_minified_file",
        safety_reason="Reads a minified view of file contents without modifying files.",
        description=(
            "Show a file compactly (blank runs and trailing spaces removed, no line numbers) to save tokens."
        ),
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "path": {"type": "string", "description": "Which file to show."},
                "offset": {
                    "type": "integer",
                    "description": "First line to include, counting from 1.",
                    "minimum": 1,
                },
                "limit": {"type": "integer", "description": "How many lines to include.", "minimum": 1},
            },
            ("path",),
        ),
    ),
    run=_read_minified_file,
    paths=_minified_path,
)


# skill ----------------------------------------------------------------------------------------


def _skill(context: ToolContext, args: Args) -> ToolOutput:
    from ..gotext import trim_space
    from ..skills import load_skills, primary_dir, skill_result, skill_roots

    if context.schema_version < 2:
        try:
            zero_text(args.values, ("name", "skill"), required=True, allow_empty=False)
        except ValueError as error:
            raise args.error(str(error)) from None
        raise ToolFailure(f"Error: no skills are available (looked in {primary_dir(context.environ)}).")

    names = [args.values.get(key) for key in ("name", "skill")]
    requested = next((trim_space(name) for name in names if isinstance(name, str) and trim_space(name)), "")
    if not requested:
        raise ToolFailure("Error: Invalid arguments for skill: name is required")
    text, found = skill_result(load_skills(skill_roots(context.environ, context.skill_roots)), requested)
    if not found:
        raise ToolFailure(text)
    return ToolOutput(text)


SKILL = Tool(
    spec=ToolSpec(
        name="skill",
        safety_reason="Reads a local skill file; gathers reusable instructions only.",
        description="Fetch the instructions of a named skill (a reusable set of instructions).",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "name": {"type": "string", "description": "The skill's name."},
                "skill": {"type": "string", "description": "Same as name."},
            }
        ),
    ),
    run=_skill,
)


# lsp_navigate ---------------------------------------------------------------------------------

_LSP_OPS = ("definition", "references", "implementation", "workspace_symbol")


def _lsp_navigate(context: ToolContext, args: Args) -> ToolOutput:
    op_value = args.values.get("op")
    if op_value is None:
        raise args.error("op is required")
    if not isinstance(op_value, str):
        raise args.error("op must be a string")
    if op_value == "":
        raise args.error("op must be a non-empty string")
    op = op_value.strip().lower()
    try:
        requested = zero_text(args.values, ("path", "file", "file_path"), required=True, allow_empty=False)
    except ValueError as error:
        raise args.error(str(error)) from None
    try:
        absolute, relative = resolve_read_path(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error: lsp_navigate {error}") from None
    if op != "workspace_symbol":
        try:
            read_bytes_go(absolute)
        except GoPathError as error:
            raise ToolFailure(f"Error: lsp_navigate could not read {relative}: {error}") from None
    if op == "workspace_symbol":
        query = args.values.get("query")
        if not isinstance(query, str) or query == "":
            raise ToolFailure("Error: lsp_navigate workspace_symbol requires a query.")
    elif op in _LSP_OPS:
        try:
            line = zero_int(args.values, "line", 0, 1)
            zero_int(args.values, "character", 1, 1)
        except ValueError:
            line = 0
        if line == 0:
            raise ToolFailure(f"Error: lsp_navigate {op} requires 1-based line and character.")
    else:
        raise ToolFailure(
            f"Error: lsp_navigate unknown op {op} "
            "(use definition, references, implementation, or workspace_symbol)."
        )
    # The engine starts no language servers.
    return ToolOutput(
        f"No language server available for {os.path.basename(relative)} \u2014 lsp_navigate is unavailable "
        "for this file type. Fall back to grep/read_file."
    )


def _lsp_path(args: Args) -> list[str]:
    try:
        return [zero_text(args.values, ("path", "file", "file_path"), required=True, allow_empty=False)]
    except ValueError:
        return []


LSP_NAVIGATE = Tool(
    spec=ToolSpec(
        name="lsp_navigate",
        safety_reason="Queries the language server for code navigation; reads files, modifies nothing.",
        description=(
            "Ask a language server where a symbol is defined, used or implemented, or search symbols by name."
        ),
        side_effect="read",
        permission="allow",
        deferrable=True,
        parameters=object_schema(
            {
                "op": {"type": "string", "description": "Which question to ask.", "enum": list(_LSP_OPS)},
                "path": {"type": "string", "description": "The file the question is about."},
                "line": {"type": "integer", "description": "Line of the symbol, from 1.", "minimum": 1},
                "character": {
                    "type": "integer",
                    "description": "Column of the symbol, from 1.",
                    "minimum": 1,
                },
                "query": {"type": "string", "description": "Symbol name (workspace_symbol)."},
            },
            ("op", "path"),
        ),
    ),
    run=_lsp_navigate,
    paths=_lsp_path,
)


# web_fetch ------------------------------------------------------------------------------------

WEB_FETCH_DEFAULT_MAX_BYTES = 256 * 1024
WEB_FETCH_MAX_BYTES = 2 * 1024 * 1024
PUBLIC_ONLY_HINT = (
    "web_fetch only supports public remote HTTP/HTTPS URLs. For localhost or private network URLs, "
    "use bash with curl so sandbox network permission can apply"
)
_BLOCKED_PREFIXES = (
    ("0.0.0.0/8", "special-use hosts are blocked"),
    ("10.0.0.0/8", "private network hosts are blocked"),
    ("100.64.0.0/10", "special-use hosts are blocked"),
    ("127.0.0.0/8", "loopback hosts are blocked"),
    ("169.254.0.0/16", "link-local hosts are blocked"),
    ("172.16.0.0/12", "private network hosts are blocked"),
    ("192.0.0.0/24", "special-use hosts are blocked"),
    ("192.0.2.0/24", "documentation hosts are blocked"),
    ("192.88.99.0/24", "special-use hosts are blocked"),
    ("192.168.0.0/16", "private network hosts are blocked"),
    ("198.18.0.0/15", "benchmark network hosts are blocked"),
    ("198.51.100.0/24", "documentation hosts are blocked"),
    ("203.0.113.0/24", "documentation hosts are blocked"),
    ("224.0.0.0/4", "multicast hosts are blocked"),
    ("240.0.0.0/4", "special-use hosts are blocked"),
    ("::/128", "unspecified hosts are blocked"),
    ("::1/128", "loopback hosts are blocked"),
    ("100::/64", "special-use hosts are blocked"),
    ("2001::/23", "special-use hosts are blocked"),
    ("2001:2::/48", "benchmark network hosts are blocked"),
    ("2001:db8::/32", "documentation hosts are blocked"),
    ("fc00::/7", "private network hosts are blocked"),
    ("fe80::/10", "link-local hosts are blocked"),
    ("ff00::/8", "multicast hosts are blocked"),
)


@functools.cache
def _blocked_networks() -> tuple[tuple[Any, str], ...]:
    import ipaddress  # only web_fetch needs it; keeps engine start-up lean

    return tuple((ipaddress.ip_network(prefix), reason) for prefix, reason in _BLOCKED_PREFIXES)


class UnsafeURL(Exception):
    pass


def _address_problem(address: Any) -> str | None:
    import ipaddress

    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        elif address in ipaddress.ip_network("::/96") and int(address) > 1:
            address = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    for network, reason in _blocked_networks():
        if address.version == network.version and address in network:
            return reason
    if not address.is_global:
        return "non-global hosts are blocked"
    return None


def _check_url_literal(raw_url: str) -> Any:
    """Zero's checks before any permission prompt: scheme, user info, host, literal address, port.
    Returns the parsed URL (urllib.parse.SplitResult)."""
    import ipaddress
    import urllib.parse

    raw_url = raw_url.strip()
    if raw_url == "":
        raise UnsafeURL("url is required")
    parsed = urllib.parse.urlsplit(raw_url)
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeURL("only http and https URLs are supported")
    if parsed.username is not None or "@" in parsed.netloc:
        raise UnsafeURL("URLs with user info are not allowed")
    host = (parsed.hostname or "").strip()
    if host == "":
        raise UnsafeURL("URL host is required")
    if "%" in host:
        raise UnsafeURL("URL host zones are not allowed")
    normalized = host.strip("[]").lower().rstrip(".")
    if (
        normalized in ("localhost", "metadata", "metadata.google.internal")
        or normalized.endswith(".localhost")
        or normalized.endswith(".local")
    ):
        raise UnsafeURL(PUBLIC_ONLY_HINT)
    try:
        address = ipaddress.ip_address(normalized)
    except ValueError:
        address = None
    if address is not None and _address_problem(address) is not None:
        raise UnsafeURL(PUBLIC_ONLY_HINT)
    try:
        port = parsed.port
    except ValueError:
        port = None
    if port is not None and (scheme, port) not in (("http", 80), ("https", 443)):
        raise UnsafeURL(f"only default ports are allowed for {parsed.scheme} URLs")
    return parsed


def _check_url_v1(raw_url: str) -> None:
    """The v1-era order: scheme, user info, host, port, then the host itself (specific reasons)."""
    import ipaddress
    import urllib.parse

    raw_url = raw_url.strip()
    if raw_url == "":
        raise UnsafeURL("url is required")
    parsed = urllib.parse.urlsplit(raw_url)
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeURL("only http and https URLs are supported")
    if parsed.username is not None or "@" in parsed.netloc:
        raise UnsafeURL("URLs with user info are not allowed")
    host = (parsed.hostname or "").strip()
    if host == "":
        raise UnsafeURL("URL host is required")
    if "%" in host:
        raise UnsafeURL("URL host zones are not allowed")
    try:
        port = parsed.port
    except ValueError:
        port = None
    if port is not None and (scheme, port) not in (("http", 80), ("https", 443)):
        raise UnsafeURL(f"only default ports are allowed for {parsed.scheme} URLs")
    normalized = host.strip("[]").lower().rstrip(".")
    if normalized == "localhost" or normalized.endswith(".localhost"):
        raise UnsafeURL("localhost hosts are blocked")
    if normalized in ("metadata", "metadata.google.internal"):
        raise UnsafeURL("metadata service hosts are blocked")
    if normalized.endswith(".local"):
        raise UnsafeURL("local network hosts are blocked")
    try:
        address = ipaddress.ip_address(normalized)
    except ValueError:
        _resolve(normalized)
        return
    problem = _address_problem(address)
    if problem is not None:
        raise UnsafeURL(problem)


def _first_nameserver() -> str:
    try:
        with open("/etc/resolv.conf", encoding="utf-8") as handle:
            for line in handle:
                fields = line.split()
                if len(fields) >= 2 and fields[0] == "nameserver":
                    return fields[1]
    except OSError:
        pass
    return "127.0.0.53"


def _resolve(host: str) -> None:
    import ipaddress
    import socket

    normalized = host.strip("[]").lower().rstrip(".")
    try:
        infos = socket.getaddrinfo(normalized, None)
    except (socket.gaierror, UnicodeError):
        raise UnsafeURL(
            f"resolve host: lookup {normalized} on {_first_nameserver()}:53: no such host"
        ) from None
    if not infos:
        raise UnsafeURL("host did not resolve to an IP address")
    for info in infos:
        problem = _address_problem(ipaddress.ip_address(info[4][0]))
        if problem is not None:
            raise UnsafeURL(problem)


WEB_FETCH_REDIRECT_LIMIT = 5


class RedirectRefused(Exception):
    """A redirect web_fetch does not follow; worded as Go's client reports its CheckRedirect error:
    `Get "<Location>": <reason>`."""

    def __init__(self, location: str, reason: str) -> None:
        from ..gojson import go_quote

        super().__init__(f"Get {go_quote(location)}: {reason}")


def _redirect_handler(schema_version: int) -> Any:
    """urllib's redirect handler with Zero's redirect policy: every target passes the checks the
    first URL passed (so a public page cannot send the fetch to a loopback, private or link-local
    address), and at most 4 redirects are followed."""
    import urllib.parse
    import urllib.request

    prefix = "unsafe redirect URL" if schema_version >= 2 else "Unsafe redirect URL"

    class ZeroRedirects(urllib.request.HTTPRedirectHandler):
        followed = 0

        def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
            location = headers.get("location") or headers.get("uri")
            if location is None:
                return None  # no target: the response itself is the answer, as in Go
            self.followed += 1  # Go's len(via)
            if self.followed >= WEB_FETCH_REDIRECT_LIMIT:
                raise RedirectRefused(location, f"too many redirects: maximum is {WEB_FETCH_REDIRECT_LIMIT}")
            target = urllib.parse.urljoin(req.full_url, location)
            try:
                if schema_version < 2:
                    _check_url_v1(target)
                else:
                    parsed = _check_url_literal(target)
                    _resolve(parsed.hostname or "")
            except UnsafeURL as error:
                raise RedirectRefused(location, f"{prefix}: {error}") from None
            return super().http_error_302(req, fp, code, msg, headers)

        http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302

    return ZeroRedirects()


def _web_fetch_arguments(args: Args) -> tuple[str, int]:
    url = args.values.get("url")
    if url is None:
        raise args.error("url is required")
    if not isinstance(url, str):
        raise args.error("url must be a string")
    if url == "":
        raise args.error("url must be a non-empty string")
    try:
        max_bytes = zero_int(args.values, "max_bytes", WEB_FETCH_DEFAULT_MAX_BYTES, 1, WEB_FETCH_MAX_BYTES)
    except ValueError as error:
        raise args.error(str(error)) from None
    return url, max_bytes


def web_fetch_rejection(args: Args) -> str | None:
    """Zero rejects a bad or non-public URL before asking for permission."""
    try:
        url, _ = _web_fetch_arguments(args)
        _check_url_literal(url)
    except UnsafeURL as error:
        return f"Error: Unsafe URL for web_fetch: {error}"
    except ToolArgError as error:
        return str(error)
    return None


def _web_fetch(context: ToolContext, args: Args) -> ToolOutput:
    import urllib.request

    url, max_bytes = _web_fetch_arguments(args)
    fmt = args.values.get("format", "auto")
    if fmt is not None and not isinstance(fmt, str):
        raise args.error("format must be a string")
    if (fmt or "auto").strip().lower() not in ("", "auto", "raw", "markdown"):
        raise ToolFailure(
            'Error: Invalid arguments for web_fetch: format must be "auto", "raw", or "markdown".'
        )
    try:
        if context.schema_version < 2:
            _check_url_v1(url)
        else:
            parsed = _check_url_literal(url)
            _resolve(parsed.hostname or "")
    except UnsafeURL as error:
        raise ToolFailure(f"Error: Unsafe URL for web_fetch: {error}") from None
    request = urllib.request.Request(
        url.strip(),
        headers={
            "User-Agent": "zero-web-fetch/0.1",
            "Accept": "text/*, application/json, application/xhtml+xml, application/xml;q=0.9, */*;q=0.5",
        },
    )
    opener = urllib.request.build_opener(_redirect_handler(context.schema_version))
    try:
        with opener.open(request, timeout=30) as response:
            status = f"{response.status} {response.reason}"
            content_type = response.headers.get("Content-Type", "")
            final_url = response.geturl()
            raw = response.read(max_bytes + 1)
    except RedirectRefused as error:
        raise ToolFailure(f"Error fetching URL: {error}") from None
    except OSError as error:
        raise ToolFailure(f"Error fetching URL: {error}") from None
    truncated = len(raw) > max_bytes
    body = raw[:max_bytes].decode("utf-8", errors="replace")
    lines = [
        f"URL: {final_url}",
        f"Status: {status}",
        f"Content-Type: {content_type or 'unknown'}",
        f"Bytes: {len(body.encode('utf-8'))}",
        "",
        body,
    ]
    meta = {
        "url": final_url,
        "status_code": status.split(" ", 1)[0],
        "content_type": content_type,
        "bytes": str(len(body.encode("utf-8"))),
        "truncated": "true" if truncated else "false",
        "converted": "false",
    }
    return ToolOutput("\n".join(lines), truncated=truncated, meta=meta)


WEB_FETCH = Tool(
    spec=ToolSpec(
        name="web_fetch",
        safety_reason="Fetches remote URL content over the network.",
        description=(
            "Download a page from a public http(s) address "
            "(needs network permission; not for local addresses)."
        ),
        side_effect="network",
        permission="prompt",
        deferrable=True,
        parameters=object_schema(
            {
                "url": {"type": "string", "description": "The public address to download."},
                "max_bytes": {
                    "type": "integer",
                    "description": "Most bytes of the body to download.",
                    "default": WEB_FETCH_DEFAULT_MAX_BYTES,
                    "minimum": 1,
                    "maximum": WEB_FETCH_MAX_BYTES,
                },
                "format": {
                    "type": "string",
                    "description": "auto or markdown: HTML as markdown; raw: the body unchanged.",
                    "enum": ["auto", "raw", "markdown"],
                    "default": "auto",
                },
            },
            ("url",),
        ),
    ),
    run=_web_fetch,
)


# Local automation tools (listed, never available in the engine) ------------------------------


def _browser_token(args: Args, key: str, kind: str) -> str:
    """Zero's stringArg(key, required) then browserRefFromString / browserKeyFromString."""
    value = args.values.get(key)
    if value is None:
        raise args.error(f"{key} is required")
    if not isinstance(value, str):
        raise args.error(f"{key} must be a string")
    if value == "":
        raise args.error(f"{key} must be a non-empty string")
    value = value.strip()
    if not value:
        raise args.error(f"{key} is required")
    if any(char in value for char in " \t\r\n;"):
        raise args.error(f"{key} must be a single {kind}")
    if value.startswith("-"):
        raise args.error(f"{key} must be a {kind}, not an option")
    return value


def _reject_click(args: Args) -> list[str]:
    _browser_token(args, "ref", "browser_snapshot ref")
    return []


def _reject_type(args: Args) -> list[str]:
    _browser_token(args, "ref", "browser_snapshot ref")
    text = args.values.get("text")
    if text is None:
        raise args.error("text is required")
    if not isinstance(text, str):
        raise args.error("text must be a string")
    if text == "":
        raise args.error("text must be a non-empty string")
    return []


def _reject_press(args: Args) -> list[str]:
    _browser_token(args, "key", "key name")
    return []


def _checked(args: Args, read: Callable[[], Any]) -> Any:
    """One of Zero's argument readers (args.zero_*), its ValueError as the tool's argument error."""
    try:
        return read()
    except ValueError as error:
        raise args.error(str(error)) from None


def _checked_bool(args: Args, key: str, fallback: bool) -> bool:
    return bool(_checked(args, lambda: zero_bool(args.values, key, fallback)))


def _one_of(args: Args, key: str, allowed: tuple[str, ...]) -> str:
    value = _checked(args, lambda: zero_text(args.values, (key,), required=True, allow_empty=False))
    value = value.strip().lower()
    if value not in allowed:
        raise args.error(f"{key} must be one of: {', '.join(sorted(allowed))}")
    return str(value)


def _reject_open(args: Args) -> list[str]:
    raw = _checked(args, lambda: zero_text(args.values, ("url",), required=True, allow_empty=False))
    normalized = raw.strip()
    if "://" not in normalized:
        normalized = "https://" + normalized
    scheme, _, rest = normalized.partition("://")
    if scheme.lower() not in ("http", "https"):
        raise args.error("url must use http or https")
    if not rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0].strip():
        raise args.error("url must include a host")
    return []


def _reject_connect(args: Args) -> list[str]:
    target = _checked(args, lambda: zero_text(args.values, ("target",), required=True, allow_empty=False))
    target = target.strip()
    if not target:
        raise args.error("target is required")
    if any(char in target for char in " \t\r\n;"):
        raise args.error("target must not contain whitespace or semicolons")
    if target.startswith("-"):
        raise args.error("target must be a CDP port or URL, not an option")
    return []


def _reject_launch(args: Args) -> list[str]:
    _one_of(args, "app", ("discord",))
    _checked(args, lambda: zero_int(args.values, "debug_port", 9222, 1024, 65535))
    for key in ("stop_existing", "wait", "connect"):
        _checked_bool(args, key, True)
    return []


def _reject_snapshot(args: Args) -> list[str]:
    for key in ("interactive", "include_cursor_interactive", "compact"):
        _checked_bool(args, key, key == "interactive")
    _checked(args, lambda: zero_int(args.values, "depth", 0, 0, 20))
    _checked(args, lambda: zero_text(args.values, ("selector",), required=False, allow_empty=True))
    return []


def _reject_action(args: Args) -> list[str]:
    _one_of(args, "command", _BROWSER_COMMANDS)
    return []


def _reject_capture(args: Args) -> list[str]:
    _one_of(args, "action", _CAPTURE_ACTIONS)
    _checked(args, lambda: zero_text(args.values, ("name",), required=False, allow_empty=True))
    return []


def _reject_terminal(args: Args) -> list[str]:
    _one_of(args, "action", _TERMINAL_ACTIONS)
    _checked(args, lambda: zero_text(args.values, ("session",), required=True, allow_empty=False))
    return []


# Zero checks these tools' arguments before the permission gate (RejectBeforePermission): a call
# with a missing or invalid one fails with the argument error, whatever the permission mode
# (the first checks of each: deeper ones, such as a browser_action's own arguments, are not
# repeated here).
_REJECT_BEFORE_PERMISSION = {
    "browser_action": _reject_action,
    "browser_click": _reject_click,
    "browser_connect": _reject_connect,
    "browser_launch": _reject_launch,
    "browser_open": _reject_open,
    "browser_press": _reject_press,
    "browser_snapshot": _reject_snapshot,
    "browser_type": _reject_type,
    "capture_artifact": _reject_capture,
    "terminal_session": _reject_terminal,
}
REJECTED_BEFORE_PERMISSION = frozenset(_REJECT_BEFORE_PERMISSION)

# The helper program each kind of local tool runs (Zero finds it on PATH, next to itself or in a
# manifest), how it says so when it is missing, and Zero's hint after a browser runtime failure.
_HELPERS = {
    "browser": ("agent-browser", "install the agent-browser package or set localControl.browser.helperPath"),
    "terminal": ("tuistory", "install the tuistory package or set localControl.terminal.helperPath"),
}
_INSTALL_HINT = (
    "\n\nIf this is a first-use browser runtime error, call browser_install once, then retry the "
    "browser command."
)


def _helper_missing(context: ToolContext, kind: str) -> str:
    """Zero's error when the helper of `kind` is not on PATH ("" when it is: the engine still
    cannot drive it, and says so in its own words)."""
    import shutil

    program, hint = _HELPERS[kind]
    if shutil.which(program, path=context.environ.get("PATH", "")):
        return ""
    return f"{program} was not found on PATH; {hint}"


def _local_command(name: str, args: Args) -> tuple[str, str]:
    """(helper kind, command) as Zero names them in the result's display and meta."""
    if name == "terminal_session":
        return "terminal", str(args.values.get("action", "")).strip().lower()
    if name == "browser_action":
        return "browser", str(args.values.get("command", "")).strip().lower()
    if name == "capture_artifact":
        action = str(args.values.get("action", "")).strip().lower()
        return ("terminal" if action.startswith("terminal") else "browser"), action
    return "browser", name.removeprefix("browser_")


def _run_local(name: str, context: ToolContext, args: Args) -> ToolOutput:
    kind, command = _local_command(name, args)
    if name == "capture_artifact":
        # Zero makes the artifact directory (the workspace's .zero/artifacts) before it runs a
        # helper for any capture.
        os.makedirs(context.workspace.real_root / ".zero" / "artifacts", mode=0o700, exist_ok=True)
    missing = _helper_missing(context, kind) if not command.startswith("desktop") else ""
    if not missing:
        return ToolOutput(
            f"Error: {name} is not available: no local automation helper is running.", status="error"
        )
    message = f"Error running {kind} helper: {missing}"
    if name == "capture_artifact":
        meta = {"action": command, "driver": kind}
        display = Display(f"{command} failed", "artifact")
        return ToolOutput(message, status="error", meta=meta, display=display)
    if kind == "browser" and command != "install":
        message += _INSTALL_HINT
    meta = {"raw_bytes": "0", f"{kind}_command": command}
    return ToolOutput(message, status="error", meta=meta, display=Display(f"{command} failed", kind))


def _local_tool(
    name: str,
    side_effect: str,
    reason: str,
    description: str,
    parameters: dict[str, Any],
    required: tuple[str, ...] = (),
) -> Tool:
    def run(context: ToolContext, args: Args) -> ToolOutput:
        return _run_local(name, context, args)

    return Tool(
        spec=ToolSpec(
            name=name,
            safety_reason=reason,
            description=description,
            side_effect=side_effect,  # type: ignore[arg-type]
            permission="prompt",
            advertised_in_auto=False,
            deferrable=True,
            parameters=object_schema(parameters, required),
        ),
        run=run,
        paths=_REJECT_BEFORE_PERMISSION.get(name, no_paths),
    )


def _flag(description: str, default: bool) -> dict[str, Any]:
    return {"type": "boolean", "description": description, "default": default}


def _bounded(
    description: str, minimum: int, maximum: int | None = None, default: int | None = None
) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "description": description, "minimum": minimum}
    if maximum is not None:
        schema["maximum"] = maximum
    if default is not None:
        schema["default"] = default
    return schema


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def _choice(description: str, *values: str) -> dict[str, Any]:
    return {"type": "string", "description": description, "enum": list(values)}


# The argument schemas are Zero 0.8.0's (names, types, enums, bounds, defaults: interface a model
# and a client rely on); the descriptions are ours. The reasons are Zero's: permission events
# quote them.
_BROWSER_COMMANDS = (
    "back",
    "check",
    "click",
    "close",
    "connect",
    "dblclick",
    "dialog_accept",
    "dialog_dismiss",
    "drag",
    "eval",
    "fill",
    "forward",
    "get_attr",
    "get_html",
    "get_text",
    "get_title",
    "get_url",
    "get_value",
    "hover",
    "keyboard_insert_text",
    "keyboard_type",
    "press",
    "reload",
    "scroll",
    "scroll_into_view",
    "select",
    "tab",
    "type",
    "uncheck",
    "wait",
)
_CAPTURE_ACTIONS = (
    "browser_pdf",
    "browser_screenshot",
    "desktop_screenshot",
    "desktop_window_state",
    "terminal_snapshot",
)
_TERMINAL_ACTIONS = ("close", "launch", "press", "read", "send_line", "snapshot", "type", "wait", "wait_idle")
_REF = {"ref": _text("Element reference from browser_snapshot.")}
LOCAL_TOOLS: tuple[Tool, ...] = (
    _local_tool(
        "browser_action",
        "local_browser",
        "Interacts with the local browser automation session.",
        "Run one more browser command (navigation, forms, reading the page) in the automated browser.",
        {
            "args": {
                "type": "array",
                "description": "The command's arguments, in order.",
                "items": {"type": "string"},
            },
            "command": _choice("Which browser command to run.", *_BROWSER_COMMANDS),
        },
        ("command",),
    ),
    _local_tool(
        "browser_click",
        "local_browser",
        "Clicks an element in the local browser automation session.",
        "Click an element of the automated browser.",
        _REF,
        ("ref",),
    ),
    _local_tool(
        "browser_connect",
        "local_browser",
        "Attaches to a local browser or Electron app exposed over the Chrome DevTools Protocol.",
        "Attach browser automation to a running DevTools endpoint.",
        {"target": _text("DevTools port or endpoint to attach to.")},
        ("target",),
    ),
    _local_tool(
        "browser_install",
        "local_browser",
        "Downloads browser runtime files for local browser automation.",
        "Install the browser used for automation.",
        {"with_deps": _flag("Also install the system libraries the browser needs.", False)},
    ),
    _local_tool(
        "browser_launch",
        "local_browser",
        "Launches a supported local Chromium/Electron app with DevTools enabled and attaches "
        "local browser automation.",
        "Start a Chromium or Electron app with DevTools enabled, for browser automation.",
        {
            "app": _choice("Which app to start.", "discord"),
            "connect": _flag("Attach automation once it is up.", True),
            "debug_port": _bounded("DevTools port to open.", 1024, 65535, 9222),
            "stop_existing": _flag("Close a running copy first.", True),
            "wait": _flag("Wait until DevTools answers.", True),
        },
        ("app",),
    ),
    _local_tool(
        "browser_open",
        "network",
        "Opens a URL through the local browser automation helper. For already-running "
        "Chrome/Electron apps, use browser_connect instead. If first use reports a missing "
        "browser runtime, run browser_install once.",
        "Open an address in the automated browser.",
        {"url": _text("Address to open.")},
        ("url",),
    ),
    _local_tool(
        "browser_press",
        "local_browser",
        "Presses a key in the local browser automation session.",
        "Press a key in the automated browser.",
        {"key": _text("The key.")},
        ("key",),
    ),
    _local_tool(
        "browser_snapshot",
        "local_browser",
        "Reads the current local browser automation session state.",
        "Describe the automated browser's page.",
        {
            "compact": _flag("Shorter output.", False),
            "depth": _bounded("How deep to descend.", 0, 20),
            "include_cursor_interactive": _flag("Also list elements that only react to the pointer.", False),
            "interactive": _flag("Only elements one can act on.", True),
            "selector": _text("Limit to this part of the page."),
        },
    ),
    _local_tool(
        "browser_type",
        "local_browser",
        "Types text into an element in the local browser automation session.",
        "Type text into an element of the automated browser.",
        {**_REF, "text": _text("The text.")},
        ("ref", "text"),
    ),
    _local_tool(
        "capture_artifact",
        "local_control",
        "Captures local browser, desktop, or terminal state into the configured artifact directory.",
        "Save a capture of the browser, desktop or terminal.",
        {
            "action": _choice("What to capture.", *_CAPTURE_ACTIONS),
            "annotate": _flag("Mark the elements on a screenshot.", False),
            "full": _flag("The whole page, not only what is in view.", False),
            "name": _text("File name for the capture."),
            "pid": _bounded("Process of the window to capture.", 1),
            "query": _text("Title or app of the window to capture."),
            "session": _text("Terminal session to capture."),
            "trim": _flag("Drop trailing blank lines.", True),
            "window_id": _bounded("Window to capture.", 1),
        },
        ("action",),
    ),
    _local_tool(
        "terminal_session",
        "local_terminal",
        "Launches or interacts with a local virtual terminal session.",
        "Start or drive a virtual terminal.",
        {
            "action": _choice("What to do.", *_TERMINAL_ACTIONS),
            "all": _flag("The whole scrollback, not only the screen.", False),
            "cols": _bounded("Width in columns.", 20, 300, 120),
            "command": _text("Command to start (launch)."),
            "cursor": _flag("Show the cursor position.", False),
            "follow": _flag("Only output new since the last read.", False),
            "key": _text("Key to press."),
            "keys": {"type": "array", "description": "Keys to press, in order.", "items": {"type": "string"}},
            "pattern": _text("Text to wait for."),
            "rows": _bounded("Height in rows.", 5, 120, 36),
            "session": _text("Session name."),
            "text": _text("Text to type or send."),
            "timeout_ms": _bounded("How long to wait, in milliseconds.", 1),
            "trim": _flag("Drop trailing blank lines.", True),
        },
        ("action", "session"),
    ),
)


# tool_search ----------------------------------------------------------------------------------

TOOL_SEARCH_MAX_MATCHES = 10


def _go_indent(value: Any, indent: str = "") -> str:
    """json.MarshalIndent with two spaces, Go's HTML-safe escaping and the given key order."""
    import json

    inner = indent + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{_go_string(key)}: {_go_indent(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + _go_indent(item, inner) for item in value) + "\n" + indent + "]"
    if isinstance(value, str):
        return _go_string(value)
    return json.dumps(value)


def _go_string(text: str) -> str:
    import json

    encoded = json.dumps(text, ensure_ascii=False)
    return encoded.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_PROPERTY_ORDER = (
    "type",
    "description",
    "enum",
    "default",
    "items",
    "minimum",
    "maximum",
    "properties",
    "required",
)


def go_schema_order(schema: dict[str, Any], top: bool = True) -> dict[str, Any]:
    """The schema with keys in the order Zero's Go structs marshal them."""
    if top:
        ordered: dict[str, Any] = {"type": schema.get("type", "object")}
        if schema.get("properties"):
            ordered["properties"] = {
                key: go_schema_order(value, top=False) for key, value in sorted(schema["properties"].items())
            }
        if schema.get("required"):
            ordered["required"] = schema["required"]
        ordered["additionalProperties"] = bool(schema.get("additionalProperties", False))
        return ordered
    ordered = {}
    for key in _PROPERTY_ORDER:
        if key not in schema:
            continue
        value = schema[key]
        if key == "items" and isinstance(value, dict):
            value = go_schema_order(value, top=False)
        elif key == "properties":
            value = {name: go_schema_order(item, top=False) for name, item in sorted(value.items())}
        ordered[key] = value
    return ordered


def render_loaded_tools(specs: list[ToolSpec]) -> str:
    count = "1 tool" if len(specs) == 1 else f"{len(specs)} tools"
    parts = [f"Loaded {count}. Full schemas follow; call them on the next turn.\n"]
    for spec in specs:
        parts.append(f"\n## {spec.name}\n{spec.description}\ninput schema:\n")
        parts.append(_go_indent(go_schema_order(spec.parameters)) + "\n")
    return "".join(parts)


def already_available_message(names: list[str]) -> str:
    subject, verb, pronoun = names[0], "is", "it"
    if len(names) > 1:
        subject, verb, pronoun = ", ".join(names), "are", "them"
    return (
        f"{subject} {verb} already in your tool list \u2014 call {pronoun} directly. "
        "tool_search only loads deferred tools, not tools you already have."
    )


def _squash(text: str) -> str:
    return "".join(char for char in text if char not in "_- .")


def search_tools(query: str, deferred: list[ToolSpec]) -> list[ToolSpec]:
    """select:Name1,Name2 picks exact names; otherwise keywords rank names and descriptions."""
    if query.startswith("select:"):
        by_name = {spec.name: spec for spec in deferred}
        picked: dict[str, ToolSpec] = {}
        for raw in query[len("select:") :].split(","):
            name = raw.strip()
            if name in by_name and name not in picked:
                picked[name] = by_name[name]
        return list(picked.values())
    keywords = query.lower().split()
    ranked: list[tuple[int, int, ToolSpec]] = []
    for order, spec in enumerate(deferred):
        name, description = spec.name.lower(), spec.description.lower()
        score = 0
        for keyword in keywords:
            if keyword in name:
                score += 2
            elif _squash(keyword) in _squash(name):
                score += 1
            if keyword in description:
                score += 1
        if score > 0:
            ranked.append((-score, order, spec))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [spec for _, _, spec in ranked[:TOOL_SEARCH_MAX_MATCHES]]


def eager_matches(query: str, eager: list[str]) -> list[str]:
    hits: set[str] = set()
    if query.startswith("select:"):
        hits = {raw.strip() for raw in query[len("select:") :].split(",") if raw.strip() in eager}
    else:
        keywords = query.lower().split()
        hits = {name for name in eager if any(keyword in name.lower() for keyword in keywords)}
    return sorted(hits)


def tool_search_spec() -> ToolSpec:
    return ToolSpec(
        name="tool_search",
        safety_reason="Lists and loads already-registered tool schemas; performs no side effects.",
        description=(
            'Load tools that are available but not yet in your tool list. Pass "select:name1,name2" '
            "for exact names, or keywords."
        ),
        side_effect="none",
        permission="allow",
        parameters=object_schema(
            {"query": {"type": "string", "description": "select:Name1,Name2, or keywords."}},
            ("query",),
        ),
    )


def deferred_catalog_line(spec: ToolSpec) -> str:
    """`name — source`: how tool_search's description lists a deferred tool (Zero's compact
    entry; the source is an MCP tool's server, else the name's first `_` segment: `swarm`)."""
    source = spec.deferred_source.strip() or spec.name.split("_", 1)[0]
    return spec.name if not source or source == spec.name else f"{spec.name} \u2014 {source}"


def tool_search_description(deferred: Sequence[ToolSpec]) -> str:
    """tool_search's description while tools are deferred: every deferred tool by name (loaded
    ones too, so the text stays the same all run), sorted. The names are what lets a model find
    a tool it was not shown; the surrounding words are our own."""
    lines = sorted({deferred_catalog_line(spec) for spec in deferred})
    catalog = "\n".join(f"- {line}" for line in lines) or "None are hidden right now."
    return (
        "Load tools that are available but not yet in your tool list, so that you can call them "
        "next turn.\n\nTools you can load with tool_search:\n"
        f"{catalog}\n\n"
        'Pass "select:name1,name2" with exact names from this list, or keywords to search names '
        "and descriptions. Tools already in your tool list need no loading."
    )


def make_tool_search(
    deferred: Callable[[], list[ToolSpec]],
    eager: Callable[[], list[str]],
    load: Callable[[list[str]], None],
) -> Tool:
    """tool_search over the run's deferred tools; loading adds them to later requests."""

    def run(_context: ToolContext, args: Args) -> ToolOutput:
        value = args.values.get("query")
        if value is None:
            raise args.error("query is required")
        if not isinstance(value, str):
            raise args.error("query must be a string")
        if value == "":
            raise args.error("query must be a non-empty string")
        query = value.strip()
        candidates = deferred()
        matches = search_tools(query, candidates)
        available = eager_matches(query, eager())
        if not matches:
            if available:
                return ToolOutput(already_available_message(available))
            if not candidates:
                return ToolOutput("No deferred tools are available to load.")
            names = ", ".join(spec.name for spec in candidates)
            return ToolOutput(
                f'No tools matched "{query}". Available tools: {names}. '
                'Retry with query "select:Name1,Name2" using exact names.'
            )
        load([spec.name for spec in matches])
        output = render_loaded_tools(matches)
        if available:
            output += "\n\n" + already_available_message(available)
        return ToolOutput(output, meta={"load_tools": ",".join(spec.name for spec in matches)})

    return Tool(spec=tool_search_spec(), run=run)


EXTRA_TOOLS: tuple[Tool, ...] = (
    WRITE_STDIN,
    VIEW_IMAGE,
    READ_MINIFIED_FILE,
    SKILL,
    LSP_NAVIGATE,
    WEB_FETCH,
    *LOCAL_TOOLS,
)


# Specialist and swarm tools (--auto medium/high, --skip-permissions-unsafe) -------------------


def _not_available(name: str) -> Callable[[ToolContext, Args], ToolOutput]:
    def run(_context: ToolContext, _args: Args) -> ToolOutput:
        return ToolOutput(
            f"Error: {name} is not available in zero-engine (no specialist runtime).", status="error"
        )

    return run


def _delegation_tool(
    name: str,
    side_effect: str,
    permission: str,
    reason: str,
    description: str,
    properties: dict[str, Any],
    required: tuple[str, ...] = (),
    *,
    deferrable: bool = False,
) -> Tool:
    return Tool(
        spec=ToolSpec(
            name=name,
            safety_reason=reason,
            description=description,
            side_effect=side_effect,  # type: ignore[arg-type]
            permission=permission,  # type: ignore[arg-type]
            deferrable=deferrable,
            parameters=object_schema(properties, required),
        ),
        run=_not_available(name),
    )


_AGENT_TYPE = {
    "type": "string",
    "description": "Kind of member (from the roster).",
    "enum": ["subagent", "teammate"],
}
_TEAM = _text("Team (default: default).")

SPECIALIST_TOOLS: tuple[Tool, ...] = (
    _delegation_tool(
        "GenerateSpecialist",
        "write",
        "prompt",
        "Writes a project specialist profile inside the workspace.",
        "Write a new project specialist profile.",
        {
            "description": _text("What the specialist is for."),
            "location": {
                "type": "string",
                "description": "Where to save it.",
                "enum": ["project"],
                "default": "project",
            },
            "name": _text("Its name."),
            "overwrite": {
                "type": "boolean",
                "description": "Replace a profile of that name.",
                "default": False,
            },
            "system_prompt": _text("Its instructions."),
            "tools": {"type": "array", "description": "Tools it may use.", "items": {"type": "string"}},
        },
        ("description",),
    ),
    _delegation_tool(
        "Task",
        "shell",
        "prompt",
        "Spawns a Zero specialist sub-agent process.",
        "Hand a focused task to a specialist sub-agent.",
        {
            "description": _text("Short label for the task."),
            "name": _text("Which specialist."),
            "prompt": _text("The task."),
            "resume": _text("A task id to continue."),
            "run_in_background": {
                "type": "boolean",
                "description": "Return at once and poll later.",
                "default": False,
            },
        },
        ("prompt",),
    ),
    _delegation_tool(
        "TaskOutput",
        "read",
        "allow",
        "Reads a background specialist task output file.",
        "Read what a background specialist task has produced.",
        {
            "block": {"type": "boolean", "description": "Wait for it to finish.", "default": False},
            "task_id": _text("The task."),
            "timeout": {"type": "integer", "description": "Longest wait in milliseconds.", "default": 30000},
        },
        ("task_id",),
    ),
    _delegation_tool(
        "TaskStop",
        "shell",
        "prompt",
        "Terminates a background specialist process.",
        "Stop a background specialist task.",
        {"task_id": _text("The task.")},
        ("task_id",),
    ),
    # The descriptions are ours, but tool_search's keyword ranking counts a keyword found in a
    # description (search_tools), and its order is what a client sees (`load_tools`): like
    # Zero's, the swarm_* descriptions say "swarm" but swarm_handoff's and swarm_inbox's.
    _delegation_tool(
        "swarm_collect",
        "read",
        "allow",
        "Reports in-memory swarm task results.",
        "Gather the results of a swarm team's tasks.",
        {"team": _TEAM, "timeout_seconds": {"type": "number", "description": "Longest wait in seconds."}},
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_handoff",
        "shell",
        "prompt",
        "Spawns a replacement swarm member to take over a task, and writes the handoff note to the "
        "new member's inbox.",
        "Give a task to a new team member.",
        {
            "task_id": _text("The task."),
            "to_agent_type": _AGENT_TYPE,
            "note": _text("Note for the new member."),
            "team": _TEAM,
        },
        ("task_id", "to_agent_type"),
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_inbox",
        "write",
        "allow",
        "Reads and marks-read an owner-only swarm inbox file.",
        "Read a team member's inbox.",
        {"agent": _text("Whose inbox."), "team": _TEAM},
        ("agent",),
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_schedule",
        "shell",
        "prompt",
        "Schedules recurring swarm member spawns under the orchestrator's sandbox and policy.",
        "Add, list or cancel recurring swarm member spawns.",
        {
            "action": _text("add, list or cancel."),
            "agent_type": _text("add: kind of member to spawn."),
            "task": _text("add: the task each spawn gets."),
            "team": _TEAM,
            "every": _text("add: interval, e.g. 30m."),
            "daily_at": _text("add: time of day HH:MM."),
            "first_delay": _text("add: wait before the first spawn."),
            "max_runs": {"type": "integer", "description": "add: stop after this many spawns."},
            "job_id": _text("cancel: which schedule."),
        },
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_send",
        "write",
        "allow",
        "Writes a message to an owner-only swarm inbox file.",
        "Send a message to a swarm team member.",
        {
            "to": _text("Recipient."),
            "body": _text("The message."),
            "subject": _text("Subject."),
            "from": _text("Sender."),
            "team": _TEAM,
        },
        ("to", "body"),
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_spawn",
        "shell",
        "prompt",
        "Spawns a swarm member sub-agent under the orchestrator's sandbox and policy.",
        "Start a swarm team member on a task.",
        {"agent_type": _AGENT_TYPE, "task": _text("Its task."), "team": _TEAM},
        ("agent_type", "task"),
        deferrable=True,
    ),
    _delegation_tool(
        "swarm_status",
        "read",
        "allow",
        "Reports in-memory swarm task status.",
        "Show the swarm team's task status.",
        {"team": _text("Only this team.")},
        deferrable=True,
    ),
)
SPECIALIST_TOOL_NAMES = frozenset(tool.spec.name for tool in SPECIALIST_TOOLS)

__all__ = [
    "EXTRA_TOOLS",
    "LOCAL_TOOLS",
    "SPECIALIST_TOOLS",
    "SPECIALIST_TOOL_NAMES",
    "make_tool_search",
    "tool_search_spec",
    "web_fetch_rejection",
]
