/**
 * What this process undoes when it ends while runs are going: `onAbruptEnd(undo)` registers
 * `undo` (SIGKILL a run's process group, remove a run's configuration layer) until the returned
 * function is called, when the run ended normally.
 *
 * Node has no PR_SET_PDEATHSIG, and a process that dies by a signal it does not handle runs no
 * `exit` listener. So while something is registered:
 * - an `exit` listener runs every undo (a normal exit, `process.exit`, an uncaught exception);
 * - SIGINT, SIGTERM and SIGHUP get a listener that, when it is the only one (the program does not
 *   handle the signal itself, so Node would die of it), runs every undo, then removes itself and
 *   raises the signal again: the process still dies by it, as it would have, with nothing left.
 *   A program with its own listener decides for itself (abort its runs, or `process.exit`).
 * When this process is SIGKILLed nothing here runs: zero dies with it where `setpriv` gives it
 * PR_SET_PDEATHSIG (process.ts), the bridges end when this process's socket closes, and the
 * next run's start removes the layers of dead processes.
 */

const FATAL_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const undos = new Set<() => void>();
let exitListening = false;
let signalsListening = false;

function undoAll(): void {
  for (const undo of [...undos]) {
    undos.delete(undo);
    try {
      undo();
    } catch {
      // best effort on the way out: the others still run
    }
  }
}

function onFatalSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return; // the program handles it
  undoAll();
  stopListeningForSignals();
  process.kill(process.pid, signal); // Node's default action: die by the signal
}

function stopListeningForSignals(): void {
  if (!signalsListening) return;
  signalsListening = false;
  for (const signal of FATAL_SIGNALS) process.off(signal, onFatalSignal);
}

/** Registers `undo` to run if this process ends before the returned function is called. */
export function onAbruptEnd(undo: () => void): () => void {
  if (!exitListening) {
    exitListening = true;
    process.on("exit", undoAll);
  }
  if (!signalsListening) {
    signalsListening = true;
    for (const signal of FATAL_SIGNALS) process.on(signal, onFatalSignal);
  }
  undos.add(undo);
  return () => {
    undos.delete(undo);
    if (undos.size === 0) stopListeningForSignals(); // an idle program keeps Node's defaults
  };
}
