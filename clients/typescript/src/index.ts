/**
 * @zero-sdk/protocol: typed bindings of Zero's headless stream-json protocol.
 *
 * `v1` and `v2` are generated from schema/v1.json and schema/v2.json (src/generated/). The
 * functions here pick the module by the line's own `schemaVersion`.
 */

import * as v1 from "./generated/v1.js";
import * as v2 from "./generated/v2.js";
import { ProtocolError, parseLine, type DecodeOptions, type UnknownEvent } from "./runtime.js";

export { v1, v2 };
export {
  EXTRA,
  ProtocolError,
  UnknownEvent,
  encodeEvent,
  extraFields,
  parseLine,
} from "./runtime.js";
export type { DecodeOptions, Integer, JsonObject, JsonValue, ProtocolErrorKind } from "./runtime.js";

/** Schema versions this package decodes. */
export const SUPPORTED_SCHEMA_VERSIONS = [1, 2] as const;

/** Any known output event of any supported version. */
export type OutputEvent = v1.OutputEvent | v2.OutputEvent;
/** Any known input event of any supported version. */
export type InputEvent = v1.InputEvent | v2.InputEvent;

/** Decode one stdout line by its own `schemaVersion` (see `vN.parseOutput`). */
export function parseOutput(line: string, options: DecodeOptions = {}): OutputEvent | UnknownEvent {
  const obj = parseLine(line);
  if (!Object.hasOwn(obj, "schemaVersion")) {
    throw new ProtocolError("missing_field", "schemaVersion", "the event has no `schemaVersion`");
  }
  switch (obj["schemaVersion"]) {
    case 1:
      return v1.validateOutput(obj, options);
    case 2:
      return v2.validateOutput(obj, options);
    default:
      throw new ProtocolError(
        "bad_const",
        "schemaVersion",
        `schemaVersion ${JSON.stringify(String(obj["schemaVersion"]))} is not one of 1, 2`,
      );
  }
}

/** The Node client of `zero exec` (hand-written, src/client/). */
export * from "./client/index.js";
