// Node's types (Buffer, NodeJS.*) for consumers whose tsconfig does not list "node": TypeScript 7
// includes no @types package by default. `preserve` keeps the line in the emitted .d.ts.
/// <reference types="node" preserve="true" />
/**
 * One `zero exec` process (a port of clients/python/zero_client/process.py for Node).
 *
 * - The child is spawned `detached` (its own session and process group), so ending the run
 *   ends every process it started: `kill(-pid, SIGINT)`, a grace period, `kill(-pid, SIGKILL)`.
 * - A cancel (the AbortSignal, leaving the stream early) is an interrupt, as Ctrl-C is for zero:
 *   SIGINT to the group, and stdout is still read during the grace period, so the `error` and
 *   `run_end` (status `interrupted`) zero writes on the way out reach the result. Only a child
 *   that outlives the grace is SIGKILLed, and that is reported as the cancel's kill
 *   (`ZeroInterruptedError`), not as a crash.
 * - Node has no PR_SET_PDEATHSIG: zero is started through `setpriv --pdeathsig KILL` where
 *   util-linux has it (Linux), so the kernel SIGKILLs it when this process dies, however it dies;
 *   and if this process exits (normally, `process.exit`, an uncaught exception) or dies of a
 *   signal it does not handle (exit.ts), the groups of the runs still going are SIGKILLed first.
 *   Without setpriv, a SIGKILLed Node process leaves zero running.
 * - stdin is written and closed at once (zero reads all of stdin before the run; Node writes it
 *   asynchronously, so a big input cannot deadlock against a full stdout pipe).
 * - stdout is split on `\n` over Buffer chunks (no line-length limit) and decoded with the
 *   generated bindings; stderr is drained into a bounded tail.
 * - Exit is taken from the child's `exit` event, not from stdout EOF: a grandchild that inherited
 *   stdout keeps the pipe open after zero exits. After the exit the group is SIGKILLed (as the
 *   Python client does), which closes such pipes, and the output is read to the end.
 */

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

import { onAbruptEnd } from "./exit.js";
import { LineDecoder, LineSplitter, RunState, outcomeError, type DecodeMode, type Event, type RunResult } from "./core.js";
import {
  ZeroError,
  ZeroInterruptedError,
  ZeroNotFoundError,
  ZeroProtocolError,
  ZeroTimeoutError,
  ZeroVersionError,
  type TimeoutKind,
} from "./errors.js";

/** Client-side timeouts in milliseconds; null or undefined disables one. */
export interface Timeouts {
  /** From spawning until the first stdout event. */
  firstEventMs?: number | null;
  /** The longest gap between two events once the first one arrived. */
  idleMs?: number | null;
  /** The whole run. */
  totalMs?: number | null;
  /** After SIGINT, how long to wait before SIGKILL of the process group (default 3000). */
  graceMs?: number;
}

export const DEFAULT_GRACE_MS = 3000;
/** How long to wait for the killed group's members to disappear. */
const GROUP_EXIT_WAIT_MS = 1000;
/** After the group is gone, how long stdout may stay silent before it is treated as ended. */
const DRAIN_QUIET_MS = 1000;
/** Queue sizes at which stdout is paused and resumed (backpressure on a slow consumer). */
const QUEUE_HIGH = 1024;
const QUEUE_LOW = 64;

export interface ProcessOptions {
  argv: readonly string[];
  payload: Buffer;
  cwd: string | undefined;
  env: NodeJS.ProcessEnv;
  timeouts: Timeouts;
  decodeMode: DecodeMode;
  stderrTailBytes: number;
  signal: AbortSignal | undefined;
  /** How errors name this process (default "zero exec"; the version probe names itself). */
  what?: string;
}

/** The last `limit` bytes of stderr. */
export class StderrTail {
  private buffer: Buffer = Buffer.alloc(0);
  totalBytes = 0;

  constructor(readonly limit: number) {}

  append(data: Buffer): void {
    this.totalBytes += data.length;
    if (this.limit <= 0) return;
    if (data.length >= this.limit) {
      this.buffer = Buffer.from(data.subarray(data.length - this.limit));
      return;
    }
    const joined = Buffer.concat([this.buffer, data]);
    this.buffer = joined.length > this.limit ? joined.subarray(joined.length - this.limit) : joined;
  }

  text(): string {
    return this.buffer.toString("utf8");
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone (EPERM cannot happen for our own children)
  }
}

/**
 * Whether process group `pgid` still has a member that is not a zombie. Zombies count for
 * `kill(-pgid, 0)`, and an orphaned grandchild's zombie may never be reaped (a container's PID 1
 * often does not), so /proc is consulted where it exists.
 */
export function groupHasLiveMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return true;
  }
  for (const name of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "latin1");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[2] === String(pgid) && fields[0] !== "Z") return true;
  }
  return false;
}

/**
 * Each run's process group is SIGKILLed if this process ends while it runs (exit.ts: an exit, or
 * a fatal signal the program does not handle): Node has no PR_SET_PDEATHSIG.
 */
function trackGroup(child: ChildProcess): void {
  const pgid = child.pid as number;
  const release = onAbruptEnd(() => signalGroup(pgid, "SIGKILL"));
  child.once("exit", release);
}

let setpriv: string | null | undefined;

/**
 * util-linux's `setpriv`, when it is installed and knows `--pdeathsig` (checked once): Node has
 * no PR_SET_PDEATHSIG of its own, so zero is started as `setpriv --pdeathsig KILL -- ARGV`
 * (which execs ARGV in place: same pid) and the kernel SIGKILLs it when this process dies,
 * however it dies (SIGKILL included), as the Python and Go clients do. Elsewhere: null.
 */
function setprivPath(): string | null {
  if (setpriv === undefined) {
    setpriv = null;
    if (process.platform === "linux") {
      for (const candidate of ["/usr/bin/setpriv", "/bin/setpriv"]) {
        if (!existsSync(candidate)) continue;
        const probe = spawnSync(candidate, ["--pdeathsig", "KILL", "--", "true"], { stdio: "ignore", env: { PATH: "/usr/bin:/bin" }, timeout: 10_000 });
        if (probe.status === 0) setpriv = candidate;
        break;
      }
    }
  }
  return setpriv;
}

/** Whether exec would find `program` (so errors about it still come from the direct spawn). */
function startable(program: string, cwd: string | undefined, env: NodeJS.ProcessEnv): boolean {
  const executable = (path: string): boolean => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (cwd !== undefined && !existsSync(cwd)) return false;
  if (program.includes("/")) return executable(isAbsolute(program) || cwd === undefined ? program : join(cwd, program));
  return (env["PATH"] ?? "").split(delimiter).some((dir) => dir !== "" && executable(join(dir, program)));
}

/** Starts `argv`; throws ZeroNotFoundError when it cannot be executed. */
async function spawnChild(options: ProcessOptions): Promise<ChildProcess> {
  const [program, ...args] = options.argv;
  if (program === undefined || program === "") {
    throw new ZeroNotFoundError("the command to start zero is empty", { command: "" });
  }
  const setpriv = setprivPath();
  const tied = setpriv !== null && startable(program, options.cwd, options.env);
  const child = spawn(tied ? setpriv : program, tied ? ["--pdeathsig", "KILL", "--", program, ...args] : args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid !== undefined) {
    trackGroup(child);
    return child;
  }
  const error = await new Promise<NodeJS.ErrnoException>((resolve) => child.once("error", resolve));
  const why =
    error.code === "ENOENT"
      ? "was not found; install zero, set ZERO_BIN, or pass `command`"
      : `cannot be executed (${error.code ?? error.message})`;
  throw new ZeroNotFoundError(`${program} ${why}`, { command: program, cause: error });
}

/**
 * An early failure (a strict decode error, raised while reading a line) with the finished run's
 * result and stderr tail, which it could not carry when it was raised; timeouts carry them already.
 */
function withRunContext(failure: ZeroError, result: RunResult): ZeroError {
  if (failure.result !== null) return failure;
  const context = { stderrTail: result.stderrTail, runId: result.runId, result };
  if (failure instanceof ZeroProtocolError) {
    return new ZeroProtocolError(failure.detail, { ...context, lineNumber: failure.lineNumber, kind: failure.kind });
  }
  if (failure instanceof ZeroVersionError) return new ZeroVersionError(failure.detail, context);
  return failure;
}

/** A running `zero exec`: events in order through `next()`, then `shutdown()` and `result()`. */
export class ProcessRun {
  readonly pid: number;
  private readonly splitter = new LineSplitter();
  private readonly decoder: LineDecoder;
  readonly state = new RunState();
  private readonly stderr: StderrTail;
  private readonly queue: Event[] = [];
  private wake: (() => void) | null = null;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** Called when the shutdown interrupts a child that still runs (the client's cancel, a
   * timeout): the run's extension cancels its tools then, so zero is not kept waiting on one. */
  onCancel: (() => void) | null = null;
  private readonly exited: Promise<void>;
  private stdoutEnded = false;
  private stderrEnded = false;
  private readonly ended: Promise<void>;
  private paused = false;
  private stdoutBytes = 0;
  private sawEvent = false;
  private eventTimer: NodeJS.Timeout | undefined;
  private totalTimer: NodeJS.Timeout | undefined;
  private shutdownPromise: Promise<void> | null = null;
  private readonly onAbort: () => void;
  /** A client-side failure (timeout, strict-mode protocol error) that ended the run early. */
  private failure: ZeroError | null = null;
  private aborted = false;
  /** Shut down while the child still ran (a cancel or a timeout). */
  private cancelled = false;
  /** Sees each event after the run state applied it (the run's trace). */
  private observer: ((event: Event) => void) | null = null;

  static async start(options: ProcessOptions): Promise<ProcessRun> {
    return new ProcessRun(await spawnChild(options), options);
  }

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: ProcessOptions,
  ) {
    this.pid = child.pid as number;
    this.decoder = new LineDecoder(options.decodeMode);
    this.stderr = new StderrTail(options.stderrTailBytes);
    const stdout = child.stdout!;
    const stderr = child.stderr!;
    const stdin = child.stdin!;

    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
        resolve();
        this.notify();
      });
    });
    const stdoutEnd = new Promise<void>((resolve) => {
      stdout.once("close", () => {
        this.stdoutEnded = true;
        this.flushLastLine();
        resolve();
        this.notify();
      });
    });
    const stderrEnd = new Promise<void>((resolve) => {
      stderr.once("close", () => {
        this.stderrEnded = true;
        resolve();
      });
    });
    this.ended = Promise.all([stdoutEnd, stderrEnd]).then(() => undefined);

    stdout.on("data", (chunk: Buffer) => this.onStdout(chunk));
    stdout.on("error", () => undefined);
    stderr.on("data", (chunk: Buffer) => this.stderr.append(chunk));
    stderr.on("error", () => undefined);
    stdin.on("error", () => undefined); // EPIPE: the child exited before reading its input
    stdin.end(options.payload);

    const t = options.timeouts;
    if (t.totalMs != null) {
      this.totalTimer = setTimeout(() => this.timeout("total", t.totalMs as number), t.totalMs);
    }
    this.armEventTimer();
    this.onAbort = () => {
      this.aborted = true;
      void this.shutdown();
    };
    if (options.signal?.aborted) this.onAbort();
    else options.signal?.addEventListener("abort", this.onAbort, { once: true });
    // When the child exits by itself, end the rest of its group and read the output to the end.
    void this.exited.then(() => this.shutdown());
  }

  // ------------------------------------------------------------------------------- reading

  private onStdout(chunk: Buffer): void {
    this.stdoutBytes += chunk.length;
    if (this.failure !== null && this.options.decodeMode === "strict") return;
    for (const line of this.splitter.feed(chunk)) this.decodeLine(line);
    if (this.queue.length >= QUEUE_HIGH && !this.paused) {
      this.paused = true;
      this.child.stdout!.pause();
    }
  }

  private flushLastLine(): void {
    const last = this.splitter.finish();
    if (last !== null) this.decodeLine(last);
  }

  private decodeLine(line: Buffer): void {
    let event: Event | null;
    try {
      event = this.decoder.decode(line);
    } catch (error) {
      if (!(error instanceof ZeroError)) throw error;
      this.fail(error);
      return;
    }
    if (event === null) return;
    this.sawEvent = true;
    this.armEventTimer();
    this.state.apply(event);
    this.observer?.(event);
    this.queue.push(event);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * Lets `observer` see this process's events: the ones decoded so far at once, then each one as it
   * is decoded (also those read while shutting down, which no caller iterates).
   */
  observe(observer: (event: Event) => void): void {
    if (this.observer !== null) return;
    this.observer = observer;
    for (const event of this.state.result.events) observer(event);
  }

  /** The next event, or null once the process exited and its output was read to the end. */
  async next(): Promise<Event | null> {
    for (;;) {
      const event = this.queue.shift();
      if (event !== undefined) {
        if (this.paused && this.queue.length <= QUEUE_LOW) {
          this.paused = false;
          this.child.stdout!.resume();
        }
        return event;
      }
      if (this.stdoutEnded && this.exit !== null) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  // ------------------------------------------------------------------------------- timeouts

  private armEventTimer(): void {
    clearTimeout(this.eventTimer);
    this.eventTimer = undefined;
    if (this.shutdownPromise !== null) return;
    const t = this.options.timeouts;
    const kind: TimeoutKind = this.sawEvent ? "idle" : "first_event";
    const ms = this.sawEvent ? t.idleMs : t.firstEventMs;
    if (ms != null) this.eventTimer = setTimeout(() => this.timeout(kind, ms), ms);
  }

  private timeout(kind: TimeoutKind, ms: number): void {
    const what = { first_event: "for the first event", idle: "between events", total: "for the whole run" }[kind];
    const result = this.result();
    this.fail(
      new ZeroTimeoutError(`zero exec timed out: no progress within the ${kind} timeout of ${ms} ms (${what})`, {
        timeout: kind,
        ms,
        stderrTail: result.stderrTail,
        runId: result.runId,
        result,
      }),
    );
  }

  private fail(error: ZeroError): void {
    this.failure ??= error;
    void this.shutdown();
  }

  // ------------------------------------------------------------------------------- shutdown

  /**
   * Ends the whole process group and waits until the child exited and the output was read:
   * SIGINT to the group (zero's interrupt: it writes `error`/`run_end` with status `interrupted`,
   * which are still read), up to `graceMs` for the child, then SIGKILL to the group (which also
   * catches grandchildren and children that ignore the interrupt). Idempotent.
   */
  shutdown(): Promise<void> {
    this.shutdownPromise ??= this.doShutdown();
    return this.shutdownPromise;
  }

  private async doShutdown(): Promise<void> {
    clearTimeout(this.eventTimer);
    clearTimeout(this.totalTimer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
    this.child.stdin?.destroy();
    if (this.exit === null) {
      this.cancelled = true;
      signalGroup(this.pid, "SIGINT");
      this.onCancel?.();
      const grace = this.options.timeouts.graceMs ?? DEFAULT_GRACE_MS;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, grace)))]);
      clearTimeout(timer);
    }
    if (signalGroup(this.pid, "SIGKILL")) {
      const giveUp = Date.now() + GROUP_EXIT_WAIT_MS;
      while (Date.now() < giveUp && groupHasLiveMembers(this.pid)) await sleep(10);
    }
    await this.exited;
    await this.drain();
    this.notify();
  }

  /** Waits for stdout and stderr to close; gives up on a pipe held open by an escaped process. */
  private async drain(): Promise<void> {
    const stdout = this.child.stdout!;
    if (this.paused) {
      // Nobody may be reading any more: keep the data flowing so the pipe can reach EOF.
      this.paused = false;
      stdout.resume();
    }
    for (;;) {
      if (this.stdoutEnded && this.stderrEnded) return;
      const before = this.stdoutBytes + this.stderr.totalBytes;
      let timer: NodeJS.Timeout | undefined;
      const quiet = await Promise.race([
        this.ended.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_QUIET_MS))),
      ]);
      clearTimeout(timer);
      const after = this.stdoutBytes + this.stderr.totalBytes;
      if (quiet && before === after) {
        stdout.destroy();
        this.child.stderr!.destroy();
        await this.ended;
        return;
      }
    }
  }

  // ------------------------------------------------------------------------------- results

  /** The result so far. */
  result(): RunResult {
    const result = this.state.snapshot();
    result.protocolErrors = [...this.decoder.issues];
    result.stderrTail = this.stderr.text();
    result.aborted = this.aborted;
    return result;
  }

  /** The result of a finished process, with its error set (null on success). */
  outcome(): RunResult {
    const result = this.result();
    const exit = this.exit ?? { code: null, signal: null };
    const cause = this.aborted ? this.options.signal?.reason : undefined;
    if (this.cancelled && this.failure === null && !result.ended) {
      // The client's cancel ended a run that wrote no run_end: an interruption the client
      // caused, not a crash (the Python client says the same).
      result.signal = exit.signal;
      result.status = "interrupted";
      const how =
        exit.signal === "SIGKILL"
          ? `killed (SIGKILL) after ignoring the cancel for ${(this.options.timeouts.graceMs ?? DEFAULT_GRACE_MS) / 1000}s`
          : `ended by the cancel (${exit.signal ? `signal ${exit.signal}` : `exit status ${exit.code}`})`;
      result.error = new ZeroInterruptedError(`zero exec was cancelled by the client and ${how}`, {
        stderrTail: result.stderrTail,
        runId: result.runId,
        result,
        cause,
      });
      return result;
    }
    const classified = outcomeError(result, exit.code, exit.signal, this.options.what ?? "zero exec", cause);
    result.error = this.failure === null ? classified : withRunContext(this.failure, result);
    return result;
  }
}
