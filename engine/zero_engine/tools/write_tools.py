"""The file-changing tools: write_file and edit_file (apply_patch lives in patch.py)."""

from __future__ import annotations

import os
from pathlib import Path

from .args import PATH_KEYS, Args, ToolFailure
from .base import Display, ToolSpec
from .toolkit import Tool, ToolContext, ToolOutput, object_schema

_PATH_PROPERTY = {"type": "string", "description": "File path, relative to the workspace root."}


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


# write_file -----------------------------------------------------------------------------------


def _write_file_paths(args: Args) -> list[str]:
    path = args.required_str(*PATH_KEYS)
    args.required_str("content", allow_empty=True)
    args.optional_bool("overwrite")
    return [path]


def _write_file(context: ToolContext, args: Args) -> ToolOutput:
    requested = _write_file_paths(args)[0]
    content = args.required_str("content", allow_empty=True)
    path = context.workspace.resolve(requested)
    existed = path.exists()
    if path.is_dir():
        raise ToolFailure(f"Error: {requested} is a directory.")
    if existed and not args.optional_bool("overwrite"):
        raise ToolFailure(
            f"Error: {requested} already exists. Set overwrite to true to replace it, "
            "or use apply_patch to change part of it."
        )
    write_text(path, content)
    relative = context.workspace.relative(path)
    verb = "Overwrote" if existed else "Created"
    size = len(content.encode("utf-8"))
    return ToolOutput(
        f"{verb} {relative} ({size} bytes).",
        changed_files=(relative,),
        display=Display(summary=f"{verb} {relative}", kind="write"),
    )


WRITE_FILE = Tool(
    spec=ToolSpec(
        name="write_file",
        description="Create a file in the workspace (set overwrite to replace an existing file).",
        side_effect="write",
        permission="prompt",
        advertised_in_auto=False,
        parameters=object_schema(
            {
                "path": _PATH_PROPERTY,
                "content": {"type": "string", "description": "The complete file content."},
                "overwrite": {
                    "type": "boolean",
                    "description": "Replace the file if it exists (default false).",
                },
            },
            ("path", "content"),
        ),
    ),
    run=_write_file,
    paths=_write_file_paths,
    targets=_write_file_paths,
)


# edit_file ------------------------------------------------------------------------------------


def _edit_file_paths(args: Args) -> list[str]:
    path = args.required_str(*PATH_KEYS)
    old = args.required_str("old_string", allow_empty=True)
    new = args.required_str("new_string", allow_empty=True)
    args.optional_bool("replace_all")
    if old == "":
        raise args.error('"old_string" must not be empty')
    if old == new:
        raise args.error('"old_string" and "new_string" are identical')
    return [path]


def _edit_file(context: ToolContext, args: Args) -> ToolOutput:
    requested = _edit_file_paths(args)[0]
    old = args.required_str("old_string", allow_empty=True)
    new = args.required_str("new_string", allow_empty=True)
    replace_all = args.optional_bool("replace_all")
    path = context.workspace.resolve(requested)
    text = read_text(path, requested)
    count = text.count(old)
    if count == 0:
        raise ToolFailure(f"Error: old_string was not found in {requested}.")
    if count > 1 and not replace_all:
        raise ToolFailure(
            f"Error: old_string occurs {count} times in {requested}; "
            "add surrounding context to make it unique or set replace_all."
        )
    write_text(path, text.replace(old, new) if replace_all else text.replace(old, new, 1))
    relative = context.workspace.relative(path)
    replaced = count if replace_all else 1
    return ToolOutput(
        f"Edited {relative} ({replaced} replacement(s)).",
        changed_files=(relative,),
        display=Display(summary=f"Edited {relative}", kind="edit"),
    )


EDIT_FILE = Tool(
    spec=ToolSpec(
        name="edit_file",
        description="Replace an exact string in a workspace file.",
        side_effect="write",
        permission="prompt",
        advertised_in_auto=False,
        model_visible=False,  # registered (a valid filter name) but never shown (docs/protocol.md 6.2)
        parameters=object_schema(
            {
                "path": _PATH_PROPERTY,
                "old_string": {"type": "string", "description": "Exact text to replace."},
                "new_string": {"type": "string", "description": "Replacement text."},
                "replace_all": {"type": "boolean", "description": "Replace every occurrence."},
            },
            ("path", "old_string", "new_string"),
        ),
    ),
    run=_edit_file,
    paths=_edit_file_paths,
    targets=_edit_file_paths,
)

WRITE_TOOLS = (WRITE_FILE, EDIT_FILE)
