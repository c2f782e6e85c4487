/**
 * The whole test run, as `npm test` and CI run it: type-check, the import rules, build the client, the vitest suites (unit,
 * integration, simulator, client; then the Redis Cluster suite), then the browser suite. Prints one closing line `N passed, N failed` totalled
 * over every suite (the type-check, the build and the bundle budget count as one check each) and exits non-zero on any failure.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface SuiteOutcome {
  name: string;
  passed: number;
  failed: number;
  /** How long the step took, whole seconds: the summary shows where a run's time goes. */
  seconds: number;
  /** The failed tests by file and full name, repeated in the summary: a CI log shown only in part still names them. */
  failures?: string[];
  /** The suite's slowest files with their seconds, slowest first: where to look when a run grows slower. */
  slowest?: string[];
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** How many of a suite's slowest files the summary names. */
const SLOWEST_FILES_SHOWN = 5;

/** A file's time runs from its first hook to its last (set-up and teardown included), as vitest reports it. */
function slowestFilesOf(report: VitestJsonReport): string[] {
  return (report.testResults ?? [])
    .filter((file) => file.startTime !== undefined && file.endTime !== undefined)
    .map((file) => ({ file: path.relative(root, file.name), seconds: (file.endTime! - file.startTime!) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_FILES_SHOWN)
    .map(({ file, seconds }) => `${file} (${Math.round(seconds)} s)`);
}

/** How much of a failure's message the summary repeats: enough to say what went wrong, not the whole stack. */
const FAILURE_REASON_CHARS = 400;

function failedTestsOf(report: VitestJsonReport): string[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const reason = firstReason(test.failureMessages?.[0]);
        return `${path.relative(root, file.name)} > ${test.fullName}${reason ? `\n    ${reason}` : ''}`;
      }),
  );
}

/** A failure message's opening lines, without colour codes or the stack, on one line. */
function firstReason(message: string | undefined): string {
  if (!message) return '';
  const lines = message.replaceAll(/\u001b\[[0-9;]*m/g, '').split('\n');
  const stackStarts = lines.findIndex((line) => /^\s+at /.test(line));
  const beforeStack = stackStarts === -1 ? lines : lines.slice(0, Math.max(1, stackStarts));
  const text = beforeStack.map((line) => line.trim()).filter(Boolean).join(' ');
  return text.length > FAILURE_REASON_CHARS ? `${text.slice(0, FAILURE_REASON_CHARS)}…` : text;
}

const root = path.resolve(import.meta.dirname, '..');
const binaries = path.join(root, 'node_modules', '.bin');
const reports = mkdtempSync(path.join(tmpdir(), 'quorum-test-reports-'));
const outcomes: SuiteOutcome[] = [];

/** How much of a step's error output is kept for its crash reason: a set-up error is short, a long run's noise is not. */
const ERROR_TAIL_CHARS = 64 * 1024;
/** The end of the last step's error output: a suite that stops before writing its report is named with why. */
let lastErrorOutput = '';

/**
 * Runs a project binary (node_modules/.bin) or, failing that, a command on the PATH (npm). Its error output is passed
 * on as it comes (a run stopped from outside still shows it) and its end kept, so a crash's reason can go into the
 * summary too.
 */
async function run(command: string, args: string[]): Promise<number> {
  const local = path.join(binaries, command);
  lastErrorOutput = '';
  const child = spawn(existsSync(local) ? local : command, args, { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env: process.env });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    lastErrorOutput = (lastErrorOutput + chunk.toString()).slice(-ERROR_TAIL_CHARS);
  });
  const [status] = (await once(child, 'close').catch((error: Error) => {
    console.error(`could not run ${command}: ${error.message}`);
    return [1];
  })) as [number | null];
  return status ?? 1;
}

/**
 * Why a crashed step stopped: the first error it printed (vitest's set-up errors read `Error: …`, their stack
 * lines start with `❯` or `at`), or failing that its last lines, colour codes left out.
 */
function crashReason(): string {
  const lines = lastErrorOutput
    .replaceAll(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const isStack = (line: string) => /^(❯|at |\d+\|)/.test(line) || /^[⎯-]+$/.test(line);
  const first = lines.findIndex((line) => /^\w*Error\b/.test(line));
  const stackAfter = lines.findIndex((line, index) => index > first && isStack(line));
  const chosen = first === -1 ? lines.filter((line) => !isStack(line)).slice(-6) : lines.slice(first, stackAfter === -1 ? undefined : stackAfter);
  const text = chosen.join(' ');
  return text.length > FAILURE_REASON_CHARS ? `${text.slice(0, FAILURE_REASON_CHARS)}…` : text;
}

const secondsSince = (started: number) => Math.round((performance.now() - started) / 1000);

async function check(name: string, command: string, args: string[]): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const status = await run(command, args);
  outcomes.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds: secondsSince(started) });
}

async function vitestSuite(name: string, configFile: string): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const reportFile = path.join(reports, `${name.replaceAll(/\W+/g, '-')}.json`);
  const started = performance.now();
  const status = await run('vitest', ['run', '--config', configFile, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport;
    // A suite that crashed outside any test still failed, even if every test it reached passed.
    const crashed = status !== 0 && report.numFailedTests === 0 ? 1 : 0;
    const failures = failedTestsOf(report);
    if (crashed) failures.push(`the suite ended with exit ${status} outside any test\n    ${crashReason()}`);
    const counts = { passed: report.numPassedTests, failed: report.numFailedTests + crashed, failures, slowest: slowestFilesOf(report) };
    outcomes.push({ name, ...counts, seconds: secondsSince(started) });
  } catch {
    const reason = crashReason();
    const failures = [`the suite stopped (exit ${status}) before writing its report${reason ? `\n    ${reason}` : ''}`];
    outcomes.push({ name, passed: 0, failed: 1, failures, seconds: secondsSince(started) });
  }
}

// Browser tests' screenshots are for a person looking at one test; a whole run skips them unless asked
// (QUORUM_SCREENSHOTS=on), see tests/support/browser-page.ts.
process.env.QUORUM_SCREENSHOTS ??= 'off';

const only = process.argv.slice(2);
const wanted = (suite: string) => only.length === 0 || only.includes(suite);

if (wanted('typecheck')) await check('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);
// The house rules (`.dependency-cruiser.cjs`): contract ← core ← server, worker; the client speaks only the contract; no cycles.
if (wanted('typecheck') || wanted('imports')) await check('import rules', 'npm', ['run', '--silent', 'check:imports']);
if (wanted('e2e') || wanted('build')) {
  await check('client build', 'vite', ['build', '--logLevel', 'warn']);
  // The home page's first paint must stay within its JavaScript budget (150 KB gzipped); prints the sizes.
  await check('client bundle budget', 'tsx', ['benchmarks/client-bundle-size.ts']);
}
if (wanted('unit')) await vitestSuite('unit and integration', 'vitest.config.ts');
// The streaming, stop, follow-up, arena and tracking tests again on a local 3-master Redis Cluster, plus a failover.
if (wanted('cluster')) await vitestSuite('redis cluster', 'vitest.cluster.config.ts');
if (wanted('e2e')) await vitestSuite('browser end-to-end', 'vitest.e2e.config.ts');
rmSync(reports, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const outcome of outcomes) {
  console.log(`${outcome.name}: ${outcome.passed} passed, ${outcome.failed} failed (${outcome.seconds} s)`);
  if (outcome.slowest?.length) console.log(`  slowest files: ${outcome.slowest.join(', ')}`);
  for (const failure of outcome.failures ?? []) console.log(`  failed: ${failure}`);
}
const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
