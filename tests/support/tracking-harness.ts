import { expect } from 'vitest';
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
  close(): Promise<void>;
}

/** A server and worker with a mail sink, and a tracking "day" of `dayMs`. */
export async function startTrackingHarness(dayMs: number): Promise<TrackingHarness> {
  const mail = await startMailCatcher();
  const stack = await startTestStack({ environment: { SMTP_URL: mail.url, TRACKING_DAY_MS: String(dayMs) } });
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
    async close() {
      await stack.close();
      await mail.close();
    },
  };
  return harness;
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
