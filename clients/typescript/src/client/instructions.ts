/**
 * The run's instructions (`instructions`), through Zero's own mechanism: the user guidelines file.
 * The same rules as the Python client (zero_client/extensions/instructions.py):
 *
 * Zero puts `<user config dir>/zero/ZERO.md` (the first entry named `ZERO.md` in any case) into the
 * system prompt under "## User guidelines (ZERO.md)", trimmed and capped at 8 KiB, before the
 * project's AGENTS.md/ZERO.md. The run's private configuration layer is that directory for the
 * run, so the layer gets its own `ZERO.md`: the user's file (if any), then the instructions. When
 * both do not fit the user's part is cut, so the instructions arrive whole; instructions longer
 * than the cap alone are refused. The user's file is only read.
 */
import { lstatSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Zero's cap on a guidelines file (maxProjectContextBytes, applied to the user file too). */
export const GUIDELINES_CAP_BYTES = 8 << 10;
const GUIDELINES_FILE = "ZERO.md";
const TRUNCATION_MARKER = "\n… (truncated)";
const SEPARATOR = "\n\n";

function isGuidelinesFile(name: string): boolean {
  return name.toLowerCase() === GUIDELINES_FILE.toLowerCase();
}

/** The instructions as Zero will see them (trimmed); throws when they cannot fit. */
export function checkInstructions(instructions: string): string {
  const text = instructions.trim();
  const size = Buffer.byteLength(text);
  if (size > GUIDELINES_CAP_BYTES) {
    throw new RangeError(`instructions has ${size} bytes: Zero reads at most ${GUIDELINES_CAP_BYTES} bytes of ZERO.md`);
  }
  return text;
}

function usersGuidelines(realZeroDir: string | null): string {
  if (realZeroDir === null) return "";
  let names: string[];
  try {
    names = readdirSync(realZeroDir).sort();
  } catch {
    return "";
  }
  for (const name of names) {
    const path = join(realZeroDir, name);
    if (!isGuidelinesFile(name)) continue;
    try {
      if (statSync(path).isDirectory()) continue;
      return readFileSync(path, "utf8").trim();
    } catch {
      return "";
    }
  }
  return "";
}

/** The user's guidelines then the instructions, within Zero's cap (the user's part is cut). */
export function mergedGuidelines(users: string, instructions: string): string {
  const text = checkInstructions(instructions);
  if (users === "") return text;
  const room = GUIDELINES_CAP_BYTES - Buffer.byteLength(text) - SEPARATOR.length;
  let mine = users;
  const data = Buffer.from(users);
  if (data.length > room) {
    const cut = Math.max(0, room - Buffer.byteLength(TRUNCATION_MARKER));
    // Dropping a trailing partial character: decode, and cut the replacement character off.
    mine = cut > 0 ? data.subarray(0, cut).toString("utf8").replace(/\uFFFD+$/, "") + TRUNCATION_MARKER : "";
  }
  return mine === "" ? text : mine + SEPARATOR + text;
}

/** Puts the layer's ZERO.md in `zeroDir` in place of the links to the user's one. */
export function writeGuidelines(zeroDir: string, realZeroDir: string | null, instructions: string): void {
  for (const name of readdirSync(zeroDir)) {
    if (isGuidelinesFile(name) && lstatSync(join(zeroDir, name)).isSymbolicLink()) unlinkSync(join(zeroDir, name));
  }
  const content = mergedGuidelines(usersGuidelines(realZeroDir), instructions);
  writeFileSync(join(zeroDir, GUIDELINES_FILE), `${content}\n`, { mode: 0o600, flag: "wx" });
}
