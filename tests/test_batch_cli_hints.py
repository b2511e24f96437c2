"""`zero-sdk batch` when every task fails alike for want of a provider: one row in the summary,
and a note that the batch builds each task's environment itself (`--pass-env`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from client_support import ENGINE
from toolchains import require_engine
from zero_client.testing.pytest_plugin import isolated_environ
from zero_sdk.batch_cmd import group_failures

ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")


def test_identical_failures_are_one_group_in_order_of_first_appearance() -> None:
    paragraph = "provider_error: No provider configured.\nRun `zero setup` ...\nmore"
    failures = [("a", "provider", paragraph), ("b", "timeout", "idle"), ("c", "provider", paragraph)]
    assert group_failures(failures) == [
        ("provider", "provider_error: No provider configured.", ["a", "c"]),
        ("timeout", "idle", ["b"]),
    ]


def test_a_batch_without_a_provider_says_once_and_names_pass_env(tmp_path: Path) -> None:
    require_engine(Path(ENGINE))
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(f'{{"id": "t{n}", "prompt": "hi"}}\n' for n in range(4)))
    # The shell has a provider (never contacted: the tasks do not get it), the tasks do not.
    env = {
        **isolated_environ(os.environ, tmp_path / "env"),
        "OPENAI_API_KEY": "sk-test", "OPENAI_MODEL": "m", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
        "COLUMNS": "200",
    }  # fmt: skip
    done = subprocess.run(
        [ZERO_SDK, "batch", str(tasks), "--out", str(tmp_path / "out"), "--command", ENGINE,
         "--max-attempts", "1", "--color=never"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.count("No provider configured") == 1, done.stdout
    assert {"t0", "t1", "t2", "t3"} <= set(done.stdout.replace(",", " ").split()), done.stdout
    note = [line for line in done.stderr.splitlines() if line.startswith("zero-sdk batch: the tasks found")]
    assert len(note) == 1, done.stderr
    for flag in ("--pass-env OPENAI_API_KEY", "--pass-env OPENAI_BASE_URL", "--pass-env OPENAI_MODEL"):
        assert flag in note[0], note[0]
