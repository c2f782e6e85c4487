/**
 * How fast Quorum admits paid questions: the server's whole admission (tier rules, price, one Postgres transaction
 * that locks the payer's account, checks balance − held, writes the request, run and hold, then the BullMQ add),
 * called directly so HTTP and streaming are not in the number. Two shapes: every admission against ONE account
 * (they serialise on its row lock, by design) and spread over MANY accounts (they run in parallel).
 *
 * Run: npm run bench:credits. Uses a throwaway database and Redis prefix; bounded counts; cleans up.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../core/config/index.ts';
import { creditOnce, ensureCreditAccount, type Requester, requesterFor } from '../core/credits/index.ts';
import { User } from '../core/database/index.ts';
import { buildServer } from '../server/build-server.ts';
import { admitRequest } from '../core/requests/index.ts';
import { createIsolatedDatabase, createIsolatedRedisPrefix } from '../tests/support/isolated-resources.ts';
import { percentile } from './percentiles.ts';
import { formatTextTable } from './text-table.ts';

const ADMISSIONS_PER_SCENARIO = 2_000;

const question = (query: string) => ({
  query,
  selections: [{ engine: 'openai', model: 'gpt-4o-mini' }],
  kind: 'single' as const,
  streamed: false,
  searchEnabled: false,
  brandMonitoringEnabled: false,
});
const CONCURRENCY = 32;
const ACCOUNTS_FOR_MANY = 200;

async function main(): Promise<void> {
  const [database, redis] = await Promise.all([createIsolatedDatabase(), createIsolatedRedisPrefix()]);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'benchmark-secret-benchmark-secret-0123',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: redis.redisUrl,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    OPENAI_API_KEY: 'bench-key',
    DATABASE_POOL_SIZE: '40',
  });
  const app = await buildServer(config);
  try {
    const payers = async (count: number): Promise<Requester[]> => {
      const em = app.orm.em.fork();
      const requesters: Requester[] = [];
      for (let index = 0; index < count; index += 1) {
        const user = em.create(User, { id: randomUUID(), name: 'Bench', email: `bench-${randomUUID()}@example.com`, emailVerified: true, passwordHash: 'x', tier: 'subscribed' });
        await em.flush();
        const requester = requesterFor(config.appSecret, user, { guestKey: 'bench', anonymousSessionId: 'bench' });
        const account = await ensureCreditAccount(em, requester.owner);
        await creditOnce(em, account.id, 'grant', 10_000_000, requester.grant.reference);
        requesters.push(requester);
      }
      return requesters;
    };

    const scenario = async (name: string, requesters: Requester[]) => {
      const latencies: number[] = [];
      let next = 0;
      let refused = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < ADMISSIONS_PER_SCENARIO) {
            const index = next++;
            const requester = requesters[index % requesters.length]!;
            const begin = performance.now();
            try {
              await admitRequest(app.requestServices, question(`Benchmark question ${index}`), requester);
            } catch {
              refused += 1;
            }
            latencies.push(performance.now() - begin);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1_000;
      return { name, accounts: requesters.length, refused, perSecond: ADMISSIONS_PER_SCENARIO / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
    };

    // Warm up connections and caches.
    const warm = await payers(1);
    for (let index = 0; index < 50; index += 1) await admitRequest(app.requestServices, question('warm-up'), warm[0]!);

    const oneAccount = await scenario('one account', await payers(1));
    const manyAccounts = await scenario('many accounts', await payers(ACCOUNTS_FOR_MANY));
    const rows = [oneAccount, manyAccounts].map((result) => [
      result.name,
      String(result.accounts),
      String(ADMISSIONS_PER_SCENARIO),
      String(result.refused),
      result.perSecond.toFixed(0),
      `${result.p50Ms.toFixed(2)} ms`,
      `${result.p99Ms.toFixed(2)} ms`,
    ]);
    console.log(`credit admission, ${CONCURRENCY} concurrent callers, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`);
    console.log(formatTextTable(['scenario', 'accounts', 'admissions', 'refused', 'per second', 'p50', 'p99'], rows));
    if (process.argv.includes('--json')) {
      // The last line, for comparing runs: `npm run bench:credits -- --json | tail -1`.
      const numbers = (result: typeof oneAccount) => ({
        perSecond: Math.round(result.perSecond),
        p50Ms: Math.round(result.p50Ms * 100) / 100,
        p99Ms: Math.round(result.p99Ms * 100) / 100,
      });
      console.log(JSON.stringify({ oneAccount: numbers(oneAccount), manyAccounts: numbers(manyAccounts) }));
    }
  } finally {
    await app.close();
    await Promise.all([database.drop(), redis.cleanup()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
