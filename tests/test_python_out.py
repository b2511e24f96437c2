"""`zero-sdk generate --lang python --out DIR --package NAME`: a self-contained package in a user's
project (bindings + the runtime copied from zero_client) that imports, decodes, upgrades and
type-checks with msgspec alone, and whose `--check` catches a hand edit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from zero_sdk.cli import main
from zero_sdk.emitters import python as python_emitter
from zero_sdk.generate_cmd import schema_versions

ROOT = Path(__file__).resolve().parent.parent
ZERO_SDK = Path(sys.executable).parent / "zero-sdk"
ARGS = ["generate", "--lang", "python", "--out", "gen", "--package", "mybindings"]
RUN_ID = "run_20260101000000_abc123"

# Runs a program with nothing importable but the generated folder and msgspec: the repository's
# packages are refused even if the folder holding msgspec also holds them (a non-editable install).
RUNNER = """\
import importlib.abc, runpy, sys

class NoSDK(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"zero_client", "zero_sdk", "zero_engine"}:
            raise ModuleNotFoundError(f"the generated package imported {name}")
        return None

sys.meta_path.insert(0, NoSDK())
sys.path[:0] = [sys.argv[1], sys.argv[2]]
sys.argv = sys.argv[3:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""

# A user's program: decode lines of every version, upgrade them to the latest types, narrow on
# `.type`. mypy --strict must accept it.
APP = """\
import pathlib
import sys

import mybindings
from mybindings import events


def describe(event: events.Event) -> str:
    if event.type == "text":
        return f"text {event.delta!r} v{event.schema_version} from v{event.original_schema_version}"
    if event.type == "unknown":
        return f"unknown {event.wire_type}"
    return event.type


for raw in sys.argv[1:]:
    line = raw.encode()
    try:
        decoded = mybindings.decode_output(line)
    except mybindings.ProtocolError as exc:
        print(f"error {exc.kind}")
        continue
    print(describe(mybindings.upgrade(decoded, line)))
# A transcript file (blank lines too), read with the generated package alone.
transcript = pathlib.Path("transcript.jsonl")
transcript.write_text("\\n\\n".join(raw for raw in sys.argv[1:] if raw.endswith("}")) + "\\n")
print("read", " ".join(event.type for event in mybindings.read_events(transcript)))
print(f"latest {mybindings.LATEST_SCHEMA_VERSION}, zero_client loaded: {'zero_client' in sys.modules}")
"""

# Without narrowing, `.delta` is not an attribute of every event: mypy must say so.
WRONG = """\
from mybindings import events


def delta(event: events.Event) -> str:
    return event.delta
"""


def _zero_sdk(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ZERO_SDK), *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


def test_generated_python_package_works_on_its_own(tmp_path: Path) -> None:
    # tmp_path is no checkout: the schemas this zero-sdk ships serve.
    done = _zero_sdk(*ARGS, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    package = tmp_path / "gen" / "mybindings"
    versions = schema_versions(ROOT)
    for relative in (*python_emitter.RUNTIME_FILES, "__init__.py", "py.typed", "versions/__init__.py"):
        assert (package / relative).is_file(), relative
    for path in package.rglob("*.py"):  # every import names the package, none zero_client
        assert "from zero_client" not in path.read_text(encoding="utf-8"), path

    (tmp_path / "app.py").write_text(APP, encoding="utf-8")
    (tmp_path / "run.py").write_text(RUNNER, encoding="utf-8")
    latest = versions[-1]
    lines = [
        msgspec.json.encode({"schemaVersion": v, "type": "text", "runId": RUN_ID, "delta": f"hi{v}"}).decode()
        for v in versions
    ]
    lines += [
        msgspec.json.encode({"schemaVersion": latest, "type": "future_event", "runId": RUN_ID}).decode(),
        '{"schemaVersion":1,"type":"text"',
    ]
    site = str(Path(msgspec.__file__).resolve().parent.parent)
    ran = subprocess.run(
        [sys.executable, "-I", "run.py", str(tmp_path / "gen"), site, "app.py", *lines],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.splitlines() == [
        *(f"text 'hi{v}' v{latest} from v{v}" for v in versions),
        "unknown future_event",
        "error invalid_json",
        "read " + " ".join(["text"] * len(versions) + ["unknown"]),
        f"latest {latest}, zero_client loaded: False",
    ]

    # mypy --strict accepts the program (narrowing on `.type` included) and rejects the wrong one.
    (tmp_path / "wrong.py").write_text(WRONG, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(tmp_path / "cache"), "app.py", "wrong.py"],
        cwd=tmp_path, env={**os.environ, "MYPYPATH": str(tmp_path / "gen")},
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert checked.returncode == 1 and errors, checked.stdout + checked.stderr
    assert all(line.startswith("wrong.py:5: error:") for line in errors), errors
    assert 'Item "RunStartEvent" of' in errors[0] and 'has no attribute "delta"' in errors[0], errors

    # --check passes there, then catches a hand edit with the command that fixes it.
    assert _zero_sdk(*ARGS, "--check", cwd=tmp_path).returncode == 0
    codec = package / "protocol" / "_codec.py"
    codec.write_text(codec.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    stale = _zero_sdk(*ARGS, "--check", cwd=tmp_path)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "+++ b/mybindings/protocol/_codec.py" in stale.stdout
    assert "--out gen --package mybindings" in stale.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "gen"], "--lang python --out DIR needs --package NAME"),
        (["--out", "gen", "--package", "my-bindings"], "'my-bindings' is not a Python package name"),
        (["--package", "mybindings"], "--lang python --package mybindings needs --out DIR"),
    ],
)
def test_python_target_errors_are_one_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["generate", "--lang", "python", "--root", str(ROOT), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "gen").exists()


def test_an_emitter_failure_is_one_message_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(*_: object) -> str:
        raise python_emitter.PythonEmitterError("datamodel-code-generator failed on schema/v1.json (exit 1)")

    monkeypatch.setattr(python_emitter, "_run_datamodel_codegen", failing)
    args = ["generate", "--lang", "python", "--out", str(tmp_path), "--package", "p"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.output == "Error: datamodel-code-generator failed on schema/v1.json (exit 1)\n"
