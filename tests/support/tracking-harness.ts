import { afterAll, beforeAll, expect } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

/** The models the tracking tests ask: two engines, so a set's run is a comparison. */
export const TRACKING_MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];
/** The simulator echoes a question's longest words: a prompt naming the brand gets answers naming it, others do not. */
export const NAMING_PROMPT = 'Zorblax';
export const OTHER_PROMPT = 'Which widget vendors deserve attention';
/** Prompts whose answers never name the brand: a run asked only these shows it falling to 0%. */
export const PROMPTS_WITHOUT_THE_BRAND = [OTHER_PROMPT, 'Cheapest widgets available today'];

export interface TrackingHarness {
  stack: TestStack;
  mail: MailCatcher;
  /** A signed-in call to the API, its answer as text (tests parse what they need). */
  call(method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; text: string; headers: Headers }>;
  /**
   * Tracks the standard test set (the widgets market, Zorblax against Quentix, the naming and the other prompt, the
   * tracking models, daily), with `overrides` on top; fails the test unless it was accepted. Answers the stored set.
   */
  createSet<Set = { id: string }>(cookie: string, overrides?: Record<string, unknown>): Promise<Set>;
  /** The set's completed runs, oldest first, with the requests each asked for the brand and as canaries. */
  completedRuns(setId: string): Promise<CompletedRun[]>;
  /** Waits for the set's `count`-th completed run, then pauses it; answers its completed runs. */
  runsThenPause(setId: string, cookie: string, count: number): Promise<CompletedRun[]>;
  /**
   * A second run a "day" after the first, with `changes` to the set between them: waits for the first run, calls
   * `between`, moves that run a day back, applies the changes while resuming the set (which runs its slot at once)
   * and waits for the second. Answers both runs.
   */
  runADayLater(setId: string, cookie: string, changes: Record<string, unknown>, between?: () => Promise<void>): Promise<CompletedRun[]>;
  close(): Promise<void>;
}

export interface CompletedRun {
  id: string;
  request_ids: string[];
  canary_request_ids: string[];
}

/** A server and worker with a mail sink, and a tracking "day" of `dayMs`; `environment` adds settings (a judge model). */
export async function startTrackingHarness(dayMs: number, environment: Record<string, string> = {}): Promise<TrackingHarness> {
  const mail = await startMailCatcher();
  const stack = await startTestStack({ environment: { ...environment, SMTP_URL: mail.url, TRACKING_DAY_MS: String(dayMs) } });
  const harness: TrackingHarness = {
    stack,
    mail,
    async call(method, path, cookie, body) {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    async createSet<Set>(cookie: string, overrides: Record<string, unknown> = {}): Promise<Set> {
      const answer = await harness.call('POST', '/api/tracking/sets', cookie, {
        name: 'Widgets market',
        brand: { brandName: 'Zorblax', competitors: ['Quentix'] },
        prompts: [NAMING_PROMPT, OTHER_PROMPT],
        models: TRACKING_MODELS,
        cadence: 'daily',
        ...overrides,
      });
      expect(answer.status, answer.text).toBe(200);
      return JSON.parse(answer.text).data.set as Set;
    },
    completedRuns(setId) {
      return stack
        .records()
        .execute<CompletedRun[]>(`select id, request_ids, canary_request_ids from tracking_runs where set_id = ? and status = 'completed' order by slot_start`, [setId]);
    },
    async runsThenPause(setId, cookie, count) {
      const runs = await until(`${count} completed runs`, async () => {
        const found = await harness.completedRuns(setId);
        return found.length >= count ? found : undefined;
      });
      await harness.call('PATCH', `/api/tracking/sets/${setId}`, cookie, { status: 'paused' });
      return runs;
    },
    async runADayLater(setId, cookie, changes, between) {
      await harness.runsThenPause(setId, cookie, 1);
      await between?.();
      await stack.records().execute(`update tracking_runs set slot_start = slot_start - make_interval(secs => ?) where set_id = ?`, [dayMs / 1000, setId]);
      const resumed = await harness.call('PATCH', `/api/tracking/sets/${setId}`, cookie, { ...changes, status: 'active' });
      expect(resumed.status, resumed.text).toBe(200);
      return harness.runsThenPause(setId, cookie, 2);
    },
    async close() {
      await stack.close();
      await mail.close();
    },
  };
  return harness;
}

/**
 * A harness started before a file's tests and closed after them. The object stands in for it from the start (each
 * property is read from the started harness), so a test file can hold it in a constant.
 */
export function useTrackingHarness(dayMs: number, environment: Record<string, string> = {}): TrackingHarness {
  let started: TrackingHarness | undefined;
  beforeAll(async () => {
    started = await startTrackingHarness(dayMs, environment);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TrackingHarness, {
    get(_, key) {
      if (!started) throw new Error('the tracking harness starts before the tests');
      return started[key as keyof TrackingHarness];
    },
  });
}

/** Probes every 200 ms until the probe returns something, or fails naming what it waited for. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
