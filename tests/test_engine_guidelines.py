"""zero-engine's guidelines sections (zero_engine.guidelines): the user's ZERO.md and the project's
AGENTS.md / ZERO.md / .zero/AGENTS.md, looked up, capped and labelled as Zero 0.8.0 does.

The unit tests pin the rules; the request test runs a workspace with every rule in play through
zero-engine and (with ZERO_REAL_BIN) the real Zero and compares the guidelines in the system
message each sent to the fake model: the same labels in the same order, the same contents.
"""

from __future__ import annotations

import re
from pathlib import Path

import test_client_extensions
from test_client_extensions import Target, _client
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s
from zero_engine.guidelines import (
    FILE_CAP_BYTES,
    TRUNCATION_MARKER,
    guideline_sections,
    project_guidelines,
    truncate,
    user_guidelines,
)

#: The engine / real-Zero fixture of the extension tests (the real one needs ZERO_REAL_BIN).
target = test_client_extensions.target

LABEL = re.compile(r"^## (User|Project) guidelines \((.+)\)$", re.MULTILINE)


def _repo(root: Path) -> Path:
    """A git repository (a .git directory with HEAD) with guidelines at three levels; returns the
    workspace, two levels below its root."""
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / "AGENTS.md").write_text("Root rules.\n")
    (root / "ZERO.md").write_text("Never read: AGENTS.md comes first.\n")
    pkg = root / "pkg"
    (pkg / ".Zero").mkdir(parents=True)
    (pkg / ".Zero" / "agents.MD").write_text("Package rules.\n")  # names match in any case
    ws = pkg / "sub"
    ws.mkdir()
    (ws / "zero.md").write_text("é" * FILE_CAP_BYTES)  # cut at 8 KiB on a character boundary
    return ws


def test_project_guidelines_walk_from_the_git_root_to_the_workspace(tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    text = project_guidelines(str(ws))
    labels = LABEL.findall(text)
    assert labels == [
        ("Project", "AGENTS.md"),
        ("Project", "pkg/.Zero/agents.MD"),
        ("Project", "pkg/sub/zero.md"),
    ]
    assert "Root rules." in text and "Package rules." in text and "Never read" not in text
    last = text.split("## Project guidelines (pkg/sub/zero.md)\n\n", 1)[1]
    assert last.endswith(TRUNCATION_MARKER) and len(last.encode()) <= FILE_CAP_BYTES


def test_outside_git_only_the_workspace_counts_and_labels_are_file_names(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("Parent: not read outside git.")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "ZERO.md").write_text("  Workspace rules.  \n")
    assert project_guidelines(str(ws)) == "## Project guidelines (ZERO.md)\n\nWorkspace rules."


def test_the_total_cap_and_the_user_file(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    directory = root
    for depth in range(5):  # five 8 KiB files: the fifth is past the 32 KiB total
        (directory / "AGENTS.md").write_text(str(depth) * (FILE_CAP_BYTES + 10))
        directory = directory / f"d{depth}"
        directory.mkdir()
    text = project_guidelines(str(directory))
    assert len(LABEL.findall(text)) == 4
    config = tmp_path / "config"
    (config / "zero").mkdir(parents=True)
    (config / "zero" / "Zero.md").write_text("Mine.\n")
    env = {"XDG_CONFIG_HOME": str(config)}
    assert user_guidelines(env).startswith("## User guidelines (Zero.md)\n\n")
    assert user_guidelines(env).endswith("\n\nMine.")
    assert user_guidelines({"XDG_CONFIG_HOME": "relative"}) == ""  # Zero's config dir fails: none
    sections = guideline_sections(str(directory), env)
    assert [LABEL.findall(part)[0][0] for part in sections] == ["User", "Project"]


def test_truncate_never_splits_a_character() -> None:
    assert truncate("abc", 3) == "abc"
    cut = truncate("é" * 100, 51)
    assert cut.endswith(TRUNCATION_MARKER) and len(cut.encode()) <= 51
    assert truncate("é" * 100, 5) == "éé"  # too small for the marker: a bare cut


def _sections(system: str) -> list[tuple[str, str, str]]:
    """(kind, label, the section's first content line) for each guidelines section."""
    found = []
    for match in LABEL.finditer(system):
        body = system[match.end() :].lstrip("\n")
        lines = [line for line in body.splitlines() if line.strip()]
        if match.group(1) == "User":
            lines = lines[1:]  # the note on precedence: our own words
        found.append((match.group(1), match.group(2), lines[0][:40]))
    return found


def test_the_request_carries_the_guidelines_as_zeros_does(target: Target, tmp_path: Path) -> None:
    ws = _repo(tmp_path / "repo")
    user_dir = Path(target.env["HOME"]) / ".config" / "zero"
    user_dir.mkdir(parents=True)
    (user_dir / "ZERO.md").write_text("Personal rules.\n")
    with FakeModelServer(s.Script([s.text("Ok.")])) as server:
        _client(target, server, ws).run("Hi")
    system = "\n".join(m["content"] for m in server.requests[0].body["messages"] if m["role"] == "system")
    assert _sections(system) == [
        ("User", "ZERO.md", "Personal rules."),
        ("Project", "AGENTS.md", "Root rules."),
        ("Project", "pkg/.Zero/agents.MD", "Package rules."),
        ("Project", "pkg/sub/zero.md", "é" * 40),
    ]
    cut = system.split("## Project guidelines (pkg/sub/zero.md)\n\n", 1)[1]
    assert cut.startswith("é" * (FILE_CAP_BYTES // 2 - 10)) and TRUNCATION_MARKER in cut
    assert "Never read" not in system


def test_a_symlinked_guidelines_file_is_read(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_text("Linked rules.")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "AGENTS.md").symlink_to(real)
    assert project_guidelines(str(ws)).endswith("Linked rules.")
