/**
 * The version-neutral protocol API: decode a line of any supported schemaVersion into the
 * latest version's types (upgrading older lines through the schema's upgrade tables), and write
 * input in the version a binary speaks. Everything it knows about versions comes from the
 * generated registry (generated/registry.ts); it never names one.
 */

import {
  ProtocolError,
  UnknownEvent,
  WIRE,
  isObject,
  inexactParseMayExplain,
  missing,
  parseExact,
  parseFast,
  parsedInexactly,
  type DecodeOptions,
  type VersionBindings,
} from "./runtime.js";
import {
  BINDINGS_BY_VERSION,
  LATEST_SCHEMA_VERSION,
  SUPPORTED_SCHEMA_VERSIONS,
  latest,
  upgradeToLatest,
  type InputEvent,
  type OutputEvent,
} from "./generated/registry.js";

/** An input event without its `schemaVersion` (the encoder sets the version the binary speaks). */
export type InputEventBody = InputEvent extends infer E
  ? E extends InputEvent
    ? Omit<E, "schemaVersion"> & { schemaVersion?: number }
    : never
  : never;

/** Whether these bindings decode `version`. */
export function isSupportedSchemaVersion(version: unknown): version is number {
  return typeof version === "number" && BINDINGS_BY_VERSION.has(version);
}

/** The registry entry of a supported version; `bad_const` at `schemaVersion` otherwise. */
export function bindingsFor(version: unknown): VersionBindings {
  const bindings = typeof version === "number" ? BINDINGS_BY_VERSION.get(version) : undefined;
  if (bindings === undefined) {
    // An integer too large for a number arrives as a bigint, which JSON.stringify refuses.
    const shown = typeof version === "bigint" ? String(version) : JSON.stringify(version);
    throw new ProtocolError(
      "bad_const",
      "schemaVersion",
      `schemaVersion ${shown} is not one of ${SUPPORTED_SCHEMA_VERSIONS.join(", ")}`,
    );
  }
  return bindings;
}

const NO_OPTIONS: DecodeOptions = {};

function versionOf(value: unknown): number {
  if (!isObject(value)) throw new ProtocolError("invalid_json", "", "expected a JSON object");
  const version = value["schemaVersion"];
  if (version === undefined || !Object.hasOwn(value, "schemaVersion")) throw missing("schemaVersion");
  bindingsFor(version);
  return version as number;
}

/**
 * Check an already-parsed output object of any supported schemaVersion and present it as the
 * latest version's event (in place). An upgraded event keeps the version and `line` it arrived
 * as (see `wireOf`); an `UnknownEvent` keeps its wire object unchanged.
 */
export function validateOutput(value: unknown, options: DecodeOptions = NO_OPTIONS, line?: string): OutputEvent | UnknownEvent {
  return (isObject(value) ? latest.scanOutput(value) : undefined) ?? checkOutput(value, options, line);
}

/** Decode one stdout line of any supported schemaVersion into the latest version's types. */
export function parseOutput(line: string, options: DecodeOptions = NO_OPTIONS): OutputEvent | UnknownEvent {
  const value = parseFast(line);
  let event: OutputEvent | UnknownEvent;
  try {
    event = latest.scanOutput(value) ?? checkOutput(value, options, line);
  } catch (error) {
    if (!inexactParseMayExplain(error, line)) throw error;
    return validateOutput(parseExact(line), options, line);
  }
  return parsedInexactly(line) ? validateOutput(parseExact(line), options, line) : event;
}

// Most objects are valid events of the latest version, which `latest.scanOutput` takes in one
// pass; this is the rest of `validateOutput`: the ordered checks of the object's version, which
// name the fault, and the upgrade of an older version's event.
function checkOutput(value: unknown, options: DecodeOptions, line: string | undefined): OutputEvent | UnknownEvent {
  if (isObject(value) && value["schemaVersion"] === LATEST_SCHEMA_VERSION) return latest.validateOutput(value, options);
  const version = versionOf(value);
  const event = bindingsFor(version).validateOutput(value, options);
  if (event instanceof UnknownEvent) return event;
  const upgraded = upgradeToLatest(event, version);
  upgraded[WIRE] = { schemaVersion: version, line };
  return upgraded;
}

/**
 * Check an already-parsed input object of any supported schemaVersion, strictly, and present it
 * as the latest version's input event (an input that the latest version cannot express throws).
 */
export function validateInput(value: unknown): InputEvent {
  const version = versionOf(value);
  if (version === LATEST_SCHEMA_VERSION) return latest.validateInput(value);
  bindingsFor(version).validateInput(value);
  return latest.validateInput({ ...(value as object), schemaVersion: LATEST_SCHEMA_VERSION });
}

/** Decode one stdin line of any supported schemaVersion (see `validateInput`). */
export function parseInput(line: string): InputEvent {
  let event: InputEvent;
  try {
    event = validateInput(parseFast(line));
  } catch (error) {
    if (!inexactParseMayExplain(error, line)) throw error;
    return validateInput(parseExact(line));
  }
  return parsedInexactly(line) ? validateInput(parseExact(line)) : event;
}

/**
 * An input event as a wire line (no newline) of `version`, the schemaVersion the binary speaks:
 * its own `schemaVersion` is replaced, and `ProtocolError` is thrown when that version cannot
 * express the event.
 */
export function encodeInput(event: InputEventBody | InputEvent, version: number = LATEST_SCHEMA_VERSION): string {
  return bindingsFor(version).encodeInput(event);
}
