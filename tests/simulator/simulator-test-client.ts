import OpenAI from 'openai';
import type { RunningProviderSimulator } from '../../simulator/provider-simulator.ts';

/** Helpers shared by the simulator tests: a real OpenAI SDK client and raw HTTP access for wire-level checks. */

/** Where a simulator listens: a running one, or a test file's handle on its own. */
type SimulatorAddress = Pick<RunningProviderSimulator, 'url' | 'openaiBaseUrl'>;

export function createClient(simulator: SimulatorAddress, maxRetries = 0): OpenAI {
  return new OpenAI({ apiKey: 'test-key', baseURL: simulator.openaiBaseUrl, maxRetries });
}

export function userMessage(content: string): [{ role: 'user'; content: string }] {
  return [{ role: 'user', content }];
}

export async function postRaw(
  simulator: SimulatorAddress,
  body: unknown,
  options: { path?: string; authorization?: string | null } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const authorization = options.authorization === undefined ? 'Bearer test-key' : options.authorization;
  if (authorization !== null) headers['authorization'] = authorization;
  return fetch(`${simulator.url}${options.path ?? '/openai/v1/chat/completions'}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Splits a server-sent-event body into its `data:` payloads, failing loudly on anything else. */
export function serverSentData(body: string): string[] {
  if (!body.endsWith('\n\n')) throw new Error('event stream does not end with a blank line');
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((event) => {
      if (!event.startsWith('data: ') || event.includes('\n')) throw new Error(`unexpected event: ${JSON.stringify(event)}`);
      return event.slice('data: '.length);
    });
}
