/**
 * zero-headless-sdk: typed bindings of Zero's headless stream-json protocol, and their runtime.
 *
 * The root exports the latest schemaVersion's types as THE types (`OutputEvent`, `TextEvent`,
 * ...) and `parseOutput`, which decodes a line of any supported version into them. The exact
 * per-version bindings are the `vN` namespaces (and the `zero-headless-sdk/vN` subpaths). No
 * Node built-ins here: the Node client of `zero exec` is `zero-headless-sdk/client`.
 */

export {
  EXTRA,
  WIRE,
  ProtocolError,
  UnknownEvent,
  applyUpgrades,
  encodeEvent,
  extraFields,
  parseLine,
  wireOf,
} from "./runtime.js";
export type {
  DecodeOptions,
  FieldPath,
  HasExtra,
  HasWire,
  JsonObject,
  JsonValue,
  ProtocolErrorKind,
  UpgradeSource,
  UpgradeStep,
  UpgradeTable,
  VersionBindings,
  WireOrigin,
} from "./runtime.js";
export * from "./generated/registry.js";
export * from "./protocol.js";
