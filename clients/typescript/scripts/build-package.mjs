// Builds dist/ with the package's own pinned TypeScript, for the two ways a user gets the package
// from a checkout, neither of which may assume `npm ci` ran or `tsc` is on PATH:
//
//   node scripts/build-package.mjs            `prepare`: `npm install /path/to/clients/typescript`
//                                             (npm links the folder and runs `prepare` in it)
//   node scripts/build-package.mjs --pack     `prepack`: `npm pack` / `npm publish`
//   node scripts/build-package.mjs --restore  `postpack`
//
// When the devDependencies are missing (a fresh checkout), they are installed first, exactly as
// package-lock.json pins them (`npm ci --ignore-scripts`). `--pack` also copies the repository's
// LICENSE and writes the package.json that goes into the tarball without any scripts (a packed
// package needs none, and npm warns about install-time ones); the checkout's own package.json is
// kept aside in .package.json.prepack and put back by `--restore`, or by the next run of this
// script if a pack failed half way.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MANIFEST = join(ROOT, "package.json");
const KEPT = join(ROOT, ".package.json.prepack");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

function fail(message) {
  process.stderr.write(`zero-headless-sdk build: ${message}\n`);
  process.exit(1);
}

function run(argv, what) {
  const [command, ...args] = argv;
  // Their output goes to stderr: stdout is the running npm's own (`npm pack --json`).
  const done = spawnSync(command, args, { cwd: ROOT, stdio: ["ignore", 2, 2] });
  if (done.error) fail(`${what}: ${done.error.message}`);
  if (done.status !== 0) fail(`${what} failed (exit ${done.status ?? done.signal})`);
}

/** npm as the running npm was started (lifecycle scripts get its path), else `npm` on PATH. */
function npm() {
  const cli = process.env["npm_execpath"];
  return cli && cli.endsWith(".js") ? [process.execPath, cli] : ["npm"];
}

function restoreManifest() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function build() {
  if (!existsSync(TSC)) {
    run([...npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund"], "installing the build's devDependencies (npm ci)");
  }
  // tsc never deletes outputs: start clean, so a removed source leaves nothing behind.
  rmSync(join(ROOT, "dist", "src"), { recursive: true, force: true });
  run([process.execPath, TSC, "-p", "tsconfig.build.json"], "tsc -p tsconfig.build.json");
}

function packManifest() {
  const license = join(ROOT, "..", "..", "LICENSE");
  if (existsSync(license)) copyFileSync(license, join(ROOT, "LICENSE"));
  else if (!existsSync(join(ROOT, "LICENSE"))) fail(`no LICENSE at ${license}`);
  const text = readFileSync(MANIFEST, "utf8");
  writeFileSync(KEPT, text);
  const packed = JSON.parse(text);
  delete packed.scripts;
  writeFileSync(MANIFEST, `${JSON.stringify(packed, null, 2)}\n`);
}

const mode = process.argv[2] ?? "";
if (!["", "--pack", "--restore"].includes(mode)) fail(`unknown argument ${mode} (expected --pack or --restore)`);
restoreManifest();
if (mode !== "--restore") build();
if (mode === "--pack") packManifest();
