"""Unified-diff headers and write targets, read the way Zero reads them.

`patch_header_paths` is Zero's `patchHeaderPaths` (the files a diff's `diff --git`, `---` and
`+++` lines name, hunk bodies skipped by their counts); `resolve_workspace_target` is its
`resolveWorkspaceTargetPath` (where a write may land). apply_patch, the sandbox and checkpoints
all use them.
"""

from __future__ import annotations

import os
import posixpath
import stat

from .. import gotext
from ..gojson import go_quote
from .gofs import errno_text


def go_clean(path: str) -> str:
    """Go's `filepath.Clean` (Unix): `posixpath.normpath`, except that a leading `//` is `/`."""
    cleaned = posixpath.normpath(path)
    return "/" + cleaned.lstrip("/") if cleaned.startswith("//") else cleaned


def escapes_root(relative: str) -> bool:
    return relative == ".." or relative.startswith("../") or relative.startswith("/")


def resolve_workspace_target(root: str, requested: str) -> tuple[str, str]:
    """Zero's `resolveWorkspaceTargetPath`: (the workspace-relative path, slash-separated, `.` for
    the root; "") of a file a write may create or change, or ("", Go's error text) when it lies
    outside `root` (the workspace's real path), crosses a symlink, or a parent is no directory."""
    requested = requested or "."
    target = go_clean(requested if requested.startswith("/") else posixpath.join(root, requested))
    relative = posixpath.relpath(target, root)
    if escapes_root(relative):
        return "", f"{requested} must stay inside the workspace"
    if relative == ".":
        return ".", ""
    current = root
    for segment in relative.split("/"):
        current = posixpath.join(current, segment)
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break  # the rest does not exist yet: nothing further to cross
        except OSError as error:
            return "", f"lstat {current}: {errno_text(error)}"
        except ValueError:  # a NUL byte: Go's syscall refuses the path with EINVAL
            return "", f"lstat {current}: invalid argument"
        if stat.S_ISLNK(info.st_mode):
            crossed = posixpath.relpath(current, root)
            return "", f"{requested} must not traverse symlink {crossed}"
    return relative, ""


def workspace_target(root: str, requested: str) -> str | None:
    """The workspace-relative path of a write target, None when Zero would refuse it."""
    relative, problem = resolve_workspace_target(root, requested)
    return None if problem else relative


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


def strip_prefix(path: str) -> str:
    path = gotext.trim_space(path)
    return path[2:] if path.startswith(("a/", "b/")) else path


def _hunk_count(spec: str) -> int:
    if "," not in spec:
        return 1
    count = spec.split(",", 1)[1]
    digits = count[1:] if count[:1] in ("+", "-") else count
    return int(count, 10) if digits.isascii() and digits.isdigit() else 0  # Go's strconv.Atoi


def hunk_counts(line: str) -> tuple[int, int]:
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


def file_header_path(line: str) -> str:
    """Zero 0.8.0's `patchFileHeaderPath` of a `---` / `+++` line: the rest of the line up to a
    tab, git's quoting undone (`/dev/null` included)."""
    rest = line[4:].split("\t", 1)[0]
    return gotext.trim_space(_unquote_git_path(rest))


def header_path(line: str, schema_version: int) -> str:
    """The path a `---` / `+++` line contributes ("" for none): v1 took the first word after the
    marker, v2 the whole path except `/dev/null`."""
    if schema_version < 2:
        words = gotext.fields(line)
        return words[1] if len(words) >= 2 else ""
    path = file_header_path(line)
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
                paths += [strip_prefix(words[2]), strip_prefix(words[3])]
        elif line.startswith("@@"):
            old_left, new_left = hunk_counts(line)
            in_hunk = old_left > 0 or new_left > 0
        elif line.startswith(("--- ", "+++ ")):
            path = header_path(line, schema_version)
            if path:
                paths.append(strip_prefix(path))
    return paths


def join_relative(relative_root: str, path: str) -> str:
    if relative_root in ("", "."):
        return path
    return go_clean(posixpath.join(relative_root, path))


def unique(paths: list[str]) -> list[str]:
    return list(dict.fromkeys(paths))


def patch_paths_problem(apply_root: str, patch: str, schema_version: int) -> str:
    """Zero's `validatePatchPaths` for a unified diff: "" when every header path is relative and
    inside `apply_root`, else the error."""
    for path in patch_header_paths(patch, schema_version):
        if not path or path == "/dev/null":
            continue
        if path.startswith("/") or path == ".." or path.startswith("../"):
            return f"patch path {go_quote(path)} must stay inside the workspace"
        _, problem = resolve_workspace_target(apply_root, path)
        if problem:
            return problem
    return ""


def changed_files(relative_root: str, patch: str, schema_version: int) -> list[str]:
    """Zero's `changedFilesFromPatch`: the files a unified diff names, joined to its `cwd`."""
    headers = [p for p in patch_header_paths(patch, schema_version) if p and p != "/dev/null"]
    return unique([join_relative(relative_root, path) for path in headers])
