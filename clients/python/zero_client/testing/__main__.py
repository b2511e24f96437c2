"""`python -m zero_client.testing SCRIPT.json`: serve a model script on 127.0.0.1 (any port).

Prints the base URL (ending in /v1) on stdout, then logs each request as a JSON line on stderr,
until interrupted.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from pathlib import Path

from zero_client.testing.fake_model import FakeModelServer, RecordedRequest
from zero_client.testing.script import Script


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m zero_client.testing SCRIPT.json", file=sys.stderr)
        return 2
    try:
        script = Script.loads(Path(args[0]).read_text())
    except (OSError, ValueError) as error:
        print(f"fake_model: {error}", file=sys.stderr)
        return 2

    def log(request: RecordedRequest) -> None:
        print(json.dumps(request.to_json()), file=sys.stderr, flush=True)

    with FakeModelServer(script, on_request=log) as server:
        print(server.base_url, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
