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
from collections.abc import Mapping
from typing import Any

from .. import gotext
from .args import PATCH_KEYS, PATH_KEYS, zero_text
from .diffheaders import (
    escapes_root,
    go_clean,
    join_relative,
    patch_header_paths,
    patch_paths_problem,
    unique,
    workspace_target,
)
from .gojson_errors import unmarshal_object
from .patch import PatchError, parse_begin_patch


def _existing_directory(root: str, requested: str) -> tuple[str, str] | None:
    """Zero's `resolveWorkspacePath` for a patch's `cwd`: (real path, workspace-relative path)
    of an existing path inside the workspace, symlinks resolved; None otherwise."""
    requested = requested or "."
    target = go_clean(requested if requested.startswith("/") else posixpath.join(root, requested))
    try:
        real = os.path.realpath(target, strict=True)
    except (OSError, ValueError):  # missing, a loop, or a NUL byte
        return None
    relative = posixpath.relpath(real, root)
    if escapes_root(relative):
        return None
    return real, relative


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
        named = unique([p for change in changes for p in (change.path, change.move_to) if p])
        if any(workspace_target(apply_root, path) is None for path in named):
            return []
        return unique([join_relative(relative_root, path) for path in named])
    headers = [p for p in patch_header_paths(patch, schema_version) if p and p != "/dev/null"]
    if patch_paths_problem(apply_root, patch, schema_version):
        return []
    return unique([join_relative(relative_root, path) for path in headers])


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
