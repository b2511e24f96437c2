"""The verdict of the differential harness cannot hide a regression: pinned known differences,
probed provenance, no model-only text of Zero in the repository, the OS sandbox setting of a
scenario, and the one tolerance (a spill file name's length)."""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from differential import known
from differential.cli import (
    ENGINE,
    all_golden_documents,
    check_backends,
    golden_names,
    load_golden,
    load_tool_table,
)
from differential.compare import compare
from differential.harness import (
    ENGINE_HOST_WARNING,
    GOLDEN_DIR,
    SHORT_SPILL_ID,
    SPILL_ID_ATTEMPTS,
    TMPDIR_NAME,
    RealZero,
    SandboxTools,
    Scenario,
    ScenarioError,
    StepResult,
    drop_host_warning,
    load_scenario,
    load_scenarios,
    path_without_sandbox_tools,
    run_scenario,
    run_settled,
)
from differential.masking import (
    MODEL_MASK,
    mask_output,
    mask_request,
    model_prose_problems,
    tool_table_problems,
)
from differential.provenance import (
    PROVENANCE,
    NotZeroError,
    go_build_info,
    load_manifest,
    probe_zero,
    recorded_with,
)
from toolchains import require_engine, require_tool

REPO = Path(__file__).resolve().parents[1]
ENGINE_SCRIPT = Path(sys.executable).parent / "zero-engine"


def result(stdout: str = "", stderr: str = "", exit_code: int = 0, **extra: Any) -> StepResult:
    return StepResult(
        exit_code=exit_code,
        stdout=stdout,
        stderr=stderr,
        workspace=extra.get("workspace", {}),
        requests=extra.get("requests", []),
        seconds=0.0,
    )


# ------------------------------------------------------------------------------------------------
# Known differences pin the difference


GOLDEN = [result('{"type":"run_start"}\n{"type":"final","text":"a"}\n')]


def engine_run(text: str) -> list[StepResult]:
    return [result('{"type":"run_start"}\n{"type":"final","text":"' + text + '"}\n')]


def test_a_pinned_difference_passes_only_while_it_is_exactly_the_same() -> None:
    pinned = {"s": known.pin(compare("s", GOLDEN, engine_run("b")), "the engine words it b")}
    assert known.problems(2, [compare("s", GOLDEN, engine_run("b"))], pinned, ["s"]) == []

    [changed] = known.problems(2, [compare("s", GOLDEN, engine_run("c"))], pinned, ["s"])
    assert changed.summary.startswith("v2/s: the difference changed")
    # Both versions of the difference are shown.
    pinned_part, new_part = changed.details.split("new difference:")
    assert '+{"type":"final","text":"b"}' in pinned_part
    assert '+{"type":"final","text":"c"}' in new_part

    grown = [result('{"type":"run_start"}\n{"type":"final","text":"b"}\n', exit_code=97)]
    [bigger] = known.problems(2, [compare("s", GOLDEN, grown)], pinned, ["s"])
    assert "pinned, now" in bigger.summary and "exit" in bigger.summary

    [gone] = known.problems(2, [compare("s", GOLDEN, GOLDEN)], pinned, ["s"])
    assert gone.summary == (
        "v2/s: matches the golden now; its pinned difference is gone "
        "(scripts/difftest update-known removes the entry)"
    )


def test_an_unpinned_difference_and_an_entry_without_golden_are_problems() -> None:
    [new] = known.problems(1, [compare("t", GOLDEN, engine_run("b"))], {}, ["t"])
    assert new.summary == "v1/t: differs from the golden in stdout, and no difference is pinned"
    assert '+{"type":"final","text":"b"}' in new.details
    entry = known.pin(compare("gone", GOLDEN, engine_run("b")), "why")
    [orphan] = known.problems(1, [], {"gone": entry}, [])
    assert orphan.summary == "v1/gone: pinned in known-differences.json but has no golden"


def test_the_example_of_the_issue_a_pinned_golden_changed_to_exit_97_fails() -> None:
    """issue 26: add_dir_write's golden changed to exit code 97 passed because the scenario was
    listed. Now the real pinned difference of a listed scenario no longer matches."""
    pinned = known.load_known()["v2"]
    name = next(
        n for n, entry in pinned.items() if "exit" not in entry.aspects and "step" not in entry.excerpt[1]
    )
    golden = load_golden(2, name)
    assert golden is not None
    engine = run_settled(load_scenarios([name], 2)[0], ENGINE, 2)
    assert known.problems(2, [compare(name, golden, engine)], pinned) == []
    tampered = [*golden[:-1], dataclasses.replace(golden[-1], exit_code=97)]
    [problem] = known.problems(2, [compare(name, tampered, engine)], pinned)
    assert problem.summary.startswith(f"v2/{name}: the difference changed") and "exit" in problem.summary
    assert "-97" in problem.details.split("new difference:")[1]


def test_update_keeps_written_reasons_and_marks_new_entries() -> None:
    old = {
        "kept": known.pin(compare("kept", GOLDEN, engine_run("b")), "a reason a person wrote"),
        "changes": known.pin(compare("changes", GOLDEN, engine_run("b")), "another reason"),
        "fixed": known.pin(compare("fixed", GOLDEN, engine_run("b")), "was different"),
    }
    comparisons = [
        compare("kept", GOLDEN, engine_run("b")),
        compare("changes", GOLDEN, engine_run("c")),
        compare("fixed", GOLDEN, GOLDEN),
        compare("fresh", GOLDEN, engine_run("d")),
    ]
    new, notes = known.update(old, comparisons)
    assert sorted(new) == ["changes", "fresh", "kept"]
    assert new["kept"] == old["kept"]
    assert new["changes"].reason == "another reason" and new["changes"].sha256 != old["changes"].sha256
    assert new["fresh"].reason == known.NEEDS_REASON
    assert notes == [
        "changed changes: reason kept, check that it still holds",
        "removed fixed: matches now",
        "added fresh: write its reason",
    ]
    assert known.reason_problems({"v2": new}) == [
        "v2/fresh: no reason written (replace the TODO with why the engine differs)"
    ]


def test_a_pinned_difference_round_trips_and_a_bad_entry_names_itself(tmp_path: Path) -> None:
    entry = known.pin(compare("s", GOLDEN, engine_run("b")), "why")
    path = tmp_path / "known-differences.json"
    known.dump_known({"v2": {"s": entry}}, path)
    assert known.load_known(path) == {"v2": {"s": entry}}
    assert entry.excerpt[0] == "== s: differs in stdout" and entry.lines == len(entry.excerpt)

    for data, message in [
        ({"v2": {"s": "stdout line 4: permission_decision vs checkpoint"}}, "v2/s: expected an object"),
        ({"v2": {"s": {**entry.to_json(), "sha256": "x"}}}, "v2/s: field 'sha256' must be a sha256"),
        ({"v2": {"s": {**entry.to_json(), "aspects": ["colour"]}}}, "v2/s: field 'aspects'"),
        ({"v3": {}}, "'v3': expected v1 or v2"),
    ]:
        path.write_text(json.dumps(data))
        with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)")):
            known.load_known(path)


def test_no_entry_is_an_either_way_entry() -> None:
    for version, entries in known.load_known().items():
        for name, entry in entries.items():
            assert not entry.reason.lower().startswith("unstable"), f"{version}/{name}"
            assert len(entry.sha256) == 64


def test_a_short_spill_file_name_is_the_one_tolerance_and_is_retried() -> None:
    calls: list[int] = []
    short = [result(f"saved to <TMPDIR>/zero-tool-output-<UID>/bash-{SHORT_SPILL_ID}.txt\n")]
    settled = [result("saved to <TMPDIR>/zero-tool-output-<UID>/bash-<SPILL_ID>.txt\n")]

    def runner(scenario: Scenario, command: str, version: int, zero: RealZero | None) -> list[StepResult]:
        calls.append(version)
        return short if len(calls) < 3 else settled

    scenario = load_scenarios(["bash_large_output"], 2)[0]
    assert run_settled(scenario, ENGINE, 2, None, runner) == settled
    assert len(calls) == 3
    calls.clear()

    def always_short(
        scenario: Scenario, command: str, version: int, zero: RealZero | None
    ) -> list[StepResult]:
        calls.append(version)
        return short

    assert run_settled(scenario, ENGINE, 2, None, always_short) == short
    assert len(calls) == SPILL_ID_ATTEMPTS  # after that the run is compared as it is


def test_the_spill_path_has_the_same_length_for_every_uid() -> None:
    # Goldens recorded as root (uid 0) replay as uid 1001 with the same byte counts.
    assert len(TMPDIR_NAME) + len(str(os.getuid())) == 13


# ------------------------------------------------------------------------------------------------
# Provenance


def test_every_golden_records_what_it_was_recorded_from() -> None:
    for version in (1, 2):
        manifest = load_manifest(version)
        executables = manifest["executables"]
        scenarios = {s.name: s for s in load_scenarios(version=version)}
        zeros = set()
        for document in all_golden_documents(version):
            where = f"v{version}/{document['scenario']}"
            record = recorded_with(document)
            assert record, f"{where}: no recorded_with (re-record it)"
            zeros.add(record["zero"])
            assert executables[record["zero"]]["kind"] == "zero", where
            assert record["sandbox"] is scenarios[document["scenario"]].sandbox, where
            if record["sandbox"]:
                assert executables[record["helper"]]["kind"] == "zero-linux-sandbox", where
                assert executables[record["bwrap"]]["kind"] == "bwrap", where
                assert set(record["sandbox_backends"]) <= {"linux-bwrap"}, where
            else:
                assert record["helper"] is None and record["bwrap"] is None, where
                assert "linux-bwrap" not in record["sandbox_backends"], where
        assert len(zeros) == 1, f"v{version}: goldens from {len(zeros)} different binaries: re-record all"
        [zero] = zeros
        assert executables[zero]["version_output"].startswith("zero ")
        assert executables[zero]["commit"], f"v{version}: the commit of the binary is not recorded"
        # No path of the recording machine is stored.
        assert "/tmp/" not in (GOLDEN_DIR / f"v{version}" / PROVENANCE).read_text()


@pytest.fixture(scope="module")
def fake_zero(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Go executable that answers --version like Zero (as `zero`), like zero-engine (as
    `engine`) or like neither (as `other`): the probe's decisions on real Go binaries."""
    go = require_tool("go", "a Go executable to probe")
    source = tmp_path_factory.mktemp("fakezero")
    (source / "go.mod").write_text("module example.com/fakezero\n\ngo 1.21\n")
    (source / "main.go").write_text(
        "package main\n\n"
        'import (\n\t"fmt"\n\t"os"\n\t"path/filepath"\n)\n\n'
        "func main() {\n"
        "\tswitch filepath.Base(os.Args[0]) {\n"
        '\tcase "zero":\n\t\tfmt.Println("zero 9.9.9 (commit 1a2b3c4d5e)")\n'
        '\tcase "engine":\n'
        '\t\tfmt.Fprintln(os.Stderr, "[zero] zero-engine supports only `exec`")\n\t\tos.Exit(2)\n'
        '\tdefault:\n\t\tfmt.Println("something else")\n'
        "\t}\n}\n"
    )
    home = source / "home"
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "GOCACHE": str(home / "cache"),
        "GOPATH": str(home / "gopath"),
        "GOFLAGS": "-mod=mod",
        "GOTOOLCHAIN": "local",
        "CGO_ENABLED": "0",
    }
    subprocess.run(
        [go, "build", "-buildvcs=false", "-o", str(source / "zero"), "."],
        cwd=source,
        env=env,
        check=True,
        timeout=240,
    )
    for name in ("engine", "other"):
        (source / name).symlink_to(source / "zero")
    return source / "zero"


def test_a_go_executable_that_answers_like_zero_is_probed_and_described(fake_zero: Path) -> None:
    build = go_build_info(fake_zero)
    assert build is not None and build.main_path == "example.com/fakezero"
    assert build.go_version.startswith("go")
    probed = probe_zero(str(fake_zero))
    assert probed.version_output == "zero 9.9.9 (commit 1a2b3c4d5e)"
    assert (probed.commit, probed.commit_from) == ("1a2b3c4d5e", "version output")
    assert probed.describe()["main_path"] == "example.com/fakezero"
    assert len(probed.sha256) == 64
    given = probe_zero(str(fake_zero), "ABCDEF1234")
    assert (given.commit, given.commit_from) == ("abcdef1234", "--commit")
    with pytest.raises(NotZeroError, match="expected 7 to 40 hex digits"):
        probe_zero(str(fake_zero), "main")


def test_a_go_executable_that_answers_like_the_engine_or_not_like_zero_is_refused(fake_zero: Path) -> None:
    with pytest.raises(NotZeroError, match="is zero-engine"):
        probe_zero(str(fake_zero.parent / "engine"))
    with pytest.raises(NotZeroError, match="not the `zero <version>` a Zero binary prints"):
        probe_zero(str(fake_zero.parent / "other"))


@pytest.mark.parametrize(
    "spelling",
    ["absolute path", "symlink named zero", "sh -c", "python -m", "wrapper script", "name on PATH"],
)
def test_zero_engine_is_refused_however_it_is_invoked(
    tmp_path: Path, spelling: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ENGINE_SCRIPT.exists(), "the tests run from the bootstrapped venv"
    link = tmp_path / "zero"
    if spelling == "symlink named zero":
        link.symlink_to(ENGINE_SCRIPT)
    elif spelling == "wrapper script":
        link.write_text(f'#!/bin/sh\nexec {shlex.quote(str(ENGINE_SCRIPT))} "$@"\n')
        link.chmod(0o755)
    elif spelling == "name on PATH":
        monkeypatch.setenv("PATH", f"{ENGINE_SCRIPT.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    command = {
        "absolute path": str(ENGINE_SCRIPT),
        "symlink named zero": str(link),
        "sh -c": "sh -c zero-engine",
        "python -m": f"{shlex.quote(sys.executable)} -m zero_engine",
        "wrapper script": str(link),
        "name on PATH": "zero-engine",
    }[spelling]
    with pytest.raises(NotZeroError) as refused:
        probe_zero(command)
    message = str(refused.value)
    assert "goldens are recorded from a real Zero binary" in message
    assert "zero-engine" in message


def test_the_difftest_record_command_refuses_the_engine_with_a_usage_error() -> None:
    done = subprocess.run(
        [str(REPO / "scripts" / "difftest"), "record", "--bin", str(ENGINE_SCRIPT), "--version", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"difftest: --bin '{ENGINE_SCRIPT}' runs {ENGINE_SCRIPT}, zero-engine's")
    assert "Traceback" not in done.stderr


# ------------------------------------------------------------------------------------------------
# No model-only text of Zero in the repository


LISTING = (
    "Tools visible to model:\n"
    "  grep [read/allow] - Search with a regex.\n"
    "  read_file [read/allow] - Read a file.\nIt has two lines.\n"
    "  write_file [write/prompt] - Write a file."
)
MASKED_LISTING = (
    "Tools visible to model:\n"
    f"  grep [read/allow] - {MODEL_MASK}\n"
    f"  read_file [read/allow] - {MODEL_MASK}\n"
    f"  write_file [write/prompt] - {MODEL_MASK}"
)
SEARCH = (
    "Loaded 1 tool. Full schemas follow; call them on the next turn.\n\n## bash\nRun a command.\n"
    'input schema:\n{\n  "properties": {\n    "command": {\n      "description": "The \\"line\\".",\n'
    '      "type": "string"\n    },\n    "description": {\n      "type": "string"\n    }\n  }\n}\n'
)


def test_a_tool_listing_is_masked_in_every_output_format() -> None:
    assert mask_output(LISTING + "\n") == MASKED_LISTING + "\n"
    final = json.dumps({"runId": "r", "text": LISTING, "type": "final"}, separators=(",", ":")) + "\n"
    masked_final = json.loads(mask_output(final))
    assert masked_final["text"] == MASKED_LISTING
    # A real difference around the listing survives the masking: the trailing newline.
    with_newline = json.dumps({"text": LISTING + "\n", "type": "final"}, separators=(",", ":"))
    assert json.loads(mask_output(with_newline))["text"] == MASKED_LISTING + "\n"
    tools = '{"tools":[{"description":"Read a \\"file\\".","name":"read_file"}],"type":"tools"}\n'
    assert (
        mask_output(tools)
        == '{"tools":[{"description":"\\u003cmodel-only text\\u003e","name":"read_file"}],"type":"tools"}\n'
    )
    untouched = '{"args":{"description":"x"},"type":"tool_call"}\n{"text":"Tools: none","type":"final"}\n'
    assert mask_output(untouched) == untouched


def test_a_tool_search_result_is_masked_on_stdout_and_in_requests() -> None:
    line = json.dumps({"output": SEARCH, "type": "tool_result"}, separators=(",", ":")) + "\n"
    output = json.loads(mask_output(line))["output"]
    assert "Run a command." not in output and 'The \\"line\\".' not in output
    assert output.startswith(
        f"Loaded 1 tool. Full schemas follow; call them on the next turn.\n\n## bash\n{MODEL_MASK}\n"
    )
    assert '"description": {\n      "type": "string"' in output  # a parameter named description stays
    body = {"messages": [{"role": "user", "content": "go"}, {"role": "tool", "content": SEARCH}]}
    assert mask_request(body)["messages"][1]["content"] == output


def test_the_prose_check_fails_on_unmasked_text_and_passes_masked_text() -> None:
    def golden(stdout: str, requests: list[Any] | None = None) -> dict[str, Any]:
        return {"steps": [{"stdout": [stdout], "stderr": [], "requests": requests or []}]}

    assert model_prose_problems(golden(LISTING), {}) != []
    assert model_prose_problems(golden(mask_output(LISTING)), {}) == []
    search = json.dumps({"output": SEARCH, "type": "tool_result"})
    assert len(model_prose_problems(golden(search), {})) == 2  # the description and the schema's
    assert model_prose_problems(golden(mask_output(search)), {}) == []
    unmasked_system = [
        {"path": "/v1/chat/completions", "body": {"messages": [{"role": "system", "content": "x"}]}}
    ]
    assert model_prose_problems(golden("", unmasked_system), {}) == [
        "step 1 request 1 message 0 (system) is not masked"
    ]
    reference = [{"path": "/v1", "body": {"messages": [], "tools": "@tools:abc"}}]
    table = {"abc": [{"function": {"name": "t", "description": "Does a thing."}}]}
    assert model_prose_problems(golden("", reference), table) == [
        "step 1 request 1 tools[0].function.description is not masked: 'Does a thing.'"
    ]
    assert tool_table_problems(table) != []


def _stored_text() -> Iterator[tuple[str, str]]:
    for directory in (GOLDEN_DIR, REPO / "conformance" / "scenarios"):
        for path in sorted(directory.rglob("*.json")):
            yield str(path.relative_to(REPO)), path.read_text()


def test_no_stored_golden_or_scenario_holds_model_only_text() -> None:
    problems = []
    for version in (1, 2):
        table = load_tool_table(version)
        problems += tool_table_problems(table)
        for document in all_golden_documents(version):
            problems += [
                f"v{version}/{document['scenario']}: {p}" for p in model_prose_problems(document, table)
            ]
    assert problems == []
    # The masking was applied where it had to be: each kind of place holds the mask.
    listing = "".join(all_golden_documents(2)[golden_names(2).index("list_tools_auto")]["steps"][0]["stdout"])
    assert f"] - {MODEL_MASK}\n" in listing


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


@pytest.fixture(scope="module")
def engine_prose(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The engine's own tool descriptions and system prompt: text a golden of Zero cannot hold
    either, and that the masking must remove from the engine's captured output."""
    from zero_engine.loop import SYSTEM_PROMPT

    home = tmp_path_factory.mktemp("home")
    texts = {SYSTEM_PROMPT}
    for mode in ([], ["--skip-permissions-unsafe"], ["--plan"], ["--auto", "high"]):
        done = subprocess.run(
            [str(ENGINE_SCRIPT), "exec", "--list-tools", "-o", "json", *mode],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=home,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8"},
        )
        texts |= {tool["description"] for tool in json.loads(done.stdout)["tools"]}
    return {text for text in texts if len(text) >= 20}


def test_the_engines_own_descriptions_are_in_no_golden(engine_prose: set[str]) -> None:
    assert len(engine_prose) >= 10
    for where, text in _stored_text():
        for description in engine_prose:
            encoded = json.dumps(description)[1:-1]
            assert description not in text and encoded not in text, f"{where} holds {description[:60]!r}"


@pytest.mark.parametrize(
    "name", ["list_tools_auto", "list_tools_json", "list_tools_stream_json", "tool_tool_search_unsafe"]
)
def test_the_engines_descriptions_are_masked_when_its_run_is_captured(
    name: str, engine_prose: set[str]
) -> None:
    [captured] = run_scenario(load_scenarios([name], 2)[0], ENGINE, 2)
    texts = [captured.stdout, *_strings(captured.requests)]
    for line in captured.stdout.splitlines():
        if line.startswith("{"):
            texts += _strings(json.loads(line))
    leaked = sorted(d[:60] for d in engine_prose if any(d in text for text in texts))
    assert leaked == []
    assert any(MODEL_MASK in text for text in texts)


# ------------------------------------------------------------------------------------------------
# The OS sandbox of a scenario


def test_the_sandbox_key_is_optional_true_by_default_and_must_be_a_boolean(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"name": "s", "description": "d", "argv": ["exec"]}))
    assert load_scenario(path).sandbox is True
    path.write_text(json.dumps({"name": "s", "description": "d", "argv": ["exec"], "sandbox": False}))
    assert load_scenario(path).sandbox is False
    path.write_text(json.dumps({"name": "s", "description": "d", "argv": ["exec"], "sandbox": "no"}))
    with pytest.raises(ScenarioError, match=r"s\.json: field 'sandbox' must be true or false"):
        load_scenario(path)


def test_only_the_first_host_warning_line_is_dropped() -> None:
    warning = f"{ENGINE_HOST_WARNING}: shell tools run on the host\n"
    assert drop_host_warning(f"a\n{warning}b\n") == "a\nb\n"
    assert drop_host_warning(f"{warning}{warning}") == warning  # a second one is a difference
    assert (
        drop_host_warning("zero-engine: warning: something else\n")
        == "zero-engine: warning: something else\n"
    )


def test_directories_holding_a_sandbox_tool_are_left_off_the_path(tmp_path: Path) -> None:
    with_helper, with_bwrap, plain = (tmp_path / name for name in ("a", "b", "c"))
    for directory in (with_helper, with_bwrap, plain):
        directory.mkdir()
    (with_helper / "zero-linux-sandbox").write_text("")
    (with_bwrap / "bwrap").write_text("")
    path = os.pathsep.join(map(str, (with_helper, plain, with_bwrap)))
    assert path_without_sandbox_tools(path) == str(plain)


def _env_reporter(tmp_path: Path) -> str:
    """A stand-in `zero` that prints what the harness gave it: the sandbox tools it finds on
    PATH, ZERO_ENGINE_SANDBOX, and the engine's host warning on stderr."""
    script = tmp_path / "report-env"
    script.write_text(
        "#!/bin/sh\n"
        'for name in zero-linux-sandbox bwrap; do command -v "$name" >/dev/null && echo "found $name"; done\n'
        'echo "ZERO_ENGINE_SANDBOX=${ZERO_ENGINE_SANDBOX:-unset}"\n'
        f'[ "$ZERO_ENGINE_SANDBOX" = off ] && echo "{ENGINE_HOST_WARNING}: on the host" >&2\n'
        "echo end >&2\n"
    )
    script.chmod(0o755)
    return shlex.quote(str(script))


def test_a_real_zero_gets_the_sandbox_tools_on_path_exactly_when_the_scenario_asks(tmp_path: Path) -> None:
    tools_dir = tmp_path / "tools"
    tools_dir.mkdir()
    tools = SandboxTools(Path("/bin/true"), Path("/bin/true"))
    command = _env_reporter(tmp_path)
    on = Scenario("on", "d", (2,), (load_scenarios(["format_text"], 2)[0].main,), tmp_path / "on.json")
    off = Scenario("off", "d", (2,), on.steps, tmp_path / "off.json", sandbox=False)

    [sandboxed] = run_scenario(on, command, 2, RealZero(tools))
    assert sandboxed.stdout == "found zero-linux-sandbox\nfound bwrap\nZERO_ENGINE_SANDBOX=unset\n"
    [host] = run_scenario(off, command, 2, RealZero(tools))
    assert host.stdout == "ZERO_ENGINE_SANDBOX=off\n"
    assert host.stderr == "end\n"  # the engine's one warning line is dropped
    with pytest.raises(ScenarioError, match="on asks for the sandbox"):
        run_scenario(on, command, 2, RealZero(None))


def test_the_recorder_fails_when_the_backend_is_not_the_one_asked_for(tmp_path: Path) -> None:
    def ran(backend: str) -> list[StepResult]:
        return [result(json.dumps({"meta": {"sandbox_backend": backend}, "type": "tool_result"}) + "\n")]

    on = Scenario("on", "d", (2,), (), tmp_path / "on.json")
    off = Scenario("off", "d", (2,), (), tmp_path / "off.json", sandbox=False)
    assert check_backends(on, ran("linux-bwrap")) == ["linux-bwrap"]
    assert check_backends(off, ran("unavailable")) == ["unavailable"]
    assert check_backends(on, [result("no shell tool ran\n")]) == []
    with pytest.raises(ScenarioError, match="on: asks for the sandbox, but Zero reported sandbox_backend"):
        check_backends(on, ran("unavailable"))
    with pytest.raises(ScenarioError, match="off: runs without the sandbox, but Zero reported"):
        check_backends(off, ran("linux-bwrap"))


# ------------------------------------------------------------------------------------------------
# Silent skips end: a missing zero-engine fails the end-to-end tests in CI


@pytest.mark.parametrize(("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_engine_skips_locally_and_fails_in_ci(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    monkeypatch.setenv("CI", ci)
    monkeypatch.delenv("ZERO_SDK_REQUIRE_TOOLCHAINS", raising=False)
    with pytest.raises(outcome, match="zero-engine not found at"):
        require_engine(tmp_path / "zero-engine")
    assert require_engine(ENGINE_SCRIPT) == ENGINE_SCRIPT
