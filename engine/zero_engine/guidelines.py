"""The guidelines files Zero puts into the system prompt: the user's ZERO.md and the project's
AGENTS.md / ZERO.md / .zero/AGENTS.md.

As Zero 0.8.0 reads them (internal/agent/system_prompt.go):
- **User guidelines**: `<user config dir>/zero/ZERO.md` ($XDG_CONFIG_HOME, else ~/.config), the
  first regular file of that directory whose name is `ZERO.md` in any case; trimmed, capped at
  8 KiB; labelled `## User guidelines (<its file name>)` with a note that project guidelines take
  precedence. It comes first.
- **Project guidelines**: each directory from the git root (the nearest ancestor of the workspace
  with a `.git` directory holding HEAD, or a `.git` file starting `gitdir: `) down to the
  workspace, or the workspace alone outside git; in each, the first of `AGENTS.md`, `ZERO.md`,
  `.zero/AGENTS.md` (names matched in any case), trimmed; general to specific. Each file is capped
  at 8 KiB and all of them at 32 KiB together; each labelled `## Project guidelines (<path from
  the git root>)` (the file name outside git).
- A cut file ends with "\n… (truncated)", the cut never splitting a UTF-8 character.

The labels and the content are Zero's; the note's wording is the engine's own.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping

from zero_engine.config import ConfigError, user_config_dir

PROJECT_FILES = ("AGENTS.md", "ZERO.md", os.path.join(".zero", "AGENTS.md"))
USER_FILE = "ZERO.md"
FILE_CAP_BYTES = 8 << 10
TOTAL_CAP_BYTES = 32 << 10
TRUNCATION_MARKER = "\n… (truncated)"
USER_NOTE = (
    "The operator's own preferences, for every project. Where they disagree with the project "
    "guidelines that follow (AGENTS.md/ZERO.md), follow the project guidelines."
)


def guideline_sections(workspace: str, env: Mapping[str, str]) -> list[str]:
    """The prompt sections: the user guidelines (if any), then the project guidelines (if any)."""
    sections = []
    user = user_guidelines(env)
    if user:
        sections.append(user)
    project = project_guidelines(workspace)
    if project:
        sections.append(project)
    return sections


def user_guidelines(env: Mapping[str, str]) -> str:
    try:
        config_dir = user_config_dir(env).strip()
    except ConfigError:
        return ""
    if not config_dir:
        return ""
    match = _find_file(os.path.join(config_dir, "zero"), USER_FILE)
    content = _read_trimmed(match) if match is not None else ""
    if match is None or not content:
        return ""
    content = truncate(content, FILE_CAP_BYTES)
    return f"## User guidelines ({os.path.basename(match)})\n\n{USER_NOTE}\n\n{content}"


def project_guidelines(workspace: str) -> str:
    git_root = find_git_root(workspace)
    parts: list[str] = []
    used = 0
    for directory in _directory_chain(workspace, git_root):
        if used >= TOTAL_CAP_BYTES:
            break
        match = _project_file(directory)
        content = _read_trimmed(match) if match is not None else ""
        if match is None or not content:
            continue
        content = truncate(content, min(FILE_CAP_BYTES, TOTAL_CAP_BYTES - used))
        label = os.path.relpath(match, git_root) if git_root else os.path.basename(match)
        parts.append(f"## Project guidelines ({label})\n\n{content}")
        used += len(content.encode())
    return "\n\n".join(parts)


def truncate(content: str, limit: int) -> str:
    """At most `limit` bytes, cut on a character boundary, marked when cut."""
    data = content.encode()
    if len(data) <= limit:
        return content
    if limit <= 0:
        return ""
    marker = TRUNCATION_MARKER.encode()
    cut = max(0, limit - len(marker))
    kept = data[:cut].decode("utf-8", errors="ignore")
    if len(kept.encode()) + len(marker) <= limit:
        return kept + TRUNCATION_MARKER
    return data[:limit].decode("utf-8", errors="ignore")


def find_git_root(workspace: str) -> str:
    current = workspace
    while True:
        if _has_git_metadata(current):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return ""
        current = parent


def _has_git_metadata(directory: str) -> bool:
    path = os.path.join(directory, ".git")
    if os.path.isdir(path):
        return os.path.exists(os.path.join(path, "HEAD"))
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read().strip().startswith("gitdir: ")
    except OSError:
        return False


def _directory_chain(workspace: str, git_root: str) -> list[str]:
    """From the git root down to the workspace (the workspace alone outside git)."""
    if not git_root:
        return [workspace]
    relative = os.path.relpath(workspace, git_root)
    if relative == ".":
        return [git_root]
    chain, current = [git_root], git_root
    for segment in relative.split(os.sep):
        if segment and segment != ".":
            current = os.path.join(current, segment)
            chain.append(current)
    return chain


def _project_file(directory: str) -> str | None:
    for name in PROJECT_FILES:
        parent = directory
        for segment in os.path.dirname(name).split(os.sep) if os.path.dirname(name) else ():
            found = _find_entry(parent, segment, want_dir=True)
            if found is None:
                parent = ""
                break
            parent = found
        if parent:
            match = _find_file(parent, os.path.basename(name))
            if match:
                return match
    return None


def _find_file(directory: str, name: str) -> str | None:
    return _find_entry(directory, name, want_dir=False)


def _find_entry(directory: str, name: str, *, want_dir: bool) -> str | None:
    """The first entry (by name, as Go's os.ReadDir sorts) matching `name` in any case."""
    try:
        entries = sorted(os.listdir(directory))
    except OSError:
        return None
    for entry in entries:
        path = os.path.join(directory, entry)
        # As Go's DirEntry.IsDir: the entry itself (a symlink is not a directory).
        if entry.lower() == name.lower() and stat.S_ISDIR(os.lstat(path).st_mode) == want_dir:
            return path
    return None


def _read_trimmed(path: str) -> str:
    try:
        with open(path, "rb") as file:
            return file.read().decode("utf-8", errors="replace").strip()
    except OSError:
        return ""
