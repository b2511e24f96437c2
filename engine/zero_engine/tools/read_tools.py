"""The read-only workspace tools: read_file, list_directory, glob and grep."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .args import Args, ToolFailure, zero_int, zero_text
from .base import Display, ToolSpec
from .gofs import GoPathError, eval_symlinks, path_error
from .toolkit import Tool, ToolContext, ToolOutput, object_schema
from .tracker import FileTracker, content_hash
from .walk import glob_regex, walk

# Files larger than this are skipped by grep and refused by read_file without a byte window.
MAX_READ_BYTES = 10 * 1024 * 1024


def _existing(context: ToolContext, requested: str) -> Path:
    path = context.workspace.resolve(requested)
    if not path.exists():
        raise ToolFailure(f"Error: {requested} does not exist.")
    return path


def _is_binary(sample: bytes) -> bool:
    return b"\x00" in sample[:8192]


# read_file ------------------------------------------------------------------------------------

READ_FILE_PATH_KEYS = ("path", "file", "file_path", "filepath", "filename")
READ_BYTE_CHUNK_MAX = 64 * 1024


def _read_file_paths(args: Args) -> list[str]:
    try:
        return [zero_text(args.values, READ_FILE_PATH_KEYS, required=True, allow_empty=False)]
    except ValueError as error:
        raise args.error(str(error)) from None


def resolve_read_path(context: ToolContext, requested: str) -> tuple[str, str]:
    """(real absolute path, display path) as Zero resolves a read: symlinks evaluated, the path
    shown workspace-relative, or absolute when it lies in another root the sandbox allowed."""
    root = str(context.workspace.real_root)
    joined = requested or "."
    if not os.path.isabs(joined):
        joined = os.path.join(root, joined)
    real = eval_symlinks(os.path.normpath(joined))
    if real == root:
        return real, "."
    if real.startswith(root.rstrip(os.sep) + os.sep):
        return real, Path(os.path.relpath(real, root)).as_posix()
    return real, real


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


def _read_file(context: ToolContext, args: Args) -> ToolOutput:
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
        return _read_bytes(absolute, relative, data, byte_offset, byte_limit, digest, tracker)
    output = _render_lines(relative, raw_lines, total, start, end, max_lines)
    if output.status == "ok" and tracker is not None and not output.truncated:
        seen_start, seen_end = _rendered_range(total, start, end, max_lines)
        tracker.record_lines(absolute, seen_start, seen_end, total)
        output.meta["file_version"] = digest
        output.meta["seen_lines"] = f"{seen_start}-{seen_end}"
    return output


def _rendered_range(total: int, start: int, end: int, max_lines: int) -> tuple[int, int]:
    if start > total:
        return start, start
    if end == 0 or end > total:
        end = total
    end = max(end, start)
    if max_lines > 0 and end - start + 1 > max_lines:
        end = start + max_lines - 1
    return start, end


def _render_lines(relative: str, lines: list[bytes], total: int, start: int, end: int, max_lines: int) -> ToolOutput:
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
        text = _strip_break(raw).decode("utf-8", errors="replace")
        body.append(f"{number:>{width}} | {text}")
    parts.append("\n".join(body))
    meta: dict[str, str] = {}
    if limited:
        parts.append(
            f"\n\n[truncated: {end - last} more line(s) in the requested range not shown; "
            f"set offset={last + 1} to continue]"
        )
        meta.update(truncated="true", truncation_reason="limit")
    return ToolOutput("".join(parts), truncated=limited, meta=meta)


def _read_bytes(
    absolute: str,
    relative: str,
    data: bytes,
    offset: int,
    limit: int,
    digest: str,
    tracker: FileTracker | None,
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
    meta = {"next_byte_offset": str(end)}
    if tracker is not None:
        tracker.record_bytes(absolute, start, end, total)
        meta.update(file_version=digest, seen_bytes=f"{start}-{end}")
    return ToolOutput(output, meta=meta)


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
                "offset": {"type": "integer", "description": "First line to show, counting from 1.", "minimum": 1},
                "limit": {"type": "integer", "description": "How many lines to show.", "minimum": 1},
                "byte_offset": {"type": "integer", "description": "First byte of an exact slice (from 0).", "minimum": 0},
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


# list_directory -------------------------------------------------------------------------------


def _list_paths(args: Args) -> list[str]:
    path = args.optional_str("path", "dir") or "."
    args.optional_bool("recursive")
    args.optional_int("max_depth", minimum=1, maximum=5)
    return [path]


_LIST_LIMIT = 1000


def _list_directory(context: ToolContext, args: Args) -> ToolOutput:
    requested = _list_paths(args)[0]
    path = _existing(context, requested)
    if not path.is_dir():
        raise ToolFailure(f"Error: {requested} is not a directory.")
    depth = (
        (args.optional_int("max_depth", minimum=1, maximum=5) or 2) if args.optional_bool("recursive") else 1
    )
    entries: list[str] = []
    truncated = False
    for entry, is_dir in walk(context.workspace, path, include_dirs=True, max_depth=depth):
        if len(entries) >= _LIST_LIMIT:
            truncated = True
            break
        name = entry.relative_to(path).as_posix()
        entries.append(name + "/" if is_dir else name)
    text = "\n".join(entries) if entries else "(empty directory)"
    if truncated:
        text += f"\n[listing stopped at {_LIST_LIMIT} entries]"
    summary = f"Listed {len(entries)} entries in {context.workspace.relative(path)}"
    return ToolOutput(text, truncated=truncated, display=Display(summary=summary, kind="list"))


LIST_DIRECTORY = Tool(
    spec=ToolSpec(
        name="list_directory",
        safety_reason="Lists directory entries without modifying files.",
        description="List the entries of a workspace directory (directories end with /).",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "path": {
                    "type": "string",
                    "description": "Directory, relative to the workspace root (default .).",
                },
                "recursive": {"type": "boolean", "description": "Descend into subdirectories."},
                "max_depth": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 5,
                    "description": "Depth limit when recursive (default 2).",
                },
            }
        ),
    ),
    run=_list_directory,
    paths=_list_paths,
)


# glob -----------------------------------------------------------------------------------------


def _glob_paths(args: Args) -> list[str]:
    args.required_str("pattern")
    args.optional_int("limit", minimum=1, maximum=1000)
    args.optional_bool("include_dirs")
    return [args.optional_str("cwd") or "."]


def _glob(context: ToolContext, args: Args) -> ToolOutput:
    pattern = args.required_str("pattern")
    requested = _glob_paths(args)[0]
    base = _existing(context, requested)
    if not base.is_dir():
        raise ToolFailure(f"Error: {requested} is not a directory.")
    limit = args.optional_int("limit", minimum=1, maximum=1000) or 100
    include_dirs = args.optional_bool("include_dirs")
    matcher = glob_regex(pattern.removeprefix("./"))
    matches: list[str] = []
    truncated = False
    for entry, is_dir in walk(context.workspace, base, include_dirs=include_dirs):
        if is_dir and not include_dirs:
            continue
        if matcher.match(entry.relative_to(base).as_posix()):
            if len(matches) >= limit:
                truncated = True
                break
            matches.append(context.workspace.relative(entry))
    text = "\n".join(matches) if matches else "No files matched."
    if truncated:
        text += f"\n[results limited to {limit}]"
    summary = f"Found {len(matches)} match(es) for {pattern}"
    return ToolOutput(text, truncated=truncated, display=Display(summary=summary, kind="search"))


GLOB = Tool(
    spec=ToolSpec(
        name="glob",
        safety_reason="Finds matching paths without reading contents or modifying files.",
        description="Find workspace files whose relative path matches a glob pattern (supports **).",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "pattern": {"type": "string", "description": "Glob such as **/*.py."},
                "cwd": {"type": "string", "description": "Directory to search from (default .)."},
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000,
                    "description": "Maximum results (100).",
                },
                "include_dirs": {"type": "boolean", "description": "Also match directories."},
            },
            ("pattern",),
        ),
    ),
    run=_glob,
    paths=_glob_paths,
)


# grep -----------------------------------------------------------------------------------------

_GREP_MODES = ("content", "files_with_matches", "count")


def _grep_paths(args: Args) -> list[str]:
    args.required_str("pattern")
    args.optional_str("glob")
    args.choice("output_mode", _GREP_MODES, "files_with_matches")
    args.optional_bool("case_insensitive")
    args.optional_int("head_limit", minimum=1)
    return [args.optional_str("path") or "."]


def _grep(context: ToolContext, args: Args) -> ToolOutput:
    requested = _grep_paths(args)[0]
    flags = re.IGNORECASE if args.optional_bool("case_insensitive") else 0
    try:
        regex = re.compile(args.required_str("pattern"), flags)
    except re.error as error:
        raise args.error(f'"pattern" is not a valid regular expression: {error}') from None
    mode = args.choice("output_mode", _GREP_MODES, "files_with_matches")
    head_limit = args.optional_int("head_limit", minimum=1) or 50
    file_glob = args.optional_str("glob")
    glob_matcher = glob_regex(file_glob) if file_glob else None
    base = _existing(context, requested)
    files = [base] if base.is_file() else [entry for entry, _ in walk(context.workspace, base)]
    lines: list[str] = []
    truncated = False
    matched_files = 0
    for file in files:
        relative = context.workspace.relative(file)
        if glob_matcher is not None:
            subject = relative if "/" in (file_glob or "") else file.name
            if not glob_matcher.match(subject):
                continue
        try:
            if file.stat().st_size > MAX_READ_BYTES:
                continue
            data = file.read_bytes()
        except OSError:
            continue
        if _is_binary(data):
            continue
        hits = [
            (number, line)
            for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1)
            if regex.search(line)
        ]
        if not hits:
            continue
        matched_files += 1
        if mode == "files_with_matches":
            found = [relative]
        elif mode == "count":
            found = [f"{relative}:{len(hits)}"]
        else:
            found = [f"{relative}:{number}:{line}" for number, line in hits]
        for item in found:
            if len(lines) >= head_limit:
                truncated = True
                break
            lines.append(item)
        if truncated:
            break
    text = "\n".join(lines) if lines else "No matches found."
    if truncated:
        text += f"\n[results limited to {head_limit}; raise head_limit to see more]"
    summary = f"Found matches in {matched_files} file(s)"
    return ToolOutput(text, truncated=truncated, display=Display(summary=summary, kind="search"))


GREP = Tool(
    spec=ToolSpec(
        name="grep",
        safety_reason="Searches file paths and matching lines without modifying files.",
        description="Search file contents in the workspace with a regular expression.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "pattern": {"type": "string", "description": "Regular expression to search for."},
                "path": {"type": "string", "description": "File or directory to search (default .)."},
                "glob": {"type": "string", "description": "Only search files matching this glob."},
                "output_mode": {
                    "type": "string",
                    "enum": list(_GREP_MODES),
                    "description": "content (path:line:text), files_with_matches (default) or count.",
                },
                "case_insensitive": {"type": "boolean", "description": "Ignore case."},
                "head_limit": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Maximum output entries (50).",
                },
            },
            ("pattern",),
        ),
    ),
    run=_grep,
    paths=_grep_paths,
)

READ_TOOLS = (READ_FILE, LIST_DIRECTORY, GLOB, GREP)
