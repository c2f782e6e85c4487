/**
 * Starts Quorum on one machine: the HTTP server and `--workers N` worker processes (default 1), each a separate
 * Node process exactly as in production. Ctrl-C (or SIGTERM) stops them gracefully: open answers finish first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const workersFlag = process.argv.indexOf('--workers');
const workerCount = workersFlag === -1 ? 1 : Number(process.argv[workersFlag + 1]);
if (!Number.isInteger(workerCount) || workerCount < 1 || workerCount > 64) {
  console.error('--workers must be a whole number from 1 to 64');
  process.exit(2);
}

const children: ChildProcess[] = [];
let stopping = false;

function start(entry: string, label: string): void {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, stdio: 'inherit', env: process.env });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${label} exited (${signal ?? code}); stopping the others`);
    stopAll(code ?? 1);
  });
}

function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  let remaining = children.filter((child) => child.exitCode === null).length;
  if (remaining === 0) process.exit(exitCode);
  for (const child of children) {
    child.once('exit', () => {
      remaining -= 1;
      if (remaining <= 0) process.exit(exitCode);
    });
  }
}

// Workers first: in demo mode each brings its own simulator, and the first to start applies migrations.
for (let index = 1; index <= workerCount; index += 1) start('worker/main.ts', `worker ${index}`);
start('server/main.ts', 'server');
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
