"""`--worktree [name]`: run in a git worktree of the workspace's repository, as Zero does.

The worktree is `<base>/zero-worktree-<repo key>/<name>`, where the base is `--worktree-dir`,
else `$XDG_STATE_HOME/zero/worktrees`, else `$HOME/.local/state/zero/worktrees`; the repo key is
the repository directory's name (lowercased, other characters as `-`) and the first 10 hex
digits of the SHA-1 of its path; the default name is `task-<UTC YYYYMMDD-HHMMSS>`. A new
worktree is `git worktree add --detach <path> HEAD` (git runs with `LC_ALL=C`); an existing one
of the same repository is reused. Errors are Zero's (`not a git repository: <git's message>`,
`invalid worktree name "<x>": ...`, `create git worktree: ...`).

schemaVersion 2 (Zero 0.8.0) also leases the worktree for the run: `git worktree lock --reason
"zero: active task worktree (pid N)"`, an ownership marker `zero-owner` in the worktree's git
directory, and `git worktree unlock` when the run ends; a worktree another live run holds is
refused. The v1-era binary did neither. Zero also prunes its own stale worktrees (over 24 hours
old, clean) before preparing one; the engine never removes a worktree.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from zero_engine import gotext
from zero_engine.gojson import go_quote

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$")
LEASE_PREFIX = "zero: active task worktree"
OWNER_MARKER = "zero-owner"
OWNER_MARKER_CONTENT = "zero: this worktree was created by `zero worktrees prepare`\n"


class WorktreeError(Exception):
    """A usage error preparing the worktree (exit 2), worded as Zero words it."""


@dataclass(frozen=True)
class Worktree:
    path: Path
    repo_root: str  # where git commands about the worktree run
    leased: bool  # this run took the lock, so it releases it


@dataclass(frozen=True)
class _Git:
    stdout: str
    stderr: str
    code: int


def _git(environ: Mapping[str, str], directory: str, *args: str) -> _Git:
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=directory,
            env={**environ, "LC_ALL": "C", "LANG": "C"},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            start_new_session=True,
        )
    except FileNotFoundError:
        raise WorktreeError('exec: "git": executable file not found in $PATH') from None
    except OSError as error:
        raise WorktreeError(f"fork/exec git: {error.strerror or error}") from None
    return _Git(
        done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"), done.returncode
    )


def _message(result: _Git, fallback: str) -> str:
    for text in (result.stderr, result.stdout):
        if gotext.trim_space(text):
            return gotext.trim_space(text)
    return fallback


def _git_output(environ: Mapping[str, str], directory: str, *args: str) -> str:
    """Zero's gitOutput: the trimmed stdout, or git's message as the error."""
    result = _git(environ, directory, *args)
    if result.code != 0:
        raise WorktreeError(_message(result, f"git exited with code {result.code}"))
    return gotext.trim_space(result.stdout)


def default_base_dir(environ: Mapping[str, str]) -> str:
    state_home = gotext.trim_space(environ.get("XDG_STATE_HOME", ""))
    if state_home:
        return os.path.join(state_home, "zero", "worktrees")
    home = gotext.trim_space(environ.get("HOME", "")) or str(Path.home())
    return os.path.join(home, ".local", "state", "zero", "worktrees")


def repo_key(repo_root: str) -> str:
    cleaned = os.path.normpath(repo_root)
    digest = hashlib.sha1(cleaned.encode(), usedforsecurity=False).hexdigest()[:10]
    base = re.sub(r"[^a-z0-9._-]+", "-", os.path.basename(cleaned).lower()).strip("-._")
    return f"{base or 'repo'}-{digest}"


def default_name(now: float | None = None) -> str:
    return "task-" + time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))


def _primary_root(environ: Mapping[str, str], repo_root: str) -> str:
    """The main worktree's path: the first entry of `git worktree list --porcelain`."""
    try:
        listing = _git_output(environ, repo_root, "worktree", "list", "--porcelain")
    except WorktreeError as error:
        raise WorktreeError(f"resolve repository root: {error}") from None
    for line in listing.splitlines():
        if line.startswith("worktree "):
            return line.removeprefix("worktree ")
    raise WorktreeError("resolve repository root: git worktree list returned no entries")


def _common_dir(environ: Mapping[str, str], directory: str) -> str:
    value = _git_output(environ, directory, "rev-parse", "--git-common-dir")
    if not os.path.isabs(value):
        value = os.path.join(directory, value)
    return os.path.realpath(value)


def _existing(target: str) -> bool:
    """Zero's inspectTarget: True to reuse a worktree, False to create one; errors otherwise."""
    if not os.path.lexists(target):
        return False
    if not os.path.isdir(target):
        raise WorktreeError(f"worktree path already exists and is not a directory: {target}")
    if os.path.exists(os.path.join(target, ".git")):
        return True
    if os.listdir(target):
        raise WorktreeError(f"worktree path already exists and is not empty: {target}")
    return False


def _lock(environ: Mapping[str, str], repo_root: str, target: str) -> bool:
    reason = f"{LEASE_PREFIX} (pid {os.getpid()})"
    result = _git(environ, repo_root, "worktree", "lock", "--reason", reason, target)
    if result.code == 0:
        return True
    message = _message(result, f"git worktree lock exited with code {result.code}")
    if "already locked" in message:
        return False
    raise WorktreeError(f"lock git worktree: {message}")


def _mark_owned(environ: Mapping[str, str], target: str) -> None:
    try:
        git_dir = _git_output(environ, target, "rev-parse", "--absolute-git-dir")
    except WorktreeError as error:
        raise WorktreeError(f"resolve worktree git dir: {error}") from None
    destination = os.path.join(git_dir, OWNER_MARKER)
    temporary = f"{destination}.tmp-{os.getpid()}"
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as stream:
            stream.write(OWNER_MARKER_CONTENT)
        os.replace(temporary, destination)
    except OSError as error:
        raise WorktreeError(f"write worktree ownership marker: {error.strerror or error}") from None


def _locked_elsewhere(target: str) -> WorktreeError:
    return WorktreeError(
        f"worktree {target} is locked by another active run; release it with `zero worktrees release "
        f"{target}` if that run is finished, or use a different --name"
    )


def prepare(cwd: Path, name: str, base_dir: str, environ: Mapping[str, str], schema_version: int) -> Worktree:
    """Create or reuse the run's worktree (Zero's worktrees.Prepare)."""
    name = gotext.trim_space(name) or default_name()
    if not NAME_PATTERN.match(name) or "/" in name or "\\" in name:
        raise WorktreeError(
            f"invalid worktree name {go_quote(name)}: use letters, numbers, dots, dashes, or underscores"
        )
    try:
        repo_root = os.path.normpath(_git_output(environ, str(cwd), "rev-parse", "--show-toplevel"))
    except WorktreeError as error:
        raise WorktreeError(f"not a git repository: {error}") from None
    leasing = schema_version >= 2
    keyed = _primary_root(environ, repo_root) if leasing else repo_root
    base = os.path.abspath(gotext.trim_space(base_dir) or default_base_dir(environ))
    repo_dir = os.path.join(base, "zero-worktree-" + repo_key(keyed))
    target = os.path.join(repo_dir, name)
    if _existing(target):
        try:
            same = _common_dir(environ, repo_root) == _common_dir(environ, target)
        except WorktreeError as error:
            raise WorktreeError(f"inspect existing worktree repository: {error}") from None
        if not same:
            raise WorktreeError(f"worktree path already exists for a different git repository: {target}")
        if not leasing:
            return Worktree(Path(target), repo_root, leased=False)
        if not _lock(environ, repo_root, target):
            raise _locked_elsewhere(target)
        os.utime(target)
        _mark_owned(environ, target)
        return Worktree(Path(target), repo_root, leased=True)
    try:
        os.makedirs(repo_dir, mode=0o700, exist_ok=True)
    except OSError as error:
        raise WorktreeError(f"create worktree directory: mkdir {repo_dir}: {error.strerror}") from None
    added = _git(environ, repo_root, "worktree", "add", "--detach", target, "HEAD")
    if added.code != 0:
        message = _message(added, f"git worktree add exited with code {added.code}")
        raise WorktreeError(f"create git worktree: {message}")
    if not leasing:
        return Worktree(Path(target), repo_root, leased=False)
    if not _lock(environ, repo_root, target):
        raise _locked_elsewhere(target)
    _mark_owned(environ, target)
    return Worktree(Path(target), repo_root, leased=True)


def release(worktree: Worktree, environ: Mapping[str, str]) -> str:
    """Unlock a worktree this run leased; "" or the error, which the run reports on stderr."""
    if not worktree.leased:
        return ""
    directory = str(worktree.path) if worktree.path.is_dir() else worktree.repo_root
    # After the run: no git configuration the model's commands could have written (tools/host_git.py).
    from .tools.host_git import host_git_environment
    from .tools.workspace import default_temp_roots

    roots = [str(worktree.path), *(os.path.realpath(root) for root in default_temp_roots(environ))]
    try:
        _git_output(host_git_environment(environ, roots), directory, "worktree", "unlock", str(worktree.path))
    except WorktreeError as error:
        return f"unlock git worktree: {error}"
    return ""
