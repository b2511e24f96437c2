// GENERATED FILE - DO NOT EDIT.
// Copied from templates/typescript/runtime/runtime.ts
// by `zero-sdk generate --lang typescript`.
// Edit that file and rerun the command instead of editing this one.
/**
 * The runtime shared by the generated protocol modules (generated/vN.ts, generated/registry.ts):
 * the JSON value types, `ProtocolError`, `UnknownEvent`, a lossless line parser, the small
 * helpers the generated validators call, the encoder, and the interpreter of the schema's
 * upgrade tables. No Node built-ins: it runs in a browser or a webview as well.
 */

/**
 * Any JSON value. Integers outside Number's safe range are kept exactly as `bigint` (this can
 * only happen inside free-form JSON such as tool_call `args`; typed integer fields reject them).
 */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The error kinds of conformance/README.md. */
export type ProtocolErrorKind =
  | "invalid_json"
  | "unknown_field"
  | "missing_field"
  | "wrong_type"
  | "bad_enum"
  | "bad_const"
  | "unknown_type"
  | "constraint";

/**
 * A line that is not a valid protocol event. `kind` is a conformance error kind, `field` the
 * dotted wire path from the event root (`risk.level`, `images[0].data`; "" for the whole line).
 */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
  constructor(
    readonly kind: ProtocolErrorKind,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${kind}${field ? ` at \`${field}\`` : ""}: ${detail}`);
  }
}

/** Key under which a lenient decode keeps an object's unknown fields (see `extraFields`). */
export const EXTRA: unique symbol = Symbol("zero-sdk.extraFields");
/** Key under which an upgraded event keeps the version and line it arrived as (see `wireOf`). */
export const WIRE: unique symbol = Symbol("zero-sdk.wire");

/** How an event looked on the wire before it was upgraded to the latest schemaVersion. */
export interface WireOrigin {
  /** The schemaVersion the line was written in. */
  readonly schemaVersion: number;
  /** The line itself, when the event was decoded from a line (not from a parsed object). */
  readonly line: string | undefined;
}

/** An object that may carry unknown fields kept by a lenient decode. */
export interface HasExtra {
  [EXTRA]?: JsonObject;
}

/** An event that may have been upgraded from an older schemaVersion. */
export interface HasWire {
  [WIRE]?: WireOrigin;
}

/** Unknown wire fields a lenient decode kept on this object (a copy; {} if none). */
export function extraFields(value: HasExtra | UnknownEvent): JsonObject {
  if (value instanceof UnknownEvent) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value.raw)) {
      if (key !== "schemaVersion" && key !== "type" && key !== "runId") defineKey(out, key, item);
    }
    return out;
  }
  return { ...(value[EXTRA] ?? {}) };
}

/**
 * The schemaVersion (and line) an event arrived as: for an event upgraded from an older version
 * its original; otherwise the event's own `schemaVersion`.
 */
export function wireOf(event: (HasWire & { schemaVersion: number }) | UnknownEvent): WireOrigin {
  if (event instanceof UnknownEvent) return { schemaVersion: event.schemaVersion, line: undefined };
  return event[WIRE] ?? { schemaVersion: event.schemaVersion, line: undefined };
}

/**
 * An output event whose `type` this package does not know (a newer binary, or a line that
 * failed validation in a lenient client). Its `type` is the literal `"unknown"` (no known event
 * is called that), so `if (event.type === "text")` narrows to `TextEvent` and a `switch` on
 * `type` can be exhaustive; the wire type is `wireType` and the whole object `raw`.
 */
export class UnknownEvent {
  readonly type = "unknown" as const;
  constructor(
    /** The `type` written on the wire. */
    readonly wireType: string,
    /** The `schemaVersion` written on the wire (0 when the line had none). */
    readonly schemaVersion: number,
    readonly runId: string,
    /** The whole wire object. */
    readonly raw: JsonObject,
  ) {}
}

/** Decode options. `strict`: reject unknown fields of known events instead of keeping them. */
export interface DecodeOptions {
  strict?: boolean;
}

/** The default options (lenient), shared so a call without options allocates nothing. */
export const NO_OPTIONS: DecodeOptions = Object.freeze({});

// --- Parsing -------------------------------------------------------------------------------

// A number token that JSON.parse may not hold as written: 16 or more digits (maybe beyond
// Number's safe range), or an exponent of three or more digits (maybe beyond the float64 range,
// which JSON.parse turns into Infinity). Such lines take the lossless parse. (Digits inside a
// string can match too; that only costs the slower parse.)
const INEXACT_NUMBER = /[:,[]\s*-?\d{16}|\d[eE]\+?\d{3}/;

function parseWith(line: string, exact: boolean): JsonObject {
  let value: unknown;
  try {
    value = exact ? new LosslessParser(line).parseDocument() : JSON.parse(line);
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError("invalid_json", "", `not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) {
    const what = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw new ProtocolError("invalid_json", "", `expected a JSON object, got ${what}`);
  }
  return value;
}

/** Parse one wire line into a JSON object, losslessly; `invalid_json` if it is not one object. */
export function parseLine(line: string): JsonObject {
  return parseWith(line, INEXACT_NUMBER.test(line));
}

// Set while decoding a line when free-form JSON (`args`, kept unknown fields, an unknown event)
// holds a number JSON.parse may not have kept as written: a number beyond the float64 range
// (Infinity), or an integer-valued one beyond Number's safe range (rounded, if it was written as
// a long integer literal). The parse functions then decode the line again from the exact parse.
// Decoding is synchronous, so module-level flags are enough.
let nonFiniteNumber = false;
let unsafeInteger = false;

// An integer literal of 16 or more digits: the only way to write a number that JSON.parse
// rounds (a literal of 15 digits is below 2^53; a fraction or an exponent is parsed as the same
// double by both parsers, so `1e300` needs no second parse).
const LONG_INTEGER = /[:,[]\s*-?\d{16}/;

function noteInexactNumbers(value: JsonValue): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) nonFiniteNumber = true;
    else if (!Number.isSafeInteger(value) && Number.isInteger(value)) unsafeInteger = true;
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !nonFiniteNumber; i++) noteInexactNumbers(value[i] as JsonValue);
    return;
  }
  for (const key in value) {
    if (nonFiniteNumber) return;
    noteInexactNumbers(value[key] as JsonValue);
  }
}

/** Called by generated code on free-form JSON values (see `parseFast`). */
export function noteFreeJson(value: JsonValue): void {
  if (!nonFiniteNumber) noteInexactNumbers(value);
}

/**
 * Parse a line for decoding: `JSON.parse` (fast). Decode the result; then decode again from
 * `parseExact(line)` when JSON.parse may have changed a number the event depends on: when
 * `parsedInexactly(line)` says the decoded event holds such a number in free-form JSON, or when
 * the decode failed and `inexactParseMayExplain(error, line)` says the line has one (a typed field
 * saw Infinity or a rounded integer). The exact parse keeps unsafe integers as `bigint` and
 * reports a number beyond the float64 range as invalid_json, as Python and Go do. (Each parse
 * function writes this out: a shared helper taking the decode as a callback made every call slower.)
 */
export function parseFast(line: string): JsonObject {
  nonFiniteNumber = false;
  unsafeInteger = false;
  return parseWith(line, false);
}

/**
 * Whether the last `parseFast(line)` result, once decoded, held a number in free-form JSON that
 * JSON.parse may not have kept as written (see `LONG_INTEGER`).
 */
export function parsedInexactly(line: string): boolean {
  const inexact = nonFiniteNumber || (unsafeInteger && LONG_INTEGER.test(line));
  nonFiniteNumber = false;
  unsafeInteger = false;
  return inexact;
}

/** Whether `error`, thrown while decoding `parseFast(line)`, may be JSON.parse's doing. */
export function inexactParseMayExplain(error: unknown, line: string): boolean {
  return error instanceof ProtocolError && error.kind !== "invalid_json" && INEXACT_NUMBER.test(line);
}

/** Parse a line keeping every integer exactly (`bigint` beyond Number's safe range). */
export function parseExact(line: string): JsonObject {
  return parseWith(line, true);
}

/** A strict RFC 8259 parser that keeps unsafe integers as bigint (used only for long numbers). */
class LosslessParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    const value = this.value();
    this.ws();
    if (this.pos !== this.text.length) this.fail("unexpected data after the JSON value");
    return value;
  }

  private fail(message: string): never {
    throw new ProtocolError("invalid_json", "", `not valid JSON: ${message} at offset ${this.pos}`);
  }

  private ws(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      pos++;
    }
    this.pos = pos;
  }

  private word<T extends JsonValue>(word: string, result: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail("unexpected character");
    this.pos += word.length;
    return result;
  }

  private value(): JsonValue {
    this.ws();
    switch (this.text.charCodeAt(this.pos)) {
      case 0x7b: // {
        return this.object();
      case 0x5b: // [
        return this.array();
      case 0x22: // "
        return this.string();
      case 0x74: // t
        return this.word("true", true);
      case 0x66: // f
        return this.word("false", false);
      case 0x6e: // n
        return this.word("null", null);
    }
    return this.number();
  }

  /** Where the run of ASCII digits that starts at `pos` ends. */
  private digitsEnd(pos: number): number {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (!(c >= 0x30 && c <= 0x39)) return pos;
      pos++;
    }
  }

  /** A number token; a `.` or an exponent marker without digits after it ends the token. */
  private number(): number | bigint {
    const text = this.text;
    const start = this.pos;
    let pos = text.charCodeAt(start) === 0x2d ? start + 1 : start; // -
    if (text.charCodeAt(pos) === 0x30) {
      pos++; // a leading 0 stands alone
    } else {
      const end = this.digitsEnd(pos);
      if (end === pos) this.fail("unexpected character");
      pos = end;
    }
    let integer = true;
    if (text.charCodeAt(pos) === 0x2e) {
      const end = this.digitsEnd(pos + 1);
      if (end > pos + 1) {
        pos = end;
        integer = false;
      }
    }
    const marker = text.charCodeAt(pos);
    if (marker === 0x65 || marker === 0x45) {
      const sign = text.charCodeAt(pos + 1);
      const from = sign === 0x2b || sign === 0x2d ? pos + 2 : pos + 1;
      const end = this.digitsEnd(from);
      if (end > from) {
        pos = end;
        integer = false;
      }
    }
    this.pos = pos;
    const literal = text.slice(start, pos);
    const n = Number(literal);
    if (integer) return Number.isSafeInteger(n) ? n : BigInt(literal);
    // As msgspec and Go's encoding/json do: a number with a fraction or an exponent beyond the
    // float64 range is not one any client can hold.
    if (!Number.isFinite(n)) this.fail(`number ${literal} is outside the float64 range`);
    return n;
  }

  private object(): JsonObject {
    this.pos++;
    const out: JsonObject = {};
    this.ws();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 0x22) this.fail("expected a string key");
      const key = this.string();
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail("expected ':'");
      this.pos++;
      const value = this.value();
      if (key === "__proto__") defineKey(out, key, value);
      else out[key] = value;
      this.ws();
      const c = this.text.charCodeAt(this.pos++);
      if (c === 0x7d) return out; // }
      if (c !== 0x2c) this.fail("expected ',' or '}'");
    }
  }

  private array(): JsonValue[] {
    this.pos++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.text.charCodeAt(this.pos++);
      if (c === 0x5d) return out; // ]
      if (c !== 0x2c) this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    const text = this.text;
    const start = this.pos;
    let pos = start + 1;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        pos += 2;
        continue;
      }
      if (!(c >= 0x20)) {
        this.pos = pos;
        this.fail(Number.isNaN(c) ? "unterminated string" : "control character in string");
      }
      pos++;
    }
    this.pos = pos + 1;
    // With escapes, the slice is a well-delimited JSON string: JSON.parse checks and decodes them.
    return escaped ? (JSON.parse(text.slice(start, pos + 1)) as string) : text.slice(start + 1, pos);
  }
}

// --- Helpers of the generated validators ---------------------------------------------------
// The generated code checks each field inline (typeof, ===, a regex) and calls these only to
// build the error, so the path strings are made only when a line is rejected.

/** `parent.key` (or `key` at the root). */
export function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Whether a value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "bigint") return "an integer";
  return `a ${typeof value}`;
}

/** Set a key without ever touching a prototype (a wire key may be `__proto__`). */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `wrong_type` at `field`: `value` is not `expected` ("a string", "an object", ...). */
export function wrongType(expected: string, value: unknown, field: string): ProtocolError {
  return new ProtocolError("wrong_type", field, `expected ${expected}, got ${describe(value)}`);
}

/** `missing_field` at `field`. */
export function missing(field: string): ProtocolError {
  return new ProtocolError("missing_field", field, `required field \`${field}\` is absent`);
}

/** `bad_enum` (or `wrong_type` for a non-string) at `field`. */
export function badEnum(value: unknown, values: readonly string[], field: string): ProtocolError {
  if (typeof value !== "string") return wrongType("a string", value, field);
  return new ProtocolError("bad_enum", field, `${JSON.stringify(value)} is not one of ${values.join(", ")}`);
}

/** `bad_const` at `field`. */
export function badConst(expected: string | number | boolean, field: string): ProtocolError {
  return new ProtocolError("bad_const", field, `must be ${JSON.stringify(expected)}`);
}

/** `constraint` at `field`. */
export function constraint(detail: string, field: string): ProtocolError {
  return new ProtocolError("constraint", field, detail);
}

/**
 * The error for a value of an integer field that is not an integral `number`. Integer fields are
 * plain `number`s, bounded by the schema to ±(2^53 - 1), where a `number` is exact. A fraction
 * or a non-number is `wrong_type`; a `bigint` (an integer beyond that range, which only the exact
 * parser produces) is a `constraint` error at the field, like any integer beyond the bounds.
 */
export function badInteger(value: unknown, field: string): ProtocolError {
  if (typeof value === "bigint") return constraint("outside the safe integer range ±(2^53 - 1)", field);
  return wrongType("an integer", value, field);
}

/**
 * A schema `pattern` (ECMA-262, unanchored search). It remembers the last few short values that
 * matched: a run repeats the same `runId` on every line, and a client may read several runs at
 * once, so most checks are a string comparison or two. (Long values, such as image data, are not
 * kept alive by the memo.)
 */
export class Pattern {
  private readonly recent: (string | undefined)[] = [undefined, undefined, undefined, undefined];
  private next = 0;
  constructor(readonly regex: RegExp) {}

  test(value: string): boolean {
    const recent = this.recent;
    if (value === recent[0] || value === recent[1] || value === recent[2] || value === recent[3]) return true;
    if (!this.regex.test(value)) return false;
    if (value.length <= PATTERN_MEMO_MAX_LENGTH) {
      recent[this.next] = value;
      this.next = (this.next + 1) % recent.length;
    }
    return true;
  }
}

const PATTERN_MEMO_MAX_LENGTH = 256;

/**
 * The number of own enumerable string keys of a parsed object (`Object.keys(obj).length`,
 * without building the array: the fast decode path asks it of every object).
 */
export function keyCount(obj: JsonObject): number {
  let count = 0;
  for (const _ in obj) count++;
  return count;
}

/** Count of Unicode code points (JSON Schema lengths count code points, not UTF-16 units). */
export function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * An unknown key of a known object: strict decoding throws `unknown_field`; lenient decoding
 * moves it under `EXTRA`, so the object holds exactly its typed fields (plus `EXTRA`).
 */
export function unknownField(obj: JsonObject & HasExtra, key: string, path: string, strict: boolean): void {
  if (strict) throw new ProtocolError("unknown_field", join(path, key), `unknown field \`${key}\``);
  const extra = (obj[EXTRA] ??= {});
  noteFreeJson(obj[key] as JsonValue);
  defineKey(extra, key, obj[key] as JsonValue);
  delete obj[key];
}

/** One branch of an object-level `anyOf`: required keys plus pattern / minItems refinements. */
export interface Alternative {
  required: readonly string[];
  patterns: readonly (readonly [string, RegExp])[];
  minItems: readonly (readonly [string, number])[];
}

/** Whether `obj` satisfies one of the object-level `anyOf` alternatives. */
export function satisfiesAnyOf(obj: JsonObject, alternatives: readonly Alternative[]): boolean {
  return alternatives.some((alt) => {
    if (!alt.required.every((key) => Object.hasOwn(obj, key))) return false;
    const patternsHold = alt.patterns.every(([key, re]) => {
      const v = obj[key];
      return typeof v !== "string" || re.test(v);
    });
    const sizesHold = alt.minItems.every(([key, n]) => {
      const v = obj[key];
      return !Array.isArray(v) || v.length >= n;
    });
    return patternsHold && sizesHold;
  });
}

/** Check object-level `anyOf` rules; `constraint` at the first alternative's first key. */
export function checkAnyOf(obj: JsonObject, alternatives: readonly Alternative[], path: string): void {
  if (satisfiesAnyOf(obj, alternatives)) return;
  const first = alternatives[0]?.required[0] ?? "";
  const wanted = alternatives.map((a) => a.required.join("+")).join(" or ");
  throw new ProtocolError("constraint", join(path, first), `needs a non-empty ${wanted}`);
}

/** What the registry holds for one schemaVersion (each generated/vN.ts exports it as `BINDINGS`). */
export interface VersionBindings {
  readonly schemaVersion: number;
  /** Wire `type` of every output event of the version, in schema order. */
  readonly outputEventTypes: readonly string[];
  /** Wire `type` of every input event of the version, in schema order. */
  readonly inputEventTypes: readonly string[];
  /** The fast path of `validateOutput` (see the module's `scanOutput`). */
  scanOutput(obj: JsonObject): object | undefined;
  /** Check a parsed output object of this version (see the module's `validateOutput`). */
  validateOutput(value: unknown, options?: DecodeOptions): object;
  /** Check a parsed input object of this version, strictly. */
  validateInput(value: unknown): object;
  /** An input event as a wire line of this version (no newline); `ProtocolError` if it does not fit. */
  encodeInput(event: object): string;
}

/** Check the `schemaVersion` and `type` of a line of one version; returns the type. */
export function checkHeader(value: unknown, version: number): string {
  if (!isObject(value)) throw new ProtocolError("invalid_json", "", "expected a JSON object");
  // Plain reads, as in the generated checks: neither key is on Object.prototype.
  const schemaVersion = value["schemaVersion"];
  if (schemaVersion === undefined) throw missing("schemaVersion");
  if (schemaVersion !== version) {
    throw new ProtocolError("bad_const", "schemaVersion", `schemaVersion must be ${version}`);
  }
  const type = value["type"];
  if (type === undefined) throw missing("type");
  if (typeof type !== "string") throw new ProtocolError("wrong_type", "type", "`type` must be a string");
  return type;
}

/** An `UnknownEvent` for a line of an unknown type (its envelope already checked). */
export function unknownEvent(obj: JsonObject, type: string, version: number): UnknownEvent {
  noteFreeJson(obj);
  const runId = obj["runId"];
  return new UnknownEvent(type, version, typeof runId === "string" ? runId : "", obj);
}

// --- Encoding ------------------------------------------------------------------------------

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function encodeString(value: string): string {
  return JSON.stringify(value).replace(HTML_UNSAFE, (c) => HTML_ESCAPES[c] as string);
}

function encodeValue(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return encodeString(value);
    case "bigint":
      return value.toString();
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("cannot encode a non-finite number");
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      break;
    default:
      throw new TypeError(`cannot encode a ${typeof value}`);
  }
  if (Array.isArray(value)) return `[${value.map(encodeValue).join(",")}]`;
  const source = value as Record<string, unknown> & HasExtra;
  const entries = new Map<string, unknown>();
  for (const key of Object.keys(source)) {
    if (source[key] !== undefined) entries.set(key, source[key]);
  }
  for (const [key, v] of Object.entries(source[EXTRA] ?? {})) entries.set(key, v);
  const keys = [...entries.keys()].sort();
  return `{${keys.map((k) => `${encodeString(k)}:${encodeValue(entries.get(k))}`).join(",")}}`;
}

/**
 * Compact JSON of an event the way the binary writes it: keys sorted, `<`, `>`, `&`, U+2028 and
 * U+2029 escaped; only present fields; unknown fields kept by a lenient decode written back; an
 * `UnknownEvent` re-encodes its raw object. No trailing newline.
 */
export function encodeEvent(event: object): string {
  return encodeValue(event instanceof UnknownEvent ? event.raw : event);
}

// --- Upgrade tables ------------------------------------------------------------------------
// The schema of version N says how an output object of version N-1 becomes one of version N
// (`x-zero-upgrade` in schema/vN.json); the registry embeds those tables as data and this one
// interpreter applies them, so no version is ever upgraded by hand-written code.

/** A field path from the event root. */
export type FieldPath = readonly string[];

/** Where a `default` step takes its value from; the first source that yields one wins. */
export type UpgradeSource =
  | { readonly copy: FieldPath }
  | { readonly const: JsonValue }
  | { readonly equals: { readonly path: FieldPath; readonly value: JsonValue } };

/**
 * One step of an upgrade table; `events` are the event types (as they are at that step).
 * `rename` moves a present field (overwriting the target), `remove` drops one, `retype` changes
 * the event type when a field has a value, `default` sets an absent field from the first source
 * that yields a value.
 */
export type UpgradeStep =
  | { readonly op: "rename"; readonly events: readonly string[]; readonly from: string | FieldPath; readonly to: string | FieldPath }
  | { readonly op: "remove"; readonly events: readonly string[]; readonly path: FieldPath }
  | {
      readonly op: "retype";
      readonly events: readonly string[];
      readonly when: { readonly path: FieldPath; readonly equals: JsonValue };
      readonly to: string;
    }
  | { readonly op: "default"; readonly events: readonly string[]; readonly path: FieldPath; readonly from: readonly UpgradeSource[] };

/** How to turn an output object of schemaVersion `from` into one of `to` (= from + 1). */
export interface UpgradeTable {
  readonly from: number;
  readonly to: number;
  readonly steps: readonly UpgradeStep[];
}

function asPath(path: string | FieldPath): FieldPath {
  return typeof path === "string" ? [path] : path;
}

/** The object holding the last key of `path` (null when a step on the way is absent). */
function parentOf(obj: JsonObject, path: FieldPath): JsonObject | null {
  let node: JsonObject = obj;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (!isObject(next)) return null;
    node = next;
  }
  return node;
}

function lookup(obj: JsonObject, path: FieldPath): JsonValue | undefined {
  const parent = parentOf(obj, path);
  const key = path[path.length - 1] as string;
  return parent !== null && Object.hasOwn(parent, key) ? parent[key] : undefined;
}

function sameJson(a: JsonValue | undefined, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === undefined || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return encodeValue(a) === encodeValue(b);
}

function copyJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) defineKey(out, key, copyJson(item));
  return out;
}

function source(obj: JsonObject, from: UpgradeSource): JsonValue | undefined {
  if ("copy" in from) {
    const value = lookup(obj, from.copy);
    return value === undefined ? undefined : copyJson(value);
  }
  if ("const" in from) return copyJson(from.const);
  return sameJson(lookup(obj, from.equals.path), from.equals.value);
}

function applyStep(obj: JsonObject, step: UpgradeStep): void {
  if (!step.events.includes(obj["type"] as string)) return;
  switch (step.op) {
    case "rename": {
      const from = asPath(step.from);
      const to = asPath(step.to);
      const value = lookup(obj, from);
      if (value === undefined) return;
      delete (parentOf(obj, from) as JsonObject)[from[from.length - 1] as string];
      const target = parentOf(obj, to);
      if (target !== null) defineKey(target, to[to.length - 1] as string, value);
      return;
    }
    case "remove": {
      const parent = parentOf(obj, step.path);
      if (parent !== null) delete parent[step.path[step.path.length - 1] as string];
      return;
    }
    case "retype":
      if (sameJson(lookup(obj, step.when.path), step.when.equals)) obj["type"] = step.to;
      return;
    case "default": {
      const parent = parentOf(obj, step.path);
      const key = step.path[step.path.length - 1] as string;
      if (parent === null || Object.hasOwn(parent, key)) return;
      for (const from of step.from) {
        const value = source(obj, from);
        if (value !== undefined) {
          defineKey(parent, key, value);
          return;
        }
      }
      return;
    }
  }
}

/**
 * Upgrade a validated output object of schemaVersion `from` in place, through every table from
 * `from` on (in order), to the last table's version. Unknown fields are carried over untouched.
 */
export function applyUpgrades(obj: JsonObject, from: number, tables: readonly UpgradeTable[]): JsonObject {
  for (const table of tables) {
    if (table.from < from) continue;
    for (const step of table.steps) applyStep(obj, step);
    obj["schemaVersion"] = table.to;
  }
  return obj;
}
