"""The git the engine itself runs on the host after a model's commands (the end-of-run scratch-file
check, a task worktree's unlock): it must run none of their code and write nowhere for them.

A command can write anything in a write root. The sandbox keeps the workspace's `.git` (config,
hooks, commondir, info, modules, worktrees) out of its reach, but a host git also reads:

- the global configuration (`$XDG_CONFIG_HOME/git/config`, `~/.gitconfig`) and the system one:
  when any of them, or the configuration directory, lies in a write root (the engine's TMPDIR, a
  workspace that is the home directory), the command could have written a `clean` filter,
  `core.fsmonitor`, `trace2` targets or `core.pager` there. Such a file is then not read
  (`GIT_CONFIG_GLOBAL=/dev/null`, `GIT_CONFIG_NOSYSTEM=1`); a configuration out of every root
  stays, as it is the user's own and only changes which files count as untracked;
- the global attributes file (`core.attributesFile`, `$XDG_CONFIG_HOME/git/attributes`), which
  names the filter a file goes through: `/dev/null` (the untracked list does not depend on it);
- `core.fsmonitor` (off) and the hooks an index write triggers (`--no-optional-locks`: no write);
- a `git` executable planted in a PATH entry that is relative or lies in a write root: skipped.

Nested repositories a command adds to the index are the sandbox's to keep out (process_sandbox,
`GitlinkGuard`); this git also ignores submodules.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping, Sequence

from .workspace import within_root

# Options of every host git the engine runs after a command may have run.
HARDENED_OPTIONS = (
    "--no-optional-locks",
    "-c",
    "core.fsmonitor=false",
    "-c",
    f"core.attributesFile={os.devnull}",
)


def _in_roots(path: str, roots: Sequence[str]) -> bool:
    if not path or not os.path.isabs(path):
        return False
    candidates = {os.path.normpath(path), os.path.realpath(path)}
    return any(within_root(root, candidate) for root in roots for candidate in candidates)


def host_git_environment(environ: Mapping[str, str], write_roots: Sequence[str]) -> dict[str, str]:
    """`environ` for a host git, without any configuration file a command could have written."""
    env = dict(environ)
    home = env.get("HOME", "").strip()
    config_dir = env.get("XDG_CONFIG_HOME", "").strip() or (os.path.join(home, ".config") if home else "")
    global_files = [env.get("GIT_CONFIG_GLOBAL", "").strip()] if env.get("GIT_CONFIG_GLOBAL") else []
    if not global_files:
        global_files = [os.path.join(config_dir, "git", "config") if config_dir else ""]
        global_files.append(os.path.join(home, ".gitconfig") if home else "")
    if any(_in_roots(path, write_roots) for path in [config_dir, *global_files]):
        env["GIT_CONFIG_GLOBAL"] = os.devnull
    if _in_roots(env.get("GIT_CONFIG_SYSTEM", "").strip() or "/etc/gitconfig", write_roots):
        env["GIT_CONFIG_NOSYSTEM"] = "1"
    return env


def host_git_executable(environ: Mapping[str, str], write_roots: Sequence[str]) -> str | None:
    """The `git` on PATH, skipping relative entries and entries in a write root."""
    entries = environ.get("PATH", "").split(os.pathsep)
    safe = [entry for entry in entries if os.path.isabs(entry) and not _in_roots(entry, write_roots)]
    return shutil.which("git", path=os.pathsep.join(safe)) if safe else None
