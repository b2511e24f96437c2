"""The read-only workspace tools: read_file, list_directory, glob and grep."""

from __future__ import annotations

import re
from pathlib import Path

from .args import Args, ToolFailure
from .base import Display, ToolSpec
from .toolkit import Tool, ToolContext, ToolOutput, object_schema
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


def _read_file_paths(args: Args) -> list[str]:
    path = args.required_str("path", "file", "file_path", "filename")
    offset = args.optional_int("offset", minimum=1)
    limit = args.optional_int("limit", minimum=1)
    byte_offset = args.optional_int("byte_offset", minimum=0)
    byte_limit = args.optional_int("byte_limit", minimum=1)
    if (offset is not None or limit is not None) and (byte_offset is not None or byte_limit is not None):
        raise args.error("use either offset/limit (lines) or byte_offset/byte_limit (bytes), not both")
    return [path]


def _read_file(context: ToolContext, args: Args) -> ToolOutput:
    requested = _read_file_paths(args)[0]
    path = _existing(context, requested)
    if path.is_dir():
        raise ToolFailure(f"Error: {requested} is a directory; use list_directory.")
    byte_offset = args.optional_int("byte_offset", minimum=0)
    byte_limit = args.optional_int("byte_limit", minimum=1)
    relative = context.workspace.relative(path)
    if byte_offset is not None or byte_limit is not None:
        with path.open("rb") as handle:
            handle.seek(byte_offset or 0)
            data = handle.read(byte_limit if byte_limit is not None else MAX_READ_BYTES)
        text = data.decode("utf-8", errors="replace")
        summary = f"Read {len(data)} bytes of {relative}"
        return ToolOutput(text, display=Display(summary=summary, kind="read"))
    size = path.stat().st_size
    if size > MAX_READ_BYTES:
        raise ToolFailure(
            f"Error: {requested} is {size} bytes, over the {MAX_READ_BYTES} byte limit; "
            "read it in parts with byte_offset/byte_limit."
        )
    data = path.read_bytes()
    if _is_binary(data):
        raise ToolFailure(f"Error: {requested} looks like a binary file.")
    lines = data.decode("utf-8", errors="replace").splitlines(keepends=True)
    offset = args.optional_int("offset", minimum=1) or 1
    limit = args.optional_int("limit", minimum=1)
    if offset > max(len(lines), 1):
        raise ToolFailure(f"Error: offset {offset} is past the end of {requested} ({len(lines)} lines).")
    window = lines[offset - 1 : None if limit is None else offset - 1 + limit]
    summary = f"Read {len(window)} line(s) of {relative}"
    return ToolOutput("".join(window), display=Display(summary=summary, kind="read"))


READ_FILE = Tool(
    spec=ToolSpec(
        name="read_file",
        description="Read a text file in the workspace, optionally a window of lines or bytes.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "path": {"type": "string", "description": "File path, relative to the workspace root."},
                "offset": {"type": "integer", "minimum": 1, "description": "First line to read (1-based)."},
                "limit": {"type": "integer", "minimum": 1, "description": "Maximum number of lines."},
                "byte_offset": {"type": "integer", "minimum": 0, "description": "First byte to read."},
                "byte_limit": {"type": "integer", "minimum": 1, "description": "Maximum number of bytes."},
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
