/**
 * The bridge Zero runs for a zero-sdk run (the TypeScript client's twin of zero_client/extensions/bridge.py,
 * same wire protocol): it connects to the SDK process's private unix socket.
 *
 *   node bridge.js mcp  SOCKET   an MCP stdio server: relays stdin/stdout to the socket
 *   node bridge.js hook SOCKET   a hook command: sends its stdin, exits with the verdict
 *
 * Node built-ins only. The MCP server's token comes from its environment (ZERO_SDK_BRIDGE_TOKEN,
 * the server's `env` in the layer's config.json, which Zero hands to that server alone), never
 * from argv; a hook has none (docs/extensions.md, "Threat model"). A hook that cannot reach the SDK exits 1, which blocks a beforeTool call
 * (fail closed).
 */
import { connect } from "node:net";

const HOOK_EXIT_BLOCK = 2;

function readStdin(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on("end", () => resolve(Buffer.concat(chunks)));
    process.stdin.on("error", reject);
  });
}

async function hook(socketPath: string, token: string): Promise<number> {
  const payload = (await readStdin()).toString("utf8").replace(/\n/g, " ").trim();
  let verdict: { blocked?: boolean; reason?: string; message?: string };
  try {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(socketPath);
      const chunks: Buffer[] = [];
      socket.on("connect", () => socket.end(`${JSON.stringify({ token, kind: "hook" })}\n${payload}\n`));
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", reject);
    });
    verdict = JSON.parse(reply) as typeof verdict;
  } catch (error) {
    process.stderr.write(`zero-sdk hook bridge: cannot reach the SDK process: ${String(error)}\n`);
    return 1;
  }
  if (verdict.blocked) {
    process.stderr.write(`${verdict.reason || "blocked by a zero-sdk hook"}\n`);
    return HOOK_EXIT_BLOCK;
  }
  if (verdict.message) process.stdout.write(`${verdict.message}\n`);
  return 0;
}

function relayMcp(socketPath: string, token: string): void {
  const socket = connect(socketPath);
  socket.on("connect", () => {
    socket.write(`${JSON.stringify({ token, kind: "mcp" })}\n`);
    process.stdin.pipe(socket);
    socket.pipe(process.stdout);
  });
  socket.on("error", (error) => {
    process.stderr.write(`zero-sdk MCP bridge: ${String(error)}\n`);
    process.exit(1);
  });
  socket.on("close", () => process.exit(0));
}

const [kind, socketPath] = process.argv.slice(2);
// Read once, then dropped from this process's environment (nothing it starts inherits it).
const token = process.env["ZERO_SDK_BRIDGE_TOKEN"] ?? "";
delete process.env["ZERO_SDK_BRIDGE_TOKEN"];
if ((kind !== "mcp" && kind !== "hook") || !socketPath || process.argv.length !== 4) {
  process.stderr.write("usage: bridge.js mcp|hook SOCKET\n");
  process.exit(2);
} else if (kind === "mcp") {
  relayMcp(socketPath, token);
} else {
  hook(socketPath, token).then((code) => process.exit(code));
}
