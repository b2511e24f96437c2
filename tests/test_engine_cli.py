"""argv parsing, usage errors (text vs stream-json by argument order), --list-tools, providers.

exec's help, Zero's text byte for byte, is in test_engine_zero_fidelity.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import assert_schema_valid, base_env, line, run_engine, scripted_env
from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS
from zero_engine.args import UsageError, parse_exec_args
from zero_engine.cli import USAGE
from zero_engine.redact import Redactor

PROMPT_REQUIRED = 'Prompt required. Use `zero exec "prompt"` or `zero exec --file prompt.txt`.'
NO_PROVIDER = (
    "No provider configured. Run `zero setup` (guided), `zero auth` (OAuth providers), set a provider "
    "API key env var (e.g. OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY), or add .zero/config.json."
)


def usage_of(args: list[str]) -> tuple[str, bool]:
    with pytest.raises(UsageError) as info:
        parse_exec_args(args)
    return info.value.message, info.value.stream_json


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], PROMPT_REQUIRED),
        (["--bogus"], 'unknown exec flag "--bogus"'),
        (["-1"], 'unknown exec flag "-1"'),
        (["-o=json", "x"], 'unknown exec flag "-o=json"'),
        (["--model", "--output-format", "json"], "--model requires a value"),
        (["--model"], "--model requires a value"),
        (["--model", "  "], "--model requires a value"),
        (["--auto", "max", "x"], 'Invalid autonomy level "max". Expected low, medium, or high.'),
        (["-o", "xml", "x"], 'invalid output format "xml". Expected text, json, stream-json, or debug.'),
        (
            ["--output-format", "xml", "x"],
            'invalid output format "xml". Expected text, json, stream-json, or debug.',
        ),
        (["-i", "yaml", "x"], 'Invalid input format "yaml". Expected text or stream-json.'),
        (["--max-turns", "ten", "x"], 'invalid --max-turns "ten". Expected a positive integer.'),
        (["--max-turns", "0", "x"], 'invalid --max-turns "0". Expected a positive integer.'),
        (["--max-turns=", "x"], "--max-turns requires a value"),
        (["--permission-mode=", "x"], "--permission-mode requires a value"),
        (["--notify", "loud", "x"], 'invalid --notify "loud". Expected off, bell, notify, or both.'),
        (["--notify=off", "--no-notify", "x"], "Use either --notify or --no-notify, not both."),
        (["--notify=loud", "x"], 'invalid --notify "loud". Expected off, bell, notify, or both.'),
        (["--resume", "--fork", "abc", "x"], "Use either --resume or --fork, not both."),
        (
            ["--plan", "--skip-permissions-unsafe", "x"],
            "Use either --plan or --skip-permissions-unsafe, not both.",
        ),
        (
            ["--plan", "--permission-mode", "ask", "x"],
            "--plan cannot be combined with --permission-mode=ask.",
        ),
        (
            ["--resume", "--init-session-id", "abc", "x"],
            "Use --init-session-id only when creating or forking a session.",
        ),
        (["--init-session-id", "_bad", "x"], 'invalid --init-session-id "_bad"'),
        (
            ["-i", "stream-json", "hello"],
            "Stream-json input does not accept positional prompt text. Pipe JSONL or use --file.",
        ),
        (["-m", "gpt"], PROMPT_REQUIRED),
        (["--spec-model", "m", "x"], "--spec-model requires --use-spec."),
        (["--worktree-dir", "d", "x"], "--worktree-dir requires --worktree."),
        (["--use-spec", "--plan", "x"], "Use either --plan or --use-spec, not both."),
        (["--worktree", "x"], PROMPT_REQUIRED),  # the optional name swallows "x"
        (["--self-correct", "x"], "--self-correct is not supported by zero-engine"),
        (["--allow-escalation", "x"], "--allow-escalation is not supported by zero-engine"),
        (["--use-spec", "x"], "--use-spec is not supported by zero-engine"),
        (["--tag", "t", "x"], "--tag is not supported by zero-engine"),
    ],
)
def test_usage_messages(args: list[str], message: str) -> None:
    assert usage_of(args)[0] == message


def test_worktree_names() -> None:
    options, _ = parse_exec_args(["--worktree", " wt1 ", "--prompt", "x"])
    assert options.worktree and options.worktree_name == "wt1"
    options, _ = parse_exec_args(["-w", "--prompt", "x"])
    assert options.worktree and options.worktree_name == ""  # a flag is not a name
    options, _ = parse_exec_args(["--worktree= named ", "--worktree-dir", "d", "x"])
    assert (options.worktree_name, options.worktree_dir) == ("named", "d")


def test_flag_values_that_look_like_numbers_are_values() -> None:
    options, _ = parse_exec_args(["-m", "-5", "--prompt", "-1.5"])
    assert options.model == "-5" and options.prompt_text == "-1.5"


def test_help_anywhere_stops_parsing_but_not_as_a_value() -> None:
    assert parse_exec_args(["x", "help", "--bogus"])[1] is True
    options, help_requested = parse_exec_args(["-m", "help", "do it"])
    assert not help_requested and options.model == "help"


def test_double_dash_and_inline_forms() -> None:
    options, _ = parse_exec_args(["-p=-x", "--prompt=y", "--", "--not-a-flag", "-o"])
    assert options.prompt_parts == ["-x", "y", "--not-a-flag", "-o"]
    options, _ = parse_exec_args(["--output-format=", "--enabled-tools=a, b,a", "x"])
    assert options.output_format == "text" and options.enabled_tools == ["a", "b"]


def test_resume_swallows_the_next_word() -> None:
    options, _ = parse_exec_args(["--resume", "do x", "--prompt", "p"])
    assert options.resume == "do x"


@pytest.mark.parametrize("version", [1, 2])
def test_parse_error_before_o_is_plain_text(tmp_path: Path, version: int) -> None:
    run = run_engine(["exec", "--bogus", "-o", "stream-json"], base_env(tmp_path, version))
    assert (run.returncode, run.stdout, run.stderr) == (2, b"", b'[zero] unknown exec flag "--bogus"\n')


@pytest.mark.parametrize("version", [1, 2])
def test_parse_error_after_o_is_stream_json(tmp_path: Path, version: int) -> None:
    run = run_engine(["exec", "-o", "stream-json", "--bogus"], base_env(tmp_path, version))
    assert run.normalized == [
        line(version, "error", code="usage_error", message='unknown exec flag "--bogus"', recoverable=False),
        line(version, "run_end", status="error", exitCode=2),
    ]
    assert (run.returncode, run.stderr) == (2, b"")
    assert_schema_valid(run, version)


@pytest.mark.parametrize("version", [1, 2])
def test_combination_errors_use_stream_json(tmp_path: Path, version: int) -> None:
    run = run_engine(
        ["exec", "--resume", "--fork", "x", "-o", "stream-json", "p"], base_env(tmp_path, version)
    )
    assert run.normalized[0] == line(
        version,
        "error",
        code="usage_error",
        recoverable=False,
        message="Use either --resume or --fork, not both.",
    )
    assert run.returncode == 2


def test_json_output_usage_error_goes_to_stderr(tmp_path: Path) -> None:
    run = run_engine(["exec", "-o", "json", "--plan", "--skip-permissions-unsafe", "p"], base_env(tmp_path))
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr == b"[zero] Use either --plan or --skip-permissions-unsafe, not both.\n"


def test_p_shortcut_and_missing_prompt(tmp_path: Path) -> None:
    env = scripted_env(tmp_path, 2, [[{"text": "hi"}]])
    assert run_engine(["-p", "-starts with dash"], env).stdout == b"hi\n"
    missing = run_engine(["-p"], env)
    assert (missing.returncode, missing.stderr) == (2, f"[zero] {PROMPT_REQUIRED}\n".encode())


@pytest.mark.parametrize(
    ("args", "problem"), [([], "no command given"), (["version"], "unknown command 'version'")]
)
def test_no_or_an_unknown_command_is_one_usage_line(tmp_path: Path, args: list[str], problem: str) -> None:
    run = run_engine(args, base_env(tmp_path))
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr == f"zero-engine: {problem}; {USAGE}\n".encode()
    assert "zero-engine exec [flags] [prompt]" in USAGE


def test_leading_add_dir_misuse(tmp_path: Path) -> None:
    run = run_engine(["--add-dir"], base_env(tmp_path))
    assert (run.returncode, run.stderr) == (1, b"[zero] --add-dir requires a directory path\n")
    run = run_engine(["--add-dir", str(tmp_path), "version"], base_env(tmp_path))
    assert (run.returncode, run.stderr) == (
        1,
        b"[zero] --add-dir is only supported for the interactive TUI and exec\n",
    )


@pytest.mark.parametrize("version", [1, 2])
def test_bad_add_dir_is_sandbox_error(tmp_path: Path, version: int) -> None:
    run = run_engine(
        ["exec", "-o", "stream-json", "--add-dir", "missing", "-C", str(tmp_path), "p"],
        scripted_env(tmp_path, version, []),
    )
    assert [e["type"] for e in run.events] == ["error", "run_end"]
    assert run.events[0]["code"] == "sandbox_error" and run.events[0]["message"].startswith(
        'write root "missing": '
    )
    assert run.returncode == 3


def test_bad_schema_version_env(tmp_path: Path) -> None:
    unknown = str(max(SUPPORTED_SCHEMA_VERSIONS) + 1)  # from the registry: still unknown after a bump
    run = run_engine(["exec", "-o", "stream-json", "p"], base_env(tmp_path, ZERO_SCHEMA_VERSION=unknown))
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr == f'[zero] invalid ZERO_SCHEMA_VERSION "{unknown}". Expected 1 or 2.\n'.encode()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "turbo"], 'unknown mode "turbo". Valid modes: smart, deep, fast, large, precise.'),
        (["--exec-profile", "x"], 'unknown execution profile "x". Valid profiles: balanced, fast, thorough.'),
        (["-C", "/definitely/missing"], "cwd must be an existing directory: /definitely/missing"),
        (
            ["--permission-mode", "yolo"],
            'Invalid permission mode "yolo". Expected plan, spec-draft, auto, member, ask, or unsafe.',
        ),
        (["--enabled-tools", "nope"], "Unknown tool: nope"),
        (["--enabled-tools", "bad!name"], 'Invalid tool name "bad!name".'),
        (
            ["--enabled-tools", "grep", "--disabled-tools", "grep"],
            "Tool cannot be both enabled and disabled: grep",
        ),
        (["--image", "missing.png"], "image file not found: missing.png"),
    ],
)
def test_startup_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    run = run_engine(["exec", "-o", "stream-json", *args, "p"], scripted_env(tmp_path, 2, []), cwd=tmp_path)
    assert run.normalized == [
        line(2, "error", code="usage_error", message=message, recoverable=False),
        line(2, "run_end", status="error", exitCode=2),
    ]


def test_image_type_checked_by_content(tmp_path: Path) -> None:
    (tmp_path / "fake.png").write_text("not an image")
    run = run_engine(
        ["exec", "-o", "stream-json", "--image", "fake.png", "-C", str(tmp_path), "p"],
        scripted_env(tmp_path, 2, []),
    )
    assert run.events[0]["message"] == "unsupported image type for fake.png (allowed: png, jpeg, gif, webp)"


@pytest.mark.parametrize("version", [1, 2])
def test_no_provider_configured(tmp_path: Path, version: int) -> None:
    run = run_engine(["exec", "-o", "stream-json", "p"], base_env(tmp_path, version))
    # The v1-era binary worded it differently, and its loose api_key pattern even redacts the env
    # var names in the message ("OPENAI_[REDACTED]").
    v1_text = "No provider configured. Set OPENAI_MODEL/OPENAI_API_KEY or add .zero/config.json."
    message = Redactor(version).redact_string(NO_PROVIDER if version == 2 else v1_text)
    assert message == (
        NO_PROVIDER
        if version == 2
        else "No provider configured. Set OPENAI_MODEL/OPENAI_[REDACTED] add .zero/config.json."
    )
    assert run.normalized == [
        line(version, "error", code="provider_error", message=message, recoverable=False),
        line(version, "run_end", status="error", exitCode=3),
    ]
    assert (run.returncode, run.stderr) == (3, b"")
    assert_schema_valid(run, version)


def test_no_provider_in_json_and_text(tmp_path: Path) -> None:
    run = run_engine(["exec", "-o", "json", "p"], base_env(tmp_path))
    assert run.stdout.decode().splitlines() == [
        json.dumps(
            {"code": "provider_error", "message": NO_PROVIDER, "type": "error"}, separators=(",", ":")
        ),
        '{"exit_code":3,"type":"done"}',
    ]
    text = run_engine(["exec", "p"], base_env(tmp_path))
    assert (text.returncode, text.stderr) == (3, f"[zero] {NO_PROVIDER}\n".encode())


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "file not found"),
        ("{", "invalid JSON at line 1 column 2"),
        ('{"turns":[{"steps":[{"dance":1}]}]}', "turns[0].steps[0]: unknown step 'dance'"),
        ('{"turns":[{"steps":[{"misbehave":{"kind":"explode"}}]}]}', "unknown kind 'explode'"),
    ],
)
def test_bad_script_is_provider_error(tmp_path: Path, content: str | None, problem: str) -> None:
    script = tmp_path / "script.json"
    if content is not None:
        script.write_text(content)
    env = base_env(tmp_path, 2, ZERO_PROVIDER="scripted", ZERO_SCRIPT=str(script))
    run = run_engine(["exec", "-o", "stream-json", "p"], env)
    assert run.returncode == 3 and [e["type"] for e in run.events] == ["error", "run_end"]
    assert run.events[0]["code"] == "provider_error"
    assert str(script) in run.events[0]["message"] and problem in run.events[0]["message"]


@pytest.mark.parametrize("version", [1, 2])
def test_list_tools_stream_json(tmp_path: Path, version: int) -> None:
    run = run_engine(
        [
            "exec",
            "--list-tools",
            "--enabled-tools",
            "read_file,grep",
            "-o",
            "stream-json",
            "-C",
            str(tmp_path),
        ],
        base_env(tmp_path, version),
    )
    events = run.events
    assert [e["type"] for e in events] == ["run_start", "final", "run_end"]
    assert set(events[0]) == {"schemaVersion", "type", "runId", "cwd"}
    assert events[1]["text"].startswith("Tools visible to model:\n  grep [read/allow] - ")
    assert "read_file" in events[1]["text"] and "bash" not in events[1]["text"]
    assert events[2]["status"] == "success" and run.returncode == 0
    assert_schema_valid(run, version)


def test_list_tools_text_and_json(tmp_path: Path) -> None:
    text = run_engine(["exec", "--list-tools", "--enabled-tools", "grep"], base_env(tmp_path))
    assert text.stdout.decode().startswith("Tools visible to model:\n  grep [read/allow] - ")
    assert text.stdout.decode().count("\n") == 2
    as_json = run_engine(
        ["exec", "--list-tools", "-o", "json", "--disabled-tools", "grep"], base_env(tmp_path)
    )
    (listing,) = as_json.stdout.decode().splitlines()
    parsed = json.loads(listing)
    assert parsed["type"] == "tools" and "grep" not in [t["name"] for t in parsed["tools"]]
    assert set(parsed["tools"][0]) == {"name", "description", "side_effect", "permission"}
    none = run_engine(["exec", "--list-tools", "--plan", "--enabled-tools", "bash"], base_env(tmp_path))
    assert none.stdout == b"Tools visible to model:\n  (none)\n"
