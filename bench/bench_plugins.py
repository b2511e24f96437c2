"""Goal 11: what one plugin tool call costs, zero-engine against the real Zero in the same run.

A user plugin (`~/.config/zero/plugins/bench/plugin.json`) with one tool, `/bin/cat` (it echoes
the arguments it reads on stdin). Each implementation runs, against the same loopback fake model,
a run whose model asks for CALLS calls of that tool in one turn, and a run whose model answers
with text at once; both in unsafe mode, both in their OS sandbox (the engine's bwrap plan; Zero
with its `zero-linux-sandbox` helper and bwrap on PATH, as the goldens are recorded). One call
costs (time with the calls - time without) / CALLS: start-up, the model round trips and the
run's end cancel out. Interleaved rounds, medians; ratio = engine / Zero (lower is better).

The real binary: ZERO_REAL_BIN, else `zero` on PATH (bench_startup.real_zero); without one the
rows say why they were skipped and give the engine's figure alone. Its sandbox helper is the
`zero-linux-sandbox` next to it (else on PATH); without it Zero would run the plugin on the host,
so the comparison is skipped too.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_startup import real_zero
from benchlib import VENV_BIN, Row, Settings

CALLS = 10
PROMPT = b'{"content":"call the tool","schemaVersion":2,"type":"prompt"}\n'
EXEC = ["exec", "--input-format", "stream-json", "-o", "stream-json", "--skip-permissions-unsafe"]
MANIFEST = {
    "schemaVersion": 1,
    "id": "bench",
    "name": "Bench",
    "version": "1.0.0",
    "tools": [{"name": "echo_args", "description": "Echo the arguments.", "command": "/bin/cat"}],
}


def _sandbox_path(real: str) -> str | None:
    """A PATH holding Zero's sandbox helper and bwrap, or None when either is missing."""
    helper = Path(real).resolve().parent / "zero-linux-sandbox"
    helper_dir = str(helper.parent) if helper.is_file() else None
    if helper_dir is None and (found := shutil.which("zero-linux-sandbox")):
        helper_dir = str(Path(found).parent)
    from zero_engine.tools.process_sandbox import _bwrap_candidates

    path = os.environ.get("PATH", "/usr/bin:/bin")
    bwraps = _bwrap_candidates(os.environ.get("ZERO_ENGINE_BWRAP", ""), path)  # the engine's own choice
    if helper_dir is None or not bwraps:
        return None
    return os.pathsep.join([helper_dir, str(Path(bwraps[0]).parent), path])


def _run(argv: list[str], env: dict[str, str], cwd: str, calls: int) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, input=PROMPT, capture_output=True, env=env, cwd=cwd, check=False)
    elapsed = time.perf_counter() - start
    results = done.stdout.count(b'"plugin.tool":"echo_args"')
    if done.returncode != 0 or b'"status":"success"' not in done.stdout or results != calls:
        tail = f"{done.stdout[-400:]!r} {done.stderr[-400:]!r}"
        problem = f"exited {done.returncode} with {results}/{calls} plugin results"
        raise RuntimeError(f"{argv[0]} {problem}: {tail}")
    return elapsed


def _ms(med: dict[str, float], who: str) -> str:
    return f"{med[who + '-calls'] * 1e3:.0f} / {med[who + '-none'] * 1e3:.0f} ms"


def _responder(calls: int) -> Callable[[Any], Any]:
    from zero_client.testing import script as s

    def respond(request: Any) -> Any:
        messages = request.body.get("messages", []) if isinstance(request.body, dict) else []
        if calls and not any(message.get("role") == "tool" for message in messages):
            tool_calls = [s.call("echo_args", {"n": index}, id=f"call_{index}") for index in range(calls)]
            return s.tool_calls(*tool_calls, usage=(10, 2))
        return s.text("Done.", usage=(20, 3))

    return respond


def run(settings: Settings) -> list[Row]:
    from zero_client.testing import FakeModelServer

    engine = str(VENV_BIN / "zero-engine")
    real, origin = real_zero()
    real_path = _sandbox_path(real) if real is not None else None
    calls = 2 if settings.mode == "smoke" else CALLS
    repeat = max(3, settings.startup_repeat // 2)
    with tempfile.TemporaryDirectory(prefix="zero-bench-plugins-") as tmp:
        root = Path(tmp)
        home, ws = root / "home", root / "ws"
        plugin = home / ".config" / "zero" / "plugins" / "bench"
        plugin.mkdir(parents=True)
        (plugin / "plugin.json").write_text(json.dumps(MANIFEST))
        ws.mkdir()
        (root / "tmp").mkdir()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TMPDIR": str(root / "tmp"),
            "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / "data"),
            "ZERO_SCHEMA_VERSION": "2", "OPENAI_API_KEY": "bench-key", "OPENAI_MODEL": "gpt-4o-mini",
        }  # fmt: skip
        with FakeModelServer(responder=_responder(calls)) as with_calls, \
                FakeModelServer(responder=_responder(0)) as without:  # fmt: skip

            def subject(binary: str, server: Any, count: int, path: str | None = None) -> Callable[[], float]:
                run_env = {**env, "OPENAI_BASE_URL": server.base_url, "PATH": path or env["PATH"]}
                return lambda: _run([binary, *EXEC], run_env, str(ws), count)

            subjects = {
                "engine-calls": subject(engine, with_calls, calls),
                "engine-none": subject(engine, without, 0),
            }
            if real is not None and real_path is not None:
                subjects["real-calls"] = subject(real, with_calls, calls, real_path)
                subjects["real-none"] = subject(real, without, 0, real_path)
            for fn in subjects.values():
                fn()  # warm the page cache, .pyc files and the sandbox
            times: dict[str, list[float]] = {name: [] for name in subjects}
            for _ in range(repeat):
                for name, fn in subjects.items():
                    times[name].append(fn())
    med = {name: statistics.median(values) for name, values in times.items()}
    engine_ms = (med["engine-calls"] - med["engine-none"]) / calls * 1e3
    note = (
        f"{calls} calls of a /bin/cat plugin tool in one turn, minus a run without them, per call; "
        f"median of {repeat}, interleaved; unsafe mode, sandboxed"
    )
    name = "one plugin tool call (sandboxed), zero-engine vs real zero"
    if "real-calls" not in med:
        why = origin if real is None else "no zero-linux-sandbox next to the binary or on PATH, or no bwrap"
        return [Row(goal="11 plugins", name=name, subject=f"engine {engine_ms:.1f} ms per call",
                    baseline="skipped", ratio=None, target="reported", met=None,
                    note=f"real zero skipped: {why}; {note}", data={"medians": med})]  # fmt: skip
    real_ms = (med["real-calls"] - med["real-none"]) / calls * 1e3
    rounds = [
        ((ec - en) / (rc - rn)) if rc > rn else float("nan")
        for ec, en, rc, rn in zip(
            times["engine-calls"], times["engine-none"], times["real-calls"], times["real-none"], strict=True
        )
    ]
    spread = f"{min(rounds):.2f}-{max(rounds):.2f}" if rounds else "n/a"
    return [
        Row(
            goal="11 plugins",
            name=name,
            subject=f"engine {engine_ms:.1f} ms per call",
            baseline=f"real zero {real_ms:.1f} ms per call",
            ratio=engine_ms / real_ms if real_ms > 0 else None,
            target="reported (lower is better)",
            met=None,
            note=(
                f"{note}; whole runs (with / without the calls): engine {_ms(med, 'engine')}, "
                f"real {_ms(med, 'real')}; per-round ratios {spread}; real: {origin}"
            ),
            data={"medians": med, "calls": calls},
        )
    ]
