"""Rehearse the next schemaVersion bump end to end, exactly as docs/schema-bumps.md says.

In a copy of the repository (tests/repo_copy.py), write schema/v3.json = v2 with
- `tool_result.changedFiles` renamed to `changedPaths`, a field only the batch runner reads,
- `usage.promptTokens` renamed to `inputTokens`, a field the three client cores read (each with
  the `x-zero-upgrade` step saying so),
- a new output event `subagent_start`,
- a new `run_end` status `budget_exceeded` (with its exit code),
- a new optional field `text.channel`,
run `zero-sdk generate`, then check that
- the type checkers (mypy, tsc, go vet) on the client cores name exactly the lines that read the
  renamed fields, and nothing else; before those lines are fixed the Python client fails at
  runtime on a v3 usage event; after fixing exactly those lines (docs/schema-bumps.md step 4) the
  checkers are clean;
- `zero-sdk schema diff 2 3` classifies the changes, and `generate --check` is clean;
- a client drives a fake v3 binary (FAKE_ZERO: it checks that every input line carries
  schemaVersion 3 and replays a v3 transcript) and gets typed events, no UnknownEvent, and a
  correct run result (Python here; TypeScript and Go below);
- a user program written against the version-neutral types before the bump still type-checks
  and handles the new event, while one that uses the renamed field fails to type-check at exactly
  that field;
- the copy's own tests (a fast, relevant subset) pass.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from repo_copy import REPO, RepoCopy, copy_repo

#: The bump this file rehearses. Once schema/ ends at another version it refuses to run (a real
#: v3 would be overwritten in the copy): docs/schema-bumps.md, "Retargeting the rehearsal".
REHEARSED_FROM, REHEARSED_TO = 2, 3


def retarget_problem(schema_dir: Path) -> str | None:
    """Why this rehearsal cannot run against `schema_dir` (None: it can)."""
    versions = sorted(int(p.stem[1:]) for p in schema_dir.glob("v*.json") if p.stem[1:].isdigit())
    if versions and versions[-1] == REHEARSED_FROM:
        return None
    latest = f"v{versions[-1]}" if versions else "no version"
    return (
        f"tests/test_v3_rehearsal.py rehearses the bump from schemaVersion {REHEARSED_FROM} to "
        f"{REHEARSED_TO}, but schema/ ends at {latest}: retarget it to rehearse the next bump "
        "(docs/schema-bumps.md, 'Retargeting the rehearsal')"
    )


_PROBLEM = retarget_problem(REPO / "schema")
if _PROBLEM is not None:
    pytest.fail(_PROBLEM, pytrace=False)

NEW_EVENT = "subagent_start"
#: The renamed field the client cores read: its wire name, and the name in each language.
USAGE_OLD, USAGE_NEW = "promptTokens", "inputTokens"
RENAMED = {
    "python": ("prompt_tokens", "input_tokens"),
    "typescript": (USAGE_OLD, USAGE_NEW),
    "go": ("PromptTokens", "InputTokens"),
}
#: The other renamed field, where hand-written code reads it (the Python batch runner).
RENAMED_ELSEWHERE = {"python": [("changed_files", "changed_paths")]}
NEW_STATUS = "budget_exceeded"
TRANSCRIPT = REPO / "tests" / "transcripts" / "valid" / "v2-normal-run.jsonl"

FAKE_ZERO = '''\
"""A fake Zero speaking schemaVersion 3: `--list-tools` answers the version probe; a run checks
that every stdin line is a v3 input event, then replays the transcript named by argv[1]."""
import json
import os
import sys

RUN = "run_20260901120000_a1b2c3"


def emit(**event):
    sys.stdout.write(json.dumps({"runId": RUN, "schemaVersion": 3, **event}) + "\\n")


if "--list-tools" in sys.argv:
    emit(type="run_start", cwd="/", model="fake", provider="fake", apiModel="fake", sessionId="s1")
    emit(type="run_end", status="success", exitCode=0)
    sys.exit(0)
for number, line in enumerate(sys.stdin, 1):
    event = json.loads(line)
    if event.get("schemaVersion") != 3 or event.get("type") not in ("prompt", "message"):
        emit(type="error", code="usage_error", recoverable=False,
             message=f"stdin line {number}: schemaVersion must be 3, got {event.get('schemaVersion')!r}")
        emit(type="run_end", status="error", exitCode=2)
        sys.exit(2)
with open(sys.argv[1], encoding="utf-8") as transcript:
    sys.stdout.write(transcript.read())
'''

# A user program written against the neutral types BEFORE the bump (it type-checks on this
# checkout too). It never names the new event, yet handles it (the last `return`).
USER_PROGRAM = """\
import sys

from zero_client import ZeroClient
from zero_client.events import Event


def describe(event: Event) -> str:
    if event.type == "text":
        return f"text {event.delta}"
    if event.type == "tool_result":
        return f"tool_result {event.id} {event.status}"
    if event.type == "unknown":
        return f"UNKNOWN {event.wire_type}"
    return event.type


with ZeroClient(sys.argv[1:]).stream("hi") as run:
    for event in run:
        print(describe(event))
assert run.result is not None
print("result", run.result.status, run.result.exit_code, run.result.final)
"""
RENAMED_FIELD_LINE = '        return f"tool_result {event.id} {event.changed_files}"'
USER_PROGRAM_WITH_RENAMED_FIELD = USER_PROGRAM.replace(
    '        return f"tool_result {event.id} {event.status}"', RENAMED_FIELD_LINE
)


def make_v3(v2: dict[str, Any]) -> dict[str, Any]:
    """schema/v3.json as a schema author would write it from v2 (docs/schema-bumps.md step 1)."""
    doc: dict[str, Any] = json.loads(json.dumps(v2))
    doc["x-zero-schema-version"] = 3
    doc["$id"] = doc["$id"].replace("v2", "v3")
    doc["title"] = doc["title"].replace("2", "3")
    defs = doc["$defs"]
    for definition in defs.values():
        version = definition.get("properties", {}).get("schemaVersion")
        if version is not None:
            version["const"] = 3
            version["description"] = version["description"].replace("2", "3")
    # 1. Rename a field (same type, same description), with the upgrade step that says so.
    result = defs["ToolResultEvent"]["properties"]
    result["changedPaths"] = result.pop("changedFiles")
    # ... and one the client cores read (they sum it into RunResult.usage).
    usage = defs["UsageEvent"]
    usage["properties"] = {
        (USAGE_NEW if name == USAGE_OLD else name): value for name, value in usage["properties"].items()
    }
    usage["required"] = [USAGE_NEW if name == USAGE_OLD else name for name in usage["required"]]
    doc["x-zero-upgrade"] = {
        "from": 2,
        "steps": [
            {"op": "rename", "events": ["tool_result"], "from": "changedFiles", "to": "changedPaths"},
            {"op": "rename", "events": ["usage"], "from": USAGE_OLD, "to": USAGE_NEW},
        ],
    }
    # 2. Add an output event type.
    defs["SubagentStartEvent"] = {
        "type": "object",
        "title": "Subagent start",
        "description": "A subagent started (rehearsal event).",
        "properties": {
            "schemaVersion": defs["TextEvent"]["properties"]["schemaVersion"],
            "type": {"const": NEW_EVENT, "description": f"Event type; always `{NEW_EVENT}`."},
            "runId": defs["TextEvent"]["properties"]["runId"],
            "agentId": {"type": "string", "description": "Identifier of the subagent."},
        },
        "required": ["schemaVersion", "type", "runId"],
        "additionalProperties": False,
    }
    defs["OutputEvent"]["oneOf"].append({"$ref": "#/$defs/SubagentStartEvent"})
    defs["OutputEvent"]["discriminator"]["mapping"][NEW_EVENT] = "#/$defs/SubagentStartEvent"
    # 3. Add an enum value (with the exit code it goes with).
    status = defs["RunEndEvent"]["properties"]["status"]
    status["enum"].append(NEW_STATUS)
    status["x-zero-exit-codes"][NEW_STATUS] = [5]
    # 4. Add an optional field.
    defs["TextEvent"]["properties"]["channel"] = {"type": "string", "description": "Output channel."}
    return doc


def v3_transcript() -> str:
    """The v2 transcript as the v3 binary would write it, plus the new event and field."""
    lines = []
    for raw in TRANSCRIPT.read_text(encoding="utf-8").splitlines():
        event = json.loads(raw)
        event["schemaVersion"] = 3
        if "changedFiles" in event:
            event["changedPaths"] = event.pop("changedFiles")
        if USAGE_OLD in event:
            event[USAGE_NEW] = event.pop(USAGE_OLD)
        if event["type"] == "text":
            event["channel"] = "main"
        lines.append(event)
        if event["type"] == "run_start":
            lines.append({"agentId": "a1", "runId": event["runId"], "schemaVersion": 3, "type": NEW_EVENT})
    return "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n" for line in lines)


@dataclass(frozen=True)
class Named:
    """A line a type checker named: where, and the text it had before the fix."""

    file: str  # relative to the copy's root
    line: int
    column: int
    message: str
    text: str


def _named(repo: RepoCopy, pattern: str, output: str, base: str) -> list[Named]:
    found: list[Named] = []
    for match in re.finditer(pattern, output, re.MULTILINE):
        file = f"{base}{match['file'].removeprefix('./')}"
        line = int(match["line"])
        text = (repo.root / file).read_text(encoding="utf-8").splitlines()[line - 1]
        named = Named(file, line, int(match["col"]), match["message"], text)
        if named not in found:  # go vet names a package's error once per package that imports it
            found.append(named)
    return found


def type_check_client_cores(repo: RepoCopy) -> dict[str, list[Named]]:
    """What mypy, tsc and go vet say about the copy's hand-written client code (its cores, CLI,
    renderer and testing kits), by language."""
    from toolchains import go_flags, require_tool

    mypy = repo.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "pyproject.toml", "--show-column-numbers",
         "--cache-dir", str(repo.root / ".mypy_cache"), "clients/python/zero_client", "generator/zero_sdk"],
        check=False,
    )  # fmt: skip
    tsc = repo.run(
        [str(REPO / "clients" / "typescript" / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.build.json",
         "--noEmit", "--pretty", "false"],
        cwd=repo.root / "clients" / "typescript", check=False,
    )  # fmt: skip
    vet = repo.run(
        [require_tool("go"), "vet", "./zero/", "./zerotest/"],
        cwd=repo.root / "clients" / "go", check=False, env={"GOFLAGS": go_flags("-mod=mod")},
    )  # fmt: skip
    return {
        "python": _named(
            repo, r"^(?P<file>\S+\.py):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.*)$", mypy.stdout, ""
        ),
        "typescript": _named(
            repo,
            r"^(?P<file>\S+\.ts)\((?P<line>\d+),(?P<col>\d+)\): error (?P<message>.*)$",
            tsc.stdout,
            "clients/typescript/",
        ),
        "go": _named(
            repo,
            r"^(?:vet: )?(?P<file>\S+\.go):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$",
            vet.stderr,
            "clients/go/",
        ),
    }


def fix_named_lines(repo: RepoCopy, named: dict[str, list[Named]]) -> None:
    """docs/schema-bumps.md step 4: at each line a checker named, use the field's new name (the
    first use of the old name from the column the checker gave)."""
    for language, found in named.items():
        for item in found:
            old, new = next(
                pair
                for pair in [RENAMED[language], *RENAMED_ELSEWHERE.get(language, [])]
                if pair[0] in item.message
            )
            path = repo.root / item.file
            lines = path.read_text(encoding="utf-8").split("\n")
            text = lines[item.line - 1]
            at = text.find(old, item.column - 1)
            assert at >= 0, f"{language}: {item}: no {old!r} at or after the column the checker named"
            lines[item.line - 1] = text[:at] + new + text[at + len(old) :]
            path.write_text("\n".join(lines), encoding="utf-8")


@dataclass(frozen=True)
class RenameReport:
    """What the bump cost the client cores: the lines the checkers named, the Python client's
    runtime failure before they were fixed, and the checkers' findings after the fix."""

    named: dict[str, list[Named]]
    runtime_failure: str
    after_fix: dict[str, list[Named]]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> RepoCopy:
    repo = copy_repo(tmp_path_factory.mktemp("v3-rehearsal") / "repo")
    v2 = json.loads((repo.root / "schema" / "v2.json").read_text(encoding="utf-8"))
    (repo.root / "schema" / "v3.json").write_text(json.dumps(make_v3(v2), indent=2) + "\n", encoding="utf-8")
    # The tracing mapping (schema/tracing.json) names wire fields of the latest version, and
    # `zero-sdk generate` refuses one the bump renamed, naming the rule: the bump edits that line.
    tracing = repo.root / "schema" / "tracing.json"
    mapping, old_rule = tracing.read_text(encoding="utf-8"), f'"field": "{USAGE_OLD}"'
    assert old_rule in mapping
    tracing.write_text(mapping.replace(old_rule, f'"field": "{USAGE_NEW}"'), encoding="utf-8")
    repo.generate()  # `zero-sdk generate`, every language
    (repo.root / "fake_zero_v3.py").write_text(FAKE_ZERO, encoding="utf-8")
    (repo.root / "v3-run.jsonl").write_text(v3_transcript(), encoding="utf-8")
    return repo


@pytest.fixture(scope="module")
def rename_report(generated: RepoCopy) -> RenameReport:
    named = type_check_client_cores(generated)
    failure = generated.python(
        "import sys\nfrom zero_client import read_transcript\nread_transcript(sys.argv[1])\n",
        str(generated.root / "v3-run.jsonl"),
        check=False,
    )
    fix_named_lines(generated, named)
    return RenameReport(named, failure.stderr.strip().splitlines()[-1], type_check_client_cores(generated))


@pytest.fixture(scope="module")
def rehearsal(generated: RepoCopy, rename_report: RenameReport) -> RepoCopy:
    """The copy after the whole procedure: generated, and the lines the checkers named fixed."""
    return generated


def test_the_type_checkers_name_exactly_the_client_lines_that_read_the_renamed_field(
    rename_report: RenameReport,
) -> None:
    for language, pair in RENAMED.items():
        named = rename_report.named[language]
        assert named, f"{language}: the checker named no line"
        olds = [old for old, _ in [pair, *RENAMED_ELSEWHERE.get(language, [])]]
        for item in named:
            assert any(old in item.message and re.search(rf"\b{old}\b", item.text) for old in olds), (
                language,
                item,
            )
        # Fixing exactly those lines is all it takes: the checkers are clean afterwards.
        assert rename_report.after_fix[language] == [], (language, rename_report.after_fix[language])
    # The three cores read the field where they sum usage; Python's renderer prints it too, and
    # the batch runner reads the files a tool changed.
    files = {lang: sorted({item.file for item in named}) for lang, named in rename_report.named.items()}
    assert files == {
        "python": [
            "clients/python/zero_client/batch/attempt.py",
            "clients/python/zero_client/core.py",
            "clients/python/zero_client/render.py",
        ],
        "typescript": ["clients/typescript/src/client/core.ts"],
        "go": ["clients/go/zero/core.go"],
    }, files
    # Unfixed, the Python client fails at runtime on the first v3 usage event.
    assert rename_report.runtime_failure.startswith("AttributeError") and "prompt_tokens" in (
        rename_report.runtime_failure
    ), rename_report.runtime_failure


def fake_zero(repo: RepoCopy) -> list[str]:
    return [sys.executable, str(repo.root / "fake_zero_v3.py"), str(repo.root / "v3-run.jsonl")]


def test_diff_report_classifies_the_v3_changes(rehearsal: RepoCopy) -> None:
    report = json.loads(rehearsal.zero_sdk("schema", "diff", "2", "3", "--format", "json").stdout)
    kinds = {(c["kind"], c["path"]) for c in report["changes"]}
    assert ("field-renamed", "changedPaths") in kinds
    assert ("event-added", "") in kinds
    text = rehearsal.zero_sdk("schema", "diff", "2", "3").stdout
    assert "field `changedFiles` renamed to `changedPaths`" in text
    assert (
        rehearsal.zero_sdk("schema", "diff", "2", "3", "--fail-on", "wire-breaking", check=False).returncode
        == 1
    )


def test_generate_check_is_clean_and_the_registry_lists_v3(rehearsal: RepoCopy) -> None:
    rehearsal.generate("--check")
    out = rehearsal.python(
        "from zero_client import versions\n"
        "print(versions.SUPPORTED_SCHEMA_VERSIONS, versions.LATEST_SCHEMA_VERSION)\n"
        f"print(versions.RUN_END_EXIT_CODES[3][{NEW_STATUS!r}], sorted(versions.UPGRADE_STEPS))\n"
    ).stdout.split("\n")
    assert out[:2] == ["(1, 2, 3) 3", "(5,) [1, 2]"]


def test_python_client_drives_a_fake_v3_binary(rehearsal: RepoCopy) -> None:
    check = f"""
import sys
from zero_client import ZeroClient, events
from zero_client.protocol import UnknownEvent

client = ZeroClient(sys.argv[1:])
assert client.detect_schema_version() == 3
result = client.run("hi")
names = [type(e).__name__ for e in result.events]
assert not any(isinstance(e, UnknownEvent) for e in result.events), names
assert all(type(e).__module__.startswith("zero_client.versions") for e in result.events), names
assert "SubagentStartEvent" in names, names
assert result.ok and (result.status, result.exit_code, result.schema_version) == ("success", 0, 3)
assert result.final_text == "Done: the guide is written.", result.final_text
assert result.usage.prompt_tokens == 2600, result.usage  # the renamed field, summed by the fixed core
written = [c for c in result.tool_calls if c.name == "write_file"][0]
assert isinstance(written.result, events.ToolResultEvent)
assert written.result.changed_paths == ["docs/guide.md"]
texts = [e for e in result.events if isinstance(e, events.TextEvent)]
assert texts and all(e.channel == "main" for e in texts)
new = [e for e in result.events if e.type == {NEW_EVENT!r}][0]
assert new.agent_id == "a1"
print("ok")
"""
    assert rehearsal.python(check, *fake_zero(rehearsal)).stdout.strip() == "ok"


def test_a_client_writing_another_version_is_refused_by_the_fake(rehearsal: RepoCopy) -> None:
    # The fake really checks its input: required to write 2, the client's input is refused;
    # preferring 2, the client restarts the run in the fake's version.
    check = (
        "import sys\nfrom zero_client import ZeroClient, ZeroVersionError\n"
        "try:\n    ZeroClient(sys.argv[1:], schema_version=2, require_schema_version=True).run('hi')\n"
        "except ZeroVersionError as e:\n    print('refused', e.exit_code)\n"
        "result = ZeroClient(sys.argv[1:], schema_version=2).run('hi')\n"
        "print('preferred', result.ok, result.schema_version)\n"
    )
    out = rehearsal.python(check, *fake_zero(rehearsal)).stdout.split("\n")
    assert out[:2] == ["refused 2", "preferred True 3"], out


def _mypy(repo_root: Path, program: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(repo_root / "pyproject.toml"),
         "--no-incremental", str(program)],
        cwd=repo_root, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def test_user_program_written_before_the_bump_still_type_checks_and_handles_the_new_event(
    rehearsal: RepoCopy, tmp_path: Path
) -> None:
    program = tmp_path / "user_program.py"
    program.write_text(USER_PROGRAM, encoding="utf-8")
    before = _mypy(REPO, program)
    assert before.returncode == 0, before.stdout
    after = _mypy(rehearsal.root, program)
    assert after.returncode == 0, after.stdout
    lines = rehearsal.run([sys.executable, str(program), *fake_zero(rehearsal)]).stdout.splitlines()
    assert NEW_EVENT in lines and not [line for line in lines if line.startswith("UNKNOWN")], lines
    assert "tool_result call_1 ok" in lines
    assert lines[-1] == "result success 0 Done: the guide is written."


def test_the_renamed_field_fails_to_type_check_at_exactly_that_field(
    rehearsal: RepoCopy, tmp_path: Path
) -> None:
    program = tmp_path / "user_program.py"
    program.write_text(USER_PROGRAM_WITH_RENAMED_FIELD, encoding="utf-8")
    assert _mypy(REPO, program).returncode == 0  # fine before the bump
    after = _mypy(rehearsal.root, program)
    line = USER_PROGRAM_WITH_RENAMED_FIELD.splitlines().index(RENAMED_FIELD_LINE) + 1
    errors = [e for e in after.stdout.splitlines() if ": error:" in e]
    assert len(errors) == 1 and errors[0].startswith(f"{program}:{line}:"), after.stdout
    assert '"ToolResultEvent" has no attribute "changed_files"' in errors[0]


def test_the_copys_own_tests_pass(rehearsal: RepoCopy) -> None:
    subset = ["tests/test_upgrade.py", "tests/test_generator_model.py", "tests/test_protocol_runtime.py",
              "tests/test_client_core.py", "tests/test_validate_transcripts.py",
              "tests/test_cli_failures.py"]  # fmt: skip
    proc = rehearsal.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *subset], check=False
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


# --- TypeScript and Go -------------------------------------------------------------------------
# The same checks for the TypeScript and Go clients follow, after the Python ones.


# --- Go ------------------------------------------------------------------------------------------

GO_MODULE = "github.com/zero-sdk/zero-sdk/clients/go"

GO_DRIVER = """package main

import (
	"context"
	"fmt"
	"os"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

func main() {
	client := &zero.Client{Command: os.Args[1:]}
	result, err := client.Run(context.Background(), "hi")
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	for _, ev := range result.Events {
		if _, unknown := ev.(*protocol.UnknownEvent); unknown {
			fmt.Println("UNKNOWN")
		}
		fmt.Printf("%T\\n", ev)
	}
	fmt.Println("result", result.Status, result.ExitCode, result.SchemaVersion, result.FinalText())
}
"""

# Written against the neutral types before the bump; `go vet` must pass on both sides of it.
GO_USER_PROGRAM = """package main

import (
	"fmt"
	"os"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

func describe(ev protocol.OutputEvent) string {
	switch e := ev.(type) {
	case *protocol.TextEvent:
		return "text " + e.GetDelta()
	case *protocol.ToolResultEvent:
		return "tool_result " + fmt.Sprint(e.Status)
	case *protocol.UnknownEvent:
		return "UNKNOWN"
	default:
		return fmt.Sprintf("%T", ev)
	}
}

func main() {
	for _, line := range os.Args[1:] {
		ev, err := protocol.Decode([]byte(line))
		if err != nil {
			fmt.Println("error", err)
			continue
		}
		fmt.Println(describe(ev))
	}
}
"""
GO_RENAMED_FIELD_LINE = '\t\treturn "tool_result " + fmt.Sprint(len(e.ChangedFiles))'


def _go(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    from toolchains import go_flags, require_tool

    go = require_tool("go")
    proc = subprocess.run(
        [go, *args], cwd=cwd, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "GOFLAGS": go_flags("-mod=mod", go=go)},
    )  # fmt: skip
    if check:
        assert proc.returncode == 0, f"go {' '.join(args)}:\n{proc.stdout}{proc.stderr}"
    return proc


def _go_module(where: Path, repo_root: Path, main: str) -> Path:
    where.mkdir(parents=True)
    (where / "go.mod").write_text(
        f"module example.com/user\n\ngo 1.23\n\nrequire {GO_MODULE} v0.0.0\n\n"
        f"replace {GO_MODULE} => {repo_root / 'clients' / 'go'}\n",
        encoding="utf-8",
    )
    (where / "main.go").write_text(main, encoding="utf-8")
    return where


def test_go_client_drives_a_fake_v3_binary(rehearsal: RepoCopy, tmp_path: Path) -> None:
    module = _go_module(tmp_path / "driver", rehearsal.root, GO_DRIVER)
    lines = _go("run", ".", *fake_zero(rehearsal), cwd=module).stdout.splitlines()
    assert "UNKNOWN" not in lines and "*v3.SubagentStartEvent" in lines, lines
    assert all(line.startswith("*v3.") for line in lines[:-1]), lines
    assert lines[-1] == "result success 0 3 Done: the guide is written."


def test_go_user_program_and_the_renamed_field(rehearsal: RepoCopy, tmp_path: Path) -> None:
    line = json.dumps({"agentId": "a", "runId": "run_1", "schemaVersion": 3, "type": NEW_EVENT})
    for root, name in ((REPO, "before"), (rehearsal.root, "after")):
        module = _go_module(tmp_path / name, root, GO_USER_PROGRAM)
        _go("vet", ".", cwd=module)
    assert _go("run", ".", line, cwd=tmp_path / "after").stdout.strip() == "*v3.SubagentStartEvent"
    status_line = '\t\treturn "tool_result " + fmt.Sprint(e.Status)'
    renamed = GO_USER_PROGRAM.replace(status_line, GO_RENAMED_FIELD_LINE)
    before = _go_module(tmp_path / "renamed-before", REPO, renamed)
    _go("vet", ".", cwd=before)
    after = _go_module(tmp_path / "renamed-after", rehearsal.root, renamed)
    proc = _go("vet", ".", cwd=after, check=False)
    number = renamed.splitlines().index(GO_RENAMED_FIELD_LINE) + 1
    errors = [e for e in proc.stderr.splitlines() if "main.go:" in e]
    assert proc.returncode != 0 and len(errors) == 1, proc.stderr
    assert f"main.go:{number}:" in errors[0] and "e.ChangedFiles undefined" in errors[0], proc.stderr


def test_the_copys_go_tests_pass(rehearsal: RepoCopy) -> None:
    _go("vet", "./...", cwd=rehearsal.root / "clients" / "go")
    _go("test", "-count=1", "./protocol/...", cwd=rehearsal.root / "clients" / "go")


# --- TypeScript ----------------------------------------------------------------------------------

TS_CONFIG = {
    "extends": "../tsconfig.json",
    "compilerOptions": {"rootDir": "..", "outDir": "../dist-rehearsal"},
    "include": ["../src/**/*.ts", "*.ts"],
}

TS_DRIVER = """import { ZeroClient } from "../src/client/index.js";
import { UnknownEvent } from "../src/index.js";

const result = await new ZeroClient({ command: process.argv.slice(2) }).run("hi");
for (const event of result.events) console.log(event instanceof UnknownEvent ? "UNKNOWN" : event.type);
console.log("result", result.status, result.exitCode, result.schemaVersion, result.finalText);
"""

# Written against the package root's (version-neutral) types before the bump.
TS_USER_PROGRAM = """import type { OutputEvent, UnknownEvent } from "../src/index.js";

export function describe(event: OutputEvent | UnknownEvent): string {
  if (event.type === "text") return `text ${event.delta ?? ""}`;
  if (event.type === "tool_result") return `tool_result ${event.status}`;
  if (event.type === "unknown") return "UNKNOWN";
  return event.type;
}
"""
TS_RENAMED_FIELD_LINE = '  if (event.type === "tool_result") return String(event.changedFiles);'


def _ts_project(repo_root: Path, files: dict[str, str]) -> Path:
    folder = repo_root / "clients" / "typescript" / "rehearsal"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / "tsconfig.json").write_text(json.dumps(TS_CONFIG), encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _tsc(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    from toolchains import require_tool

    require_tool("node")
    tsc = REPO / "clients" / "typescript" / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "run `npm ci` in clients/typescript"
    return subprocess.run(
        [str(tsc), "-p", str(folder / "tsconfig.json"), *args], cwd=folder, capture_output=True, text=True,
        timeout=600, check=False,
    )  # fmt: skip


def test_typescript_client_drives_a_fake_v3_binary(rehearsal: RepoCopy) -> None:
    from toolchains import require_tool

    folder = _ts_project(rehearsal.root, {"driver.ts": TS_DRIVER})
    built = _tsc(folder)
    assert built.returncode == 0, built.stdout + built.stderr
    driver = rehearsal.root / "clients" / "typescript" / "dist-rehearsal" / "rehearsal" / "driver.js"
    lines = rehearsal.run([require_tool("node"), str(driver), *fake_zero(rehearsal)]).stdout.splitlines()
    assert "UNKNOWN" not in lines and NEW_EVENT in lines, lines
    assert lines[-1] == "result success 0 3 Done: the guide is written.", lines


def test_typescript_user_program_and_the_renamed_field(rehearsal: RepoCopy, tmp_path: Path) -> None:
    before_repo = copy_repo(tmp_path / "before")  # this checkout, before the bump
    for root in (before_repo.root, rehearsal.root):
        checked = _tsc(_ts_project(root, {"user.ts": TS_USER_PROGRAM}), "--noEmit")
        assert checked.returncode == 0, checked.stdout
    renamed = TS_USER_PROGRAM.replace(
        '  if (event.type === "tool_result") return `tool_result ${event.status}`;', TS_RENAMED_FIELD_LINE
    )
    assert _tsc(_ts_project(before_repo.root, {"user.ts": renamed}), "--noEmit").returncode == 0
    after = _tsc(_ts_project(rehearsal.root, {"user.ts": renamed}), "--noEmit")
    number = renamed.splitlines().index(TS_RENAMED_FIELD_LINE) + 1
    errors = [line for line in after.stdout.splitlines() if "error TS" in line]
    assert len(errors) == 1 and errors[0].startswith(f"user.ts({number},"), after.stdout
    assert "changedFiles" in errors[0], after.stdout


def test_the_rehearsal_says_how_to_retarget_once_its_version_exists(tmp_path: Path) -> None:
    for version in (1, 2):
        (tmp_path / f"v{version}.json").write_text("{}")
    assert retarget_problem(tmp_path) is None
    (tmp_path / "v3.json").write_text("{}")
    problem = retarget_problem(tmp_path)
    assert problem is not None and "schema/ ends at v3" in problem and "Retargeting the rehearsal" in problem
