import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedUser } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { fuzzableRoutes, fuzzCase, sendFuzzCase, type FuzzCase } from './http-fuzz.ts';
import { fuzzLiveSocket } from './live-socket-fuzz.ts';

/**
 * Generated calls to every endpoint in the route table and generated messages on the live socket: wrong types,
 * huge and deeply nested values, `__proto__` and `constructor` keys, invalid JSON, wrong content types, garbage
 * cookies and keys. Nothing may answer 5xx, and our API must always answer in its envelope. CI runs a few thousand
 * cases; `npm run fuzz` runs 100,000 (FUZZ_RUNS, FUZZ_SOCKET_RUNS and FUZZ_SEED override the counts and the seed).
 */
const HTTP_RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const SOCKET_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 500);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);

describe('fuzzed input', () => {
  const table: RouteOptions[] = [];
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      onRoute: (route) => table.push(route),
      // The per-IP limits on signing in would otherwise turn most auth cases into 429s after the first few.
      environment: { AUTH_RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'silent' },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it(`answers ${HTTP_RUNS} generated calls without a 5xx and always in the envelope`, { timeout: 120_000 + HTTP_RUNS * 50 }, async () => {
    const routes = fuzzableRoutes(table);
    expect(routes.length).toBeGreaterThan(20);
    let cookie = stack.fundedCookie;
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    const startedAt = performance.now();

    await fc.assert(
      fc.asyncProperty(fuzzCase(routes), async (fuzz) => {
        const outcome = await sendFuzzCase({ baseUrl: stack.baseUrl, sessionCookie: () => cookie }, fuzz);
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (outcome.problem) problems.push(`${describeCase(fuzz)} → ${outcome.problem}`);
        // A case that signed the shared session out (or deleted its account) gets the next cases a fresh one.
        if (fuzz.caller === 'session' && fuzz.route.url === '/api/auth' && outcome.status === 200 && /action=(logout|delete-account)/.test(fuzz.query)) {
          cookie = await createFundedUser(stack.records(), stack.config);
        }
      }),
      { numRuns: HTTP_RUNS, seed: SEED },
    );

    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.info(
      `fuzz: ${HTTP_RUNS} calls over ${routes.length} routes in ${seconds} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${problems.length} problems`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it(`answers ${SOCKET_RUNS} generated live-socket messages without breaking the contract or the socket`, { timeout: 60_000 + SOCKET_RUNS * 20 }, async () => {
    const report = await fuzzLiveSocket(stack.baseUrl, stack.fundedCookie, SOCKET_RUNS, SEED);
    console.info(`fuzz: ${report.sent} live-socket messages (seed ${SEED}), ${report.reopened} sockets reopened after oversized messages; ${report.problems.length} problems`);
    expect(report.problems.slice(0, 20)).toEqual([]);
  });
});

function describeCase(fuzz: FuzzCase): string {
  const query = fuzz.query === '' ? '' : `?${fuzz.query.slice(0, 120)}`;
  const body = fuzz.body === undefined ? '' : ` body=${JSON.stringify(fuzz.body.slice(0, 160))}`;
  return `${fuzz.route.method} ${fuzz.path.slice(0, 120)}${query} [${fuzz.caller}, ${fuzz.contentType ?? 'no content-type'}]${body}`;
}
