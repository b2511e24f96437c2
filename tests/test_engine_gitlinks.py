"""The nested-repository check after each sandboxed command (engine/zero_engine/tools/gitlinks.py),
on every index format git writes: versions 2, 3 and 4, a split index, and SHA-256 repositories.

These run git on the host only in the test's own temp directory, with no configuration of this
machine; nothing here starts the sandbox (tests/test_engine_escape_host.py does, end to end)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from zero_engine.tools.gitlinks import GitlinkGuard, drop_entries

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> str:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def _repository(root: Path, *init: str) -> Path:
    ws = root / "ws"
    ws.mkdir()
    _git(ws, "init", "-q", *init)
    for name in ("a.txt", "deep/b.txt", "deep/er/c.txt"):
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(name)
    _git(ws, "add", ".")
    _git(ws, "commit", "-qm", "init")
    return ws


def _nested(ws: Path, name: str, *init: str) -> None:
    """What the hostile command does: a nested repository, added to the index as a gitlink."""
    _git(ws, "init", "-q", *init, name)
    _git(ws / name, "commit", "-q", "--allow-empty", "-m", "n")
    _git(ws, "add", name)


FORMATS = {
    "v2": ((), ("--index-version", "2")),
    "v3": ((), ("--index-version", "3")),  # with an intent-to-add entry, which sets extended flags
    "v4": ((), ("--index-version", "4")),
    "split": ((), ("--split-index",)),
    "sha256": (("--object-format=sha256",), ()),
}


@pytest.mark.parametrize("name", list(FORMATS))
def test_a_gitlink_added_during_the_run_is_undone(tmp_path: Path, name: str) -> None:
    init, options = FORMATS[name]
    try:
        ws = _repository(tmp_path, *init)
    except subprocess.CalledProcessError as error:
        pytest.skip(f"this git cannot make a {name} repository: {error.stderr}")
    _git(ws, "update-index", *options, "--add", "a.txt")  # rewrites the index in the format
    if name == "v3":
        (ws / "later.txt").write_text("x")
        _git(ws, "add", "--intent-to-add", "later.txt")
    guard = GitlinkGuard.for_root(str(ws))
    assert guard is not None and guard.populated_at_start == {}
    _nested(ws, "deep/nested", *init)
    assert "deep/nested" in guard.gitlinks()
    undone = guard.check()
    assert undone == [str(ws / "deep" / "nested" / ".git")]
    listed = _git(ws, "ls-files", "-s")
    if name in ("v2", "v3", "sha256"):
        # The entry is gone, the nested repository stays, every other entry is intact.
        assert "160000" not in listed and (ws / "deep" / "nested" / ".git").is_dir()
        assert {"a.txt", "deep/b.txt", "deep/er/c.txt"} <= set(_git(ws, "ls-files").split())
        _git(ws, "status", "--porcelain")  # git reads the rewritten index
    else:
        # An index not rewritten here: the nested .git the run made is removed instead.
        assert not (ws / "deep" / "nested" / ".git").exists()
    assert guard.check() == []


def test_a_populated_submodule_of_the_start_is_left_alone(tmp_path: Path) -> None:
    ws = _repository(tmp_path)
    _nested(ws, "kept")
    _git(ws, "commit", "-qm", "submodule")
    head = _git(ws, "rev-parse", "HEAD").strip()
    _git(ws, "update-index", "--add", "--cacheinfo", f"160000,{head},vendored")
    guard = GitlinkGuard.for_root(str(ws))
    assert guard is not None and guard.populated_at_start == {"kept": True, "vendored": False}
    assert guard.check() == []
    # The run populates the one that was not checked out: its new .git goes, the entry stays.
    _git(ws, "init", "-q", "vendored")
    assert guard.check() == [str(ws / "vendored" / ".git")]
    assert not (ws / "vendored" / ".git").exists() and (ws / "kept" / ".git").is_dir()
    assert "vendored" in _git(ws, "ls-files", "-s")


def test_nothing_outside_the_root_is_removed(tmp_path: Path) -> None:
    """A hand-written index may name `../x` or a path through a symbolic link out of the root."""
    ws = _repository(tmp_path)
    outside = tmp_path / "outside"
    (outside / ".git").mkdir(parents=True)
    (ws / "link").symlink_to(outside)
    head = _git(ws, "rev-parse", "HEAD").strip()
    guard = GitlinkGuard.for_root(str(ws))
    assert guard is not None
    _git(ws, "update-index", "--add", "--cacheinfo", f"160000,{head},link")
    guard.check()
    assert (outside / ".git").is_dir()
    assert not guard._inside("../outside") and not guard._inside("link") and guard._inside("deep/er")


def test_an_unreadable_index_is_not_rewritten(tmp_path: Path) -> None:
    ws = _repository(tmp_path)
    (ws / ".git" / "index").write_bytes(b"DIRC\x00\x00\x00\x09garbage")
    assert drop_entries(str(ws / ".git"), {"a.txt"}) is False
    assert (ws / ".git" / "index").read_bytes() == b"DIRC\x00\x00\x00\x09garbage"
