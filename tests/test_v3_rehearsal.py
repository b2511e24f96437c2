"""Rehearse the next schemaVersion bump (docs/schema-bumps.md) on a throwaway v3.

In a temporary copy of the repository (schema/, generator/, templates/, clients/, conformance/
and pyproject.toml; node_modules symlinked), write schema/v3.json = v2 with `tool_result.changedFiles`
renamed to `changedPaths` and a new `subagent_start` output event, then follow the procedure:
`zero-sdk schema diff 2 3`, review (here: assert) the report, generate, and build what was
generated. All commands run the *copy's* code (PYTHONPATH points at it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
COPIED = ("schema", "generator", "templates", "clients", "conformance")
IGNORED = shutil.ignore_patterns("node_modules", "__pycache__", ".mypy_cache", "*.egg-info", "dist")
V3_EVENT = "subagent_start"


def make_v3(v2: dict[str, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(v2))
    doc["x-zero-schema-version"] = 3
    doc["$id"] = "https://zero-sdk.dev/schema/v3.json"
    defs = doc["$defs"]
    for definition in defs.values():
        version = definition.get("properties", {}).get("schemaVersion")
        if version is not None:
            version["const"] = 3
            version["description"] = version["description"].replace("2", "3")
    # Rename one field (same type, same description: a rename, not a removal plus an addition).
    result = defs["ToolResultEvent"]["properties"]
    result["changedPaths"] = result.pop("changedFiles")
    # Add one output event type.
    defs["SubagentStartEvent"] = {
        "type": "object",
        "title": "Subagent start",
        "description": "A subagent started (rehearsal event).",
        "properties": {
            "schemaVersion": defs["TextEvent"]["properties"]["schemaVersion"],
            "type": {"const": V3_EVENT, "description": f"Event type; always `{V3_EVENT}`."},
            "runId": defs["TextEvent"]["properties"]["runId"],
            "agentId": {"type": "string", "description": "Identifier of the subagent."},
        },
        "required": ["schemaVersion", "type", "runId"],
        "additionalProperties": False,
    }
    defs["OutputEvent"]["oneOf"].append({"$ref": "#/$defs/SubagentStartEvent"})
    defs["OutputEvent"]["discriminator"]["mapping"][V3_EVENT] = "#/$defs/SubagentStartEvent"
    return doc


class Rehearsal:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                str(root / part) for part in ("generator", "clients/python", "engine")
            ),
        }

    def python(self, code: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if check and proc.returncode != 0:
            raise AssertionError(f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
        return proc

    def zero_sdk(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        code = "import sys; from zero_sdk.cli import main; main(sys.argv[1:])"
        return self.python(code, *args, check=check)


@pytest.fixture(scope="module")
def rehearsal(tmp_path_factory: pytest.TempPathFactory) -> Rehearsal:
    root = tmp_path_factory.mktemp("v3-rehearsal")
    for name in COPIED:
        shutil.copytree(REPO / name, root / name, ignore=IGNORED, symlinks=True)
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    modules = REPO / "clients" / "typescript" / "node_modules"
    if modules.is_dir():
        (root / "clients" / "typescript" / "node_modules").symlink_to(modules, target_is_directory=True)
    v2 = json.loads((root / "schema" / "v2.json").read_text(encoding="utf-8"))
    (root / "schema" / "v3.json").write_text(json.dumps(make_v3(v2), indent=2) + "\n", encoding="utf-8")
    rehearsal = Rehearsal(root)
    where = rehearsal.python(
        "import zero_sdk, zero_client; print(zero_sdk.__file__); print(zero_client.__file__)"
    )
    assert all(line.startswith(str(root)) for line in where.stdout.splitlines()), where.stdout
    return rehearsal


def emitters(rehearsal: Rehearsal) -> list[str]:
    out = rehearsal.python("from zero_sdk.emitters import EMITTERS; print(' '.join(sorted(EMITTERS)))")
    return out.stdout.split()


def generate_v3(rehearsal: Rehearsal, langs: list[str]) -> list[str]:
    """Write the v3 bindings of `langs` through the generator API; returns the written paths."""
    code = (
        "import sys; from pathlib import Path; from zero_sdk.generate_cmd import generate_files\n"
        "root = Path.cwd()\n"
        "for f in generate_files(root, sys.argv[1:], [3]):\n"
        "    (root / f.path).parent.mkdir(parents=True, exist_ok=True)\n"
        "    (root / f.path).write_text(f.text, encoding='utf-8'); print(f.path)\n"
    )
    return rehearsal.python(code, *langs).stdout.split()


def test_diff_report_classifies_the_v3_changes(rehearsal: Rehearsal) -> None:
    proc = rehearsal.zero_sdk("schema", "diff", "2", "3", "--format", "json")
    report = json.loads(proc.stdout)
    got = sorted(
        (c["level"], c["kind"], c["direction"], c["path"], tuple(c["events"])) for c in report["changes"]
    )
    v2 = json.loads((rehearsal.root / "schema/v2.json").read_text(encoding="utf-8"))
    output_types = list(v2["$defs"]["OutputEvent"]["discriminator"]["mapping"])
    assert got == sorted(
        [
            ("wire-breaking", "schema-version-changed", "output", "schemaVersion", tuple(output_types)),
            (
                "breaks-input-writers",
                "schema-version-changed",
                "input",
                "schemaVersion",
                ("prompt", "message"),
            ),
            ("wire-breaking", "field-renamed", "output", "changedPaths", ("tool_result",)),
            ("breaks-closed-clients", "event-added", "output", "", (V3_EVENT,)),
        ]
    )
    text = rehearsal.zero_sdk("schema", "diff", "2", "3").stdout
    assert "field `changedFiles` renamed to `changedPaths`" in text
    gate = rehearsal.zero_sdk("schema", "diff", "2", "3", "--fail-on", "wire-breaking", check=False)
    assert gate.returncode == 1


def test_generation_succeeds_for_every_language(rehearsal: Rehearsal) -> None:
    """The emitters handle v3 (called through the generator API with version 3)."""
    langs = emitters(rehearsal)
    assert "python" in langs
    written = generate_v3(rehearsal, langs)
    assert "clients/python/zero_client/protocol/v3.py" in written
    assert all("v3" in path for path in written), written
    for lang in ("typescript", "go"):
        if lang in langs:
            assert any(f"clients/{lang}/" in path for path in written), (lang, written)
    # The generated Python module imports and decodes a v3 line of the new event type.
    check = (
        "import msgspec\n"
        "from zero_client.protocol import v3\n"
        'line = b\'{"agentId":"a1","runId":"run_1","schemaVersion":3,"type":"subagent_start"}\'\n'
        "event = msgspec.json.decode(line, type=v3.OutputEvent)\n"
        "assert type(event).__name__ == 'SubagentStartEvent', event\n"
        'r = msgspec.json.decode(b\'{"changedPaths":["a"],"runId":"run_1","schemaVersion":3,'
        '"status":"ok","truncated":false,"type":"tool_result"}\', type=v3.OutputEvent)\n'
        "assert r.changed_paths == ['a'], r\n"
    )
    rehearsal.python(check)
    if "typescript" in langs:
        tsc = rehearsal.root / "clients" / "typescript" / "node_modules" / ".bin" / "tsc"
        if not tsc.exists():
            pytest.skip("clients/typescript/node_modules has no tsc (run npm ci)")
        proc = subprocess.run(
            [str(tsc), "-p", "tsconfig.json", "--noEmit"],
            cwd=rehearsal.root / "clients/typescript",
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    if "go" in langs:
        go = shutil.which("go")
        if go is None:
            pytest.skip("go is not on PATH")
        for args in (["build", "./..."], ["vet", "./..."]):
            proc = subprocess.run(
                [go, *args],
                cwd=rehearsal.root / "clients/go",
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
                env={**os.environ, "GOFLAGS": "-mod=mod"},
            )
            assert proc.returncode == 0, f"go {' '.join(args)}:\n{proc.stdout}{proc.stderr}"


def test_plain_zero_sdk_generate_picks_up_v3(rehearsal: Rehearsal) -> None:
    target = rehearsal.root / "clients/python/zero_client/protocol/_generated_v3.py"
    target.unlink(missing_ok=True)  # another test may have generated it through the API
    rehearsal.zero_sdk("generate", "--lang", "python")
    assert target.is_file()


def test_decode_output_reads_v3_after_generation(rehearsal: Rehearsal) -> None:
    generate_v3(rehearsal, ["python"])
    rehearsal.python(
        "from zero_client.protocol import decode_output\n"
        'line = b\'{"runId":"run_1","schemaVersion":3,"type":"subagent_start"}\'\n'
        "e = decode_output(line, mode='strict')\n"
        "assert type(e).__name__ == 'SubagentStartEvent'\n"
    )
