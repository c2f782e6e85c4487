import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { PROJECT_ROOT } from '../core/config/index.ts';
import { nodeArgumentsFor } from '../core/process/index.ts';
import { RestartBackoff, type RestartBackoffPolicy } from './restart-backoff.ts';

/** What `loadConfigOrExit` exits with: the same settings would fail again, so restarting is pointless. */
const CONFIGURATION_EXIT_CODE = 78;

export interface ProcessSupervisorOptions {
  logger: Logger;
  workerCount: number;
  workerBackoff: RestartBackoffPolicy;
  /** The server's restarts; the same waits as a worker's unless a test shortens them. */
  serverBackoff?: RestartBackoffPolicy;
  /**
   * Crashes in a row (none after a healthy stretch of `resetAfterMs`) after which the server is not started again
   * and everything stops with a non-zero exit: a server that cannot stay up needs a person, not another restart.
   */
  serverCrashLimit?: number;
  /** How long children get to stop after SIGTERM before they are killed outright. */
  stopTimeoutMs: number;
  /**
   * The configured `WORKER_METRICS_PORT`. Workers on one machine cannot share a port, so worker N listens on this
   * port + N − 1 (0 keeps them all off).
   */
  workerMetricsPort?: number;
  /**
   * Called the moment a worker dies without finishing its answers (a signal or a non-zero exit), with its pid;
   * resolves with how many of its runs it let go. The launcher drops the dead worker's run leases here, so the people
   * waiting on its answers are told now rather than when the leases lapse.
   */
  onWorkerLost?: (pid: number) => Promise<number>;
}

type Role = 'server' | 'worker';

interface Slot {
  role: Role;
  /** 1-based number of a worker; 0 for the server. */
  index: number;
  label: string;
  entry: string;
  child: ChildProcess | undefined;
  startedAt: number;
  /** Whether the running child said it was ready (workers do, over the IPC channel). */
  ready: boolean;
  backoff: RestartBackoff;
  restartTimer: NodeJS.Timeout | undefined;
}

/** Server crashes in a row, none after a healthy minute, before the launcher gives up. */
export const SERVER_CRASH_LIMIT = 5;

/**
 * Runs the server and the workers as child processes and keeps them running. A crashed child (non-zero exit or a
 * signal) is started again after a growing wait, because one bad job or a dependency blip should not cost the
 * machine its capacity. A crashed server is restarted the same way while the workers carry on: their answers in
 * flight are stored and resumed from the restarted server (or another one on the same Redis and Postgres). Only a
 * signal, a configuration the children reject, or a server that keeps crashing (`SERVER_CRASH_LIMIT` in a row) stops
 * everything. Every start, exit and restart is logged with the child's pid (`childPid`; `pid` is the launcher's
 * own), which also lets tests find them.
 */
export class ProcessSupervisor {
  private readonly slots: Slot[];
  private stopping = false;
  private exitCode = 0;
  private resolveExited: (code: number) => void = () => undefined;
  /** Resolves with the exit code once every child is gone after a stop. */
  readonly exited = new Promise<number>((resolve) => {
    this.resolveExited = resolve;
  });

  constructor(private readonly options: ProcessSupervisorOptions) {
    const slot = (role: Role, index: number, label: string, entry: string): Slot => ({
      role,
      index,
      label,
      entry,
      child: undefined,
      startedAt: 0,
      ready: false,
      backoff: new RestartBackoff(role === 'server' ? (options.serverBackoff ?? options.workerBackoff) : options.workerBackoff),
      restartTimer: undefined,
    });
    // Workers first: in demo mode each brings its own simulator, and whichever starts first applies migrations.
    this.slots = [
      ...Array.from({ length: options.workerCount }, (_, index) => slot('worker', index + 1, `worker ${index + 1}`, 'worker/main.ts')),
      slot('server', 0, 'server', 'server/main.ts'),
    ];
  }

  start(): void {
    this.options.logger.info({ workers: this.options.workerCount }, 'starting the server and workers');
    for (const slot of this.slots) this.launch(slot);
  }

  /** Stops every child with SIGTERM (they finish answers in flight), then resolves `exited`. Safe to call twice. */
  stop(reason: string, exitCode = 0): void {
    if (this.stopping) return;
    this.stopping = true;
    this.exitCode = exitCode;
    this.options.logger.info({ reason }, 'stopping the server and workers');
    for (const slot of this.slots) {
      clearTimeout(slot.restartTimer);
      slot.restartTimer = undefined;
      if (isRunning(slot.child)) slot.child.kill('SIGTERM');
    }
    const killTimer = setTimeout(() => this.killStragglers(), this.options.stopTimeoutMs);
    killTimer.unref();
    this.finishIfAllExited();
  }

  private launch(slot: Slot): void {
    const metricsPort = this.options.workerMetricsPort ?? 0;
    const child = spawn(process.execPath, nodeArgumentsFor(slot.entry), {
      cwd: PROJECT_ROOT,
      // A worker says over IPC when it is up, so a crash after that restarts it at once rather than after the growing
      // waits meant for a worker that cannot start.
      stdio: slot.role === 'worker' ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
      env: slot.role === 'worker' && metricsPort > 0 ? { ...process.env, WORKER_METRICS_PORT: String(metricsPort + slot.index - 1) } : process.env,
    });
    slot.child = child;
    slot.startedAt = Date.now();
    slot.ready = false;
    child.on('message', (message) => {
      if (message === 'ready' && slot.child === child) slot.ready = true;
    });
    this.options.logger.info({ role: slot.role, index: slot.index, childPid: child.pid }, `${slot.label} started`);
    let reported = false;
    const onGone = (code: number | null, signal: NodeJS.Signals | null) => {
      if (reported) return;
      reported = true;
      this.childExited(slot, child, code, signal);
    };
    child.once('exit', onGone);
    // A spawn that failed outright emits `error` and no `exit`.
    child.once('error', (error) => {
      this.options.logger.error({ err: error, role: slot.role, index: slot.index }, `${slot.label} could not be started`);
      if (child.pid === undefined) onGone(null, null);
    });
  }

  private childExited(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    const facts = { role: slot.role, index: slot.index, childPid: child.pid, code, signal, uptimeMs: Date.now() - slot.startedAt };
    // First, before any restart: a worker that stopped cleanly released its leases itself; any other end left them.
    if (slot.role === 'worker' && child.pid !== undefined && !(code === 0 && signal === null)) this.workerLost(slot, child.pid);
    if (this.stopping) {
      if (code !== 0) this.exitCode ||= 1;
      this.options.logger.info(facts, `${slot.label} stopped`);
      this.finishIfAllExited();
      return;
    }
    if (code === CONFIGURATION_EXIT_CODE) {
      this.options.logger.error(facts, `${slot.label} rejected the configuration; stopping everything`);
      this.stop(`${slot.label} rejected the configuration`, CONFIGURATION_EXIT_CODE);
      return;
    }
    if (code === 0 && signal === null) {
      // Only a SIGTERM sent to the child itself makes it exit cleanly: someone stopped it on purpose. Without a
      // server nothing answers, so that one stops everything.
      if (slot.role === 'server') {
        this.options.logger.warn(facts, 'server exited cleanly on its own; stopping the workers');
        this.stop('the server was stopped');
        return;
      }
      this.options.logger.warn(facts, `${slot.label} exited cleanly on its own; not restarting it`);
      return;
    }
    const delayMs = slot.backoff.afterCrash(facts.uptimeMs, slot.ready);
    if (slot.role === 'server' && slot.backoff.crashesInARow >= (this.options.serverCrashLimit ?? SERVER_CRASH_LIMIT)) {
      this.options.logger.error({ ...facts, crashesInARow: slot.backoff.crashesInARow }, 'server keeps crashing; stopping everything');
      this.stop('the server keeps crashing', code !== null && code !== 0 ? code : 1);
      return;
    }
    this.options.logger.warn(
      { ...facts, hadBecomeReady: slot.ready, restartInMs: delayMs, crashesInARow: slot.backoff.crashesInARow },
      `${slot.label} crashed; restarting it in ${delayMs} ms`,
    );
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      if (!this.stopping) this.launch(slot);
    }, delayMs);
  }

  private workerLost(slot: Slot, pid: number): void {
    const { onWorkerLost, logger } = this.options;
    if (!onWorkerLost) return;
    onWorkerLost(pid).then(
      (runs) => logger.info({ role: slot.role, index: slot.index, childPid: pid, runs }, `${slot.label}'s runs let go`),
      (error: unknown) => logger.warn({ err: error, role: slot.role, index: slot.index, childPid: pid }, `${slot.label}'s runs could not be let go; their leases will lapse`),
    );
  }

  private killStragglers(): void {
    for (const slot of this.slots) {
      if (!isRunning(slot.child)) continue;
      this.options.logger.warn({ role: slot.role, index: slot.index, childPid: slot.child.pid }, `${slot.label} did not stop in time; killing it`);
      this.exitCode ||= 1;
      slot.child.kill('SIGKILL');
    }
  }

  private finishIfAllExited(): void {
    if (this.slots.some((slot) => isRunning(slot.child))) return;
    this.options.logger.info({ exitCode: this.exitCode }, 'all stopped');
    this.resolveExited(this.exitCode);
  }
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}
