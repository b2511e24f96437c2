"""The Go module works from a user's own module, outside this repository (issue 16 item 5/7).

A temporary Go module outside the repo depends on clients/go (and clients/go/otel) by the
README's own commands (`go mod edit -require -replace`, `go mod tidy`: the module is not
published), holds the README's Go snippet wrapped in `main`, and must pass `go vet`, build, and
print what the snippet prints against the engine's demo provider. Small user
programs written against the version-neutral types must compile (type switches over the
output union, getters), while misuse must not. Under CI=true a missing `go` fails.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from client_support import ENGINE, engine_env, readme_install_sections, readme_sh_blocks, workspace
from repo_copy import copy_repo
from toolchains import go_flags, require_tool

ROOT = Path(__file__).resolve().parent.parent
MODULE = "github.com/zero-sdk/zero-sdk/clients/go"


def go_binary() -> str:
    return require_tool("go")


def go(
    *args: str, cwd: Path, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [go_binary(), *args],
        cwd=cwd,
        env={**os.environ, "GOFLAGS": go_flags("-mod=mod", go=go_binary()), **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if check:
        assert proc.returncode == 0, f"go {' '.join(args)}:\n{proc.stdout}{proc.stderr}"
    return proc


def readme_go_install() -> list[list[list[str]]]:
    """The README Install section's Go commands (the ```sh blocks with `go mod edit`), each block
    a list of commands, with the checkout's path for /path/to/zero-sdk."""
    blocks = readme_sh_blocks(readme_install_sections())
    commands = []
    for block in (b for b in blocks if "go mod edit" in b):
        joined = block.replace("\\\n", " ").replace("/path/to/zero-sdk", str(ROOT))
        commands.append([shlex.split(line) for line in joined.splitlines() if line.strip()])
    assert len(commands) == 2, "README's Install needs the client's and the otel module's go commands"
    return commands


def user_module(tmp_path: Path, main: str, *, otel: bool = False) -> Path:
    """A module `example.com/user` outside the repo that depends on clients/go (and, with `otel`,
    clients/go/otel) by the README's own commands: `go mod edit` with a `replace`, `go mod tidy`."""
    module = tmp_path / "user"
    module.mkdir()
    go("mod", "init", "example.com/user", cwd=module)
    (module / "main.go").write_text(main)
    client, tracer = readme_go_install()
    for command in tracer if otel else client:
        assert command[0] == "go", command
        go(*command[1:], cwd=module)
    return module


def readme_go_snippet() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```go\n")[1:]]
    snippets = [b for b in blocks if "zero.Client" in b]
    assert len(snippets) == 1, "README.md needs exactly one ```go block using zero.Client"
    return snippets[0]


def wrap(body: str, imports: list[str]) -> str:
    lines = "\n".join(f"\t{name}" for name in imports)
    indented = "\n".join("\t" + line if line else line for line in body.splitlines())
    head = f"package main\n\nimport (\n{lines}\n)\n\n"
    return head + f"func main() {{\n\tctx := context.Background()\n{indented}\n}}\n"


def engine_versions(tmp_path: Path) -> list[int]:
    """The schemaVersions of schema/ that the engine speaks (it is hand-written per version)."""
    from zero_sdk.generate_cmd import schema_versions

    spoken = []
    for version in schema_versions(ROOT):
        env = {**os.environ, **engine_env(tmp_path, None, version)}
        probe = subprocess.run(
            [ENGINE, "exec", "--list-tools", "-o", "stream-json"],
            env=env,
            capture_output=True,
            timeout=60,
            check=False,
        )
        if probe.returncode == 0:
            spoken.append(version)
    assert spoken, "the engine speaks none of the schema versions"
    return spoken


def test_readme_snippet_builds_and_runs_in_a_user_module(tmp_path: Path) -> None:
    main = wrap(
        readme_go_snippet(),
        ['"context"', '"fmt"', '"log"', "", f'"{MODULE}/protocol"', f'"{MODULE}/zero"'],
    )
    module = user_module(tmp_path, main)
    go("vet", ".", cwd=module)
    go("build", "-o", str(tmp_path / "snippet"), ".", cwd=module)
    ws = workspace(tmp_path)
    (ws / "README.md").write_text("# example\n\nschemaVersion lives here.\n")
    for version in engine_versions(tmp_path):
        env = {
            **os.environ,
            **engine_env(tmp_path, None, version),
            "ZERO_BIN": ENGINE,
            "ZERO_PROVIDER": "demo",
        }
        proc = subprocess.run(
            [str(tmp_path / "snippet")],
            cwd=ws,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert proc.returncode == 0, f"v{version}: {proc.stdout}{proc.stderr}"
        # The text deltas print, then the run_end status, both as the latest version's types.
        assert re.search(r"\S", proc.stdout.split("\n", 1)[1]), (
            f"v{version}: no streamed text:\n{proc.stdout}"
        )
        assert "status: success" in proc.stdout, f"v{version}:\n{proc.stdout}"


OTEL_PROGRAM = f"""package main

import (
\t"fmt"

\tzerootel "{MODULE}/otel"
\t"{MODULE}/zero"
)

func main() {{
\tvar tracer zero.RunTracer = zerootel.NewTracer(zerootel.Options{{}})
\tfmt.Println(tracer != nil)
}}
"""


def test_the_readme_commands_add_the_otel_module_to_a_user_module(tmp_path: Path) -> None:
    # The otel module's go.mod replaces the client with ../, which applies only when it is the
    # main module: a user needs the README's require and replace for both.
    module = user_module(tmp_path, OTEL_PROGRAM, otel=True)
    go("build", "-o", str(tmp_path / "traced"), ".", cwd=module)
    proc = subprocess.run([str(tmp_path / "traced")], capture_output=True, text=True, timeout=60, check=False)
    assert (proc.returncode, proc.stdout) == (0, "true\n"), proc.stderr


USER_PROGRAM = """package main

import (
	"fmt"
	"os"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

// describe relies on the output union: one case per event type it cares about, and the unknown
// event as a type of its own.
func describe(ev protocol.OutputEvent) string {
	switch e := ev.(type) {
	case *protocol.TextEvent:
		return "text " + e.GetDelta()
	case *protocol.ToolResultEvent:
		return fmt.Sprintf("tool_result %s %q", e.Status, e.GetOutput())
	case *protocol.RunEndEvent:
		return fmt.Sprintf("run_end %s %d", e.GetStatus(), e.ExitCode)
	case *protocol.UnknownEvent:
		return "unknown " + e.Type()
	default:
		return "other " + e.Type()
	}
}

func main() {
	for _, line := range os.Args[1:] {
		ev, err := protocol.Decode([]byte(line))
		if err != nil {
			fmt.Println("error", err)
			continue
		}
		fmt.Println(describe(ev), ev.OriginalSchemaVersion())
	}
}
"""


def test_user_programs_on_the_neutral_types(tmp_path: Path) -> None:
    module = user_module(tmp_path, USER_PROGRAM)
    go("vet", ".", cwd=module)
    from zero_sdk.generate_cmd import schema_versions

    latest = schema_versions(ROOT)[-1]
    run = "run_20260101000000_abc123"
    lines = [
        f'{{"schemaVersion":{latest},"type":"text","runId":"{run}","delta":"hi"}}',
        f'{{"schemaVersion":{latest},"type":"run_end","runId":"{run}","status":"success","exitCode":0}}',
        f'{{"schemaVersion":{latest},"type":"heartbeat","runId":"{run}"}}',
        f'{{"schemaVersion":{latest},"type":"error","runId":"{run}","code":"bogus"}}',
    ]
    proc = go("run", ".", *lines, cwd=module)
    assert proc.stdout.splitlines() == [
        f"text hi {latest}",
        f"run_end success 0 {latest}",
        f"unknown heartbeat {latest}",
        'error bad_enum at `code`: "bogus" is not one of '
        + proc.stdout.splitlines()[3].split("one of ", 1)[1],
    ], proc.stdout
    # Misuse fails to compile: a pointer field printed as a string, a case outside the union.
    for bad, message in [
        ('return "text " + e.GetDelta()', 'return "text " + e.Delta'),
        ("case *protocol.UnknownEvent:", "case *protocol.PromptInput:"),
    ]:
        (module / "main.go").write_text(USER_PROGRAM.replace(bad, message))
        proc = go("vet", ".", cwd=module, check=False)
        assert proc.returncode != 0, f"`{message}` compiled"
        assert "main.go" in proc.stderr, proc.stderr


def zero_sdk(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    zero_sdk_bin = Path(sys.executable).parent / "zero-sdk"
    return subprocess.run(
        [str(zero_sdk_bin), *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


GENERATED_USER = """package main

import (
	"fmt"
	"os"

	"example.com/app/zeroproto"
)

func main() {
	for _, line := range os.Args[1:] {
		ev, err := zeroproto.Decode([]byte(line))
		if err != nil {
			fmt.Println("error", err)
			continue
		}
		if text, ok := ev.(*zeroproto.TextEvent); ok {
			fmt.Println(text.GetDelta(), ev.OriginalSchemaVersion(), ev.SchemaVersion() == zeroproto.Latest)
		}
	}
}
"""


def test_generate_out_writes_a_self_contained_package_into_a_user_module(tmp_path: Path) -> None:
    from zero_sdk.generate_cmd import schema_versions

    module = tmp_path / "app"
    module.mkdir()
    (module / "go.mod").write_text("module example.com/app\n\ngo 1.23\n")
    (module / "main.go").write_text(GENERATED_USER)
    args = [
        "generate",
        "--root",
        str(ROOT),
        "--lang",
        "go",
        "--out",
        "zeroproto",
        "--package",
        "example.com/app/zeroproto",
    ]
    done = zero_sdk(*args, cwd=module)
    assert done.returncode == 0, done.stdout + done.stderr
    go("vet", "./...", cwd=module)
    versions = schema_versions(ROOT)
    lines = [
        f'{{"schemaVersion":{v},"type":"text","runId":"run_20260101000000_abc123","delta":"hi"}}'
        for v in versions
    ]
    proc = go("run", ".", *lines, cwd=module)
    assert proc.stdout.splitlines() == [f"hi {v} true" for v in versions], proc.stdout
    # The module has no dependency on this repository's Go module.
    assert "zero-sdk" not in (module / "go.mod").read_text()
    # --check passes there, and catches a hand edit with the command that fixes it.
    assert zero_sdk(*args, "--check", cwd=module).returncode == 0
    registry = module / "zeroproto" / "registry.go"
    registry.write_text(registry.read_text().replace("Latest", "Newest", 1))
    stale = zero_sdk(*args, "--check", cwd=module)
    assert stale.returncode == 1
    assert "--out zeroproto --package example.com/app/zeroproto" in stale.stderr
    # Without --package the Go emitter cannot know the import path: one line, exit 2.
    missing = zero_sdk("generate", "--root", str(ROOT), "--lang", "go", "--out", "elsewhere", cwd=module)
    assert missing.returncode == 2 and "--package IMPORTPATH" in missing.stderr, missing.stderr
    assert "Traceback" not in missing.stderr


def _bump(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """Schema `version` from the latest one: `tool_result.changedFiles` renamed to `changedPaths`
    (with its upgrade step) and a new output event `subagent_start`."""
    new: dict[str, Any] = json.loads(json.dumps(doc))
    new["x-zero-schema-version"] = version
    new["$id"] = new["$id"].replace(f"v{version - 1}.json", f"v{version}.json")
    new["x-zero-upgrade"] = {
        "from": version - 1,
        "steps": [{"op": "rename", "events": ["tool_result"], "from": "changedFiles", "to": "changedPaths"}],
    }
    defs = new["$defs"]
    for definition in defs.values():
        if "schemaVersion" in definition.get("properties", {}):
            definition["properties"]["schemaVersion"]["const"] = version
    result = defs["ToolResultEvent"]["properties"]
    result["changedPaths"] = result.pop("changedFiles")
    text = defs["TextEvent"]["properties"]
    defs["SubagentStartEvent"] = {
        "type": "object",
        "title": "Subagent start",
        "description": "A subagent started.",
        "properties": {
            "schemaVersion": text["schemaVersion"],
            "type": {"const": "subagent_start", "description": "Event type; always `subagent_start`."},
            "runId": text["runId"],
            "agentId": {"type": "string", "description": "Identifier of the subagent."},
        },
        "required": ["schemaVersion", "type", "runId"],
        "additionalProperties": False,
    }
    defs["OutputEvent"]["oneOf"].append({"$ref": "#/$defs/SubagentStartEvent"})
    defs["OutputEvent"]["discriminator"]["mapping"]["subagent_start"] = "#/$defs/SubagentStartEvent"
    return new


def test_a_schema_bump_needs_no_hand_edit_in_go(tmp_path: Path) -> None:
    """Go's part of the bump rehearsal: in a copy, a new schema version and `zero-sdk generate`
    only; the client and its tests build and pass unchanged (events of the engine's versions
    arrive upgraded to the new types), user code compiles, and code using the renamed field
    fails to compile at that field."""
    from zero_sdk.generate_cmd import schema_versions

    copy = copy_repo(tmp_path / "repo").root
    latest = schema_versions(ROOT)[-1]
    doc = json.loads((ROOT / f"schema/v{latest}.json").read_text(encoding="utf-8"))
    (copy / f"schema/v{latest + 1}.json").write_text(json.dumps(_bump(doc, latest + 1), indent=2))
    env = {**os.environ, "PYTHONPATH": str(copy / "generator")}
    for lang in ("go", "conformance"):
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from zero_sdk.cli import main; main(sys.argv[1:])",
             "generate", "--lang", lang],
            cwd=copy, env=env, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
    client = copy / "clients/go"
    go("vet", "./...", cwd=client)
    go(
        "test", "-count=1", "./...", cwd=client,
        env={"ZERO_ENGINE_BIN": ENGINE, "ZERO_BIN": ENGINE, "ZERO_SDK_PYTHON": sys.executable},
    )  # fmt: skip
    module = user_module(tmp_path, USER_PROGRAM)
    (module / "go.mod").write_text((module / "go.mod").read_text().replace(str(ROOT), str(copy)))
    go("vet", ".", cwd=module)
    renamed = USER_PROGRAM.replace("e.GetOutput())", "len(e.ChangedFiles))").replace("%q", "%d")
    (module / "main.go").write_text(renamed)
    proc = go("vet", ".", cwd=module, check=False)
    assert proc.returncode != 0 and "e.ChangedFiles undefined" in proc.stderr, proc.stderr
