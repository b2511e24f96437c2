"""--worktree: git worktrees prepared and released as Zero does, with real git in a temp repository."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from zero_engine.worktrees import (
    LEASE_PREFIX,
    OWNER_MARKER,
    WorktreeError,
    default_base_dir,
    prepare,
    release,
    repo_key,
)


def git_env(tmp_path: Path) -> dict[str, str]:
    """Only what git needs, everything inside the test's directory."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "TMPDIR": str(tmp_path),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }


def git(env: dict[str, str], cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "My Repo"
    (path / "src").mkdir(parents=True)
    (path / "a.txt").write_text("hello\n")
    env = git_env(tmp_path)
    git(env, path, "init", "-q", "-b", "main")
    git(env, path, "add", "-A")
    git(env, path, "commit", "-q", "-m", "init")
    return path


def lock_reason(env: dict[str, str], repo: Path, target: Path) -> str | None:
    """The lock reason git lists for `target` (None: not locked)."""
    entry = None
    for line in git(env, repo, "worktree", "list", "--porcelain").splitlines():
        if line.startswith("worktree "):
            entry = line.removeprefix("worktree ")
        elif entry == str(target) and line.startswith("locked"):
            return line.removeprefix("locked").strip()
    return None


def test_a_new_worktree_is_created_leased_and_released(repo: Path, tmp_path: Path) -> None:
    env = git_env(tmp_path)
    worktree = prepare(repo / "src", "wt1", "", env, 2)
    expected = Path(default_base_dir(env)) / f"zero-worktree-{repo_key(str(repo))}" / "wt1"
    assert worktree.path == expected and worktree.leased
    assert repo_key(str(repo)).startswith("my-repo-") and len(repo_key(str(repo))) == len("my-repo-") + 10
    assert (worktree.path / "a.txt").read_text() == "hello\n"
    assert lock_reason(env, repo, worktree.path) == f"{LEASE_PREFIX} (pid {os.getpid()})"
    git_dir = git(env, worktree.path, "rev-parse", "--absolute-git-dir").strip()
    assert (Path(git_dir) / OWNER_MARKER).read_text().startswith("zero: this worktree was created")
    assert release(worktree, env) == ""
    assert lock_reason(env, repo, worktree.path) is None
    # the same name again: the worktree is reused and leased anew
    again = prepare(repo, "wt1", "", env, 2)
    assert again.path == worktree.path and lock_reason(env, repo, again.path) is not None
    # while this run holds it, another run is refused
    with pytest.raises(WorktreeError, match=r"is locked by another active run"):
        prepare(repo, "wt1", "", env, 2)
    assert release(again, env) == ""


def test_v1_neither_locks_nor_marks(repo: Path, tmp_path: Path) -> None:
    env = git_env(tmp_path)
    worktree = prepare(repo, "old", str(tmp_path / "wts"), env, 1)
    assert worktree.path.parent.parent == tmp_path / "wts" and not worktree.leased
    assert lock_reason(env, repo, worktree.path) is None
    assert release(worktree, env) == ""


def test_errors_in_zero_s_words(repo: Path, tmp_path: Path) -> None:
    env = git_env(tmp_path)
    outside = tmp_path / "plain"
    outside.mkdir()
    with pytest.raises(WorktreeError) as not_git:
        prepare(outside, "x", "", {**env, "GIT_CEILING_DIRECTORIES": str(tmp_path)}, 2)
    assert str(not_git.value).startswith("not a git repository: fatal: not a git repository")
    with pytest.raises(WorktreeError) as bad_name:
        prepare(repo, "-dash", "", env, 2)
    assert str(bad_name.value) == (
        'invalid worktree name "-dash": use letters, numbers, dots, dashes, or underscores'
    )
    busy = Path(default_base_dir(env)) / f"zero-worktree-{repo_key(str(repo))}" / "busy"
    busy.mkdir(parents=True)
    (busy / "stray.txt").write_text("x")
    with pytest.raises(WorktreeError) as not_empty:
        prepare(repo, "busy", "", env, 2)
    assert str(not_empty.value) == f"worktree path already exists and is not empty: {busy}"
