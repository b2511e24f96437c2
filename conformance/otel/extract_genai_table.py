"""Writes genai-semconv-v1.41.0.json: the attribute tables of the GenAI spans zero-sdk emits,
taken from the OpenTelemetry semantic conventions themselves (tests/test_tracing_semconv.py
compares the emitted attributes against it).

    git clone https://github.com/open-telemetry/semantic-conventions SEMCONV
    .venv/bin/python conformance/otel/extract_genai_table.py SEMCONV

Reads, at tag v1.41.0: the span tables of docs/gen-ai/gen-ai-agent-spans.md (invoke_agent
client span, invoke_workflow span) and docs/gen-ai/gen-ai-spans.md (execute_tool span, the
inference client span of each model call), the
attribute names of docs/registry/attributes/gen-ai.md (current and deprecated) and the
well-known values of gen_ai.provider.name. Only names, requirement levels and values are kept.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

TAG = "v1.41.0"
HERE = Path(__file__).resolve().parent
SPANS = {
    # our span -> (file, semconv marker of the span's table)
    "run": ("docs/gen-ai/gen-ai-agent-spans.md", "span.gen_ai.invoke_agent.client"),
    "tool": ("docs/gen-ai/gen-ai-spans.md", "span.gen_ai.execute_tool.internal"),
    "batch": ("docs/gen-ai/gen-ai-agent-spans.md", "span.gen_ai.invoke_workflow.internal"),
    "chat": ("docs/gen-ai/gen-ai-spans.md", "span.gen_ai.inference.client"),
}
ROW = re.compile(
    r"^\| \[`(?P<name>[a-z0-9_.]+)`\]\([^)]*\) \| [^|]* \| `(?P<level>[A-Za-z -]+)`(?P<condition>[^|]*)\|"
)


def show(repo: Path, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "show", f"{TAG}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def span_table(text: str, marker: str) -> dict[str, dict[str, str]]:
    start = text.index(f"<!-- semconv {marker} -->")
    end = text.index("<!-- endsemconv -->", start)
    table = {}
    for line in text[start:end].splitlines():
        match = ROW.match(line)
        if match:
            table[match["name"]] = {"level": match["level"], "condition": match["condition"].strip()}
    return table


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    repo = Path(argv[0])
    commit = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", f"{TAG}^{{commit}}"], capture_output=True, text=True, check=True
    ).stdout.strip()
    spans = {ours: span_table(show(repo, path), marker) for ours, (path, marker) in SPANS.items()}
    registry = show(repo, "docs/registry/attributes/gen-ai.md")
    current, _, deprecated = registry.partition("## Deprecated GenAI Attributes")
    names = sorted(set(re.findall(r'<a id="[^"]+" href="#[^"]+">`([a-z0-9_.]+)`</a>', current)))
    old = sorted(set(re.findall(r'<a id="[^"]+" href="#[^"]+">`([a-z0-9_.]+)`</a>', deprecated)))
    values_block = current[
        current.index("`gen_ai.provider.name` has the following list of well-known values") :
    ]
    values_block = values_block[: values_block.index("\n---")]
    providers = re.findall(r"^\| `([a-z0-9_.]+)` \|", values_block, flags=re.MULTILINE)
    table = {
        "source": {
            "repository": "https://github.com/open-telemetry/semantic-conventions",
            "tag": TAG,
            "commit": commit,
            "files": sorted({path for path, _ in SPANS.values()} | {"docs/registry/attributes/gen-ai.md"}),
            "generatedBy": "conformance/otel/extract_genai_table.py",
        },
        "spans": spans,
        "registry": names,
        "deprecated": old,
        "providerNames": providers,
    }
    out = HERE / f"genai-semconv-{TAG}.json"
    out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
