"""The read-only workspace tools: read_file, list_directory, glob and grep."""

from __future__ import annotations

import contextlib
import json
import os
import re
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..goregex import translate_posix_classes
from .args import Args, ToolFailure, zero_bool, zero_int, zero_text
from .base import ToolSpec
from .budget import raw_bytes, utf8_prefix, utf8_suffix
from .gofs import GoPathError, eval_symlinks, path_error
from .toolkit import Observation, Tool, ToolContext, ToolOutput, object_schema
from .tracker import content_hash
from .workspace import within_root

# read_file ------------------------------------------------------------------------------------

READ_FILE_PATH_KEYS = ("path", "file", "file_path", "filepath", "filename")
READ_BYTE_CHUNK_MAX = 64 * 1024
READ_OUTPUT_BUDGET_BYTES = 128 * 1024


def _read_file_paths(args: Args) -> list[str]:
    try:
        return [zero_text(args.values, READ_FILE_PATH_KEYS, required=True, allow_empty=False)]
    except ValueError as error:
        raise args.error(str(error)) from None


def resolve_read_path(context: ToolContext, requested: str) -> tuple[str, str]:
    """(real absolute path, display path) as Zero resolves a read: symlinks evaluated first (a
    missing component is Go's `lstat` error), then the real path must lie under a root; it is
    shown workspace-relative, or absolute when an absolute path names another allowed root."""
    workspace = context.workspace
    root = str(workspace.real_root)
    joined = requested or "."
    if not os.path.isabs(joined):
        joined = os.path.join(root, joined)
    real = eval_symlinks(os.path.normpath(joined))
    if within_root(root, real):
        return real, "." if real == root else Path(os.path.relpath(real, root)).as_posix()
    if os.path.isabs(requested) and any(within_root(extra, real) for extra in workspace.extra_roots):
        return real, real
    raise GoPathError(f"{requested} must stay inside the workspace")


def read_bytes_go(path: str) -> bytes:
    """The file's bytes, or Go's error text (`read <path>: is a directory`, `open <path>: ...`)."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except IsADirectoryError as error:
        raise path_error("read", path, error) from None
    except OSError as error:
        raise path_error("open", path, error) from None


def _strip_break(raw: bytes) -> bytes:
    if raw.endswith(b"\n"):
        raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
    return raw


def _split_lf(data: bytes) -> list[bytes]:
    lines = data.split(b"\n")
    joined = [line + b"\n" for line in lines[:-1]]
    if lines[-1]:
        joined.append(lines[-1])
    return joined


def _read_file_v1(context: ToolContext, args: Args) -> ToolOutput:
    """The v1-era read_file: start_line/end_line/max_lines, CRLF normalized, no byte mode."""
    values = args.values
    requested = _read_file_paths(args)[0]
    try:
        start = zero_int(values, "start_line", 1, 1)
        end = zero_int(values, "end_line", 0, 1)
        max_lines = zero_int(values, "max_lines", 0, 1)
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
    text = data.decode("utf-8", errors="surrogateescape").replace("\r\n", "\n").removesuffix("\n")
    lines = text.split("\n")
    total = len(lines)
    if start > total:
        return ToolOutput(
            f"File: {relative}\n(start_line {start} is past the end of the file, which has {total} lines)"
        )
    if end == 0 or end > total:
        end = total
    if end < start:
        raise args.error("end_line must be greater than or equal to start_line")
    selected = lines[start - 1 : end]
    limited = 0 < max_lines < len(selected)
    if limited:
        selected = selected[:max_lines]
    last = start + len(selected) - 1
    width = len(str(last))
    body = "\n".join(f"{start + index:>{width}} | {line}" for index, line in enumerate(selected))
    header = f"File: {relative} ({total} lines)"
    if start != 1 or end != total or max_lines > 0:
        header = f"File: {relative} (lines {start}-{last} of {total})"
    if limited:
        body += (
            f"\n\n[truncated: {end - last} more line(s) in the requested range not shown; "
            f"set start_line={last + 1} to continue]"
        )
    return ToolOutput(f"{header}\n\n{body}", truncated=limited)


def _read_file(context: ToolContext, args: Args) -> ToolOutput:
    if context.schema_version < 2:
        return _read_file_v1(context, args)
    values = args.values
    requested = _read_file_paths(args)[0]
    has = {key: key in values for key in ("offset", "limit", "start_line", "end_line", "max_lines")}
    if has["offset"] and has["start_line"]:
        raise args.error("use either offset or start_line, not both")
    if has["limit"] and (has["end_line"] or has["max_lines"]):
        raise args.error("use limit instead of end_line or max_lines, not both")
    try:
        start = zero_int(values, "offset" if has["offset"] or not has["start_line"] else "start_line", 1, 1)
        limit = zero_int(values, "limit", 0, 1)
        end = zero_int(values, "end_line", 0, 1)
        max_lines = zero_int(values, "max_lines", 0, 1)
    except ValueError as error:
        raise args.error(str(error)) from None
    if has["limit"]:
        end = start + limit - 1
    line_range = any(has.values())
    byte_mode = ("byte_offset" in values or "byte_limit" in values) and not line_range
    byte_offset, byte_limit = 0, READ_BYTE_CHUNK_MAX
    if byte_mode:
        try:
            byte_offset = zero_int(values, "byte_offset", 0, 0)
            byte_limit = zero_int(values, "byte_limit", READ_BYTE_CHUNK_MAX, 1, READ_BYTE_CHUNK_MAX)
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
    digest = content_hash(data)
    raw_lines = _split_lf(data)
    total = max(len(raw_lines), 1)
    tracker = context.tracker
    if tracker is not None:
        tracker.record_hash(absolute, digest)
    if byte_mode:
        return _read_bytes(absolute, relative, data, byte_offset, byte_limit, digest)
    output = _render_lines(relative, raw_lines, total, start, end, max_lines)
    if output.truncated:
        return output
    seen_start, seen_end = _rendered_range(total, start, end, max_lines)
    return replace(output, observation=Observation(absolute, digest, seen_start, seen_end, total))


def _rendered_range(total: int, start: int, end: int, max_lines: int) -> tuple[int, int]:
    if start > total:
        return start, start
    if end == 0 or end > total:
        end = total
    end = max(end, start)
    if max_lines > 0 and end - start + 1 > max_lines:
        end = start + max_lines - 1
    return start, end


def _render_lines(
    relative: str, lines: list[bytes], total: int, start: int, end: int, max_lines: int
) -> ToolOutput:
    if start > total:
        return ToolOutput(
            f"File: {relative}\n(offset {start} is past the end of the file, which has {total} lines)"
        )
    requested_end = end
    if end == 0 or end > total:
        end = total
    note = ""
    if end < start:
        note = (
            f"(note: end_line {end} was before start_line {start}, so only line {start} was read "
            "\u2014 pass end_line >= start_line to read a wider range)"
        )
        end = start
    del requested_end
    selected = end - start + 1
    limited = max_lines > 0 and selected > max_lines
    if limited:
        selected = max_lines
    last = start + selected - 1
    width = len(str(last))
    header = f"File: {relative} ({total} lines)"
    if start != 1 or end != total or max_lines > 0:
        header = f"File: {relative} (lines {start}-{last} of {total})"
    parts = [header, "\n"]
    if note:
        parts += [note, "\n"]
    parts.append("\n")
    body = []
    for number in range(start, last + 1):
        raw = lines[number - 1] if number - 1 < len(lines) else b""
        text = _strip_break(raw).decode("utf-8", errors="surrogateescape")
        body.append(f"{number:>{width}} | {text}")
    parts.append("\n".join(body))
    meta: dict[str, str] = {}
    if limited:
        parts.append(
            f"\n\n[truncated: {end - last} more line(s) in the requested range not shown; "
            f"set offset={last + 1} to continue]"
        )
        meta.update(truncated="true", truncation_reason="limit")
    text = "".join(parts)
    data = raw_bytes(text)
    if len(data) <= READ_OUTPUT_BUDGET_BYTES:
        return ToolOutput(text, truncated=limited, meta=meta)
    # Zero keeps the head and tail of an oversized read around a marker, within 128 KiB.
    marker = (
        f"\n\n[truncated: output exceeded {READ_OUTPUT_BUDGET_BYTES} bytes; "
        "use offset/limit to request a smaller line range]"
    ).encode()
    room = READ_OUTPUT_BUDGET_BYTES - len(marker)
    kept = utf8_prefix(data, room // 2) + marker + utf8_suffix(data, room - room // 2)
    meta.update(
        raw_bytes=str(len(data)),
        emitted_bytes=str(len(kept)),
        estimated_tokens=str((len(kept) + 3) // 4),
        truncated="true",
        truncation_reason="byte_budget",
    )
    return ToolOutput(kept.decode("utf-8", errors="surrogateescape"), truncated=True, meta=meta)


def _read_bytes(
    absolute: str,
    relative: str,
    data: bytes,
    offset: int,
    limit: int,
    digest: str,
) -> ToolOutput:
    total = len(data)
    if offset >= total:
        return ToolOutput(
            f"File: {relative}\n(byte_offset {offset} is past the end of the file, which has {total} bytes)"
        )
    chunk = data[offset : offset + min(limit, total - offset)]
    start = offset
    while chunk and (chunk[0] & 0xC0) == 0x80:
        chunk = chunk[1:]
        start += 1
    for _ in range(4):
        try:
            chunk.decode("utf-8")
            break
        except UnicodeDecodeError:
            if not chunk:
                break
            chunk = chunk[:-1]
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError:
        raise ToolFailure(f"Error reading file {relative}: exact byte mode requires UTF-8 text") from None
    end = start + len(chunk)
    if end <= start:
        raise ToolFailure(
            f"Error reading file {relative}: byte_limit is too small to return the next UTF-8 character"
        )
    output = f"File: {relative} (bytes {start}-{end - 1} of {total})\n\n{text}"
    if end < total:
        output += f"\n\n[continue with byte_offset={end}]"
    observation = Observation(absolute, digest, start, end, total, byte_mode=True)
    return ToolOutput(output, meta={"next_byte_offset": str(end)}, observation=observation)


READ_FILE = Tool(
    spec=ToolSpec(
        name="read_file",
        safety_reason="Reads file contents without modifying files.",
        description=(
            "Show a text file with numbered lines. Pass offset and limit for a window of lines, or "
            "byte_offset and byte_limit for an exact slice of a file with very long lines."
        ),
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "path": {"type": "string", "description": "Which file to show."},
                "offset": {
                    "type": "integer",
                    "description": "First line to show, counting from 1.",
                    "minimum": 1,
                },
                "limit": {"type": "integer", "description": "How many lines to show.", "minimum": 1},
                "byte_offset": {
                    "type": "integer",
                    "description": "First byte of an exact slice (from 0).",
                    "minimum": 0,
                },
                "byte_limit": {
                    "type": "integer",
                    "description": "Length of the exact slice in bytes; goes with byte_offset.",
                    "minimum": 1,
                    "maximum": READ_BYTE_CHUNK_MAX,
                },
            },
            ("path",),
        ),
    ),
    run=_read_file,
    paths=_read_file_paths,
)


# Shared by the search tools -------------------------------------------------------------------

# Zero's skip lists: its own ignored directory names (exact) and the workspace index's (any case).
_IGNORED_DIRS = frozenset(
    {".git", "node_modules", "dist", "build", ".next", ".turbo", "coverage", ".cache", "tmp", "temp"}
)
_INDEX_SKIPPED_DIRS = frozenset(
    {".cache", ".git", ".next", ".worktrees", ".zero", "build", "coverage", "dist", "node_modules", "vendor"}
)
_BINARY_EXTENSIONS = frozenset(
    {
        ".a",
        ".avif",
        ".bmp",
        ".class",
        ".dll",
        ".dylib",
        ".exe",
        ".gif",
        ".gz",
        ".ico",
        ".jar",
        ".jpeg",
        ".jpg",
        ".o",
        ".pdf",
        ".png",
        ".so",
        ".tar",
        ".tgz",
        ".webp",
        ".zip",
    }
)


def skip_directory(name: str) -> bool:
    return name in _IGNORED_DIRS or name.strip().lower() in _INDEX_SKIPPED_DIRS


def skip_file(relative: str) -> bool:
    base = relative.rsplit("/", 1)[-1].lower()
    if base in (".git", ".ds_store"):
        return True
    return os.path.splitext(base)[1] in _BINARY_EXTENSIONS


def walk_dir(root: str) -> Iterator[tuple[str, bool]]:
    """(path, is_dir) in Go's filepath.WalkDir order (lexical), not following symlinks, skipping
    ignored directories."""
    try:
        entries = sorted(os.scandir(root), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        is_dir = entry.is_dir(follow_symlinks=False)
        if is_dir and skip_directory(entry.name):
            continue
        yield entry.path, is_dir
        if is_dir:
            yield from walk_dir(entry.path)


def _text(args: Args, keys: tuple[str, ...], *, required: bool, fallback: str = "") -> str:
    try:
        return zero_text(args.values, keys, required=required, allow_empty=not required, fallback=fallback)
    except ValueError as error:
        raise args.error(str(error)) from None


def _int(args: Args, key: str, fallback: int, minimum: int, maximum: int = 0) -> int:
    try:
        return zero_int(args.values, key, fallback, minimum, maximum)
    except ValueError as error:
        raise args.error(str(error)) from None


def _bool(args: Args, key: str) -> bool:
    try:
        return zero_bool(args.values, key)
    except ValueError as error:
        raise args.error(str(error)) from None


def _lenient_path(args: Args, keys: tuple[str, ...]) -> list[str]:
    """The path a read names, for the sandbox; argument errors are the tool's to report."""
    try:
        return [zero_text(args.values, keys, required=False, allow_empty=True) or "."]
    except ValueError:
        return []


# list_directory -------------------------------------------------------------------------------

_LIST_PATH_KEYS = ("path", "directory", "dir")


def _list_entries(path: str, depth: int, max_depth: int) -> list[str]:
    with os.scandir(path) as iterator:
        entries = list(iterator)
    entries.sort(key=lambda entry: (not entry.is_dir(follow_symlinks=False), entry.name))
    lines: list[str] = []
    for entry in entries:
        is_dir = entry.is_dir(follow_symlinks=False)
        if is_dir and skip_directory(entry.name):
            continue
        indent = "  " * depth
        if is_dir:
            lines.append(f"{indent}{entry.name}/")
            if depth < max_depth:
                with contextlib.suppress(OSError):
                    lines += _list_entries(entry.path, depth + 1, max_depth)
            continue
        lines.append(f"{indent}{entry.name}")
    return lines


def _list_directory(context: ToolContext, args: Args) -> ToolOutput:
    requested = _text(args, _LIST_PATH_KEYS, required=False, fallback=".") or "."
    recursive = _bool(args, "recursive")
    max_depth = _int(args, "max_depth", 2, 1, 5) if recursive else 0
    if not recursive:
        _int(args, "max_depth", 2, 1, 5)
    try:
        absolute, relative = resolve_read_path(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error listing directory {requested}: {error}") from None
    try:
        entries = _list_entries(absolute, 0, max_depth)
    except NotADirectoryError as error:
        raise ToolFailure(
            f"Error listing directory {relative}: {path_error('open', absolute, error)}"
        ) from None
    except OSError as error:
        raise ToolFailure(
            f"Error listing directory {relative}: {path_error('open', absolute, error)}"
        ) from None
    if not entries:
        return ToolOutput(f"Directory is empty: {relative}")
    return ToolOutput(f"Contents of {relative}:\n\n" + "\n".join(entries))


LIST_DIRECTORY = Tool(
    spec=ToolSpec(
        name="list_directory",
        safety_reason="Lists directory entries without modifying files.",
        description=(
            "Show what a directory contains, folders first; recursive descends up to max_depth levels."
        ),
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "path": {
                    "type": "string",
                    "description": "The directory (the workspace root when left out).",
                    "default": ".",
                },
                "recursive": {
                    "type": "boolean",
                    "description": "Also show what subfolders contain.",
                    "default": False,
                },
                "max_depth": {
                    "type": "integer",
                    "description": "How deep a recursive listing goes.",
                    "default": 2,
                    "minimum": 1,
                    "maximum": 5,
                },
            }
        ),
    ),
    run=_list_directory,
    paths=lambda args: _lenient_path(args, _LIST_PATH_KEYS),
)


# glob -----------------------------------------------------------------------------------------

_GLOB_PATTERN_KEYS = ("pattern", "glob", "match", "query", "expression")
_GLOB_CWD_KEYS = ("cwd", "dir", "directory", "path")


def glob_to_regex(pattern: str) -> re.Pattern[str]:
    """Zero's glob: `**/` any directories, `**` anything, `*` within a segment, `?` one character."""
    parts: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "*":
            if index + 1 < len(pattern) and pattern[index + 1] == "*":
                index += 1
                if index + 1 < len(pattern) and pattern[index + 1] == "/":
                    index += 1
                    parts.append("(?:.*/)?")
                else:
                    parts.append(".*")
            else:
                parts.append("[^/]*")
        elif char == "?":
            parts.append("[^/]")
        else:
            parts.append(re.escape(char))
        index += 1
    return re.compile("^" + "".join(parts) + "$", re.DOTALL)


def _glob(context: ToolContext, args: Args) -> ToolOutput:
    pattern = _text(args, _GLOB_PATTERN_KEYS, required=True)
    cwd = _text(args, _GLOB_CWD_KEYS, required=False, fallback=".") or "."
    limit = _int(args, "limit", 100, 1, 1000)
    include_dirs = _bool(args, "include_dirs")
    try:
        root, display_root = resolve_read_path(context, cwd)
    except GoPathError as error:
        raise ToolFailure(f"Error running glob {go_quote(pattern)}: {error}") from None
    matcher = glob_to_regex(pattern)
    matches: list[str] = []
    for path, is_dir in walk_dir(root):
        if is_dir and not include_dirs:
            continue
        relative = Path(os.path.relpath(path, root)).as_posix()
        if not is_dir and skip_file(relative):
            continue
        if matcher.match(relative):
            matches.append(f"{display_root}/{relative}" if os.path.isabs(display_root) else relative)
    if not matches:
        return ToolOutput(f"No matches found for {pattern}")
    matches.sort()
    total = len(matches)
    shown = matches[:limit]
    text = "\n".join(shown)
    meta = {"pattern": pattern}
    if total > limit:
        text += (
            f"\n\n[truncated: showing first {len(shown)} of {total} matches; "
            "increase limit or narrow cwd/pattern]"
        )
        meta.update(truncated="true", truncation_reason="limit")
    return ToolOutput(text, truncated=total > limit, meta=meta)


def go_quote(text: str) -> str:
    """Go's %q for the common case (printable text)."""
    return json.dumps(text, ensure_ascii=False)


GLOB = Tool(
    spec=ToolSpec(
        name="glob",
        safety_reason="Finds matching paths without reading contents or modifying files.",
        description="List files whose path (relative to cwd) matches a glob such as **/*.py.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "pattern": {"type": "string", "description": "The glob to match."},
                "cwd": {
                    "type": "string",
                    "description": "Where to start (the workspace root when left out).",
                    "default": ".",
                },
                "limit": {
                    "type": "integer",
                    "description": "Most paths to return.",
                    "default": 100,
                    "minimum": 1,
                    "maximum": 1000,
                },
                "include_dirs": {
                    "type": "boolean",
                    "description": "Match folders as well as files.",
                    "default": False,
                },
            },
            ("pattern",),
        ),
    ),
    run=_glob,
    paths=lambda args: _lenient_path(args, _GLOB_CWD_KEYS),
)


# grep -----------------------------------------------------------------------------------------

_GREP_MODES = ("content", "files_with_matches", "count")
_GREP_PATTERN_KEYS = ("pattern", "query", "regex", "search", "expression")
_GREP_PATH_KEYS = ("path", "dir", "directory")


def _grep_files(root: str, target: str, matcher: re.Pattern[str] | None) -> Iterator[tuple[str, str]]:
    """(real path, workspace-relative path) of each file grep reads, in walk order."""
    if not os.path.isdir(target):
        relative = _confined(root, target)
        if relative is None or skip_file(relative):
            return
        if matcher is None or matcher.match(os.path.basename(target)):
            yield os.path.realpath(target), relative
        return
    for path, is_dir in walk_dir(target):
        if is_dir:
            continue
        relative = _confined(root, path)
        if relative is None or skip_file(relative):
            continue
        if matcher is None or matcher.match(Path(os.path.relpath(path, target)).as_posix()):
            yield os.path.realpath(path), relative


def _confined(root: str, path: str) -> str | None:
    real = os.path.realpath(path)
    if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return Path(os.path.relpath(real, root)).as_posix()


def _grep_lines(path: str) -> Iterator[tuple[int, str]]:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return
    # Like Zero, a final newline is followed by one more (empty) line that patterns are tested on.
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        yield number, raw.rstrip(b"\r").decode("utf-8", errors="surrogateescape")


def go_regexp_error(pattern: str, error: re.error) -> str:
    """Go's regexp/syntax wording for the common mistakes (Python's re words them differently)."""
    message = error.msg
    position = error.pos or 0
    if message.startswith("missing ), unterminated subpattern"):
        return f"missing closing ): `{pattern}`"
    if message.startswith("unbalanced parenthesis"):
        return f"unexpected ): `{pattern}`"
    if message.startswith("unterminated character set"):
        return f"missing closing ]: `{pattern[position:]}`"
    if message.startswith("nothing to repeat") or message.startswith("multiple repeat"):
        operator = pattern[position : position + 1]
        if position + 1 < len(pattern) and pattern[position + 1] == "?":
            operator += "?"
        kind = (
            "invalid nested repetition operator"
            if message.startswith("multiple")
            else ("missing argument to repetition operator")
        )
        return f"{kind}: `{operator}`"
    if message.startswith("bad escape"):
        return f"invalid escape sequence: `{pattern[position : position + 2]}`"
    return message


def _grep(context: ToolContext, args: Args) -> ToolOutput:
    pattern = _text(args, _GREP_PATTERN_KEYS, required=True)
    target_path = _text(args, _GREP_PATH_KEYS, required=False, fallback=".") or "."
    glob_pattern = args.values.get("glob")
    if glob_pattern is not None and not isinstance(glob_pattern, str):
        raise args.error("glob must be a string")
    mode = args.values.get("output_mode", "content")
    if mode is None:
        mode = "content"
    if not isinstance(mode, str):
        raise args.error("output_mode must be a string")
    if mode == "":
        raise args.error("output_mode must be a non-empty string")
    if mode not in _GREP_MODES:
        raise args.error("output_mode must be content, files_with_matches, or count")
    insensitive = _bool(args, "case_insensitive") or _bool(args, "-i")
    head_limit = _int(args, "head_limit", 50, 1)
    if insensitive:
        pattern = "(?i)" + pattern  # as Zero compiles it: its errors quote the prefix too
    try:
        with warnings.catch_warnings():  # a Python-only warning must not reach stderr
            warnings.simplefilter("ignore")
            regex = re.compile(translate_posix_classes(pattern))
    except re.error as error:
        raise ToolFailure(
            f"Error running grep: error parsing regexp: {go_regexp_error(pattern, error)}"
        ) from None
    try:
        target, display_root = resolve_read_path(context, target_path)
    except GoPathError as error:
        raise ToolFailure(f"Error running grep: {error}") from None
    root = str(context.workspace.real_root)
    matcher = glob_to_regex(glob_pattern) if glob_pattern else None
    absolute_labels = os.path.isabs(display_root)
    hits = 0
    files: list[str] = []
    found: list[str] = []
    seen = 0
    for real, relative in _grep_files(root, target, matcher):
        label = real if absolute_labels else relative
        for number, line in _grep_lines(real):
            if mode == "count":
                hits += len(regex.findall(line)) if regex.search(line) else 0
                continue
            if not regex.search(line):
                continue
            if mode == "files_with_matches":
                if label not in files:
                    files.append(label)
                continue
            seen += 1
            if len(found) >= head_limit:
                break
            found.append(f"{label}:{number}: {line}")
        if mode == "content" and seen > len(found):
            break
    if mode == "count":
        return ToolOutput(f"{hits} matches found")
    if mode == "files_with_matches":
        return ToolOutput("\n".join(sorted(files)) if files else "No matches found.")
    if not found:
        return ToolOutput("No matches found.")
    text = "\n".join(found)
    meta: dict[str, str] = {}
    limited = seen > len(found)
    if limited and context.schema_version < 2:  # the v1-era grep cut the list without a note
        return ToolOutput(text, truncated=True)
    if limited:
        text += (
            f"\n\n[truncated: showing first {len(found)} matches; "
            "narrow path/glob/pattern or increase head_limit]"
        )
        meta.update(truncated="true", truncation_reason="head_limit")
    return ToolOutput(text, truncated=limited, meta=meta)


GREP = Tool(
    spec=ToolSpec(
        name="grep",
        safety_reason="Searches file paths and matching lines without modifying files.",
        description="Find lines matching a regular expression in the files under a path.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "pattern": {"type": "string", "description": "The regular expression."},
                "path": {
                    "type": "string",
                    "description": "File or folder to search (the workspace root when left out).",
                    "default": ".",
                },
                "glob": {"type": "string", "description": "Only files whose path matches this glob."},
                "output_mode": {
                    "type": "string",
                    "description": (
                        "content lists matching lines, files_with_matches the files, count the total."
                    ),
                    "enum": list(_GREP_MODES),
                    "default": "content",
                },
                "case_insensitive": {
                    "type": "boolean",
                    "description": "Ignore letter case.",
                    "default": False,
                },
                "head_limit": {
                    "type": "integer",
                    "description": "Most matching lines to list.",
                    "default": 50,
                    "minimum": 1,
                },
            },
            ("pattern",),
        ),
    ),
    run=_grep,
    paths=lambda args: _lenient_path(args, _GREP_PATH_KEYS),
)

# Arguments the v1-era Zero's tools took where they differ from 0.8.0's (sent at schemaVersion 1).
V1_PARAMETERS: dict[str, dict[str, Any]] = {
    "read_file": object_schema(
        {
            "path": {"type": "string", "description": "Which file to show."},
            "start_line": {
                "type": "integer",
                "description": "First line to show, counting from 1.",
                "minimum": 1,
            },
            "end_line": {"type": "integer", "description": "Last line to show (inclusive).", "minimum": 1},
            "max_lines": {"type": "integer", "description": "Most lines to show.", "minimum": 1},
        },
        ("path",),
    ),
    "grep": object_schema(
        {
            **GREP.spec.parameters["properties"],
            "-i": {"type": "boolean", "description": "Ignore letter case.", "default": False},
        },
        ("pattern",),
    ),
}

READ_TOOLS = (READ_FILE, LIST_DIRECTORY, GLOB, GREP)
