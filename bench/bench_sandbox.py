"""Goal 9: what the OS sandbox costs a tool command.

The same trivial command (`true`) through the engine's process runner (`run_shell`, the code every
shell tool uses) with the bubblewrap sandbox, against the same runner with `ZERO_ENGINE_SANDBOX=off`
(the command started directly on the host), interleaved in one process. Reported: the ratio and
the absolute milliseconds the sandbox adds per command, for each protocol era's plan. The bwrap
probe runs once per engine process; it is measured on its own row.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import Row, Settings, interleaved

# A sandbox may add at most this much to one command: a model's tool call takes seconds.
ADDED_MS_GOAL = 50.0


def run(settings: Settings) -> list[Row]:
    from zero_engine.tools.process_sandbox import ToolProcesses, _probe_bwrap, select_backend
    from zero_engine.tools.shell import run_shell

    repeat = max(5, settings.startup_repeat * 4)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="zero-bench-sandbox-") as tmp:
        root = Path(tmp)
        (root / "tmp").mkdir()
        path = os.environ.get("PATH", "/usr/bin:/bin")
        base = {"PATH": path, "HOME": str(root), "TMPDIR": str(root / "tmp")}

        _probe_bwrap.cache_clear()
        start = time.perf_counter()
        backend = select_backend(base)
        probe_ms = (time.perf_counter() - start) * 1e3
        if not backend.sandboxed:
            return [Row("9 sandbox", "sandbox per command", "-", "-", None, "-", None, note=backend.problem)]

        for version in (2, 1):
            sandboxed = ToolProcesses(base, version, (str(root),))
            host = ToolProcesses({**base, "ZERO_ENGINE_SANDBOX": "off"}, version, (str(root),))

            def one(processes: ToolProcesses) -> Callable[[], object]:
                return lambda: run_shell("true", root, processes, 10_000)

            subjects = {"host": one(host), "bwrap": one(sandboxed)}
            for fn in subjects.values():
                fn()
            med = interleaved(subjects, repeat)
            added = (med["bwrap"] - med["host"]) * 1e3
            rows.append(
                Row(
                    goal="9 sandbox",
                    name=f"one `true` through run_shell, schemaVersion {version} plan",
                    subject=f"bwrap {med['bwrap'] * 1e3:.1f} ms (+{added:.1f} ms)",
                    baseline=f"host {med['host'] * 1e3:.1f} ms",
                    ratio=med["bwrap"] / med["host"],
                    target=f"adds < {ADDED_MS_GOAL:g} ms",
                    met=added < ADDED_MS_GOAL,
                    note=f"median of {repeat}, interleaved; ratio = sandboxed / host (lower is better)",
                    data={"medians": med},
                )
            )
    rows.append(
        Row(
            goal="9 sandbox",
            name="backend probe (once per engine process, on the first shell call)",
            subject=f"{probe_ms:.1f} ms",
            baseline="-",
            ratio=None,
            target="-",
            met=None,
            note="finds bwrap and starts one empty sandbox",
        )
    )
    return rows
