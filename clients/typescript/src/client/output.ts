/**
 * Typed results: `client.run(prompt, { outputType })` gives `result.output`, validated. The same
 * design as the Python client (zero_client/structured.py):
 *
 * - `outputType` is a zod schema (zod 4, an optional peer dependency; the output's type is
 *   inferred) or a JSON Schema (validated with Ajv, which the MCP SDK brings; `jsonOutput<T>()`
 *   names its type).
 * - The run gets one more SDK tool, `final_result` (the model sees `mcp_sdk_final_result`), whose
 *   input schema is the output's; the prompt tells the model to call it, and how to load it with
 *   `tool_search` when Zero defers it; its description carries the whole schema (Zero keeps only a
 *   simplified one for MCP parameters).
 * - An invalid object gets the model an error result listing what is wrong, and another turn;
 *   after `outputTries` (default 3) invalid objects the tool refuses more. A run without a valid
 *   object fails with `StructuredOutputError` (carrying the last attempt), or with `check: false`
 *   has it in `result.error`.
 */
import type { RunResult } from "./core.js";
import { StructuredOutputError } from "./errors.js";
import type { SdkTool } from "./extensions.js";

/** A zod schema, as far as this module uses it (zod 4's `safeParse`). */
export interface ZodLikeSchema<T> {
  safeParse(data: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A JSON Schema given as the output type; `jsonOutput<T>(schema)` gives it the type `T`. */
export interface JsonOutputType<T = unknown> {
  readonly jsonSchema: Record<string, unknown>;
  /** Type-level only: the type the schema describes. */
  readonly __output?: T;
}

/** What `outputType` takes: a zod schema, a JSON Schema, or `jsonOutput<T>(schema)`. */
export type OutputType = ZodLikeSchema<unknown> | JsonOutputType | Record<string, unknown>;

/** The output's type: inferred from a zod schema, named by `jsonOutput<T>`, else `unknown`. */
export type OutputOf<O> = O extends ZodLikeSchema<infer T> ? T : O extends JsonOutputType<infer T> ? T : unknown;

/** A JSON Schema as an output type whose validated value has the type `T`. */
export function jsonOutput<T>(jsonSchema: Record<string, unknown>): JsonOutputType<T> {
  return { jsonSchema };
}

export const OUTPUT_TOOL = "final_result";
export const DEFAULT_OUTPUT_TRIES = 3;
const WRAPPED_PROPERTY = "result";

interface OutputSpec {
  schema: Record<string, unknown>;
  parameters: Record<string, unknown> & { type: "object" };
  wrapped: boolean;
  /** The value, or the validation errors. */
  validate(value: unknown): { ok: true; value: unknown } | { ok: false; errors: string[] };
}

function isZod(value: unknown): value is ZodLikeSchema<unknown> {
  return typeof (value as { safeParse?: unknown }).safeParse === "function";
}

async function importOptional(name: string, why: string): Promise<Record<string, unknown>> {
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${why}: npm install ${name.split("/").slice(0, name.startsWith("@") ? 2 : 1).join("/")}`, { cause: error });
  }
}

/** The spec of an output type: its schema for the model, and how to validate an answer. */
export async function outputSpec(outputType: OutputType): Promise<OutputSpec> {
  let schema: Record<string, unknown>;
  let validate: OutputSpec["validate"];
  if (isZod(outputType)) {
    const zod = await importOptional("zod", "a zod outputType needs zod 4");
    const toJSONSchema = zod["toJSONSchema"] as ((s: unknown) => Record<string, unknown>) | undefined;
    if (typeof toJSONSchema !== "function") throw new Error("a zod outputType needs zod 4 (z.toJSONSchema)");
    schema = toJSONSchema(outputType);
    validate = (value) => {
      const parsed = outputType.safeParse(value);
      if (parsed.success) return { ok: true, value: parsed.data };
      return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`) };
    };
  } else {
    schema = "jsonSchema" in outputType && typeof outputType.jsonSchema === "object" ? { ...(outputType.jsonSchema as Record<string, unknown>) } : { ...outputType };
    const ajv = await importOptional("@modelcontextprotocol/sdk/validation/ajv", "a JSON Schema outputType is validated with the MCP SDK's Ajv");
    const Validator = ajv["AjvJsonSchemaValidator"] as new () => { getValidator(s: unknown): (v: unknown) => { valid: boolean; data: unknown; errorMessage?: string } };
    let check: (v: unknown) => { valid: boolean; data: unknown; errorMessage?: string };
    try {
      check = new Validator().getValidator(schema);
    } catch (error) {
      throw new TypeError(`outputType is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
    }
    validate = (value) => {
      const result = check(value);
      return result.valid ? { ok: true, value: result.data } : { ok: false, errors: [result.errorMessage ?? "invalid"] };
    };
  }
  delete schema["$schema"];
  const defs = { ...((schema["$defs"] ?? schema["definitions"] ?? {}) as Record<string, unknown>) };
  const top = inline(schema, defs, []) as Record<string, unknown>;
  const wrapped = top["type"] !== "object";
  if (wrapped) {
    const inner = validate;
    const wrappedSchema = { type: "object", properties: { [WRAPPED_PROPERTY]: schema }, required: [WRAPPED_PROPERTY] };
    return {
      schema: wrappedSchema,
      parameters: { type: "object", properties: { [WRAPPED_PROPERTY]: top }, required: [WRAPPED_PROPERTY] },
      wrapped,
      validate: (value) => {
        const args = value as Record<string, unknown>;
        if (Object.keys(args).length !== 1 || !(WRAPPED_PROPERTY in args)) return { ok: false, errors: [`expected exactly one property "${WRAPPED_PROPERTY}"`] };
        return inner(args[WRAPPED_PROPERTY]);
      },
    };
  }
  return { schema, parameters: top as OutputSpec["parameters"], wrapped, validate };
}

/** `schema` with `$ref`s inlined (a recursive one becomes a plain object) and `X | null` as `X`:
 * the shape Zero's MCP schema reader keeps. */
function inline(schema: unknown, defs: Record<string, unknown>, seen: string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, defs, seen));
  if (typeof schema !== "object" || schema === null) return schema;
  const object = schema as Record<string, unknown>;
  const ref = object["$ref"];
  if (typeof ref === "string" && /^#\/(\$defs|definitions)\//.test(ref)) {
    const name = ref.replace(/^#\/(\$defs|definitions)\//, "");
    if (seen.includes(name) || !(name in defs)) return { type: "object" };
    const { $ref: _, ...rest } = object;
    return inline({ ...(defs[name] as Record<string, unknown>), ...rest }, defs, [...seen, name]);
  }
  for (const key of ["anyOf", "oneOf"]) {
    const options = object[key];
    if (Array.isArray(options)) {
      const kept = options.filter((o) => !(typeof o === "object" && o !== null && (o as Record<string, unknown>)["type"] === "null"));
      if (kept.length === 1) {
        const rest = Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
        return inline({ ...(kept[0] as Record<string, unknown>), ...rest }, defs, seen);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(object)
      .filter(([key]) => key !== "$defs" && key !== "definitions" && key !== "$schema")
      .map(([key, value]) => [key, inline(value, defs, seen)]),
  );
}

/** The name the model sees: Zero's `mcp_<server>_<tool>`. */
export function outputToolName(server: string): string {
  return `mcp_${server}_${OUTPUT_TOOL}`;
}

/** What the prompt gains: which tool gives the answer, and how to reach it when deferred. */
export function promptSuffix(server: string): string {
  const name = outputToolName(server);
  return (
    `\n\nWhen you have your final answer, give it by calling the tool \`${name}\` with the answer ` +
    "as its arguments (they must match the JSON Schema in its description). Call it once, " +
    "after your work is done; if it reports validation errors, fix them and call it again. " +
    `If \`${name}\` is not in your tool list, load it first with \`tool_search\` and the query ` +
    `\`select:${name}\`.`
  );
}

class InvalidAnswer extends Error {
  override name = "InvalidAnswer";
}

class AnswerRefused extends Error {
  override name = "AnswerRefused";
}

/** One run's output tool: what it was called with, and the first valid object. */
export class OutputCapture {
  attempts = 0;
  hasValue = false;
  value: unknown = null;
  lastAttempt: unknown = null;
  lastErrors: string[] = [];

  constructor(
    readonly spec: OutputSpec,
    readonly tries: number,
  ) {
    if (!Number.isInteger(tries) || tries < 1) throw new RangeError(`outputTries must be at least 1, got ${tries}`);
  }

  tool(): SdkTool {
    return {
      name: OUTPUT_TOOL,
      description:
        "Gives your final answer as a structured object: call this once your work is done. " +
        `The arguments must match this JSON Schema:\n${JSON.stringify(this.spec.schema, null, 1)}`,
      inputSchema: this.spec.parameters,
      handler: (args) => this.receive(args),
    };
  }

  /** The tool's handler: records a valid answer, or throws (the model gets an error). */
  receive(args: Record<string, unknown>): string {
    if (this.hasValue) return "Your answer was already recorded. End your turn now.";
    if (this.attempts >= this.tries) {
      throw new AnswerRefused(`No tries left: ${this.tries} invalid answers were given. Stop and end your turn.`);
    }
    this.attempts += 1;
    const checked = this.spec.validate(args);
    if (!checked.ok) {
      this.lastAttempt = args;
      this.lastErrors = checked.errors;
      const left = this.tries - this.attempts;
      const more = left > 0 ? `Fix them and call ${OUTPUT_TOOL} again (${left} ${left === 1 ? "try" : "tries"} left).` : "No tries are left: end your turn.";
      throw new InvalidAnswer(`The answer does not match the schema:\n- ${checked.errors.join("\n- ")}\n${more}`);
    }
    this.value = checked.value;
    this.hasValue = true;
    return "Answer recorded. End your turn now, without calling more tools.";
  }

  /** null when a valid object arrived; else the error the run fails with. */
  error(result: RunResult<unknown>): StructuredOutputError | null {
    if (this.hasValue) return null;
    const message =
      this.attempts === 0
        ? `the run ended without an answer: the model never called ${OUTPUT_TOOL}`
        : `the run ended without a valid answer: ${this.attempts} invalid ${this.attempts === 1 ? "attempt" : "attempts"}, the last: ${this.lastErrors.join("; ")}`;
    return new StructuredOutputError(message, {
      lastAttempt: this.lastAttempt,
      validationErrors: [...this.lastErrors],
      attempts: this.attempts,
      result,
      runId: result.runId,
    });
  }
}

/** The prompt with `suffix` added to its last text (a string, or a prompt input event). */
export function withSuffix<P>(prompt: P, suffix: string): P {
  if (typeof prompt === "string") return (prompt + suffix) as P;
  const items: unknown[] = Array.isArray(prompt) ? [...(prompt as unknown[])] : [prompt];
  if (items.length === 0) return prompt;
  const last = items[items.length - 1];
  if (typeof last === "string") items[items.length - 1] = last + suffix;
  else if (typeof last === "object" && last !== null && typeof (last as { content?: unknown }).content === "string") {
    items[items.length - 1] = { ...last, content: (last as { content: string }).content + suffix };
  } else items.push(suffix.trimStart());
  return items as P;
}

/**
 * Puts the answer on the result, or the `StructuredOutputError` in `result.error` (thrown at the
 * end of the run with `check`). A run that failed on its own keeps its own error.
 */
export function takeOutput<T>(result: RunResult<T>, capture: OutputCapture): void {
  if (capture.hasValue) {
    result.output = capture.value as T;
  } else if (result.error === null) {
    result.error = capture.error(result);
  }
}
