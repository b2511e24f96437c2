"""The file-changing tools: write_file and edit_file (apply_patch lives in patch.py)."""

from __future__ import annotations

import os
from pathlib import Path

from .args import Args, ToolFailure, zero_bool, zero_text
from .base import Display, ToolSpec
from .gofs import GoPathError, path_error
from .read_tools import read_bytes_go, resolve_read_path
from .toolkit import Tool, ToolContext, ToolOutput, object_schema
from .tracker import FileTracker, conflict_message, content_hash, line_count, unseen_message
from .workspace import within_root

WRITE_PATH_KEYS = ("path", "file", "file_path", "filename")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: Path, content: str) -> None:
    """Write through a temporary file in the same directory so a failed write leaves no half file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # imported on first write: every run loads this module before run_start

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(content)
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        else:  # a new file gets the mode Zero creates files with (0644, less the umask)
            os.chmod(temporary, 0o644 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_text(path: Path, requested: str) -> str:
    if not path.exists():
        raise ToolFailure(f"Error: {requested} does not exist.")
    if path.is_dir():
        raise ToolFailure(f"Error: {requested} is a directory.")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise ToolFailure(f"Error: {requested} is not a UTF-8 text file.") from None


# Shared by write_file, edit_file and apply_patch ----------------------------------------------


def resolve_target(context: ToolContext, requested: str) -> tuple[Path, str]:
    """(real path, display path) of a write target: workspace-relative, or absolute when an
    absolute path names another allowed root; `X must stay inside the workspace` otherwise."""
    workspace = context.workspace
    joined = requested or "."
    if not os.path.isabs(joined):
        joined = os.path.join(workspace.real_root, joined)
    real = os.path.realpath(os.path.normpath(joined))
    root = str(workspace.real_root)
    if within_root(root, real):
        return Path(real), "." if real == root else workspace.relative(Path(real))
    if os.path.isabs(requested) and any(within_root(extra, real) for extra in workspace.extra_roots):
        return Path(real), real
    raise GoPathError(f"{requested} must stay inside the workspace")


def refuse_git_metadata(context: ToolContext, path: Path | str, shown: str) -> None:
    """The file tools never write inside a `.git` at a write root, nor a `.git` itself: a later git
    on the host reads its config, hooks, commondir, worktree and submodule files as configuration
    or code (Zero's file tools write there in unsafe mode; docs/engine.md lists the difference).
    Called just before a write, so every earlier refusal is Zero's."""
    real = os.path.realpath(str(path))
    workspace = context.workspace
    for root in (str(workspace.real_root), *workspace.extra_roots):
        if within_root(root, real) and real != root:
            first = os.path.relpath(real, root).split(os.sep, 1)[0]
            if first == ".git":
                raise ToolFailure(
                    f"Error writing {shown}: zero-engine's file tools do not write git's metadata "
                    "(.git), which a later git on the host reads as configuration or code"
                )


def _arg_text(args: Args, keys: tuple[str, ...], *, allow_empty: bool) -> str:
    try:
        return zero_text(args.values, keys, required=True, allow_empty=allow_empty)
    except ValueError as error:
        raise args.error(str(error)) from None


def _arg_bool(args: Args, key: str) -> bool:
    try:
        return zero_bool(args.values, key)
    except ValueError as error:
        raise args.error(str(error)) from None


def _lines_written(content: str) -> int:
    lines = content.count("\n")
    return lines + 1 if content and not content.endswith("\n") else lines


# write_file -----------------------------------------------------------------------------------

_CONTENT_KEYS = ("content", "contents", "text", "body", "data", "file_content")


def target_path(args: Args) -> list[str]:
    """The file a write names, for the sandbox and the checkpoint; the tool itself reports bad
    arguments after the permission decision, as Zero does."""
    try:
        return [zero_text(args.values, WRITE_PATH_KEYS, required=True, allow_empty=False)]
    except ValueError:
        return []


def _write_file(context: ToolContext, args: Args) -> ToolOutput:
    requested = _arg_text(args, WRITE_PATH_KEYS, allow_empty=False)
    content = _arg_text(args, _CONTENT_KEYS, allow_empty=True)
    overwrite = _arg_bool(args, "overwrite")
    try:
        path, relative = resolve_target(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error writing file {requested}: {error}") from None
    absolute = str(path)
    existed = os.path.lexists(absolute) and path.exists()
    if existed and not overwrite:
        raise ToolFailure(f"Error: {relative} already exists. Pass overwrite: true to replace it.")
    tracker = context.tracker
    if existed and tracker is not None:
        if context.schema_version >= 2 and not tracker.seen_whole(absolute):
            raise ToolFailure(unseen_message(relative))
        if tracker.tracked(absolute):
            try:
                current = path.read_bytes()
            except OSError:
                raise ToolFailure(conflict_message(relative)) from None
            if tracker.changed_on_disk(absolute, current):
                raise ToolFailure(conflict_message(relative))
    refuse_git_metadata(context, path, relative)
    try:
        write_text(path, content)
    except OSError as error:
        op = "mkdir" if isinstance(error, NotADirectoryError | FileExistsError) else "open"
        raise ToolFailure(
            f"Error writing file {relative}: {path_error(op, error.filename or absolute, error)}"
        ) from None
    if tracker is not None:
        tracker.record_hash(absolute, content_hash(content.encode("utf-8", errors="surrogatepass")))
        total = line_count(content)
        tracker.record_lines(absolute, 1, total, total)
    verb = "Overwrote" if existed else "Created"
    if context.schema_version >= 2:
        summary = f"{verb} {relative} ({_lines_written(content)} lines)."
    else:
        summary = f"{verb} {relative} ({len(content.encode('utf-8', errors='surrogatepass'))} bytes)."
    return ToolOutput(summary, changed_files=(relative,), display=Display(summary=summary, kind="file"))


WRITE_FILE = Tool(
    spec=ToolSpec(
        name="write_file",
        safety_reason="Creates or overwrites files.",
        description=(
            "Write a whole file. Creates it when missing; an existing file is replaced only with "
            "overwrite set to true, and only after it has been read in full this session."
        ),
        side_effect="write",
        permission="prompt",
        advertised_in_auto=False,
        parameters=object_schema(
            {
                "path": {
                    "type": "string",
                    "description": "Where to write (relative paths start at the workspace).",
                },
                "content": {"type": "string", "description": "Everything the file should contain."},
                "overwrite": {
                    "type": "boolean",
                    "description": "Allow replacing a file that exists.",
                    "default": False,
                },
            },
            ("path", "content"),
        ),
    ),
    run=_write_file,
    paths=target_path,
    targets=target_path,
)


# edit_file ------------------------------------------------------------------------------------

_OLD_KEYS = ("old_string", "old", "search", "find", "old_str")
_NEW_KEYS = ("new_string", "new", "replace", "replacement", "new_str")


def _line_span(content: str, offset: int, length: int) -> tuple[int, int]:
    start = content.count("\n", 0, offset) + 1
    return start, start + content.count("\n", offset, offset + length)


def _all_occurrences_seen(tracker: FileTracker, path: str, content: str, old: str, replace_all: bool) -> bool:
    data = content.encode("utf-8", errors="surrogateescape")
    needle = old.encode("utf-8", errors="surrogateescape")
    offset = 0
    while True:
        index = data.find(needle, offset)
        if index < 0:
            return True
        before = data[:index].decode("utf-8", errors="surrogateescape")
        start, end = _line_span(content, len(before), len(old))
        if not tracker.seen_bytes(path, index, index + len(needle)) and not tracker.seen_lines(
            path, start, end
        ):
            return False
        if not replace_all:
            return True
        offset = index + len(needle)


def _edit_file(context: ToolContext, args: Args) -> ToolOutput:
    requested = _arg_text(args, WRITE_PATH_KEYS, allow_empty=False)
    old = _arg_text(args, _OLD_KEYS, allow_empty=False)
    new = _arg_text(args, _NEW_KEYS, allow_empty=True)
    replace_all = _arg_bool(args, "replace_all")
    try:
        absolute, relative = resolve_read_path(context, requested)
    except GoPathError as error:
        raise ToolFailure(f"Error reading {requested}: {error}") from None
    try:
        data = read_bytes_go(absolute)
    except GoPathError as error:
        raise ToolFailure(f"Error reading {relative}: {error}") from None
    tracker = context.tracker
    strict = context.schema_version >= 2
    if tracker is not None and tracker.changed_on_disk(absolute, data):
        raise ToolFailure(conflict_message(relative))
    if tracker is not None and strict and not tracker.tracked(absolute):
        raise ToolFailure(unseen_message(relative))
    content = data.decode("utf-8", errors="surrogateescape")
    occurrences = content.count(old)
    if strict and occurrences == 0 and "\r\n" in content and "\r\n" not in old:
        crlf_old = old.replace("\n", "\r\n")
        if content.count(crlf_old):
            occurrences = content.count(crlf_old)
            old = crlf_old
            if "\r\n" not in new:
                new = new.replace("\n", "\r\n")
    if occurrences == 0:
        raise ToolFailure(
            f"Error: Could not find the exact string to replace in {relative}. "
            "The old_string must match the file byte-for-byte."
        )
    if not replace_all and occurrences > 1:
        raise ToolFailure(
            f"Error: old_string matches {occurrences} locations in {relative}. Either make old_string "
            "more specific, or pass replace_all: true to replace every occurrence."
        )
    if (
        tracker is not None
        and strict
        and not _all_occurrences_seen(tracker, absolute, content, old, replace_all)
    ):
        raise ToolFailure(unseen_message(relative))
    seen_whole = tracker is not None and tracker.seen_whole(absolute)
    updated = content.replace(old, new) if replace_all else content.replace(old, new, 1)
    replaced = occurrences if replace_all else 1
    if updated == content:
        return ToolOutput("No changes: new_string is identical to old_string.")
    encoded = updated.encode("utf-8", errors="surrogateescape")
    refuse_git_metadata(context, absolute, relative)
    try:
        Path(absolute).write_bytes(encoded)
    except OSError as error:
        raise ToolFailure(f"Error writing {relative}: {path_error('open', absolute, error)}") from None
    if tracker is not None:
        tracker.record_hash(absolute, content_hash(encoded))
        if strict:
            if seen_whole:
                total = line_count(updated)
                tracker.record_lines(absolute, 1, total, total)
            else:
                for start, end in _replacement_spans(content, old, new, replace_all):
                    tracker.record_bytes(absolute, start, end, len(encoded))
    suffix = "" if replaced == 1 else "s"
    summary = f"Successfully edited {relative} (replaced {replaced} occurrence{suffix})."
    return ToolOutput(
        summary, changed_files=(relative,), display=Display(summary=f"Edited {relative}", kind="diff")
    )


def _replacement_spans(content: str, old: str, new: str, replace_all: bool) -> list[tuple[int, int]]:
    """Byte ranges of the edited file that hold the replacement text."""
    data = content.encode("utf-8", errors="surrogateescape")
    needle = old.encode("utf-8", errors="surrogateescape")
    size = len(new.encode("utf-8", errors="surrogateescape"))
    spans: list[tuple[int, int]] = []
    offset = delta = 0
    while True:
        index = data.find(needle, offset)
        if index < 0:
            return spans
        spans.append((index + delta, index + delta + size))
        if not replace_all:
            return spans
        offset = index + len(needle)
        delta += size - len(needle)


EDIT_FILE = Tool(
    spec=ToolSpec(
        name="edit_file",
        safety_reason="Edits files in place.",
        description=(
            "Swap one exact piece of text in a file for another; "
            "it must occur once unless replace_all is set."
        ),
        side_effect="write",
        permission="prompt",
        advertised_in_auto=False,
        model_visible=False,  # registered (a valid filter name) but never shown (docs/protocol.md 6.2)
        parameters=object_schema(
            {
                "path": {"type": "string", "description": "The file to change."},
                "old_string": {"type": "string", "description": "The text to find, byte for byte."},
                "new_string": {"type": "string", "description": "What to put in its place (may be empty)."},
                "replace_all": {
                    "type": "boolean",
                    "description": "Change every occurrence.",
                    "default": False,
                },
            },
            ("path", "old_string", "new_string"),
        ),
    ),
    run=_edit_file,
    paths=target_path,
    targets=target_path,
)

WRITE_TOOLS = (WRITE_FILE, EDIT_FILE)
