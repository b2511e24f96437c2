"""The TypeScript package as a user gets it from a fresh checkout, by the README's commands.

A fresh copy holds only what git tracks in clients/typescript (no node_modules, no dist/, no
LICENSE copy) plus the repository's LICENSE, and `tsc` is not on PATH: `npm pack` must install
the package's own pinned TypeScript and build everything the tarball needs, and `npm install
/path/to/clients/typescript` (a link) must build dist/ in the folder. The packed package.json has
no scripts. Consumers in fresh projects outside the repository import the bindings from the
package root, the Node client from `zero-headless-sdk/client` and the exact bindings of the
latest version from `zero-headless-sdk/v<N>`, compile with the current TypeScript release and
the one before it (tests/typescript-compat), and drive the embedded engine (demo provider). The
root export's .d.ts files type-check with no Node types at all (`"types": []`, no DOM lib).

npm runs with `prefer-offline`: the tarballs it needs are in its cache once `npm ci` ran in
clients/typescript (scripts/test does that first), so no test reaches the network.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from toolchains import require_engine, require_tool

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "clients" / "typescript"
COMPAT = Path(__file__).resolve().parent / "typescript-compat"
ENGINE = Path(os.environ.get("ZERO_ENGINE_BIN") or ROOT / ".venv" / "bin" / "zero-engine")
#: The TypeScript releases consumers are compiled with (tests/typescript-compat/package.json).
COMPILERS = ("typescript-current", "typescript-previous")


def _latest_version() -> int:
    return max(int(p.stem[1:]) for p in (ROOT / "schema").glob("v*.json") if p.stem[1:].isdigit())


def _tools() -> tuple[str, str]:
    node, npm = require_tool("node"), require_tool("npm")
    if not (TS_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("clients/typescript/node_modules has no typescript: run `npm ci` in clients/typescript")
    return node, npm


def _compilers() -> dict[str, Path]:
    found = {name: COMPAT / "node_modules" / name / "bin" / "tsc" for name in COMPILERS}
    missing = [name for name, tsc in found.items() if not tsc.is_file()]
    if missing:
        pytest.fail(
            f"tests/typescript-compat has no {', '.join(missing)}: run `npm ci` in tests/typescript-compat"
        )
    return found


def _tracked_package_files() -> list[str]:
    """What git tracks (or would: untracked files that are not ignored) in clients/typescript."""
    done = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."],
        cwd=TS_DIR,
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:  # not a git checkout (an exported copy): take the folder as it is
        return [
            str(p.relative_to(TS_DIR))
            for p in TS_DIR.rglob("*")
            if p.is_file() and not {"node_modules", "dist"} & set(p.relative_to(TS_DIR).parts)
        ]
    return [name for name in done.stdout.decode().split("\0") if name and (TS_DIR / name).is_file()]


def _fresh_checkout(clone: Path) -> Path:
    """A fresh copy of the package folder in `clone` (the repository's LICENSE two levels up, as
    in a clone); returns the package folder."""
    package = clone / "clients" / "typescript"
    for name in _tracked_package_files():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TS_DIR / name, package / name)
    shutil.copy2(ROOT / "LICENSE", clone / "LICENSE")
    assert not (package / "node_modules").exists() and not (package / "dist").exists()
    return package


def _user_env(tmp_path: Path, node: str, npm: str) -> dict[str, str]:
    """A user's shell: node and npm on PATH, no tsc; npm from its cache; temp files in tmp_path."""
    path = os.pathsep.join(dict.fromkeys([str(Path(node).parent), str(Path(npm).parent), "/usr/bin", "/bin"]))
    assert shutil.which("tsc", path=path) is None, "tsc must not be on the user's PATH"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ZERO_", "OPENAI_", "npm_"))}
    tmp = tmp_path / "tmp"
    tmp.mkdir(exist_ok=True)
    env.update({
        "PATH": path, "TMPDIR": str(tmp), "npm_config_prefer_offline": "true",
        "npm_config_audit": "false", "npm_config_fund": "false", "npm_config_update_notifier": "false",
    })  # fmt: skip
    return env


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert done.returncode == 0, f"{' '.join(argv)} exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _run_capturing(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600, env=env, check=False)
    assert done.returncode == 0, f"{' '.join(argv)} exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


CONSUMER = """
import {{ LATEST_SCHEMA_VERSION, parseOutput }} from "zero-headless-sdk";
import type {{ OutputEvent, UnknownEvent }} from "zero-headless-sdk";
import {{ ZeroClient }} from "zero-headless-sdk/client";
import * as exact from "zero-headless-sdk/v{latest}";

function show(event: OutputEvent | UnknownEvent): string {{
  switch (event.type) {{
    case "text":
      return `text:${{event.delta ?? ""}}`;
    case "unknown":
      return `unknown:${{event.wireType}}`;
    default:
      return event.type;
  }}
}}

const run = "run_20260822101500_3fa9c2";
const v = LATEST_SCHEMA_VERSION;
console.log(show(parseOutput(`{{"delta":"hi","runId":"${{run}}","schemaVersion":${{v}},"type":"text"}}`)));
console.log(show(parseOutput(`{{"runId":"${{run}}","schemaVersion":${{v}},"type":"brand_new"}}`)));
console.log(`exact:${{exact.SCHEMA_VERSION === v}}`);
const client = new ZeroClient({{ command: [{engine}], env: {{ ZERO_PROVIDER: "demo" }} }});
const result = await client.run("Say hello.");
console.log(`run:${{result.status}}:${{result.finalText.length > 0}}`);
"""

# The root export alone, as a browser or webview bundle uses it: no Node types, no DOM, no console.
ROOT_ONLY_CONSUMER = """
import * as protocol from "zero-headless-sdk";
import {{ LATEST_SCHEMA_VERSION, encodeEvent, parseOutput, wireOf }} from "zero-headless-sdk";
import type {{ OutputEvent }} from "zero-headless-sdk";
import * as runtime from "zero-headless-sdk/runtime";
import * as exact from "zero-headless-sdk/v{latest}";

const event: OutputEvent | protocol.UnknownEvent = parseOutput(
  `{{"delta":"hi","runId":"r","schemaVersion":${{LATEST_SCHEMA_VERSION}},"type":"text"}}`,
);
export const line: string = encodeEvent(event);
export const version: number = wireOf(event).schemaVersion;
export const names: string[] = [Object.keys(protocol).join(), Object.keys(runtime).join()];
export const exactVersion: number = exact.SCHEMA_VERSION;
"""


def _tsconfig(
    files: list[str], types: list[str], *, type_roots: Path | None = None, lib: list[str] | None = None
) -> str:
    options: dict[str, object] = {
        "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": True,
        "types": types, "outDir": "out", "skipLibCheck": False,
    }  # fmt: skip
    if type_roots is not None:
        options["typeRoots"] = [str(type_roots)]
    if lib is not None:
        options["lib"] = lib
    return json.dumps({"compilerOptions": options, "files": files})


def _consumer(directory: Path, install: str, node: str, npm: str, env: dict[str, str]) -> Path:
    """A fresh project in `directory` with `install` (a tarball or a folder) installed by npm."""
    directory.mkdir()
    (directory / "package.json").write_text(
        json.dumps({"name": "consumer", "private": True, "type": "module"})
    )
    done = _run_capturing([npm, "install", install], directory, env)
    assert "install-scripts" not in done.stderr or not install.endswith(".tgz"), done.stderr
    return directory


def _compile(consumer: Path, node: str, tsc: Path, tsconfig: str) -> None:
    (consumer / "tsconfig.json").write_text(tsconfig)
    _run([node, str(tsc), "-p", "tsconfig.json"], consumer)


# Building (twice, each with its own `npm ci`), packing, installing and compiling with three
# compilers: more than the suite's default per-test timeout allows on a loaded 2-core machine.
@pytest.mark.timeout(900)
def test_npm_pack_from_a_fresh_checkout_installs_and_compiles_outside_the_repo(tmp_path: Path) -> None:
    node, npm = _tools()
    compilers = _compilers()
    require_engine(ENGINE)
    env = _user_env(tmp_path, node, npm)
    package = _fresh_checkout(tmp_path / "clone")
    manifest = (package / "package.json").read_bytes()
    out = _run([npm, "pack", "--json", "--pack-destination", str(tmp_path)], package, env)
    tarball = tmp_path / json.loads(out)[0]["filename"]
    # The checkout is as it was (its package.json put back), plus the build.
    assert (package / "package.json").read_bytes() == manifest
    assert not (package / ".package.json.prepack").exists()

    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
        for needed in (
            "package/package.json", "package/README.md", "package/LICENSE",
            "package/dist/src/index.js", "package/dist/src/index.d.ts",
            "package/dist/src/client/index.js", "package/dist/src/client/index.d.ts",
            f"package/dist/src/generated/v{_latest_version()}.d.ts",
        ):  # fmt: skip
            assert needed in names, (needed, sorted(names))
        assert not any("/test/" in n or "/scripts/" in n for n in names), sorted(names)
        packed = json.loads(archive.extractfile("package/package.json").read())  # type: ignore[union-attr]
        assert "scripts" not in packed, packed["scripts"]
        assert packed["exports"] == json.loads(manifest)["exports"]
        # The root export (everything outside client/ and testing/, which run processes and an
        # HTTP server) uses no Node built-ins.
        for member in archive.getmembers():
            node_only = "/client/" in member.name or "/testing/" in member.name
            if member.name.endswith(".js") and not node_only:
                text = archive.extractfile(member).read().decode()  # type: ignore[union-attr]
                assert '"node:' not in text and "require(" not in text, member.name

    consumer = _consumer(
        tmp_path / "consumer", str(tarball), node, npm, {**env, "npm_config_offline": "true"}
    )
    (consumer / "root.ts").write_text(ROOT_ONLY_CONSUMER.format(latest=_latest_version()))
    (consumer / "readme.ts").write_text(_readme_snippet())
    (consumer / "main.ts").write_text(
        CONSUMER.format(latest=_latest_version(), engine=json.dumps(str(ENGINE)))
    )
    types = package / "node_modules" / "@types"  # the package's own pinned @types/node, from its build
    for name, tsc in compilers.items():
        # Nothing of Node's, nor the DOM: the root export's .d.ts files stand alone.
        _compile(consumer, node, tsc, _tsconfig(["root.ts"], [], lib=["ES2022"]))
        _compile(consumer, node, tsc, _tsconfig(["main.ts", "readme.ts"], ["node"], type_roots=types))
        run_env = {k: v for k, v in env.items() if not k.startswith("npm_")}
        run_env["HOME"] = str(tmp_path / "home")
        lines = _run([node, "out/main.js"], consumer, env=run_env).splitlines()
        assert lines == ["text:hi", "unknown:brand_new", "exact:true", "run:success:true"], (name, lines)
    # The README's TypeScript snippet, against the default engine with the offline demo provider.
    demo = {**run_env, "ZERO_BIN": str(ENGINE), "ZERO_PROVIDER": "demo"}
    readme = _run([node, "out/readme.js"], consumer, env=demo)
    final, _, streamed = readme.partition("\n")
    assert final.strip() and streamed.strip(), readme


@pytest.mark.timeout(900)
def test_npm_install_of_a_fresh_checkout_folder_builds_it(tmp_path: Path) -> None:
    """`npm install /path/to/clients/typescript` links the folder and builds dist/ in it."""
    node, npm = _tools()
    compilers = _compilers()
    if not ENGINE.exists():
        pytest.skip(f"zero-engine not found at {ENGINE} (run scripts/bootstrap)")
    env = _user_env(tmp_path, node, npm)
    package = _fresh_checkout(tmp_path / "clone")
    manifest = (package / "package.json").read_bytes()
    consumer = _consumer(tmp_path / "consumer", str(package), node, npm, env)
    assert (consumer / "node_modules" / "zero-headless-sdk").resolve() == package.resolve()
    assert (package / "dist" / "src" / "index.d.ts").is_file()
    assert (package / "package.json").read_bytes() == manifest
    (consumer / "main.ts").write_text(
        CONSUMER.format(latest=_latest_version(), engine=json.dumps(str(ENGINE)))
    )
    _compile(
        consumer,
        node,
        compilers["typescript-current"],
        _tsconfig(["main.ts"], ["node"], type_roots=package / "node_modules" / "@types"),
    )
    run_env = {k: v for k, v in env.items() if not k.startswith("npm_")}
    run_env["HOME"] = str(tmp_path / "home")
    lines = _run([node, "out/main.js"], consumer, env=run_env).splitlines()
    assert lines == ["text:hi", "unknown:brand_new", "exact:true", "run:success:true"], lines


def _readme_snippet() -> str:
    """The README's TypeScript client snippet (the ```ts block of "TypeScript and Go")."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## TypeScript and Go") :]
    start = section.index("```ts\n") + len("```ts\n")
    return section[start : section.index("```", start)] + "export {};\n"


USER_PROGRAM = """
import { LATEST_SCHEMA_VERSION, SUPPORTED_SCHEMA_VERSIONS } from "./protocol/index.js";
import { encodeInput, parseOutput } from "./protocol/index.js";

const line = `{"delta":"hi","runId":"r1","schemaVersion":${LATEST_SCHEMA_VERSION},"type":"text"}`;
const event = parseOutput(line);
console.log(event.type === "text" ? `text:${event.delta ?? ""}` : "other");
console.log(SUPPORTED_SCHEMA_VERSIONS.map((v) => encodeInput({ type: "prompt", content: "x" }, v)).join(" "));
"""


def test_generate_out_writes_bindings_that_compile_on_their_own(tmp_path: Path) -> None:
    node, _ = _tools()
    project = tmp_path / "project"
    out = project / "protocol"
    zero_sdk = [str(Path(sys.executable).parent / "zero-sdk")]
    _run([*zero_sdk, "generate", "--lang", "typescript", "--out", str(out)], ROOT)
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*.ts"))
    versions = sorted(int(p.stem[1:]) for p in (ROOT / "schema").glob("v*.json") if p.stem[1:].isdigit())
    assert written == sorted(
        ["index.ts", "protocol.ts", "runtime.ts", "generated/registry.ts"]
        + [f"generated/v{v}.ts" for v in versions]
    ), written
    check = [*zero_sdk, "generate", "--lang", "typescript", "--out", str(out), "--check"]
    _run(check, ROOT)
    (out / "runtime.ts").write_text((out / "runtime.ts").read_text() + "\n// edited\n")
    stale = subprocess.run(check, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    _run([*zero_sdk, "generate", "--lang", "typescript", "--out", str(out)], ROOT)

    (project / "package.json").write_text(json.dumps({"name": "user", "private": True, "type": "module"}))
    (project / "tsconfig.json").write_text(
        json.dumps({
            "compilerOptions": {
                "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": True,
                "types": [], "outDir": "out", "noUnusedLocals": True, "exactOptionalPropertyTypes": True,
            },
            "files": ["main.ts"],
        })
    )  # fmt: skip
    (project / "main.ts").write_text(USER_PROGRAM)
    _run([node, str(TS_DIR / "node_modules" / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], project)
    lines = _run([node, "out/main.js"], project).splitlines()
    inputs = " ".join(f'{{"content":"x","schemaVersion":{v},"type":"prompt"}}' for v in versions)
    assert lines == ["text:hi", inputs], lines
