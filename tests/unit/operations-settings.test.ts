import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from '../../core/config/config.ts';
import { scrapeAllowed } from '../../core/metrics/scrape-authorisation.ts';
import { withJobLogger } from '../../worker/observability/job-logger.ts';

describe('operations settings', () => {
  it('defaults to open metrics, the worker on 9465 and no dashboard', () => {
    expect(loadConfig({}).operations).toEqual({ metricsToken: undefined, workerMetricsPort: 9465, queueDashboardAdmins: [] });
  });

  it('reads the dashboard admins as lower-cased emails, without blanks or repeats', () => {
    const { operations } = loadConfig({ QUEUE_DASHBOARD_ADMINS: ' Ann@Example.com,, bob@example.com ,ann@example.COM ', WORKER_METRICS_PORT: '0', METRICS_TOKEN: 's3cret' });
    expect(operations).toEqual({ metricsToken: 's3cret', workerMetricsPort: 0, queueDashboardAdmins: ['ann@example.com', 'bob@example.com'] });
  });

  it('refuses a worker metrics port out of range, naming the variable', () => {
    expect(() => loadConfig({ WORKER_METRICS_PORT: '70000' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ WORKER_METRICS_PORT: 'nine' })).toThrow(/WORKER_METRICS_PORT/);
  });
});

describe('scrapeAllowed', () => {
  it('lets every scrape in without a token', () => {
    expect(scrapeAllowed(undefined, undefined)).toBe(true);
  });

  it('wants exactly `Bearer <token>` when a token is set', () => {
    expect(scrapeAllowed('Bearer s3cret', 's3cret')).toBe(true);
    expect(scrapeAllowed('bearer s3cret', 's3cret')).toBe(true);
    expect(scrapeAllowed(undefined, 's3cret')).toBe(false);
    expect(scrapeAllowed('s3cret', 's3cret')).toBe(false);
    expect(scrapeAllowed('Bearer s3cre', 's3cret')).toBe(false);
    expect(scrapeAllowed('Basic czNjcmV0', 's3cret')).toBe(false);
  });
});

describe('withJobLogger', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    return { lines, logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
  }

  it('stamps every line of the job with its reqId, requestId and runId', () => {
    const { lines, logger } = capture();
    const scoped = withJobLogger({ logger, other: 1 }, { data: { requestId: 'q1', runId: 'r1', reqId: 'http-1' } });
    scoped.logger.info('one');
    scoped.logger.warn({ runId: 'r1' }, 'two');
    expect(scoped.other).toBe(1);
    expect(lines.map(({ msg, reqId, requestId, runId }) => ({ msg, reqId, requestId, runId }))).toEqual([
      { msg: 'one', reqId: 'http-1', requestId: 'q1', runId: 'r1' },
      { msg: 'two', reqId: 'http-1', requestId: 'q1', runId: 'r1' },
    ]);
  });

  it('leaves reqId out for a job no HTTP request asked for', () => {
    const { lines, logger } = capture();
    withJobLogger({ logger }, { data: { requestId: 'q2', runId: 'r2' } }).logger.info('tracked');
    expect(lines[0]).not.toHaveProperty('reqId');
    expect(lines[0]).toMatchObject({ requestId: 'q2', runId: 'r2' });
  });
});
