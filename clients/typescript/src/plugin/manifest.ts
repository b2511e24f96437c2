// GENERATED FILE - DO NOT EDIT.
// Generated from schema/plugin/v1.json by `zero-sdk generate --lang typescript`.
// Edit that and rerun the command instead of editing this file.

/**
 * Typed `plugin.json` of a Zero plugin (manifest schemaVersion 1), generated from
 * schema/plugin/v1.json: an interface per object and `validatePluginManifest` /
 * `parsePluginManifest`, which throw `ProtocolError` naming the field.
 */

import * as rt from "../runtime.js";
import type { JsonValue } from "../runtime.js";

// --- Enums ---------------------------------------------------------------------------------

/** Values of `PluginTool.permission`. */
export type PluginToolPermission = "allow" | "prompt" | "deny";
/** Every value of `PluginToolPermission`, in schema order. */
export const PLUGIN_TOOL_PERMISSION_VALUES: readonly PluginToolPermission[] = ["allow", "prompt", "deny"];

function isPluginToolPermission(value: unknown): value is PluginToolPermission {
  return value === "allow" || value === "prompt" || value === "deny";
}

/** Values of `PluginHook.event`. */
export type PluginHookEvent = "beforeTool" | "afterTool" | "sessionStart" | "sessionEnd";
/** Every value of `PluginHookEvent`, in schema order. */
export const PLUGIN_HOOK_EVENT_VALUES: readonly PluginHookEvent[] = ["beforeTool", "afterTool", "sessionStart", "sessionEnd"];

function isPluginHookEvent(value: unknown): value is PluginHookEvent {
  return value === "beforeTool" || value === "afterTool" || value === "sessionStart" || value === "sessionEnd";
}

// --- Objects -------------------------------------------------------------------------------

/** One plugin: its identity, and the tools, skills, prompts and hooks it bundles. */
export interface PluginManifest extends rt.HasExtra {
  /** The manifest format version; Zero accepts only 1 ("Expected schemaVersion 1."). */
  schemaVersion: 1;
  /** The plugin id: letters, numbers, dots, dashes or underscores, starting with a letter or number. Names the install folder (`plugins/<id>/`) and prefixes hook ids (`<id>.<hook>`); when two plugins share an id, the project one overrides the user one. */
  id: string;
  /** A display name (non-empty). */
  name: string;
  /** The plugin's own version string (non-empty; any format). */
  version: string;
  /** What the plugin does (non-empty when present). */
  description?: string;
  /** Whether the plugin is active; absent means true. */
  enabled?: boolean;
  /** Tools the model can call, each running a command. */
  tools?: PluginTool[];
  /** Prompt files (listed by `zero plugins`, not activated by `zero exec`). */
  prompts?: PluginPath[];
  /** Skills: each `path` is a folder holding a `SKILL.md`, or the `SKILL.md` itself. */
  skills?: PluginPath[];
  /** Commands run on lifecycle events; each gets the id `<pluginId>.<hookName>` and no matcher. */
  hooks?: PluginHook[];
  /** Authorship metadata (optional; a malformed value is ignored by Zero). */
  author?: PluginAuthor;
  /** A license name or SPDX id (metadata). */
  license?: string;
  /** Search keywords (metadata). */
  keywords?: string[];
  /** A URL for the plugin (metadata). */
  homepage?: string;
  /** Presentation metadata for user interfaces (optional). */
  interface?: PluginInterface;
}

/** A tool exposed to the model under its bare `name`. Zero runs `command` with `args` in the workspace, writes the call's arguments to its stdin as compact JSON, and shows the model `stdout:`, `stderr:` and a non-zero `exit_code:`. `${AGENT_PLUGIN_ROOT}` in `command` and `args` is the plugin's folder, which is also in the environment as AGENT_PLUGIN_ROOT; a relative `command` containing `/` is resolved against the plugin folder, others are looked up on PATH. */
export interface PluginTool extends rt.HasExtra {
  /** The tool name the model calls (same character rules as the plugin id); a name shadowing a core tool or an earlier plugin's tool is skipped with a warning. */
  name: string;
  /** What the tool does, shown to the model (default: `Run plugin tool <id>/<name>.`). */
  description?: string;
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args?: string[];
  /** The JSON Schema of the arguments, shown to the model (not enforced by Zero). Absent: any object. Present without `additionalProperties`: Zero adds `false`. */
  inputSchema?: { [key: string]: JsonValue };
  /** `prompt` (default) asks like any shell command; `deny` blocks every call; `allow` is read as `prompt` unless manifest auto-approval is switched on. */
  permission?: PluginToolPermission;
}

/** A file or folder inside the plugin (a skill or a prompt). */
export interface PluginPath extends rt.HasExtra {
  /** Its name (same character rules as the plugin id). */
  name: string;
  /** What it is for (non-empty when present). */
  description?: string;
  /** A path relative to the plugin folder; it must stay inside it. */
  path: string;
}

/** A command Zero runs on a lifecycle event, as a hook from Zero's configuration would be. */
export interface PluginHook extends rt.HasExtra {
  /** The hook's name (same character rules as the plugin id). */
  name: string;
  /** What the hook does (non-empty when present). */
  description?: string;
  /** When it runs. */
  event: PluginHookEvent;
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args?: string[];
}

/** Who made the plugin (metadata). */
export interface PluginAuthor extends rt.HasExtra {
  /** The author's name. */
  name?: string;
  /** A contact address. */
  email?: string;
  /** A web page. */
  url?: string;
}

/** How the plugin shows in a user interface (metadata). */
export interface PluginInterface extends rt.HasExtra {
  /** The name to show. */
  displayName?: string;
  /** A category to file it under. */
  category?: string;
  /** A color, e.g. `#3366ff`. */
  brandColor?: string;
  /** Prompts to suggest (Zero also reads `defaultPrompt`). */
  defaultPrompts?: string[];
}

// --- Validators ----------------------------------------------------------------------------
// `checkX` holds the ordered checks of an object: unknown keys first (strict: rejected; lenient:
// moved under rt.EXTRA), then every field in schema order, throwing `rt.ProtocolError` for the
// first fault.

const ID_PATTERN = new rt.Pattern(new RegExp("^\\s*[A-Za-z0-9][A-Za-z0-9._-]*\\s*$", "u"));

const NAME_PATTERN = new rt.Pattern(new RegExp("\\S", "u"));


/** The ordered checks of a `PluginManifest` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginManifest(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "id":
      case "name":
      case "version":
      case "description":
      case "enabled":
      case "tools":
      case "prompts":
      case "skills":
      case "hooks":
      case "author":
      case "license":
      case "keywords":
      case "homepage":
      case "interface":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v1 = obj.schemaVersion;
  if (v1 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v1 !== 1) throw rt.badConst(1, rt.join(path, "schemaVersion"));
  const v2 = obj.id;
  if (v2 === undefined) throw rt.missing(rt.join(path, "id"));
  if (typeof v2 !== "string") throw rt.wrongType("a string", v2, rt.join(path, "id"));
  if (!ID_PATTERN.test(v2)) throw rt.constraint(`does not match the pattern ${ID_PATTERN.regex.source}`, rt.join(path, "id"));
  const v3 = obj.name;
  if (v3 === undefined) throw rt.missing(rt.join(path, "name"));
  if (typeof v3 !== "string") throw rt.wrongType("a string", v3, rt.join(path, "name"));
  if (!NAME_PATTERN.test(v3)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "name"));
  const v4 = obj.version;
  if (v4 === undefined) throw rt.missing(rt.join(path, "version"));
  if (typeof v4 !== "string") throw rt.wrongType("a string", v4, rt.join(path, "version"));
  if (!NAME_PATTERN.test(v4)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "version"));
  const v5 = obj.description;
  if (v5 !== undefined) {
    if (typeof v5 !== "string") throw rt.wrongType("a string", v5, rt.join(path, "description"));
    if (!NAME_PATTERN.test(v5)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "description"));
  }
  const v6 = obj.enabled;
  if (v6 !== undefined) {
    if (typeof v6 !== "boolean") throw rt.wrongType("a boolean", v6, rt.join(path, "enabled"));
  }
  const v7 = obj.tools;
  if (v7 !== undefined) {
    if (!Array.isArray(v7)) throw rt.wrongType("an array", v7, rt.join(path, "tools"));
    for (let i8 = 0; i8 < v7.length; i8++) {
      const item9: unknown = v7[i8];
      if (!rt.isObject(item9)) throw rt.wrongType("an object", item9, `${rt.join(path, "tools")}[${i8}]`);
      checkPluginTool(item9, `${rt.join(path, "tools")}[${i8}]`, strict);
    }
  }
  const v10 = obj.prompts;
  if (v10 !== undefined) {
    if (!Array.isArray(v10)) throw rt.wrongType("an array", v10, rt.join(path, "prompts"));
    for (let i11 = 0; i11 < v10.length; i11++) {
      const item12: unknown = v10[i11];
      if (!rt.isObject(item12)) throw rt.wrongType("an object", item12, `${rt.join(path, "prompts")}[${i11}]`);
      checkPluginPath(item12, `${rt.join(path, "prompts")}[${i11}]`, strict);
    }
  }
  const v13 = obj.skills;
  if (v13 !== undefined) {
    if (!Array.isArray(v13)) throw rt.wrongType("an array", v13, rt.join(path, "skills"));
    for (let i14 = 0; i14 < v13.length; i14++) {
      const item15: unknown = v13[i14];
      if (!rt.isObject(item15)) throw rt.wrongType("an object", item15, `${rt.join(path, "skills")}[${i14}]`);
      checkPluginPath(item15, `${rt.join(path, "skills")}[${i14}]`, strict);
    }
  }
  const v16 = obj.hooks;
  if (v16 !== undefined) {
    if (!Array.isArray(v16)) throw rt.wrongType("an array", v16, rt.join(path, "hooks"));
    for (let i17 = 0; i17 < v16.length; i17++) {
      const item18: unknown = v16[i17];
      if (!rt.isObject(item18)) throw rt.wrongType("an object", item18, `${rt.join(path, "hooks")}[${i17}]`);
      checkPluginHook(item18, `${rt.join(path, "hooks")}[${i17}]`, strict);
    }
  }
  const v19 = obj.author;
  if (v19 !== undefined) {
    if (!rt.isObject(v19)) throw rt.wrongType("an object", v19, rt.join(path, "author"));
    checkPluginAuthor(v19, rt.join(path, "author"), strict);
  }
  const v20 = obj.license;
  if (v20 !== undefined) {
    if (typeof v20 !== "string") throw rt.wrongType("a string", v20, rt.join(path, "license"));
  }
  const v21 = obj.keywords;
  if (v21 !== undefined) {
    if (!Array.isArray(v21)) throw rt.wrongType("an array", v21, rt.join(path, "keywords"));
    for (let i22 = 0; i22 < v21.length; i22++) {
      const item23: unknown = v21[i22];
      if (typeof item23 !== "string") throw rt.wrongType("a string", item23, `${rt.join(path, "keywords")}[${i22}]`);
    }
  }
  const v24 = obj.homepage;
  if (v24 !== undefined) {
    if (typeof v24 !== "string") throw rt.wrongType("a string", v24, rt.join(path, "homepage"));
  }
  const v25 = obj.interface;
  if (v25 !== undefined) {
    if (!rt.isObject(v25)) throw rt.wrongType("an object", v25, rt.join(path, "interface"));
    checkPluginInterface(v25, rt.join(path, "interface"), strict);
  }
}


/** The ordered checks of a `PluginTool` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginTool(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "name":
      case "description":
      case "command":
      case "args":
      case "inputSchema":
      case "permission":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v26 = obj.name;
  if (v26 === undefined) throw rt.missing(rt.join(path, "name"));
  if (typeof v26 !== "string") throw rt.wrongType("a string", v26, rt.join(path, "name"));
  if (!ID_PATTERN.test(v26)) throw rt.constraint(`does not match the pattern ${ID_PATTERN.regex.source}`, rt.join(path, "name"));
  const v27 = obj.description;
  if (v27 !== undefined) {
    if (typeof v27 !== "string") throw rt.wrongType("a string", v27, rt.join(path, "description"));
    if (!NAME_PATTERN.test(v27)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "description"));
  }
  const v28 = obj.command;
  if (v28 === undefined) throw rt.missing(rt.join(path, "command"));
  if (typeof v28 !== "string") throw rt.wrongType("a string", v28, rt.join(path, "command"));
  if (!NAME_PATTERN.test(v28)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "command"));
  const v29 = obj.args;
  if (v29 !== undefined) {
    if (!Array.isArray(v29)) throw rt.wrongType("an array", v29, rt.join(path, "args"));
    for (let i30 = 0; i30 < v29.length; i30++) {
      const item31: unknown = v29[i30];
      if (typeof item31 !== "string") throw rt.wrongType("a string", item31, `${rt.join(path, "args")}[${i30}]`);
    }
  }
  const v32 = obj.inputSchema;
  if (v32 !== undefined) {
    if (!rt.isObject(v32)) throw rt.wrongType("an object", v32, rt.join(path, "inputSchema"));
    for (const key33 in v32) {
      rt.noteFreeJson(v32[key33]);
    }
  }
  const v34 = obj.permission;
  if (v34 !== undefined) {
    if (!isPluginToolPermission(v34)) throw rt.badEnum(v34, PLUGIN_TOOL_PERMISSION_VALUES, rt.join(path, "permission"));
  }
}


/** The ordered checks of a `PluginPath` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginPath(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "name":
      case "description":
      case "path":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v35 = obj.name;
  if (v35 === undefined) throw rt.missing(rt.join(path, "name"));
  if (typeof v35 !== "string") throw rt.wrongType("a string", v35, rt.join(path, "name"));
  if (!ID_PATTERN.test(v35)) throw rt.constraint(`does not match the pattern ${ID_PATTERN.regex.source}`, rt.join(path, "name"));
  const v36 = obj.description;
  if (v36 !== undefined) {
    if (typeof v36 !== "string") throw rt.wrongType("a string", v36, rt.join(path, "description"));
    if (!NAME_PATTERN.test(v36)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "description"));
  }
  const v37 = obj.path;
  if (v37 === undefined) throw rt.missing(rt.join(path, "path"));
  if (typeof v37 !== "string") throw rt.wrongType("a string", v37, rt.join(path, "path"));
  if (!NAME_PATTERN.test(v37)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "path"));
}


/** The ordered checks of a `PluginHook` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginHook(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "name":
      case "description":
      case "event":
      case "command":
      case "args":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v38 = obj.name;
  if (v38 === undefined) throw rt.missing(rt.join(path, "name"));
  if (typeof v38 !== "string") throw rt.wrongType("a string", v38, rt.join(path, "name"));
  if (!ID_PATTERN.test(v38)) throw rt.constraint(`does not match the pattern ${ID_PATTERN.regex.source}`, rt.join(path, "name"));
  const v39 = obj.description;
  if (v39 !== undefined) {
    if (typeof v39 !== "string") throw rt.wrongType("a string", v39, rt.join(path, "description"));
    if (!NAME_PATTERN.test(v39)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "description"));
  }
  const v40 = obj.event;
  if (v40 === undefined) throw rt.missing(rt.join(path, "event"));
  if (!isPluginHookEvent(v40)) throw rt.badEnum(v40, PLUGIN_HOOK_EVENT_VALUES, rt.join(path, "event"));
  const v41 = obj.command;
  if (v41 === undefined) throw rt.missing(rt.join(path, "command"));
  if (typeof v41 !== "string") throw rt.wrongType("a string", v41, rt.join(path, "command"));
  if (!NAME_PATTERN.test(v41)) throw rt.constraint(`does not match the pattern ${NAME_PATTERN.regex.source}`, rt.join(path, "command"));
  const v42 = obj.args;
  if (v42 !== undefined) {
    if (!Array.isArray(v42)) throw rt.wrongType("an array", v42, rt.join(path, "args"));
    for (let i43 = 0; i43 < v42.length; i43++) {
      const item44: unknown = v42[i43];
      if (typeof item44 !== "string") throw rt.wrongType("a string", item44, `${rt.join(path, "args")}[${i43}]`);
    }
  }
}


/** The ordered checks of a `PluginAuthor` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginAuthor(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "name":
      case "email":
      case "url":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v45 = obj.name;
  if (v45 !== undefined) {
    if (typeof v45 !== "string") throw rt.wrongType("a string", v45, rt.join(path, "name"));
  }
  const v46 = obj.email;
  if (v46 !== undefined) {
    if (typeof v46 !== "string") throw rt.wrongType("a string", v46, rt.join(path, "email"));
  }
  const v47 = obj.url;
  if (v47 !== undefined) {
    if (typeof v47 !== "string") throw rt.wrongType("a string", v47, rt.join(path, "url"));
  }
}


/** The ordered checks of a `PluginInterface` at `path`: throws `ProtocolError` for the first fault. */
function checkPluginInterface(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "displayName":
      case "category":
      case "brandColor":
      case "defaultPrompts":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v48 = obj.displayName;
  if (v48 !== undefined) {
    if (typeof v48 !== "string") throw rt.wrongType("a string", v48, rt.join(path, "displayName"));
  }
  const v49 = obj.category;
  if (v49 !== undefined) {
    if (typeof v49 !== "string") throw rt.wrongType("a string", v49, rt.join(path, "category"));
  }
  const v50 = obj.brandColor;
  if (v50 !== undefined) {
    if (typeof v50 !== "string") throw rt.wrongType("a string", v50, rt.join(path, "brandColor"));
  }
  const v51 = obj.defaultPrompts;
  if (v51 !== undefined) {
    if (!Array.isArray(v51)) throw rt.wrongType("an array", v51, rt.join(path, "defaultPrompts"));
    for (let i52 = 0; i52 < v51.length; i52++) {
      const item53: unknown = v51[i52];
      if (typeof item53 !== "string") throw rt.wrongType("a string", item53, `${rt.join(path, "defaultPrompts")}[${i52}]`);
    }
  }
}


/** `value` checked as a `PluginManifest` (in place, no copy); throws `rt.ProtocolError` naming the field. */
function validatePluginManifestValue(value: unknown, strict: boolean): PluginManifest {
  if (!rt.isObject(value)) throw rt.wrongType("an object", value, "");
  checkPluginManifest(value, "", strict);
  return value as unknown as PluginManifest;
}

/** The manifest format version these types describe. */
export const SCHEMA_VERSION = 1 as const;

/**
 * Check an already-decoded `plugin.json` (in place). Unknown keys are kept under `rt.EXTRA`
 * (Zero ignores them), or rejected with `{ strict: true }`. Throws `rt.ProtocolError` naming the
 * field.
 */
export function validatePluginManifest(value: unknown, options: rt.DecodeOptions = rt.NO_OPTIONS): PluginManifest {
  return validatePluginManifestValue(value, options.strict === true);
}

/** `validatePluginManifest` of the text of a `plugin.json`; bad JSON is an `invalid_json` error. */
export function parsePluginManifest(text: string, options: rt.DecodeOptions = rt.NO_OPTIONS): PluginManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new rt.ProtocolError("invalid_json", "", error instanceof Error ? error.message : String(error));
  }
  return validatePluginManifest(value, options);
}
