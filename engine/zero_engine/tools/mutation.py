"""The workspace files a tool call is about to change: what a session checkpoint snapshots.

Zero takes the checkpoint when the tool call is announced, before the permission decision and
whatever the call's outcome (a refused, failing or plan-mode call included), from the arguments
alone:
- `write_file` / `edit_file`: the path under the first populated alias key, when it resolves
  inside the workspace root itself (not an `--add-dir` or temp root) without crossing a
  symlink;
- `apply_patch`: every file the patch names, joined to its `cwd` (an existing directory inside
  the workspace). A `*** Begin Patch` patch (v2 only) must parse and name only paths inside
  that directory; any other text is read as a unified diff, whose `diff --git` / `---` / `+++`
  headers give the files (none of them absolute or `..`);
- any other tool: nothing.

The schemaVersion 1 binary reads every patch as a unified diff and takes a header's path as the
first word after `---` / `+++`; schemaVersion 2 takes the rest of the line up to a tab, with
git's quoting undone.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Mapping
from typing import Any

from .. import gotext
from .args import PATCH_KEYS, PATH_KEYS, zero_text
from .gojson_errors import unmarshal_object
from .patch import PatchError, parse_begin_patch


def go_clean(path: str) -> str:
    """Go's `filepath.Clean` (Unix): `posixpath.normpath`, except that a leading `//` is `/`."""
    cleaned = posixpath.normpath(path)
    return "/" + cleaned.lstrip("/") if cleaned.startswith("//") else cleaned


def _escapes(relative: str) -> bool:
    return relative == ".." or relative.startswith("../") or relative.startswith("/")


def workspace_target(root: str, requested: str) -> str | None:
    """Zero's `resolveWorkspaceTargetPath`: the workspace-relative path (slash-separated, `.` for
    the root) of a file a write may create or change, or None when it lies outside `root` (the
    workspace's real path), crosses a symlink, or a parent is not a directory."""
    requested = requested or "."
    target = go_clean(requested if requested.startswith("/") else posixpath.join(root, requested))
    relative = posixpath.relpath(target, root)
    if _escapes(relative):
        return None
    if relative == ".":
        return "."
    current = root
    for segment in relative.split("/"):
        current = posixpath.join(current, segment)
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break  # the rest does not exist yet: nothing further to cross
        except OSError:
            return None
        if stat.S_ISLNK(info.st_mode):
            return None
    return relative


def _existing_directory(root: str, requested: str) -> tuple[str, str] | None:
    """Zero's `resolveWorkspacePath` for a patch's `cwd`: (real path, workspace-relative path)
    of an existing path inside the workspace, symlinks resolved; None otherwise."""
    requested = requested or "."
    target = go_clean(requested if requested.startswith("/") else posixpath.join(root, requested))
    if not os.path.lexists(target):
        return None
    try:
        real = os.path.realpath(target, strict=True)
    except OSError:
        return None
    relative = posixpath.relpath(real, root)
    if _escapes(relative):
        return None
    return real, relative


_SIMPLE_ESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, '"': 34}


def _go_unquote(quoted: str) -> str | None:
    """Go's `strconv.Unquote` of a double-quoted string; None where Go reports an error."""
    body = quoted[1:-1]
    out = bytearray()
    index = 0
    while index < len(body):
        char = body[index]
        if char in ('"', "\n"):
            return None
        if char != "\\":
            out += char.encode("utf-8", "surrogateescape")
            index += 1
            continue
        kind = body[index + 1 : index + 2]
        if kind in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[kind])
            index += 2
        elif kind in ("x", "u", "U"):
            width = {"x": 2, "u": 4, "U": 8}[kind]
            digits = body[index + 2 : index + 2 + width]
            if len(digits) != width or not all(c in "0123456789abcdefABCDEF" for c in digits):
                return None
            value = int(digits, 16)
            if kind == "x":
                out.append(value)
            elif value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                return None
            else:
                out += chr(value).encode()
            index += 2 + width
        elif kind in "01234567" and kind:
            digits = body[index + 1 : index + 4]
            if len(digits) != 3 or not all(c in "01234567" for c in digits) or int(digits, 8) > 255:
                return None
            out.append(int(digits, 8))
            index += 4
        else:
            return None
    return out.decode("utf-8", "surrogateescape")


def _unquote_git_path(text: str) -> str:
    """git's C-style quoting of a diff path undone; the text as it is when it is not quoted."""
    text = gotext.trim_space(text)
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        unquoted = _go_unquote(text)
        if unquoted is not None:
            return unquoted
    return text


def _strip_prefix(path: str) -> str:
    path = gotext.trim_space(path)
    return path[2:] if path.startswith(("a/", "b/")) else path


def _hunk_count(spec: str) -> int:
    if "," not in spec:
        return 1
    count = spec.split(",", 1)[1]
    digits = count[1:] if count[:1] in ("+", "-") else count
    return int(count, 10) if digits.isascii() and digits.isdigit() else 0  # Go's strconv.Atoi


def _hunk_counts(line: str) -> tuple[int, int]:
    """The old/new line counts of `@@ -a,b +c,d @@`, read between the two `@@` only."""
    rest = line.split("@@", 1)[1]
    section = rest.split("@@", 1)[0]
    old = new = 0
    for word in gotext.fields(section):
        if word.startswith("-"):
            old = _hunk_count(word[1:])
        elif word.startswith("+"):
            new = _hunk_count(word[1:])
    return old, new


def _header_path(line: str, schema_version: int) -> str:
    if schema_version < 2:
        words = gotext.fields(line)
        return words[1] if len(words) >= 2 else ""
    rest = line[4:].split("\t", 1)[0]
    path = gotext.trim_space(_unquote_git_path(rest))
    return "" if path == "/dev/null" else path


def patch_header_paths(patch: str, schema_version: int) -> list[str]:
    """Zero's `patchHeaderPaths`: the paths in a unified diff's `diff --git`, `---` and `+++`
    lines, skipping hunk bodies by their line counts (so a removed line `-- x` is not a header)."""
    paths: list[str] = []
    old_left = new_left = 0
    in_hunk = False
    for line in patch.replace("\r\n", "\n").split("\n"):
        if in_hunk and (old_left > 0 or new_left > 0):
            if line.startswith("-"):
                old_left -= 1
            elif line.startswith("+"):
                new_left -= 1
            elif not line.startswith("\\"):  # a context line; `\ No newline` is none
                old_left -= 1
                new_left -= 1
            continue
        in_hunk = False
        if line.startswith("diff --git "):
            words = gotext.fields(line)
            if len(words) >= 4:
                paths += [_strip_prefix(words[2]), _strip_prefix(words[3])]
        elif line.startswith("@@"):
            old_left, new_left = _hunk_counts(line)
            in_hunk = old_left > 0 or new_left > 0
        elif line.startswith(("--- ", "+++ ")):
            path = _header_path(line, schema_version)
            if path:
                paths.append(_strip_prefix(path))
    return paths


def _join_relative(relative_root: str, path: str) -> str:
    if relative_root in ("", "."):
        return path
    return go_clean(posixpath.join(relative_root, path))


def _unique(paths: list[str]) -> list[str]:
    return list(dict.fromkeys(paths))


def _patch_targets(root: str, arguments: Mapping[str, Any], schema_version: int) -> list[str]:
    try:
        patch = zero_text(arguments, PATCH_KEYS, required=True, allow_empty=False)
        cwd = zero_text(arguments, ("cwd",), required=False, allow_empty=False, fallback=".")
    except ValueError:
        return []
    resolved = _existing_directory(root, cwd)
    if resolved is None:
        return []
    apply_root, relative_root = resolved
    if schema_version >= 2 and gotext.trim_space(patch.removeprefix("\ufeff")).startswith("*** Begin Patch"):
        try:
            changes = parse_begin_patch(patch.replace("\r\n", "\n").removeprefix("\ufeff"))
        except PatchError:
            return []
        named = _unique([p for change in changes for p in (change.path, change.move_to) if p])
        if any(workspace_target(apply_root, path) is None for path in named):
            return []
        return _unique([_join_relative(relative_root, path) for path in named])
    headers = [p for p in patch_header_paths(patch, schema_version) if p and p != "/dev/null"]
    for path in headers:
        if path.startswith("/") or path == ".." or path.startswith("../"):
            return []
        if workspace_target(apply_root, path) is None:
            return []
    return _unique([_join_relative(relative_root, path) for path in headers])


def mutation_targets(root: str, tool: str, arguments: str, schema_version: int) -> list[str]:
    """The workspace-relative files `tool` will change, from its raw arguments string; `root`
    is the workspace's real path."""
    if tool not in ("write_file", "edit_file", "apply_patch"):
        return []
    values = unmarshal_object(arguments)
    if values is None:
        return []
    if tool == "apply_patch":
        return _patch_targets(root, values, schema_version)
    try:
        path = zero_text(values, PATH_KEYS, required=True, allow_empty=False)
    except ValueError:
        return []
    target = workspace_target(root, path)
    return [] if target is None else [target]
