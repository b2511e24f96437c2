"""Workspace confinement: the roots a tool call may touch and the checks that keep it inside them.

Two checks exist, as upstream has two (docs/protocol.md 6.3):
- the sandbox's (`sandbox_block`): the path, as the model wrote it, is checked lexically against
  every root, and each existing component inside the root that is a symlink must resolve inside
  it. Its reasons (`X is outside the workspace`, `X must not traverse symlink S`) reach the client
  in permission events.
- the tools' own (`resolve`): the fully resolved real path must lie under a root, otherwise
  `X must stay inside the workspace`. A read tool the sandbox only prompted for still runs in
  headless mode (it is granted), so this is the error its result carries.

The roots are the workspace, then every `--add-dir` directory, then (schemaVersion 2) `/tmp` and
`$TMPDIR`, each symlink-resolved; a root inside an earlier one is dropped.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

# Top-level workspace entries whose writes always need approval (docs/protocol.md 6.3 step 9).
PROTECTED_METADATA_NAMES = (".git", ".zero", ".hg", ".svn", ".jj")

OUTSIDE_HINT = " (use /add-dir or --add-dir to allow writes there)"


@dataclass(frozen=True)
class PathViolation:
    code: str  # outside_workspace | symlink_traversal
    path: str  # the path as the model wrote it
    reason: str


class PathEscape(Exception):
    def __init__(self, violation: PathViolation) -> None:
        super().__init__(violation.reason)
        self.violation = violation


def within_root(root: str, candidate: str) -> bool:
    """Whether `candidate` is `root` or below it (both absolute and clean)."""
    if not root:
        return False
    relative = os.path.relpath(candidate, root)
    return relative == "." or not (relative == ".." or relative.startswith("../"))


def _strerror(error: OSError) -> str:
    # Go's syscall error strings are the lowercase C strerror text.
    text = os.strerror(error.errno) if error.errno else str(error)
    return text[:1].lower() + text[1:]


def _lstat_error(path: str, error: OSError) -> str:
    return f"lstat {path}: {_strerror(error)}"


def _eval_symlinks_error(path: str) -> str | None:
    """Go's `filepath.EvalSymlinks` error for `path`, or None when every component resolves."""
    resolved = "/"
    pending = [part for part in path.split("/") if part]
    hops = 0
    while pending:
        part = pending.pop(0)
        if part == ".":
            continue
        if part == "..":
            resolved = os.path.dirname(resolved) or "/"
            continue
        candidate = os.path.join(resolved, part)
        try:
            info = os.lstat(candidate)
        except OSError as error:
            return _lstat_error(candidate, error)
        if not stat.S_ISLNK(info.st_mode):
            resolved = candidate
            continue
        hops += 1
        if hops > 255:
            return "EvalSymlinks: too many links"  # Go's error names no path
        target = os.readlink(candidate)
        if target.startswith("/"):
            resolved = "/"
        pending = [p for p in target.split("/") if p] + pending
    return None


def validate_in_root(root: str, requested: str, checked: str | None = None) -> PathViolation | None:
    """Upstream `validateWorkspacePath`: `checked` (default `requested`) against one resolved root.

    The violation names `checked`, the path as it was handed in for this root.
    """
    path = requested if checked is None else checked
    target = os.path.abspath(path if os.path.isabs(path) else os.path.join(root, path))
    relative = os.path.relpath(target, root)
    if relative == ".." or relative.startswith("../"):
        return PathViolation("outside_workspace", path, f"{path} is outside the workspace")
    if relative == ".":
        return None
    current = root
    for segment in relative.split("/"):
        if segment in ("", "."):
            continue
        current = os.path.join(current, segment)
        try:
            info = os.lstat(current)
        except OSError as error:
            if error.errno == errno.ENOENT:
                return None
            return PathViolation("outside_workspace", path, _lstat_error(current, error))
        if not stat.S_ISLNK(info.st_mode):
            continue
        failure = _eval_symlinks_error(current)
        if failure is not None:
            return PathViolation("symlink_traversal", path, failure)
        if not within_root(root, os.path.realpath(current)):
            return PathViolation("symlink_traversal", path, f"{path} must not traverse symlink {segment}")
    return None


def normalize_prefix_for_root(absolute: str, root: str) -> str:
    """Upstream `NormalizePrefixForRoot`: resolve symlinks in the part of `absolute` outside `root`.

    Components inside the root are kept as written, so a symlink there is still seen (and judged)
    by `validate_in_root`.
    """
    parts = os.path.normpath(absolute).split("/")
    current = "/"
    for index, part in enumerate(parts):
        if not part:
            continue
        if current == root:
            return os.path.join(current, *parts[index:])
        following = os.path.join(current, part)
        try:
            info = os.lstat(following)
        except OSError:
            return os.path.join(current, *parts[index:])
        if stat.S_ISLNK(info.st_mode):
            if within_root(root, current):
                return os.path.join(current, *parts[index:])
            if _eval_symlinks_error(following) is not None:
                return os.path.join(current, *parts[index:])
            current = os.path.realpath(following)
            continue
        current = following  # `current` is already resolved, so a plain directory resolves to itself
    return current


def _scope_root(path: str) -> str | None:
    """An extra root as upstream `normalizeScopeRoot` accepts it: an existing directory, not `/`."""
    trimmed = path.strip()
    if not trimmed:
        return None
    if trimmed == "~" or trimmed.startswith("~/"):
        trimmed = os.path.join(os.path.expanduser("~"), trimmed[2:])
    resolved = os.path.realpath(os.path.abspath(trimmed))
    if not os.path.isdir(resolved) or os.path.dirname(resolved) == resolved:
        return None
    return resolved


def default_temp_roots(environ: Mapping[str, str]) -> list[str]:
    """`/tmp` and `$TMPDIR`: writable by default in schemaVersion 2 (not in the v1 era)."""
    roots = ["/tmp"]
    tmpdir = environ.get("TMPDIR", "").strip()
    if tmpdir:
        roots.append(tmpdir)
    return roots


@dataclass(frozen=True)
class Workspace:
    root: Path  # absolute, as given
    real_root: Path  # symlinks resolved
    extra_roots: tuple[str, ...] = ()  # resolved --add-dir and temp roots, in order

    @classmethod
    def at(cls, root: Path, extra: Sequence[str] = ()) -> Workspace:
        absolute = Path(os.path.abspath(root))
        real_root = os.path.realpath(absolute)
        roots: list[str] = [real_root]
        for entry in extra:
            resolved = _scope_root(entry)
            if resolved is not None and not any(within_root(existing, resolved) for existing in roots):
                roots.append(resolved)
        return cls(root=absolute, real_root=Path(real_root), extra_roots=tuple(roots[1:]))

    @property
    def roots(self) -> tuple[str, ...]:
        return (str(self.real_root), *self.extra_roots)

    # The sandbox's check -------------------------------------------------------------------

    def sandbox_block(self, requested: str) -> PathViolation | None:
        """Upstream `Scope.validateAgainstRoots` (before the v2 reason rewording)."""
        roots = self.roots
        if not os.path.isabs(requested):
            return validate_in_root(roots[0], requested)
        traversal: PathViolation | None = None
        for root in roots:
            block = validate_in_root(root, requested, normalize_prefix_for_root(requested, root))
            if block is None:
                return None
            if block.code == "symlink_traversal":
                traversal = traversal or block
        if traversal is not None:  # crossed a symlink inside a root: the --add-dir hint would mislead
            return PathViolation("symlink_traversal", requested, traversal.reason)
        reason = f"{requested} is outside the workspace{OUTSIDE_HINT}"
        return PathViolation("outside_workspace", requested, reason)

    # The tools' check ----------------------------------------------------------------------

    def violation(self, requested: str) -> PathViolation | None:
        """Why a tool may not touch `requested`: its real path is under no root."""
        real = os.path.realpath(self._joined(requested))
        # A relative path is the workspace's; only an absolute one may name another root.
        roots = self.roots if os.path.isabs(requested) else self.roots[:1]
        if any(within_root(root, real) for root in roots):
            return None
        return PathViolation("outside_workspace", requested, f"{requested} must stay inside the workspace")

    def resolve(self, requested: str) -> Path:
        """The real path for `requested`, or `PathEscape` if it leaves every root."""
        violation = self.violation(requested)
        if violation is not None:
            raise PathEscape(violation)
        return Path(os.path.realpath(self._joined(requested)))

    def relative(self, real_path: Path) -> str:
        """Workspace-relative, slash-separated form of a resolved path ("." for the root)."""
        relative = os.path.relpath(real_path, self.real_root)
        return Path(relative).as_posix()

    def touches_protected_metadata(self, requested: str) -> bool:
        """Upstream `pathTouchesProtectedMetadata`: the first component under a root is `.git` etc."""
        path = requested.strip()
        if not path:
            return False
        if not os.path.isabs(path):
            return _first_component_protected(path)
        for root in self.roots:
            normalized = normalize_prefix_for_root(os.path.normpath(path), root)
            relative = os.path.relpath(normalized, root)
            if relative == ".." or relative.startswith("../"):
                continue
            if _first_component_protected(relative):
                return True
        return False

    def _joined(self, requested: str) -> str:
        # Cleaned before symlinks are resolved, as Go's filepath.Join does: `link/../x` is `x`.
        joined = requested if os.path.isabs(requested) else os.path.join(self.real_root, requested)
        return os.path.normpath(joined)


def _first_component_protected(path: str) -> bool:
    cleaned = os.path.normpath(path.strip())
    if cleaned in (".", "..") or cleaned.startswith("../") or os.path.isabs(cleaned):
        return False
    return cleaned.split("/", 1)[0] in PROTECTED_METADATA_NAMES
