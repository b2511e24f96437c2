"""Read old streams with code written against the latest types: `upgrade(event)`.

`upgrade` presents an output event of an older schemaVersion as the equivalent event of the
latest one (`LATEST_SCHEMA_VERSION`), one step per bump (`_STEPS`). Events of the latest version
and `UnknownEvent`s are returned unchanged (the same object).

schemaVersion 1 -> 2 (PROTOCOL.md 8.2, schema/CHANGES.md):
- `schemaVersion` becomes 2;
- `violation` is renamed to `block` (`Violation` -> `Block`, the same inner shape);
- `grant.maxAutonomy` is dropped (v2 has no autonomy ceilings);
- a generic `permission` event whose action is `cancel` becomes a `permission_decision` (what the
  binary writes since `eb608741`); other generic `permission` events stay `permission`;
- `permissionGranted` and `risk`, optional in v1 but required in v2, are filled in when a v1 event
  lacks them (only the seed doc's examples do; the v1 writer always set them):
  `permissionGranted` is true only for action `allow`; `risk` is the violation's risk, or
  `{"level": "low", "reason": MISSING_RISK_REASON}`, so code can tell it was not reported.

Unknown fields kept by a lenient decode are carried over. Nothing a v2 event cannot hold is
invented beyond the two fills above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from zero_client.protocol import (
    OutputEvent,
    ProtocolError,
    UnknownEvent,
    decode_output,
    encode_event,
    v2,
)

__all__ = [
    "LATEST_SCHEMA_VERSION",
    "MISSING_RISK_REASON",
    "UpgradeError",
    "upgrade",
    "upgrade_line",
]

LATEST_SCHEMA_VERSION = 2
MISSING_RISK_REASON = "risk not reported by the schemaVersion 1 writer (filled in by zero_client.upgrade)"
_PERMISSION_TYPES = ("permission", "permission_request", "permission_decision")


class UpgradeError(ValueError):
    """An event that cannot be presented in the latest version (for example an unknown field a
    lenient decode kept that collides with a field of the newer schema)."""


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    out = dict(raw)
    out["schemaVersion"] = 2
    if out.get("type") not in _PERMISSION_TYPES:
        return out
    if "violation" in out:
        out["block"] = out.pop("violation")
    grant = out.get("grant")
    if isinstance(grant, dict):
        out["grant"] = {k: v for k, v in grant.items() if k != "maxAutonomy"}
    if out.get("type") == "permission" and out.get("action") == "cancel":
        out["type"] = "permission_decision"
    if "permissionGranted" not in out:
        out["permissionGranted"] = out.get("action") == "allow"
    if "risk" not in out:
        block = out.get("block")
        block_risk = block.get("risk") if isinstance(block, dict) else None
        out["risk"] = block_risk if isinstance(block_risk, dict) else {
            "level": "low",
            "reason": MISSING_RISK_REASON,
        }
    return out


# version N -> the function that turns a wire object of version N into version N + 1.
_STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def upgrade(event: OutputEvent | UnknownEvent) -> v2.OutputEvent | UnknownEvent:
    """The latest-version form of an output event (see the module docstring)."""
    if isinstance(event, UnknownEvent):
        return event
    version = int(event.schema_version)
    if version == LATEST_SCHEMA_VERSION:
        return event  # type: ignore[return-value]  # a v2 event (v1 and v2 classes are disjoint)
    raw: dict[str, Any] = msgspec.json.decode(encode_event(event))
    while version < LATEST_SCHEMA_VERSION:
        step = _STEPS.get(version)
        if step is None:
            raise UpgradeError(f"no upgrade step from schemaVersion {version}")
        raw = step(raw)
        version += 1
    line = msgspec.json.encode(raw)
    try:
        upgraded = decode_output(line, mode="lenient", version=LATEST_SCHEMA_VERSION)
    except ProtocolError as exc:
        raise UpgradeError(f"cannot present a schemaVersion {event.schema_version} {event.type!r} "
                           f"event as schemaVersion {LATEST_SCHEMA_VERSION}: {exc}") from None
    return upgraded  # type: ignore[return-value]


def upgrade_line(line: bytes | str) -> v2.OutputEvent | UnknownEvent:
    """Decode one stdout line (lenient, any supported version) and upgrade it."""
    return upgrade(decode_output(line, mode="lenient"))
