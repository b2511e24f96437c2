/**
 * Hand-written runtime shared by the generated protocol modules (src/generated/vN.ts):
 * the JSON value types, `ProtocolError`, `UnknownEvent`, a lossless line parser, field readers
 * and the encoder. Generated code composes these; users normally import a version module.
 */

/** Any JSON value. Integers outside Number's safe range are kept exactly as `bigint`. */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}
/** A JSON integer: a `number`, or a `bigint` when it is outside Number's safe range. */
export type Integer = number | bigint;

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

/** An object that may carry unknown fields kept by a lenient decode. */
export interface HasExtra {
  [EXTRA]?: JsonObject;
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
 * An output event whose `type` this schema version does not know. `raw` is the whole object.
 * Check `instanceof UnknownEvent` before switching on `type` so the switch narrows.
 */
export class UnknownEvent {
  readonly unknown = true as const;
  constructor(
    readonly type: string,
    readonly schemaVersion: number,
    readonly runId: string,
    readonly raw: JsonObject,
  ) {}
}

/** Decode options. `strict`: reject unknown fields of known events instead of keeping them. */
export interface DecodeOptions {
  strict?: boolean;
}

// --- Parsing -------------------------------------------------------------------------------

// A number token of 16 or more digits: it may be outside Number's safe range. (Digits inside a
// string can match too; that only costs the slower lossless parse.)
const LONG_DIGITS = /[:,[]\s*-?\d{16}/;

/** Parse one wire line into a JSON object, losslessly; `invalid_json` if it is not one object. */
export function parseLine(line: string): JsonObject {
  let value: unknown;
  try {
    value = LONG_DIGITS.test(line) ? new LosslessParser(line).parseDocument() : JSON.parse(line);
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

const WS = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

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
    while (this.pos < this.text.length && WS.has(this.text[this.pos] as string)) this.pos++;
  }

  private value(): JsonValue {
    this.ws();
    const c = this.text[this.pos];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const [word, result] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return result;
      }
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail("unexpected character");
    this.pos += match[0].length;
    const literal = match[0];
    const n = Number(literal);
    if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(n)) return BigInt(literal);
    return n;
  }

  private object(): JsonObject {
    this.pos++;
    const out: JsonObject = {};
    this.ws();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail("expected a string key");
      const key = this.string();
      this.ws();
      if (this.text[this.pos] !== ":") this.fail("expected ':'");
      this.pos++;
      defineKey(out, key, this.value());
      this.ws();
      const c = this.text[this.pos++];
      if (c === "}") return out;
      if (c !== ",") this.fail("expected ',' or '}'");
    }
  }

  private array(): JsonValue[] {
    this.pos++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.text[this.pos++];
      if (c === "]") return out;
      if (c !== ",") this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail("unterminated string");
      if (c < 0x20) this.fail("control character in string");
      if (c === 0x5c) this.pos += 2;
      else if (c === 0x22) break;
      else this.pos++;
    }
    this.pos++;
    // The slice is a well-delimited JSON string: JSON.parse checks its escapes.
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }
}

// --- Field readers (used by generated code) ------------------------------------------------

/** A reader checks one JSON value and returns it typed, or throws a ProtocolError at `path`. */
export type Reader<T> = (value: unknown, path: string, options: DecodeOptions) => T;

/** `parent.key` (or `key` at the root). */
export function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "bigint") return "an integer";
  return `a ${typeof value}`;
}

function wrongType(expected: string, value: unknown, path: string): ProtocolError {
  return new ProtocolError("wrong_type", path, `expected ${expected}, got ${describe(value)}`);
}

/** Set a key without ever touching a prototype (a wire key may be `__proto__`). */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Check an object's keys: unknown ones throw (strict) or are returned to be kept (lenient). */
export function checkKeys(
  obj: JsonObject,
  known: ReadonlySet<string>,
  path: string,
  options: DecodeOptions,
): JsonObject | undefined {
  let extra: JsonObject | undefined;
  for (const key of Object.keys(obj)) {
    if (known.has(key)) continue;
    if (options.strict) {
      throw new ProtocolError("unknown_field", join(path, key), `unknown field \`${key}\``);
    }
    extra ??= {};
    defineKey(extra, key, obj[key] as JsonValue);
  }
  return extra;
}

export function object(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw wrongType("an object", value, path);
  return value;
}

export function missing(path: string, key: string): ProtocolError {
  return new ProtocolError("missing_field", join(path, key), `required field \`${key}\` is absent`);
}

export const string: Reader<string> = (value, path) => {
  if (typeof value !== "string") throw wrongType("a string", value, path);
  return value;
};

/** Count of Unicode code points (JSON Schema lengths count code points, not UTF-16 units). */
function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** A string with an optional ECMA-262 `pattern` (unanchored search) and `maxLength`. */
export function constrainedString(pattern: RegExp | null, maxLength: number | null): Reader<string> {
  return (value, path) => {
    if (typeof value !== "string") throw wrongType("a string", value, path);
    if (maxLength !== null && value.length > maxLength && codePoints(value) > maxLength) {
      throw new ProtocolError("constraint", path, `longer than ${maxLength} characters`);
    }
    if (pattern !== null && !pattern.test(value)) {
      throw new ProtocolError("constraint", path, `does not match the pattern ${pattern.source}`);
    }
    return value;
  };
}

export const boolean: Reader<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw wrongType("a boolean", value, path);
  return value;
};

export const number: Reader<number> = (value, path) => {
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "number") throw wrongType("a number", value, path);
  return value;
};

/** A JSON integer with an optional inclusive minimum. */
export function integer(minimum: number | null): Reader<Integer> {
  return (value, path) => {
    if (typeof value !== "bigint" && !(typeof value === "number" && Number.isInteger(value))) {
      throw wrongType("an integer", value, path);
    }
    if (minimum !== null && value < minimum) {
      throw new ProtocolError("constraint", path, `less than the minimum ${minimum}`);
    }
    return value;
  };
}

export const json: Reader<JsonValue> = (value) => value as JsonValue;

export function enumOf<T extends string>(values: readonly T[]): Reader<T> {
  const allowed = new Set<string>(values);
  return (value, path) => {
    if (typeof value !== "string") throw wrongType("a string", value, path);
    if (!allowed.has(value)) {
      throw new ProtocolError("bad_enum", path, `${JSON.stringify(value)} is not one of ${values.join(", ")}`);
    }
    return value as T;
  };
}

export function constOf<T extends string | number | boolean>(expected: T): Reader<T> {
  return (value, path) => {
    if (value !== expected) {
      throw new ProtocolError("bad_const", path, `must be ${JSON.stringify(expected)}`);
    }
    return expected;
  };
}

export function arrayOf<T>(item: Reader<T>, minItems: number | null): Reader<T[]> {
  return (value, path, options) => {
    if (!Array.isArray(value)) throw wrongType("an array", value, path);
    if (minItems !== null && value.length < minItems) {
      throw new ProtocolError("constraint", path, `needs at least ${minItems} item(s)`);
    }
    return value.map((v, i) => item(v, `${path}[${i}]`, options));
  };
}

export function mapOf<T>(item: Reader<T>): Reader<Record<string, T>> {
  return (value, path, options) => {
    const obj = object(value, path);
    const out: Record<string, T> = {};
    for (const [key, v] of Object.entries(obj)) {
      Object.defineProperty(out, key, {
        value: item(v, join(path, key), options),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
}

/** One branch of an object-level `anyOf`: required keys plus pattern / minItems refinements. */
export interface Alternative {
  required: readonly string[];
  patterns: readonly (readonly [string, RegExp])[];
  minItems: readonly (readonly [string, number])[];
}

/** Check object-level `anyOf` rules; `constraint` at the first alternative's first key. */
export function checkAnyOf(obj: JsonObject, alternatives: readonly Alternative[], path: string): void {
  for (const alt of alternatives) {
    if (!alt.required.every((key) => Object.hasOwn(obj, key))) continue;
    const patternsHold = alt.patterns.every(([key, re]) => {
      const v = obj[key];
      return typeof v !== "string" || re.test(v);
    });
    const sizesHold = alt.minItems.every(([key, n]) => {
      const v = obj[key];
      return !Array.isArray(v) || v.length >= n;
    });
    if (patternsHold && sizesHold) return;
  }
  const first = alternatives[0]?.required[0] ?? "";
  const wanted = alternatives.map((a) => a.required.join("+")).join(" or ");
  throw new ProtocolError("constraint", join(path, first), `needs a non-empty ${wanted}`);
}

/** The shared output envelope an unknown-type line must still satisfy. */
export function checkEnvelope(obj: JsonObject, readers: Readonly<Record<string, Reader<unknown>>>): void {
  for (const [key, read] of Object.entries(readers)) {
    if (!Object.hasOwn(obj, key)) throw missing("", key);
    read(obj[key], key, {});
  }
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
