"""Goal 12: the start-up of the typed plugin glue, per language (docs/plugins.md).

Each tool call Zero makes to a plugin starts the plugin's command afresh, so the glue's start-up
is paid on every call. The plugin `zero-sdk plugin new` scaffolds in each language (built as its
build.sh does) answers one `greet` call, arguments on stdin, against the bare runtime of the same
language started the same way in the same rounds: `python3 -c pass`, `node -e ""`, and an empty
Go program. Interleaved rounds, medians; ratio = glue / bare runtime (lower is better).

Python is measured twice: with the glue's `.pyc` cached (a plugin folder Python may write to),
and without (`PYTHONDONTWRITEBYTECODE`, no `__pycache__`): a plugin folder Zero's sandbox keeps
read-only makes every call compile plugin_glue.py again. A language whose toolchain is missing
(node with this checkout's TypeScript compiler, go) gets a row saying so.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchlib import PYTHON, Row, Settings, bench_env, interleaved, last_spread

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "clients" / "typescript" / "node_modules" / ".bin" / "tsc"
ARGS = json.dumps({"name": "Ada", "times": 2}).encode()
GOAL = "12 plugin glue"


def _command(folder: Path) -> list[str]:
    """The argv Zero runs for `greet`, ${AGENT_PLUGIN_ROOT} expanded."""
    tool = json.loads((folder / "plugin.json").read_text(encoding="utf-8"))["tools"][0]
    root = str(folder)
    return [part.replace("${AGENT_PLUGIN_ROOT}", root) for part in [tool["command"], *tool["args"]]]


def _runner(argv: list[str], env: dict[str, str], stdin: bytes = b"") -> Callable[[], object]:
    def run() -> None:
        done = subprocess.run(argv, input=stdin, env=env, capture_output=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{argv}: exit {done.returncode}: {done.stderr.decode(errors='replace')}")

    return run


def _missing(lang: str) -> str | None:
    if lang == "typescript" and (shutil.which("node") is None or not TSC.exists()):
        return f"skipped: needs node and {TSC.relative_to(ROOT)} (npm ci in clients/typescript)"
    if lang == "go" and shutil.which("go") is None:
        return "skipped: needs go on PATH"
    if lang == "python" and shutil.which("python3") is None:
        return "skipped: needs python3 on PATH (what the scaffolded plugin.json runs)"
    return None


def _scaffold(base: Path, lang: str, env: dict[str, str]) -> Path:
    folder = base / lang
    subprocess.run(
        [PYTHON, "-m", "zero_sdk", "plugin", "new", "bench", "--lang", lang, "--out", str(folder)],
        env=env, check=True, capture_output=True,
    )  # fmt: skip
    if (folder / "build.sh").exists():
        subprocess.run(
            ["./build.sh"], cwd=folder, env={**env, "TSC": str(TSC)}, check=True, capture_output=True
        )
    return folder


def _row(lang: str, subject: str, baseline: str, med: dict[str, float], note: str) -> Row:
    glue, bare = med["glue"], med["bare"]
    spread = last_spread.get("glue", (0.0, 0.0))
    return Row(
        goal=GOAL,
        name=f"{lang}: one `greet` call through the generated glue ({subject})",
        subject=f"{glue * 1e3:.1f} ms (+{(glue - bare) * 1e3:.1f} ms)",
        baseline=f"{baseline} {bare * 1e3:.1f} ms",
        ratio=glue / bare if bare > 0 else None,
        target="reported (paid on every tool call)",
        met=None,
        note=f"{note}; per-round bare/glue {spread[0]:.2f}-{spread[1]:.2f}",
        data={"glue_seconds": glue, "bare_seconds": bare},
    )


def run(settings: Settings) -> list[Row]:
    repeat = max(5, settings.startup_repeat * 2)
    env = bench_env()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="zero-bench-glue-") as tmp:
        base = Path(tmp)
        env["TMPDIR"] = tmp
        for lang in ("python", "typescript", "go"):
            missing = _missing(lang)
            if missing:
                rows.append(
                    Row(
                        GOAL,
                        f"{lang}: one call through the generated glue",
                        "-",
                        "-",
                        None,
                        "-",
                        None,
                        note=missing,
                    )
                )
                continue
            folder = _scaffold(base, lang, env)
            glue = _command(folder)
            if lang == "python":
                python3 = shutil.which("python3") or "python3"
                cached = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
                bare = {**cached, "PYTHONDONTWRITEBYTECODE": "1"}
                subjects = {
                    "bare": _runner([python3, "-c", "pass"], cached),
                    "glue": _runner(glue, cached, ARGS),
                }
                for fn in subjects.values():
                    fn()  # writes the glue's .pyc
                med = interleaved(subjects, repeat)
                rows.append(
                    _row(lang, ".pyc cached", "`python3 -c pass`", med, f"{python3}, medians of {repeat}")
                )
                shutil.rmtree(folder / "__pycache__", ignore_errors=True)
                subjects = {"bare": _runner([python3, "-c", "pass"], bare), "glue": _runner(glue, bare, ARGS)}
                med = interleaved(subjects, repeat)
                rows.append(
                    _row(
                        lang,
                        "no .pyc: a read-only plugin folder",
                        "`python3 -c pass`",
                        med,
                        f"medians of {repeat}",
                    )
                )
                continue
            if lang == "typescript":
                node = shutil.which("node") or "node"
                subjects = {"bare": _runner([node, "-e", ""], env), "glue": _runner(glue, env, ARGS)}
                label = '`node -e ""`'
            else:
                empty = base / "empty"
                empty.mkdir()
                (empty / "go.mod").write_text("module empty\n\ngo 1.23\n", encoding="utf-8")
                (empty / "main.go").write_text("package main\n\nfunc main() {}\n", encoding="utf-8")
                subprocess.run(
                    ["go", "build", "-o", "empty", "."], cwd=empty, env=env, check=True, capture_output=True
                )
                subjects = {"bare": _runner([str(empty / "empty")], env), "glue": _runner(glue, env, ARGS)}
                label = "an empty Go program"
            for fn in subjects.values():
                fn()
            med = interleaved(subjects, repeat)
            rows.append(_row(lang, "built by build.sh", label, med, f"medians of {repeat}"))
    return rows
