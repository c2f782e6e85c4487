import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../support/free-port.ts';
import { startWorkerProcess } from '../../worker/worker-process.ts';
import { counterValue, sampleValue } from '../support/prometheus-text.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { eventually as probeUntil } from '../support/eventually.ts';

/** Metrics move once a scrape after the fact sees them: give both processes up to 15 s. */
const eventually = <T>(probe: () => Promise<T>, accept: (value: T) => boolean) => probeUntil(probe, accept, 15_000);

const METRICS_TOKEN = 'operations-test-scrape-token';
const authorised = { authorization: `Bearer ${METRICS_TOKEN}` };

describe('Prometheus metrics', () => {
  let stack: TestStack;
  let workerMetricsUrl: string;
  const serverMetrics = async () => (await fetch(`${stack.baseUrl}/metrics`, { headers: authorised })).text();
  const workerMetrics = async () => (await fetch(workerMetricsUrl, { headers: authorised })).text();

  beforeAll(async () => {
    const port = await findFreePort();
    stack = await startTestStack({ environment: { METRICS_TOKEN, WORKER_METRICS_PORT: String(port) } });
    expect(stack.worker?.metricsPort).toBe(port);
    workerMetricsUrl = `http://127.0.0.1:${port}/metrics`;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses a scrape without the token, on the server and on the worker', async () => {
    const bare = await fetch(`${stack.baseUrl}/metrics`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const wrong = await fetch(`${stack.baseUrl}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    expect((await fetch(workerMetricsUrl)).status).toBe(401);

    const scraped = await fetch(`${stack.baseUrl}/metrics`, { headers: authorised });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = await scraped.text();
    expect(sampleValue(text, 'process_cpu_user_seconds_total', { role: 'server' })).toBeGreaterThan(0);
    expect(sampleValue(await workerMetrics(), 'process_cpu_user_seconds_total', { role: 'worker' })).toBeGreaterThan(0);
  });

  it('starts a second worker on a port already taken with a warning, not a crash', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const second = await startWorkerProcess(stack.config, logger);
    try {
      expect(second.metricsPort).toBeUndefined();
      expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringContaining('worker metrics are off') }),
      );
    } finally {
      await second.close(500);
    }
  });

  it('the worker answers its liveness check on the same port', async () => {
    const live = await fetch(workerMetricsUrl.replace('/metrics', '/health/live'));
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ success: true, data: { status: 'live' } });
  });

  it('counts an answered question on both sides: admission, request, queue wait, first token, duration', async () => {
    const route = { route: '/api/search/stream' };
    const [serverBefore, workerBefore] = await Promise.all([serverMetrics(), workerMetrics()]);

    const answered = await stack.ask({ ...SEARCH_BODY, query: 'What do operators watch?' });
    expect(answered.events.at(-1)?.event).toBe('end');

    const serverAfter = await eventually(serverMetrics, (text) => counterValue(text, 'quorum_ask_admissions_total', route) > counterValue(serverBefore, 'quorum_ask_admissions_total', route));
    expect(counterValue(serverAfter, 'quorum_ask_admissions_total', route) - counterValue(serverBefore, 'quorum_ask_admissions_total', route)).toBe(1);
    const streamed = { method: 'POST', ...route, status: '200' };
    expect(counterValue(serverAfter, 'quorum_http_requests_total', streamed) - counterValue(serverBefore, 'quorum_http_requests_total', streamed)).toBe(1);
    expect(
      counterValue(serverAfter, 'quorum_http_request_duration_seconds_count', streamed) - counterValue(serverBefore, 'quorum_http_request_duration_seconds_count', streamed),
    ).toBe(1);

    // The worker records a run's end just after announcing it, so its scrape may trail the browser by a moment.
    const answeredRun = { engine: 'openai', outcome: 'answered' };
    const ended = (text: string) => counterValue(text, 'quorum_run_duration_seconds_count', answeredRun) - counterValue(workerBefore, 'quorum_run_duration_seconds_count', answeredRun);
    const workerAfter = await eventually(workerMetrics, (text) => ended(text) > 0);
    const openai = { engine: 'openai' };
    expect(counterValue(workerAfter, 'quorum_run_first_token_seconds_count', openai) - counterValue(workerBefore, 'quorum_run_first_token_seconds_count', openai)).toBe(1);
    expect(ended(workerAfter)).toBe(1);
    const answers = { queue: 'answers' };
    expect(counterValue(workerAfter, 'quorum_queue_wait_seconds_count', answers) - counterValue(workerBefore, 'quorum_queue_wait_seconds_count', answers)).toBe(1);
    // Read from Redis on the scrape: every queue the app uses is reported, nothing is left waiting.
    for (const queue of ['answers', 'tracking', 'leaderboards']) expect(sampleValue(workerAfter, 'quorum_queue_jobs', { queue, state: 'waiting' })).toBe(0);
  });

  it('counts a refusal by its error code, and not as an admission', async () => {
    const route = { route: '/api/search/stream' };
    const before = await serverMetrics();
    const refused = await stack.ask({ ...SEARCH_BODY, model: 'no-such-engine', query: 'Refuse me' });
    expect(refused.status).toBe(400);
    const after = await serverMetrics();
    const validation = { ...route, code: 'VALIDATION_ERROR' };
    expect(counterValue(after, 'quorum_ask_refusals_total', validation) - counterValue(before, 'quorum_ask_refusals_total', validation)).toBe(1);
    expect(counterValue(after, 'quorum_ask_admissions_total', route)).toBe(counterValue(before, 'quorum_ask_admissions_total', route));
  });

  it('counts a provider failure by its class', async () => {
    const labels = { engine: 'openai', code: 'PROVIDER_AUTH_ERROR' };
    const before = await workerMetrics();
    const failed = await stack.ask({ ...SEARCH_BODY, query: 'Fail me [[simulate status=401]]' });
    expect(failed.events.at(-1)?.event).toBe('error');
    const after = await eventually(workerMetrics, (text) => counterValue(text, 'quorum_provider_errors_total', labels) > counterValue(before, 'quorum_provider_errors_total', labels));
    expect(counterValue(after, 'quorum_provider_errors_total', labels) - counterValue(before, 'quorum_provider_errors_total', labels)).toBe(1);
  });

  it('shows open streams and credits on hold while an answer is under way, and neither once it ends', async () => {
    const slow = stack.ask({ ...SEARCH_BODY, query: 'Take your time [[simulate first-token-ms=3000]]' });
    const during = await eventually(serverMetrics, (text) => (sampleValue(text, 'quorum_open_streams') ?? 0) >= 1 && (sampleValue(text, 'quorum_credits_held') ?? 0) > 0);
    expect(sampleValue(during, 'quorum_open_streams')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(during, 'quorum_credits_held')).toBeGreaterThan(0);
    expect((await slow).events.at(-1)?.event).toBe('end');
    const after = await eventually(serverMetrics, (text) => sampleValue(text, 'quorum_open_streams') === 0 && sampleValue(text, 'quorum_credits_held') === 0);
    expect(sampleValue(after, 'quorum_open_streams')).toBe(0);
    expect(sampleValue(after, 'quorum_credits_held')).toBe(0);
  });
  it("times each stage of a first token that is Quorum's own work, under the names the step benchmark uses", async () => {
    const count = (text: string, stage: string) => counterValue(text, 'quorum_stage_seconds_count', { stage });
    const [serverBefore, workerBefore] = await Promise.all([serverMetrics(), workerMetrics()]);
    const { events } = await stack.ask({ ...SEARCH_BODY, query: 'Time my stages' });
    expect(events.at(-1)?.event).toBe('end');

    const server = await eventually(serverMetrics, (text) => count(text, 'provider_first_byte_to_browser') > count(serverBefore, 'provider_first_byte_to_browser'));
    expect(count(server, 'admission')).toBe(count(serverBefore, 'admission') + 1);
    expect(count(server, 'provider_first_byte_to_browser')).toBe(count(serverBefore, 'provider_first_byte_to_browser') + 1);
    const worker = await eventually(workerMetrics, (text) => count(text, 'pickup_to_provider_call') > count(workerBefore, 'pickup_to_provider_call'));
    expect(count(worker, 'enqueue_to_pickup')).toBe(count(workerBefore, 'enqueue_to_pickup') + 1);
    expect(count(worker, 'pickup_to_provider_call')).toBe(count(workerBefore, 'pickup_to_provider_call') + 1);
    // Seconds, and well under the bucket of "something is broken" on any machine the tests run on.
    expect(sampleValue(server, 'quorum_stage_seconds_sum', { stage: 'admission' })).toBeLessThan(10);
    expect(sampleValue(server, 'quorum_stage_seconds_bucket', { stage: 'admission', le: '10' })).toBe(count(server, 'admission'));
  });
});
