"""apply_patch: the `*** Begin Patch` format and unified diffs.

Every change is parsed and applied in memory first; files are written only when the whole patch
applies, so a failing hunk leaves the workspace untouched.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import gotext
from .args import PATCH_KEYS, Args, ToolArgError, ToolFailure
from .base import Display, ToolSpec
from .diffheaders import (
    changed_files,
    file_header_path,
    hunk_counts,
    patch_header_paths,
    patch_paths_problem,
    resolve_workspace_target,
    strip_prefix,
)
from .toolkit import Tool, ToolContext, ToolOutput, object_schema
from .tracker import FileTracker, content_hash, line_count
from .workspace import within_root
from .write_tools import read_text, refuse_git_metadata, write_text


class PatchError(Exception):
    """The patch text is malformed or does not apply; the message names the file and line."""


@dataclass
class Hunk:
    anchor: str = ""  # text after `@@` in the Begin Patch format, used to locate the hunk
    old: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)


@dataclass
class FileChange:
    kind: str  # "add" | "delete" | "update"
    path: str
    move_to: str = ""
    added_lines: list[str] = field(default_factory=list)
    hunks: list[Hunk] = field(default_factory=list)


def _hunk_line(hunk: Hunk, line: str, where: str) -> None:
    if line.startswith("\\"):  # "\ No newline at end of file"
        return
    prefix, body = (line[:1], line[1:]) if line else (" ", "")
    if prefix == " ":
        hunk.old.append(body)
        hunk.new.append(body)
    elif prefix == "-":
        hunk.old.append(body)
    elif prefix == "+":
        hunk.new.append(body)
    else:
        raise PatchError(f"{where}: update lines must start with ' ', '+', or '-'")


def parse_begin_patch(text: str) -> list[FileChange]:
    lines = text.strip().splitlines()
    if not lines or lines[0].strip() != "*** Begin Patch":
        raise PatchError('the first line of a structured patch must be "*** Begin Patch"')
    if lines[-1].strip() != "*** End Patch":
        raise PatchError('the last line of a structured patch must be "*** End Patch"')
    changes: list[FileChange] = []
    current: FileChange | None = None
    for number, line in enumerate(lines[1:-1], start=2):
        where = f"invalid structured patch at line {number}"
        header = line.strip()
        if header.startswith("*** Add File:"):
            current = FileChange("add", header.removeprefix("*** Add File:").strip())
            changes.append(current)
        elif header.startswith("*** Delete File:"):
            current = FileChange("delete", header.removeprefix("*** Delete File:").strip())
            changes.append(current)
        elif header.startswith("*** Update File:"):
            current = FileChange("update", header.removeprefix("*** Update File:").strip())
            changes.append(current)
        elif header.startswith("*** Move to:"):
            if current is None or current.kind != "update":
                raise PatchError(f"{where}: *** Move to must follow *** Update File")
            current.move_to = header.removeprefix("*** Move to:").strip()
        elif header == "*** End of File":
            continue
        elif current is None:
            raise PatchError(f"{where}: expected an Add File, Delete File, or Update File header")
        elif current.kind == "add":
            if not line.startswith("+"):
                raise PatchError(f"{where}: added-file contents must start with '+'")
            current.added_lines.append(line[1:])
        elif current.kind == "delete":
            raise PatchError(f"{where}: expected an Add File, Delete File, or Update File header")
        elif line.startswith("@@"):
            current.hunks.append(Hunk(anchor=line[2:].strip()))
        else:
            if not current.hunks:
                current.hunks.append(Hunk())
            _hunk_line(current.hunks[-1], line, where)
    for change in changes:
        if not change.path:
            raise PatchError("a file header names no path")
        if change.kind == "update" and not change.hunks and not change.move_to:
            raise PatchError(f"{change.path}: *** Update File has no hunks")
    if not changes:
        raise PatchError("structured patch contains no file operations")
    return changes


def _diff_path(raw: str) -> str:
    path = raw.split("\t", 1)[0].strip()
    if path != "/dev/null" and (path.startswith("a/") or path.startswith("b/")):
        path = path[2:]
    return path


def parse_unified_diff(text: str) -> list[FileChange]:
    lines = text.splitlines()
    changes: list[FileChange] = []
    current: FileChange | None = None
    old_path = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        where = f"line {index + 1}"
        if line.startswith("--- ") and index + 1 < len(lines) and lines[index + 1].startswith("+++ "):
            old_path = _diff_path(line[4:])
            new_path = _diff_path(lines[index + 1][4:])
            if old_path == "/dev/null":
                current = FileChange("add", new_path)
            elif new_path == "/dev/null":
                current = FileChange("delete", old_path)
            else:
                current = FileChange("update", old_path, move_to=new_path if new_path != old_path else "")
            changes.append(current)
            index += 2
            continue
        if line.startswith("@@"):
            if current is None:
                raise PatchError(f"{where}: hunk before any --- / +++ file header")
            current.hunks.append(Hunk())
        elif current is not None and current.hunks and (line[:1] in (" ", "-", "+", "\\") or line == ""):
            _hunk_line(current.hunks[-1], line, where)
        elif line.startswith(
            ("diff ", "index ", "new file mode", "deleted file mode", "similarity", "rename ")
        ):
            pass
        elif line.strip():
            raise PatchError(f"{where}: unexpected line {line!r}")
        index += 1
    if not changes:
        raise PatchError("no --- / +++ file headers found")
    for change in changes:
        if change.kind == "add":
            change.added_lines = [line for hunk in change.hunks for line in hunk.new]
            change.hunks = []
        elif change.kind == "update" and not change.hunks:
            raise PatchError(f"{change.path}: no hunks")
    return changes


def parse_patch(text: str) -> list[FileChange]:
    if text.lstrip().startswith("*** Begin Patch"):
        return parse_begin_patch(text)
    return parse_unified_diff(text)


def _find(lines: list[str], block: list[str], start: int) -> int:
    """Index of `block` in `lines` at or after `start`: exact, then ignoring trailing, then all
    surrounding whitespace."""
    normalizers: tuple[Callable[[str], str], ...] = (lambda s: s, str.rstrip, str.strip)
    for normalize in normalizers:
        wanted = [normalize(line) for line in block]
        for index in range(start, len(lines) - len(block) + 1):
            if [normalize(line) for line in lines[index : index + len(block)]] == wanted:
                return index
    return -1


def apply_hunks(path: str, text: str, hunks: list[Hunk]) -> str:
    ends_with_newline = text.endswith("\n") or text == ""
    lines = text.splitlines()
    cursor = 0
    for hunk in hunks:
        if hunk.anchor:
            anchor = _find(lines, [hunk.anchor], cursor)
            if anchor >= 0:
                cursor = anchor + (0 if hunk.old and hunk.old[0].strip() == hunk.anchor.strip() else 1)
        if not hunk.old:
            position = len(lines) if not hunk.anchor else cursor
        else:
            position = _find(lines, hunk.old, cursor)
            if position < 0:
                position = _find(lines, hunk.old, 0)
            if position < 0:
                expected = "\n".join(hunk.old)
                raise PatchError(f"could not find expected lines in {path}:\n{expected}")
        lines[position : position + len(hunk.old)] = hunk.new
        cursor = position + len(hunk.new)
    result = "\n".join(lines)
    return result + "\n" if lines and ends_with_newline else result


def _join(cwd: str, path: str) -> str:
    return path if os.path.isabs(path) or not cwd else os.path.join(cwd, path)


def _parse_args(args: Args) -> tuple[list[FileChange], str]:
    text = args.required_str(*PATCH_KEYS)
    cwd = args.optional_str("cwd") or ""
    try:
        return parse_patch(text), cwd
    except PatchError as error:
        raise ToolFailure(f"Error applying patch: {error}") from None


def patch_targets(args: Args) -> list[str]:
    """Every file the patch touches, as written and joined to `cwd` (the checkpoint's files);
    none when the patch cannot be parsed (the tool reports that after the permission decision)."""
    try:
        changes, cwd = _parse_args(args)
    except (ToolArgError, ToolFailure):
        return []
    paths: list[str] = []
    for change in changes:
        paths.append(_join(cwd, change.path))
        if change.move_to:
            paths.append(_join(cwd, change.move_to))
    return paths


def sandbox_paths(args: Args) -> list[str]:
    cwd = args.values.get("cwd") if isinstance(args.values.get("cwd"), str) else ""
    return ([cwd] if cwd else []) + patch_targets(args)


def is_structured_patch(text: str) -> bool:
    """Zero's test for the `*** Begin Patch` format (a leading BOM and white space allowed)."""
    return gotext.trim_space(text.removeprefix("\ufeff")).startswith("*** Begin Patch")


def _apply_patch(context: ToolContext, args: Args) -> ToolOutput:
    text = args.required_str(*PATCH_KEYS)
    if context.schema_version >= 2 and is_structured_patch(text):
        return _apply_structured(context, args)
    # Unified diffs (and, at v1, every patch) go to `git apply`, as Zero sends them.
    return _git_apply(context, text, args.optional_str("cwd") or "")


def _git_apply(context: ToolContext, text: str, cwd: str) -> ToolOutput:
    """Zero's unified-diff path: the header paths must stay inside the workspace, then
    `git apply --whitespace=nowarn <temp file>` runs in the patch's directory, and git's own
    output is the error when it fails."""
    workspace = context.workspace
    apply_root = workspace.resolve(cwd or ".")
    inside = within_root(str(workspace.real_root), str(apply_root))
    relative_root = workspace.relative(apply_root) if inside else str(apply_root)
    version = context.schema_version
    problem = patch_paths_problem(str(apply_root), text, version)
    if problem:
        raise ToolFailure(f"Error applying patch: {problem}")
    tracker = context.tracker
    whole_before = _seen_whole(tracker, str(apply_root), text, version)
    supplied = _created_whole(str(apply_root), text) if version >= 2 else set()
    import shutil
    import subprocess  # here, not at load: most runs never apply a unified diff

    if shutil.which("git", path=context.environ.get("PATH")) is None:
        missing = 'exec: "git": executable file not found in $PATH'
        raise ToolFailure(f"Error applying patch: {missing}")
    # git runs inside the run's OS sandbox like every process a tool starts; the patch goes in on
    # stdin (git's messages do not name the patch file, and no scratch file is left anywhere).
    for path in changed_files(relative_root, text, version):
        refuse_git_metadata(context, os.path.join(workspace.real_root, path), path)
    command = "git apply --whitespace=nowarn"
    with context.processes.launch(command, str(apply_root), mount_points=False) as launch:
        process = subprocess.Popen(
            launch.argv,
            cwd=apply_root,
            env=launch.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            pass_fds=launch.pass_fds,
        )
        launch.started(process.pid)
        output, _ = process.communicate(text.encode("utf-8", "surrogateescape"))
    if launch.blocked is not None:
        raise ToolFailure(f"Error applying patch: {launch.message}")
    done = subprocess.CompletedProcess(launch.argv, process.returncode, output)
    if done.returncode != 0:
        message = gotext.trim_space(done.stdout.decode("utf-8", "surrogateescape"))
        raise ToolFailure(f"Error applying patch: {message or f'exit status {done.returncode}'}")
    summary = "Patch applied successfully."
    if relative_root != ".":
        summary = f"Patch applied successfully in {relative_root}."
    changed = tuple(changed_files(relative_root, text, version))
    if tracker is not None:
        for path in changed:
            absolute = os.path.realpath(os.path.join(workspace.real_root, path))
            if version < 2:  # v1 dropped what it knew of a patched file
                tracker.forget(absolute)
                continue
            try:
                content = Path(absolute).read_bytes()
            except OSError:
                tracker.forget(absolute)
                continue
            tracker.record_hash(absolute, content_hash(content))
            if absolute in whole_before or absolute in supplied:
                total = line_count(content.decode("utf-8", "surrogateescape"))
                tracker.record_lines(absolute, 1, total, total)
    return ToolOutput(summary, changed_files=changed, display=Display(summary=summary, kind="diff"))


def _seen_whole(tracker: FileTracker | None, apply_root: str, text: str, version: int) -> set[str]:
    """The patch's files the model had seen whole before it (their result is then known whole)."""
    if tracker is None:
        return set()
    seen = set()
    for path in patch_header_paths(text, version):
        if not path or path == "/dev/null":
            continue
        relative, problem = resolve_workspace_target(apply_root, path)
        absolute = os.path.join(apply_root, relative)
        if not problem and tracker.seen_whole(absolute):
            seen.add(absolute)
    return seen


def _created_whole(apply_root: str, text: str) -> set[str]:
    """Zero's completeCreatedPatchTargets: files a `--- /dev/null` hunk creates, whose whole
    content the patch itself supplies."""
    created: set[str] = set()
    old_left = new_left = 0
    in_hunk = from_dev_null = False
    for line in text.replace("\r\n", "\n").split("\n"):
        if in_hunk and (old_left > 0 or new_left > 0):
            if line.startswith("-"):
                old_left -= 1
            elif line.startswith("+"):
                new_left -= 1
            elif not line.startswith("\\"):
                old_left -= 1
                new_left -= 1
            continue
        in_hunk = False
        if line.startswith("diff --git "):
            from_dev_null = False
        elif line.startswith("@@"):
            old_left, new_left = hunk_counts(line)
            in_hunk = old_left > 0 or new_left > 0
        elif line.startswith("--- "):
            from_dev_null = file_header_path(line) == "/dev/null"
        elif line.startswith("+++ "):
            path = file_header_path(line)
            was_dev_null, from_dev_null = from_dev_null, False
            if not was_dev_null or path in ("", "/dev/null"):
                continue
            relative, problem = resolve_workspace_target(apply_root, strip_prefix(path))
            absolute = os.path.join(apply_root, relative)
            if not problem and not os.path.lexists(absolute):
                created.add(absolute)
    return created


def _apply_structured(context: ToolContext, args: Args) -> ToolOutput:
    changes, cwd = _parse_args(args)
    workspace = context.workspace
    # Plan every write first; nothing touches the disk until the whole patch applies.
    writes: dict[Path, str] = {}
    deletes: list[Path] = []
    summary: list[str] = []
    try:
        for change in changes:
            target = workspace.resolve(_join(cwd, change.path))
            relative = workspace.relative(target)
            if change.kind == "add":
                if target.exists():
                    raise PatchError(f"cannot add {relative} because it already exists")
                writes[target] = "\n".join(change.added_lines) + ("\n" if change.added_lines else "")
                summary.append(f"A {relative}")
            elif change.kind == "delete":
                if not target.is_file():
                    raise PatchError(f"{change.path}: cannot delete a file that does not exist")
                deletes.append(target)
                summary.append(f"D {relative}")
            else:
                original = writes.get(target)
                text = original if original is not None else read_text(target, change.path)
                updated = apply_hunks(change.path, text, change.hunks)
                if change.move_to:
                    destination = workspace.resolve(_join(cwd, change.move_to))
                    writes[destination] = updated
                    deletes.append(target)
                    summary.append(f"R {relative} -> {workspace.relative(destination)}")
                else:
                    writes[target] = updated
                    summary.append(f"M {relative}")
    except PatchError as error:
        raise ToolFailure(f"Error applying patch: {error}") from None
    for target in [*writes, *deletes]:
        refuse_git_metadata(context, target, workspace.relative(target))
    for target, content in writes.items():
        write_text(target, content)
    for target in deletes:
        if target not in writes:
            target.unlink(missing_ok=True)
    changed = tuple(dict.fromkeys(workspace.relative(path) for path in [*writes, *deletes]))
    tracker = context.tracker
    if tracker is not None:
        # What the model knows of a patched file is only what the patch said: added files are
        # known whole, changed and deleted ones must be read again before a write_file.
        for path in [*writes, *deletes]:
            tracker.forget(str(path))
        for change in changes:
            if change.kind == "add":
                target = workspace.resolve(_join(cwd, change.path))
                content = writes.get(target, "")
                tracker.record_hash(str(target), content_hash(content.encode("utf-8")))
                total = line_count(content)
                tracker.record_lines(str(target), 1, total, total)
    relative_root = workspace.relative(workspace.resolve(cwd)) if cwd not in ("", ".") else "."
    text = "Patch applied successfully."
    if relative_root != ".":
        text = f"Patch applied successfully in {relative_root}."
    return ToolOutput(text, changed_files=changed, display=Display(summary=text, kind="diff"))


APPLY_PATCH = Tool(
    spec=ToolSpec(
        name="apply_patch",
        safety_reason="Applies patch hunks that can create, edit, or delete files.",
        description=(
            "Apply a patch to workspace files: the *** Begin Patch format (Add/Update/Delete File, "
            "Move to, @@ hunks) or a unified diff."
        ),
        side_effect="write",
        permission="prompt",
        advertised_in_auto=False,
        parameters=object_schema(
            {
                "patch": {"type": "string", "description": "The patch text."},
                "cwd": {
                    "type": "string",
                    "description": "Directory the patch paths are relative to.",
                    "default": ".",
                },
            },
            ("patch",),
        ),
    ),
    run=_apply_patch,
    paths=sandbox_paths,
    targets=patch_targets,
)
