"""The TypeScript package as a user gets it: `npm pack` on a clean copy, installed into a fresh
TypeScript project outside the repository, compiled with `tsc --strict` and run.

The clean copy holds only what git tracks in clients/typescript (no dist/, no LICENSE copy) plus
the repository's LICENSE, so `prepack` must build everything the tarball needs. The consumer
imports the bindings from the package root, the Node client from `@zero-sdk/protocol/client` and
the exact bindings of the latest version from `@zero-sdk/protocol/v<N>`, and drives the
embedded engine (demo provider) through the client.
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
ENGINE = Path(os.environ.get("ZERO_ENGINE_BIN") or ROOT / ".venv" / "bin" / "zero-engine")


def _latest_version() -> int:
    return max(int(p.stem[1:]) for p in (ROOT / "schema").glob("v*.json") if p.stem[1:].isdigit())


def _tools() -> tuple[str, str]:
    node, npm = require_tool("node"), require_tool("npm")
    if not (TS_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("clients/typescript/node_modules has no typescript: run `npm ci` in clients/typescript")
    return node, npm


def _tracked_package_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "-z", "--", "."], cwd=TS_DIR, capture_output=True, check=False)
    if done.returncode != 0:  # not a git checkout (an exported copy): take the folder as it is
        return [
            str(p.relative_to(TS_DIR))
            for p in TS_DIR.rglob("*")
            if p.is_file() and not {"node_modules", "dist"} & set(p.relative_to(TS_DIR).parts)
        ]
    return [name for name in done.stdout.decode().split("\0") if name]


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert done.returncode == 0, f"{' '.join(argv)} exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


CONSUMER = """
import {{ LATEST_SCHEMA_VERSION, parseOutput }} from "@zero-sdk/protocol";
import type {{ OutputEvent, UnknownEvent }} from "@zero-sdk/protocol";
import {{ ZeroClient }} from "@zero-sdk/protocol/client";
import * as exact from "@zero-sdk/protocol/v{latest}";

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


# It builds, packs and installs a package and compiles a project: more than the suite's default
# per-test timeout allows on a loaded 2-core machine.
@pytest.mark.timeout(300)
def test_npm_pack_installs_and_compiles_outside_the_repo(tmp_path: Path) -> None:
    node, npm = _tools()
    require_engine(ENGINE)
    # A clean copy: tracked files only, the repository's LICENSE two levels up (as in a clone).
    clone = tmp_path / "clone"
    package = clone / "clients" / "typescript"
    for name in _tracked_package_files():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TS_DIR / name, package / name)
    shutil.copy2(ROOT / "LICENSE", clone / "LICENSE")
    (package / "node_modules").symlink_to(TS_DIR / "node_modules", target_is_directory=True)
    assert not (package / "dist").exists()
    out = _run([npm, "pack", "--json", "--pack-destination", str(tmp_path)], package)
    tarball = tmp_path / json.loads(out)[0]["filename"]

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
        # The root export (everything outside client/ and testing/, which run processes and an
        # HTTP server) uses no Node built-ins.
        for member in archive.getmembers():
            node_only = "/client/" in member.name or "/testing/" in member.name
            if member.name.endswith(".js") and not node_only:
                text = archive.extractfile(member).read().decode()  # type: ignore[union-attr]
                assert '"node:' not in text and "require(" not in text, member.name

    consumer = tmp_path / "consumer"
    consumer.mkdir()
    (consumer / "package.json").write_text(
        json.dumps({"name": "consumer", "private": True, "type": "module"})
    )
    _run([npm, "install", "--no-audit", "--no-fund", "--offline", str(tarball)], consumer)
    types = TS_DIR / "node_modules" / "@types"
    (consumer / "tsconfig.json").write_text(json.dumps({
        "compilerOptions": {
            "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": True,
            "types": ["node"], "typeRoots": [str(types)], "outDir": "out", "skipLibCheck": False,
        },
        "files": ["main.ts", "readme.ts"],
    }))  # fmt: skip
    (consumer / "readme.ts").write_text(_readme_snippet())
    (consumer / "main.ts").write_text(
        CONSUMER.format(latest=_latest_version(), engine=json.dumps(str(ENGINE)))
    )
    _run([node, str(TS_DIR / "node_modules" / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], consumer)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ZERO_", "OPENAI_"))}
    env["HOME"] = str(tmp_path / "home")
    lines = _run([node, "out/main.js"], consumer, env=env).splitlines()
    assert lines == ["text:hi", "unknown:brand_new", "exact:true", "run:success:true"], lines
    # The README's TypeScript snippet, against the default engine with the offline demo provider.
    demo = {**env, "ZERO_BIN": str(ENGINE), "ZERO_PROVIDER": "demo"}
    readme = _run([node, "out/readme.js"], consumer, env=demo)
    final, _, streamed = readme.partition("\n")
    assert final.strip() and streamed.strip(), readme


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
