"""Every failure a user of the command lines meets is one line on stderr with a documented exit
status, and a binary that cannot be driven fails the same way whether or not the version was probed.

The binaries are real processes: small scripts written by each test into its own temp dir (they
write fixed text and exit; none touches anything else).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from zero_client import (
    AsyncZeroClient,
    ZeroClient,
    ZeroError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroUsageError,
    ZeroVersionError,
)
from zero_client.testing.pytest_plugin import isolated_environ
from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS

ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")
ENGINE = str(Path(sys.executable).parent / "zero-engine")
#: A schemaVersion this client does not support, derived from the registry (not a fixed number).
UNSUPPORTED = max(SUPPORTED_SCHEMA_VERSIONS) + 5


def unsupported_stream() -> str:
    """A complete, successful run, every line in a schemaVersion this client does not support."""
    events: list[dict[str, object]] = [
        {"type": "run_start", "cwd": "/w"},
        {"type": "text", "delta": "hi"},
        {"type": "final", "text": "hi"},
        {"type": "run_end", "status": "success", "exitCode": 0},
    ]
    return "".join(
        json.dumps({"schemaVersion": UNSUPPORTED, "runId": "run_1", **event}) + "\n" for event in events
    )


#: name -> (the fake binary's stdout, stderr, exit status). None of them reads its input.
BINARIES: dict[str, tuple[str, str, int]] = {
    "dies": ("", "boom: cannot start\n", 1),
    "garbage": ("this is not json\nneither is this\n", "", 0),
    "unsupported": (unsupported_stream(), "", 0),
}
#: name -> (the error class, words its message must hold).
EXPECTED: dict[str, tuple[type[ZeroError], tuple[str, ...]]] = {
    "dies": (ZeroProcessError, ("exited with code 1 before writing any event", "boom: cannot start")),
    "garbage": (ZeroProtocolError, ("wrote no stream-json event", "'this is not json'")),
    "unsupported": (ZeroVersionError, (f"schemaVersion {UNSUPPORTED}", "upgrade zero-sdk")),
}


def fake_binary(tmp_path: Path, name: str) -> Path:
    stdout, stderr, status = BINARIES[name]
    (tmp_path / f"{name}.out").write_text(stdout, encoding="utf-8")
    (tmp_path / f"{name}.err").write_text(stderr, encoding="utf-8")
    path = tmp_path / name
    path.write_text(
        f'#!/bin/sh\ncat "{tmp_path}/{name}.out"\ncat "{tmp_path}/{name}.err" >&2\nexit {status}\n',
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path


def env_for(tmp_path: Path) -> dict[str, str]:
    return isolated_environ(os.environ, tmp_path / "env")


def zero_sdk(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ZERO_SDK, *args],
        env=env_for(tmp_path),
        cwd=tmp_path,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL if stdin is None else None,
    )


def assert_one_line(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.mark.parametrize("name", sorted(BINARIES))
@pytest.mark.parametrize("probed", [True, False], ids=["probed", "schema-version-2"])
def test_zero_sdk_run_fails_on_a_binary_it_cannot_drive_with_one_line(
    tmp_path: Path, name: str, probed: bool
) -> None:
    binary = fake_binary(tmp_path, name)
    version = [] if probed else ["--schema-version", "2"]
    for output in ([], ["--json"], ["--quiet"]):
        done = zero_sdk(tmp_path, "run", "--command", str(binary), *version, *output, "--color=never", "hi")
        assert done.returncode == 1, (output, done.stderr)
        line = assert_one_line(done.stderr)
        for words in EXPECTED[name][1]:
            assert words in line, (output, line)
        assert "[done]" not in done.stdout and "success" not in line


@pytest.mark.parametrize("name", sorted(BINARIES))
def test_one_failure_is_one_error_class_probed_or_not(tmp_path: Path, name: str) -> None:
    """The probe (no schema_version) and a run (schema_version=2, no probe) raise the same class,
    and its message says what happened, with the stderr tail; the async client agrees."""
    binary = str(fake_binary(tmp_path, name))
    cls, words = EXPECTED[name]
    env = env_for(tmp_path)
    errors: list[ZeroError] = []
    for schema_version in (None, 2):
        with pytest.raises(ZeroError) as info:
            ZeroClient(binary, env=env, schema_version=schema_version).run("hi")
        errors.append(info.value)

        async def run_async(version: int | None = schema_version) -> None:
            await AsyncZeroClient(binary, env=env, schema_version=version).run("hi")

        with pytest.raises(ZeroError) as async_info:
            asyncio.run(run_async())
        errors.append(async_info.value)
    for error in errors:
        assert type(error) is cls, (type(error), str(error))
        for word in words:
            assert word in str(error)
        assert error.stderr_tail == BINARIES[name][1]
        assert error.exit_code == BINARIES[name][2]


def test_an_unsupported_version_fails_even_after_a_successful_run_end_in_strict_mode(tmp_path: Path) -> None:
    binary = str(fake_binary(tmp_path, "unsupported"))
    client = ZeroClient(binary, env=env_for(tmp_path), schema_version=2, decode_mode="strict")
    with pytest.raises(ZeroVersionError, match=f"schemaVersion {UNSUPPORTED}"):
        client.run("hi")


def test_a_missing_workspace_is_a_usage_error_on_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent"
    done = zero_sdk(tmp_path, "run", "--command", ENGINE, "-C", str(missing), "hi")
    assert done.returncode == 2
    assert assert_one_line(done.stderr) == f"zero-sdk run: cwd must be an existing directory: {missing}"
    with pytest.raises(ZeroUsageError):
        ZeroClient(ENGINE, str(missing)).run("hi")


@pytest.mark.parametrize("flag", ["-h", "--help"])
@pytest.mark.parametrize(
    "command", ["demo", "export", "generate", "record", "replay", "run", "schema", "schema diff", "validate"]
)
def test_help_works_on_every_subcommand(tmp_path: Path, command: str, flag: str) -> None:
    done = zero_sdk(tmp_path, *command.split(), flag)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.lower().startswith("usage:")


def test_replay_help_names_its_options_and_a_bad_option_is_one_line(tmp_path: Path) -> None:
    done = zero_sdk(tmp_path, "replay", "--help")
    assert done.returncode == 0 and "--exit-code N" in done.stdout and "TRANSCRIPT" in done.stdout
    bad = zero_sdk(tmp_path, "replay", "--exit-code")
    assert bad.returncode == 2
    assert assert_one_line(bad.stderr) == "replay: --exit-code needs a value (see --help)"
    unknown = zero_sdk(tmp_path, "replay", "--loud", "x.jsonl")
    assert unknown.returncode == 2
    assert assert_one_line(unknown.stderr) == "replay: unknown option --loud (see --help)"


@pytest.mark.parametrize("status", [0, 5])
def test_record_exits_with_the_recorded_commands_status(tmp_path: Path, status: int) -> None:
    script = tmp_path / "model.json"
    script.write_text(json.dumps({"replies": []}), encoding="utf-8")
    command = tmp_path / "fails"
    command.write_text(f"#!/bin/sh\necho recorded\nexit {status}\n", encoding="utf-8")
    command.chmod(0o755)
    stem = tmp_path / "out" / "rec"
    done = zero_sdk(tmp_path, "record", "-o", str(stem), "--script", str(script), "--", str(command))
    assert done.returncode == status, done.stderr
    assert f"(exit {status}, 0 model requests)" in done.stderr
    assert Path(f"{stem}.jsonl").read_text(encoding="utf-8") == "recorded\n"
    assert json.loads(Path(f"{stem}.run.json").read_text(encoding="utf-8"))["exit_code"] == status


def test_an_unexpected_exception_is_shown_as_a_bug_to_report(tmp_path: Path) -> None:
    """Only a real bug shows a traceback, followed by one line asking to report it."""
    program = (
        "import click, zero_sdk.cli as cli\n"
        "from zero_sdk.entry import main\n"
        "@click.command('explode')\n"
        "def explode():\n"
        "    raise RuntimeError('a bug')\n"
        "cli._COMMANDS['explode'] = ('__main__', 'explode', 'cli')\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, "explode"],
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "RuntimeError: a bug" in done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("zero-sdk: this is a bug in zero-sdk") and "please report it" in last
