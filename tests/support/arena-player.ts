import { expect } from 'vitest';
import { readServerSentEvents, type ReceivedEvent } from './search-stream-client.ts';
import type { TestStack } from './test-stack.ts';

/**
 * Playing arena rounds over HTTP as a test: ask, learn (from the database, as no player can) which label a model
 * got, make time pass as a reader or an account would, and vote.
 */
export function arenaPlayer(stack: TestStack) {
  const headers = (cookie: string, address?: string): Record<string, string> => ({
    cookie,
    origin: stack.config.server.appUrl,
    'content-type': 'application/json',
    ...(address ? { 'x-forwarded-for': address } : {}),
  });

  return {
    async play(cookie: string, body: Record<string, unknown>, address?: string): Promise<{ requestId: string; events: ReceivedEvent[] }> {
      const response = await fetch(`${stack.baseUrl}/api/arena/stream`, { method: 'POST', headers: { ...headers(cookie, address), accept: 'text/event-stream' }, body: JSON.stringify(body) });
      expect(response.headers.get('content-type'), await response.clone().text()).toMatch(/^text\/event-stream/);
      const events = await readServerSentEvents(response);
      return { requestId: String(events[0]!.data.requestId), events };
    },

    async vote(requestId: string, cookie: string, vote: unknown, address?: string) {
      const response = await fetch(`${stack.baseUrl}/api/arena/${requestId}/vote`, { method: 'POST', headers: headers(cookie, address), body: JSON.stringify(vote) });
      return { status: response.status, body: (await response.json()) as { data: { status: string } | null; error: { code: string; message: string } | null } };
    },

    /** The label the round gave a model's engine. */
    async labelOf(requestId: string, engine: string): Promise<string> {
      const [row] = await stack.records().execute<{ position: number }[]>(
        `select entry.position - 1 as position
           from arena_rounds, jsonb_array_elements_text(run_order) with ordinality as entry (run_id, position)
           join model_runs on model_runs.id = entry.run_id::uuid
          where arena_rounds.request_id = ? and model_runs.engine = ?`,
        [requestId, engine],
      );
      return `Model ${String.fromCharCode(65 + Number(row!.position))}`;
    },

    /** As if the round had been asked `seconds` ago: a voter who took the time to read. */
    async readFor(requestId: string, seconds: number): Promise<void> {
      await stack.records().execute(`update search_requests set created_at = created_at - make_interval(secs => ?) where id = ?`, [seconds, requestId]);
    },

    /** As if the account had been opened `seconds` ago. */
    async ageAccount(userId: string, seconds: number): Promise<void> {
      await stack.records().execute(`update users set created_at = now() - make_interval(secs => ?) where id = ?`, [seconds, userId]);
    },
  };
}
