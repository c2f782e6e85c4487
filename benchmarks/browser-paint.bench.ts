/**
 * How fast the home page paints and how smoothly answers stream, measured in Debian's Chromium against a whole
 * Quorum (server and worker processes, a throwaway database, provider simulators in this process):
 *
 * 1. the Largest Contentful Paint of `/`, loaded cold by a first-time guest, at a phone's and a desktop's size
 *    (median of several loads; goal ≤ 1 s);
 * 2. the page's long tasks (over 50 ms, which make typing and scrolling stutter) while a funded, signed-in person
 *    compares five models whose answers stream in at once (goal: none).
 *
 *   npm run build && npm run bench:browser            (CLIENT_DIST_DIR measures another build)
 *   npm run bench:browser -- --json                   (ends with one JSON line: lcpMs, longestTaskMs, tasksOver50ms)
 *   options: --loads N (cold loads per size, 7), --comparisons N (3), --chunks N (60), --chunk-ms N (20),
 *            --cpu-slowdown N (Chromium's CPU throttling while the answers stream, 1: none)
 *
 * It measures the client build it finds and builds one only when there is none. Progress goes to stderr.
 */
import { parseArgs } from 'node:util';
import { startProviderSimulator, type RunningProviderSimulator } from '../simulator/provider-simulator.ts';
import { providerEnvironment, simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';
import { launchChromium } from '../tests/support/chromium.ts';
import { builtClientDirectory } from './browser/client-build.ts';
import { coldLoad } from './browser/cold-load-paint.ts';
import { formatPaintReport, summarisePaint, type ViewportLoads } from './browser/paint-report.ts';
import { streamComparison, type StreamingRun } from './browser/streaming-long-tasks.ts';
import { createFundedUsers } from './funded-users.ts';
import { startQuorum, type RunningQuorum } from './start-quorum.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

function progress(message: string): void {
  console.error(`[bench:browser] ${message}`);
}

function options() {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      loads: { type: 'string', default: '7' },
      comparisons: { type: 'string', default: '3' },
      chunks: { type: 'string', default: '60' },
      'chunk-ms': { type: 'string', default: '20' },
      'cpu-slowdown': { type: 'string', default: '1' },
    },
  });
  const count = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number above 0, got ${text}`);
    return value;
  };
  return {
    json: values.json,
    loads: count('loads', values.loads),
    comparisons: count('comparisons', values.comparisons),
    chunks: count('chunks', values.chunks),
    chunkMs: count('chunk-ms', values['chunk-ms']),
    cpuSlowdown: count('cpu-slowdown', values['cpu-slowdown']),
  };
}

async function main(): Promise<void> {
  const plan = options();
  const clientDirectory = await builtClientDirectory(progress);
  let simulator: RunningProviderSimulator | undefined;
  let quorum: RunningQuorum | undefined;
  const browser = await launchChromium();
  try {
    simulator = await startProviderSimulator();
    const everyProvider = simulatorBaseUrls(simulator.url);
    progress(`starting the Quorum server and worker, serving ${clientDirectory}`);
    quorum = await startQuorum(
      { openai: everyProvider.openai, deepseek: everyProvider.deepseek, groq: everyProvider.groq },
      // Anthropic and Gemini too: the comparison asks one model of each of five providers.
      { environment: { ...providerEnvironment(everyProvider, 'bench-key'), CLIENT_DIST_DIR: clientDirectory } },
    );
    const users = await createFundedUsers(quorum.config, 1);

    // Unmeasured: the server's first requests (compiling, opening pools) should not count as the page's.
    progress('warming up');
    await coldLoad(browser, quorum.baseUrl, DESKTOP);

    const viewports: ViewportLoads[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const loads = [];
      for (let load = 0; load < plan.loads; load += 1) loads.push(await coldLoad(browser, quorum.baseUrl, viewport));
      viewports.push({ viewport, loads });
      progress(`${plan.loads} cold loads at ${viewport.width} px done`);
    }

    const runs: StreamingRun[] = [];
    for (let comparison = 0; comparison < plan.comparisons; comparison += 1) {
      runs.push(await streamComparison(browser, quorum.baseUrl, users.nextCookie(), { chunks: plan.chunks, chunkMs: plan.chunkMs, cpuSlowdown: plan.cpuSlowdown, viewport: DESKTOP }));
      progress(`comparison ${comparison + 1} of ${plan.comparisons} done`);
    }

    console.log(
      [
        `Quorum browser paint benchmark — ${new Date().toISOString()}, Chromium ${browser.version()}`,
        `comparisons: 5 models, each ${plan.chunks} chunks ${plan.chunkMs} ms apart, at ${DESKTOP.width}×${DESKTOP.height}` +
          (plan.cpuSlowdown > 1 ? `, CPU slowed ${plan.cpuSlowdown}× while streaming` : ''),
        '',
        formatPaintReport(viewports, runs),
      ].join('\n'),
    );
    if (plan.json) console.log(JSON.stringify(summarisePaint(viewports, runs)));
  } finally {
    progress('stopping Quorum and cleaning up');
    await browser.close();
    await quorum?.close();
    await simulator?.close();
  }
}

main().then(
  () => {
    // Everything is closed, so the process should end by itself; should some handle linger, do not hang on it.
    setTimeout(() => process.exit(), 5_000).unref();
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
