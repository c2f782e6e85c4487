/**
 * `npm run credits:grant -- <email> <credits> --reason "…" [--by <name>] [--reference <key>]`: adds credits to the
 * account registered under <email>, as a ledger entry of its own kind that records who gave them (`--by`, by default
 * the operating-system user running this) and why (`--reason`, shown to the person in their history of credits).
 * With `--reference`, running the same grant again adds nothing. Tells the person's open pages at once. Reads the
 * same environment as the server (DATABASE_URL, REDIS_URL, …). Exit code 0 when the credits are there, 1 otherwise.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config/index.ts';
import {
  checkCreditGrant,
  CREDIT_GRANT_LIMITS,
  CreditGrantRefused,
  grantCreditsByEmail,
  type OperatorGrantResult,
  publishCreditsRemaining,
} from '../core/credits/index.ts';
import { openDatabase } from '../core/database/index.ts';
import { createLogger } from '../core/logging/index.ts';
import { RedisConnections } from '../core/redis/index.ts';
import type { QuorumConfig } from '../core/config/index.ts';
import type { Logger } from 'pino';

const USAGE = `Usage: npm run credits:grant -- <email> <credits> --reason "why" [--by <your name>] [--reference <key>]
  <credits>     a whole number from 1 to ${CREDIT_GRANT_LIMITS.maxCredits.toLocaleString('en-US')}
  --reason      required; the person sees it in their history of credits
  --by          who grants (recorded in the ledger; default: the operating-system user)
  --reference   optional key: the same grant run again with it adds nothing`;

function refuse(message: string): never {
  console.error(`credits:grant: ${message}`);
  process.exit(1);
}

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    // Some containers run as a user id with no name: say so rather than guess.
    return 'operator';
  }
}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { reason: { type: 'string' }, by: { type: 'string' }, reference: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

const parsed = parseCommandLine();
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length !== 2) refuse(`give the email address and the number of credits.\n${USAGE}`);
const [email, credits] = parsed.positionals as [string, string];
const input = { email, credits, reason: parsed.values.reason, grantedBy: parsed.values.by ?? operatorName(), reference: parsed.values.reference };
// Bad input is refused before anything connects.
try {
  checkCreditGrant(input);
} catch (error) {
  if (error instanceof CreditGrantRefused) refuse(error.message);
  throw error;
}

const config = loadConfig();
const logger = createLogger(config, 'credits-grant');
const orm = await openDatabase({ databaseUrl: config.databaseUrl, logger, poolSize: 2 });
let outcome: OperatorGrantResult | CreditGrantRefused;
try {
  outcome = await grantCreditsByEmail(orm.em.fork(), config.appSecret, input);
} catch (error) {
  if (!(error instanceof CreditGrantRefused)) throw error;
  outcome = error;
} finally {
  await orm.close();
}
if (outcome instanceof CreditGrantRefused) refuse(outcome.message);
const result = outcome;

const who = `${result.name} <${result.email}>`;
if (result.added) {
  console.log(`Added ${result.credits.toLocaleString('en-US')} credits to ${who}. They can now spend ${result.creditsRemaining.toLocaleString('en-US')} credits.`);
  await tellOpenPages(config, logger, result);
} else {
  console.log(`Nothing added: this reference already gave ${result.credits.toLocaleString('en-US')} credits to ${who}. They can spend ${result.creditsRemaining.toLocaleString('en-US')} credits.`);
}

/** The person's open pages update their count at once; if Redis is out of reach they show it on their next load. */
async function tellOpenPages(config: QuorumConfig, logger: Logger, grant: OperatorGrantResult): Promise<void> {
  const connections = new RedisConnections(config.redis, 'operator', logger);
  try {
    const redis = await connections.connectReady('commands', 5_000);
    await publishCreditsRemaining(redis, config.redis.keyPrefix, grant.userId, grant.creditsRemaining);
  } catch (error) {
    console.warn(`The credits are added, but open pages were not told (${error instanceof Error ? error.message : String(error)}); they show the new count when reloaded.`);
  } finally {
    await connections.closeAll();
  }
}
