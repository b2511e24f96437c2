/**
 * A run's private configuration layer (docs/extensions.md, "Threat model"): the TypeScript twin of
 * zero_client/extensions/layer.py, same layout, same rules.
 *
 * - Zero reads `$XDG_CONFIG_HOME/zero/{config.json,hooks.json,mcp-permissions.json}` and has no
 *   flag naming an extra config dir, so the run gets a private XDG_CONFIG_HOME: symlinks to every
 *   entry of the user's own, merged copies of those three files (+ our MCP server, hooks and a
 *   grant that pre-approves the server, as `zero mcp approve` would), and mirrors of the
 *   directories a plugin's command reads in the sandbox (READABLE_IN_ZERO_DIR).
 * - It lives under a root outside every write root of the run (`layerRootPath`:
 *   $ZERO_SDK_LAYER_ROOT, else $XDG_RUNTIME_DIR/zero-sdk, else $XDG_STATE_HOME/zero-sdk or
 *   ~/.local/state/zero-sdk), checked against the workspace, --add-dir directories, the user's
 *   `sandbox.additionalWriteRoots`, $TMPDIR, /tmp, /var/tmp and /dev/shm (`checkLocation`).
 * - The MCP server's token is in its `env` in config.json (under `xdg/zero`, which Zero's sandbox
 *   masks from the run's commands); provider keys are not copied: each profile's `apiKey` becomes
 *   an `apiKeyEnv` naming a variable of Zero's environment, which Zero scrubs from its sandbox.
 * - The user's own Zero directory (and the other credential stores Zero masks under a config
 *   home), which Zero stops masking once XDG_CONFIG_HOME is the layer's, stays masked
 *   (`maskingUserCredentials`).
 * - The layer is a 0700 directory `run-<pid>-<random>` (files 0600), removed when the run ends and
 *   by a reaper child (`Reaper`) when this process dies first; the next start removes any left.
 */
import { createHash } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { writeGuidelines } from "./instructions.js";

const MERGED_FILES = new Set(["config.json", "hooks.json", "mcp-permissions.json"]);
/**
 * Directories of `zero/` that stay readable to the run's commands although `zero/` is masked
 * (Zero's carve-outs: a plugin's command runs its own files from `zero/plugins/<id>`). Zero keeps
 * only a real directory readable, never a symlink, so the layer holds a mirror of each: its files
 * hard-linked (copied across file systems), its links kept as links.
 */
const READABLE_IN_ZERO_DIR = new Set(["plugins", "specialists", "commands"]);
const LAYER_PREFIX = "run-";
/** The variable naming the directory layers live in (outside every write root). */
export const LAYER_ROOT_ENV = "ZERO_SDK_LAYER_ROOT";
/** The variable carrying the bridge's token to the SDK's MCP server (its `env` in config.json). */
export const TOKEN_ENV = "ZERO_SDK_BRIDGE_TOKEN";
/** The variables carrying the user's provider keys to Zero (`apiKeyEnv`), one per profile. */
export const PROVIDER_KEY_ENV = "ZERO_SDK_PROVIDER_KEY_";
export const SOCKET_NAME = "sdk.sock";
const MAX_SOCKET_PATH = 107;
const SHARED_WRITE_ROOTS = ["/tmp", "/var/tmp", "/dev/shm"];
const REAPER_SCRIPT = 'read _ignored; rm -rf -- "$1"';

/** The user's configuration cannot be layered (unreadable JSON, a name already taken). */
export class LayerError extends Error {
  override name = "LayerError";
}

/** The layer's root is where a command of the run could write (or too deep for a socket path). */
export class LayerLocationError extends LayerError {
  override name = "LayerLocationError";
}

export interface Command {
  command: string;
  args: string[];
  /** Variables Zero gives this process alone (an MCP server's `env`; hooks have none). */
  env?: Record<string, string>;
}

type Env = Readonly<Record<string, string | undefined>>;

function privateRuntimeDir(path: string): boolean {
  if (path === "" || !isAbsolute(path)) return false;
  try {
    const info = statSync(path);
    return info.isDirectory() && info.uid === process.getuid?.() && (info.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Where layers live, read from this process's environment (the layer is the SDK's, not the run's). */
export function layerRootPath(): string {
  const explicit = process.env[LAYER_ROOT_ENV]?.trim();
  if (explicit) return resolve(explicit);
  const runtime = process.env["XDG_RUNTIME_DIR"]?.trim() ?? "";
  if (privateRuntimeDir(runtime)) return join(runtime, "zero-sdk");
  let state = process.env["XDG_STATE_HOME"]?.trim() ?? "";
  if (!state || !isAbsolute(state)) state = join(homedir(), ".local", "state");
  return join(state, "zero-sdk");
}

/** `layerRootPath()`, made if missing: 0700 and ours (one another user made is refused). */
export function layersRoot(): string {
  const root = layerRootPath();
  mkdirSync(dirname(root), { recursive: true, mode: 0o700 });
  try {
    mkdirSync(root, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const info = lstatSync(root);
  if (!info.isDirectory() || info.uid !== process.getuid?.()) {
    throw new LayerLocationError(`${root} is not a directory of this user: remove it or set ${LAYER_ROOT_ENV}`);
  }
  if ((info.mode & 0o077) !== 0) chmodSync(root, 0o700);
  return root;
}

function realish(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Every directory a command of the run may write, as far as the SDK can know it: the workspace,
 * `addDirs` (--add-dir, --worktree-dir), the user's `sandbox.additionalWriteRoots`, $TMPDIR, Zero's
 * runtime directories and the shared temporary directories. */
export function writeRoots(env: Env, cwd: string | undefined, addDirs: readonly string[]): string[] {
  const roots = [...SHARED_WRITE_ROOTS, cwd ?? process.cwd(), ...addDirs];
  for (const source of [env, process.env]) {
    const tmp = source["TMPDIR"]?.trim();
    if (tmp) roots.push(tmp);
  }
  // Zero's sandbox runtime directories (internal/sandbox/runtime_state.go: the user cache dir).
  const cache = env["XDG_CACHE_HOME"]?.trim() || join(env["HOME"]?.trim() || homedir(), ".cache");
  roots.push(join(cache, "zero", "runtime"));
  const zero = zeroDir(env);
  const sandbox = record(readJson(zero === null ? null : join(zero, "config.json"))["sandbox"]);
  const extra = sandbox["additionalWriteRoots"];
  if (Array.isArray(extra)) {
    for (const item of extra) {
      const text = String(item).trim();
      if (text) roots.push(text.startsWith("~/") ? join(homedir(), text.slice(2)) : text);
    }
  }
  return roots;
}

/** LayerLocationError when `root` is one of the write `roots` or inside one (the innermost is named). */
export function checkLocation(root: string, roots: readonly string[], cwd?: string): void {
  const realRoot = realish(root);
  let inside: string | null = null;
  let depth = -1;
  for (const entry of roots) {
    const real = realish(resolve(cwd ?? process.cwd(), entry));
    if ((realRoot === real || realRoot.startsWith(real.replace(/\/+$/, "") + sep)) && real.length > depth) {
      inside = entry;
      depth = real.length;
    }
  }
  if (inside !== null) {
    throw new LayerLocationError(
      `the SDK's layer directory ${root} is inside ${inside}, which commands of the run can write: ` +
        `set ${LAYER_ROOT_ENV} to a directory outside every write root (for example under $XDG_RUNTIME_DIR or ~/.local/state)`,
    );
  }
  const longest = Buffer.byteLength(join(root, `${LAYER_PREFIX}${"9".repeat(10)}-xxxxxx`, SOCKET_NAME));
  if (longest > MAX_SOCKET_PATH) {
    throw new LayerLocationError(
      `the SDK's layer directory ${root} is too deep for a unix socket path (${longest} > ${MAX_SOCKET_PATH} bytes): set ${LAYER_ROOT_ENV} to a shorter path`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the layers of processes that are gone; returns their paths. */
export function removeStaleLayers(root: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(LAYER_PREFIX)) continue;
    const pid = Number.parseInt(name.slice(LAYER_PREFIX.length).split("-", 1)[0] ?? "", 10);
    if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(join(root, name));
  }
  return removed;
}

/** A fresh 0700 layer directory outside the write `roots` (stale ones removed first). */
export function newLayerDir(roots: readonly string[] = [], cwd?: string): string {
  checkLocation(layerRootPath(), [...SHARED_WRITE_ROOTS, ...roots], cwd);
  const root = layersRoot();
  removeStaleLayers(root);
  return mkdtempSync(join(root, `${LAYER_PREFIX}${process.pid}-`));
}

/**
 * A child that removes a layer once this process is gone, however it went (SIGKILL included): it
 * waits on a pipe whose only writer is this process (libuv's pipes are close-on-exec, so no later
 * child inherits it). Detached into its own session, so a signal to our group spares it.
 */
export class Reaper {
  private child: ChildProcess | null;

  constructor(path: string) {
    this.child = spawn("/bin/sh", ["-c", REAPER_SCRIPT, "zero-sdk-reaper", path], {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
      cwd: "/",
      env: { PATH: "/usr/bin:/bin" },
    });
    this.child.on("error", () => undefined);
    this.child.unref();
    (this.child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }

  /** Closes the pipe: the reaper removes what is left and exits. */
  stop(): void {
    this.child?.stdin?.destroy();
    this.child = null;
  }
}

/** The identity Zero gives a stdio MCP server (internal/mcp/config.go computeServerIdentity):
 * SHA-256 of its canonical JSON as Go writes it (type, command, args, env with sorted keys). */
export function serverIdentity(server: Command): string {
  const args = server.args.map((arg) => arg.trim()).filter((arg) => arg !== "");
  const canonical: Record<string, unknown> = { type: "stdio", command: server.command.trim() };
  if (args.length > 0) canonical["args"] = args;
  const env = server.env ?? {};
  if (Object.keys(env).length > 0) {
    canonical["env"] = Object.fromEntries(Object.keys(env).sort().map((key) => [key, env[key]]));
  }
  const text = JSON.stringify(canonical)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

function readJson(path: string | null): Record<string, unknown> {
  if (path === null || !existsSync(path)) return {};
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new LayerError(`cannot read your Zero configuration ${path}: ${String(error)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new LayerError(`your Zero configuration ${path} is not a JSON object`);
  return value as Record<string, unknown>;
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: "wx" });
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

function configHome(env: Env): string | null {
  const xdgHome = env["XDG_CONFIG_HOME"]?.trim();
  const home = env["HOME"]?.trim();
  return xdgHome ? resolve(xdgHome) : home ? join(home, ".config") : null;
}

function zeroDir(env: Env): string | null {
  const home = configHome(env);
  return home === null ? null : join(home, "zero");
}

/** `config` with each provider profile's inline key replaced by an `apiKeyEnv` naming a variable
 * of Zero's environment, and those variables: the key is then in no file, and Zero scrubs every
 * `apiKeyEnv` variable from the processes it starts in its sandbox. */
export function withoutProviderKeys(config: Record<string, unknown>): [Record<string, unknown>, Record<string, string>] {
  const providers = config["providers"];
  if (!Array.isArray(providers)) return [config, {}];
  const moved: Record<string, string> = {};
  const rewritten = providers.map((profile: unknown, index) => {
    const entry = record(profile);
    const key = String(entry["apiKey"] ?? entry["api_key"] ?? "").trim();
    if (typeof profile !== "object" || profile === null || key === "") return profile;
    const name = `${PROVIDER_KEY_ENV}${index}`;
    moved[name] = key;
    for (const field of ["apiKey", "api_key", "apiKeyEnv", "api_key_env"]) delete entry[field];
    return { ...entry, apiKeyEnv: name };
  });
  return [{ ...config, providers: rewritten }, moved];
}

/** `source`'s tree at `target` (see READABLE_IN_ZERO_DIR); a link or a file stays a link. */
function mirrorTree(source: string, target: string): void {
  if (!lstatSync(source).isDirectory()) {
    symlinkSync(source, target);
    return;
  }
  try {
    mirrorDirectory(source, target);
  } catch (error) {
    throw new LayerError(`cannot mirror your Zero directory ${source} into the run's layer: ${(error as Error).message}`);
  }
}

function mirrorDirectory(source: string, target: string): void {
  mkdirSync(target, { mode: lstatSync(source).mode & 0o777 });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (entry.isDirectory()) mirrorDirectory(from, to);
    else if (entry.isFile()) linkOrCopy(from, to);
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
    chmodSync(to, statSync(from).mode & 0o777);
  }
}

/** Writes the layer into `dir` for a run whose environment is `env`; returns the variables the run gets. */
export function writeLayer(
  dir: string,
  env: Env,
  spec: { serverName?: string; server?: Command; approve: boolean; hooks: Record<string, Command>; instructions?: string },
): Record<string, string> {
  const realHome = configHome(env);
  const xdg = join(dir, "xdg");
  const zero = join(xdg, "zero");
  mkdirSync(zero, { recursive: true, mode: 0o700 });
  const realZero = zeroDir(env);
  if (realHome !== null && existsSync(realHome)) {
    for (const name of readdirSync(realHome)) if (name !== "zero") symlinkSync(join(realHome, name), join(xdg, name));
    if (realZero !== null && existsSync(realZero)) {
      for (const name of readdirSync(realZero)) {
        if (MERGED_FILES.has(name)) continue;
        if (READABLE_IN_ZERO_DIR.has(name)) mirrorTree(join(realZero, name), join(zero, name));
        else symlinkSync(join(realZero, name), join(zero, name));
      }
    }
  }
  if (spec.instructions !== undefined) writeGuidelines(zero, realZero, spec.instructions);
  const [config, providerKeys] = withoutProviderKeys(readJson(realZero === null ? null : join(realZero, "config.json")));
  if (spec.server !== undefined && spec.serverName !== undefined) {
    const name = spec.serverName;
    for (const key of ["mcpServers", "mcp_servers"]) {
      if (name in record(config[key])) throw new LayerError(`your Zero configuration already has an MCP server "${name}" (${key}): pass another toolServer name`);
    }
    const mcp = record(config["mcp"]);
    const servers = record(mcp["servers"]);
    if (name in servers) throw new LayerError(`your Zero configuration already has an MCP server "${name}": pass another toolServer name`);
    const entry: Record<string, unknown> = { type: "stdio", command: spec.server.command, args: spec.server.args };
    if (spec.server.env !== undefined && Object.keys(spec.server.env).length > 0) entry["env"] = { ...spec.server.env };
    servers[name] = entry;
    config["mcp"] = { ...mcp, servers };
  }
  writeJson(join(zero, "config.json"), config);

  const hooks = readJson(realZero === null ? null : join(realZero, "hooks.json"));
  const ours = Object.entries(spec.hooks);
  if (ours.length > 0) {
    let existing = Array.isArray(hooks["hooks"]) ? [...(hooks["hooks"] as unknown[])] : [];
    // The user switched their hooks off: keep theirs off one by one, since ours need the surface on.
    if (hooks["enabled"] === false) existing = existing.map((hook) => ({ ...record(hook), enabled: false }));
    for (const [event, command] of ours) {
      existing.push({ id: `zero-sdk-${event}`, event, command: command.command, args: command.args, enabled: true });
    }
    hooks["enabled"] = true;
    hooks["hooks"] = existing;
  }
  writeJson(join(zero, "hooks.json"), hooks);

  const layerEnv: Record<string, string> = { XDG_CONFIG_HOME: xdg, ...providerKeys };
  const override = env["ZERO_MCP_PERMISSIONS_PATH"]?.trim();
  const permissions = readJson(override || (realZero === null ? null : join(realZero, "mcp-permissions.json")));
  if (spec.server !== undefined && spec.serverName !== undefined && spec.approve) {
    const servers = record(permissions["servers"]);
    servers[spec.serverName] = {
      serverIdentity: serverIdentity(spec.server),
      maxAutonomy: "high",
      approvedAt: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    };
    permissions["schemaVersion"] ??= 1;
    permissions["tools"] ??= {};
    permissions["servers"] = servers;
  }
  const permissionsPath = join(zero, "mcp-permissions.json");
  if (Object.keys(permissions).length > 0) writeJson(permissionsPath, permissions);
  if (override) layerEnv["ZERO_MCP_PERMISSIONS_PATH"] = permissionsPath;
  return { ...layerEnv, ...maskingUserCredentials(env, realHome) };
}

/** What Zero masks under the config home it is given, which the layer's replaces. */
const MASKED_IN_CONFIG_HOME = ["zero", join("gh", "hosts.yml"), join("git", "credentials")];

/**
 * The variable that keeps the user's own credential stores under their config home masked in the
 * run's sandbox (layer.py masking_user_credentials): Zero masks `$XDG_CONFIG_HOME/zero` (and
 * `gh/hosts.yml`, `git/credentials` there), now the layer's, and every entry of KUBECONFIG (a
 * directory whole), so the user's paths join that list after the user's own entries, or
 * ~/.kube/config, which Zero masks by default.
 */
export function maskingUserCredentials(env: Env, realHome: string | null): Record<string, string> {
  if (realHome === null || !existsSync(realHome) || !statSync(realHome).isDirectory()) return {};
  let entries = (env["KUBECONFIG"] ?? "").split(":").filter((entry) => entry.trim() !== "");
  const home = env["HOME"]?.trim();
  if (entries.length === 0 && home) entries = [join(home, ".kube", "config")];
  const real = realish(realHome);
  return { KUBECONFIG: [...entries, ...MASKED_IN_CONFIG_HOME.map((path) => join(real, path))].join(":") };
}
