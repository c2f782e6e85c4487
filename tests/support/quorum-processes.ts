import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { nodeArgumentsFor } from '../../core/process/entry-points.ts';
import { providerEnvironment, simulatorBaseUrls } from '../../simulator/simulator-base-urls.ts';

/**
 * Runs a Quorum entry point (`server/main.ts`, `worker/main.ts`, or the launcher `scripts/start-all.ts` that
 * `npm start` runs) as its own process, the way production does, so a test can kill it outright or a benchmark can
 * keep it off its own event loop. From source through tsx, or with `compiledDirectory` from the files a build put there.
 */
export interface QuorumProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when a line containing `text` has been printed. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The environment of a Quorum process a test starts itself: its own database and Redis prefix, every provider pointed
 * at the simulator, no retries, a short shutdown, and info-level logs (the launcher's pids, "listening at" and
 * "worker ready" lines tests wait for are info). `overrides` add or replace settings.
 */
export function testProcessEnvironment(
  resources: { databaseUrl: string; redisUrl: string; keyPrefix: string; simulatorUrl: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: resources.databaseUrl,
    REDIS_URL: resources.redisUrl,
    REDIS_KEY_PREFIX: resources.keyPrefix,
    DEMO_MODE: 'off',
    ...providerEnvironment(simulatorBaseUrls(resources.simulatorUrl), 'test-key'),
    PROVIDER_MAX_RETRIES: '0',
    // Keys turn the brand judge on by default; tests of the judge ask for it by name.
    BRAND_JUDGE_MODEL: 'off',
    SHUTDOWN_GRACE_MS: '2000',
    DATABASE_POOL_SIZE: '4',
    // A freshly started process on a busy machine lags for a while (its modules compiling, other test files beside
    // it); its first calls are what is checked, not turned away as load. The shedding has its own test.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  };
}

export function startQuorumProcess(
  entry: 'server/main.ts' | 'worker/main.ts' | 'scripts/start-all.ts',
  environment: Record<string, string>,
  args: string[] = [],
  options: { compiledDirectory?: string } = {},
): QuorumProcess {
  const child = spawn(process.execPath, [...nodeArgumentsFor(entry, options.compiledDirectory), ...args], {
    cwd: PROJECT_ROOT,
    // Several workers run on one machine in tests and benchmarks: no metrics listener unless a test asks for one.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', WORKER_METRICS_PORT: '0', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    printed += chunk.toString();
    for (const waiter of [...waiters]) {
      if (printed.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    output: () => printed,
    waitForOutput(text, timeoutMs = 60_000) {
      if (printed.includes(text)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${entry} did not print "${text}" within ${timeoutMs} ms. Output:\n${printed}`)),
          timeoutMs,
        );
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${entry} exited with ${code} before printing "${text}". Output:\n${printed}`));
        });
      });
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
