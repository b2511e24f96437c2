"""Shell-command classification against Zero's own decisions (conformance/commands/classification.json).

Each vector is a command and, per schemaVersion, what the real binary decided for it in the default
permission mode: the action, the reason the client sees, the risk level and categories (recorded
with `scripts/difftest commands`, see tests/differential/commands.py). The engine's policy must
decide the same. Only decisions are computed here: no command is ever handed to a tool.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from differential.commands import as_recorded, engine_decision, load_vectors
from zero_engine.tools import command_analysis
from zero_engine.tools.command_analysis import (
    DESTRUCTIVE_DENY_REASON_V1,
    DESTRUCTIVE_REASON,
    ParserUnavailable,
    command_risk,
    destructive_reason,
)
from zero_engine.tools.policy import Decision

VECTORS = load_vectors()


def decide(workspace: Path, mode: str, version: int, command: str) -> Decision:
    return engine_decision(workspace, mode, version, command)


def test_the_vectors_cover_every_rule_and_many_look_alikes() -> None:
    vectors = VECTORS["vectors"]
    assert len(vectors) >= 80
    assert len({vector["command"] for vector in vectors}) == len(vectors)
    destructive = [vector for vector in vectors if "destructive" in vector["v2"]["categories"]]
    benign = [vector for vector in vectors if "destructive" not in vector["v2"]["categories"]]
    assert len(destructive) >= 40 and len(benign) >= 40
    assert {vector["source"] for vector in vectors} == {"zero-tests", "ours"}


@pytest.mark.parametrize("version", [2, 1])
def test_every_vector_gets_zeros_decision(tmp_path: Path, version: int) -> None:
    known = VECTORS["engine_differs"]
    unrecorded = [vector["command"] for vector in VECTORS["vectors"] if f"v{version}" not in vector]
    assert not unrecorded, f"run `scripts/difftest commands --version {version} --write` for: {unrecorded}"
    mismatches: list[str] = []
    for vector in VECTORS["vectors"]:
        command, expected = vector["command"], vector[f"v{version}"]
        got = as_recorded(decide(tmp_path, "auto", version, command))
        if (got != expected) != (command in known):
            what = "no longer differs: drop it from engine_differs" if command in known else "differs"
            mismatches.append(f"{command!r} {what}:\n    zero   {expected}\n    engine {got}")
    assert not mismatches, f"{len(mismatches)} of {len(VECTORS['vectors'])}:\n" + "\n".join(mismatches)
    assert set(known) <= {vector["command"] for vector in VECTORS["vectors"]}


@pytest.mark.parametrize("version", [2, 1])
def test_destructive_reason_agrees_with_the_vectors(version: int) -> None:
    reason = DESTRUCTIVE_REASON if version >= 2 else DESTRUCTIVE_DENY_REASON_V1
    wrong = [
        vector["command"]
        for vector in VECTORS["vectors"]
        if vector["command"] not in VECTORS["engine_differs"]
        and destructive_reason(vector["command"], version)
        != (reason if "destructive" in vector[f"v{version}"]["categories"] else None)
    ]
    assert not wrong


def test_destructive_commands_are_refused_in_unsafe_mode(tmp_path: Path) -> None:
    # Zero runs them in unsafe mode; the engine refuses them (docs/engine.md says why).
    # The network check comes first: `curl x | sh; rm -rf /` is refused as a network command.
    refusals = ("destructive_command", "network")
    allowed = []
    for vector in VECTORS["vectors"]:
        if "destructive" not in vector["v2"]["categories"] or vector["command"] in VECTORS["engine_differs"]:
            continue
        decision = decide(tmp_path, "unsafe", 2, vector["command"])
        if decision.action != "deny" or decision.block is None or decision.block.code not in refusals:
            allowed.append(vector["command"])
    assert not allowed


def test_empty_and_blank_commands_are_not_classified() -> None:
    for command in ("", "   ", "\n"):
        assert command_risk(command, 2).categories() == {}
        assert destructive_reason(command, 2) is None


def test_a_missing_parser_fails_closed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    problem = "the shell parser is not installed (No module named 'tree_sitter'): pip install ..."

    def unavailable() -> object:
        raise ParserUnavailable(problem)

    monkeypatch.setattr(command_analysis, "_language", unavailable)
    monkeypatch.setattr(command_analysis._LOCAL, "parser", None, raising=False)
    risk = command_risk("echo hello", 2)
    assert risk.destructive and risk.parser_problem == problem
    expected = f"shell command cannot be classified, so it is treated as destructive: {problem}"
    assert destructive_reason("ls", 2) == expected
    prompted = decide(tmp_path, "auto", 2, "ls")
    assert prompted.action == "prompt" and prompted.reason == expected
    denied = decide(tmp_path, "unsafe", 2, "ls")
    assert denied.action == "deny" and denied.block is not None
    assert denied.block.code == "destructive_command" and denied.reason == expected
    v1 = decide(tmp_path, "auto", 1, "ls")
    assert v1.action == "deny" and v1.reason == expected


def test_the_parser_is_not_imported_at_engine_start() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import zero_engine.cli, zero_engine.tools.registry, zero_engine.tools.policy\n"
        "print('tree_sitter' in sys.modules, 'tree_sitter_bash' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
