import type { CreatedApiKey } from '../../contract/api-keys.ts';

/** Creates an API key as the signed-in owner of `cookie`, through `POST /api/api-keys` like the API page does. */
export async function createApiKeyFor(
  baseUrl: string,
  cookie: string,
  body: { name: string; monthlyCreditCap?: number | null; requestsPerMinute?: number | null } = { name: 'Test key' },
): Promise<CreatedApiKey> {
  const response = await fetch(`${baseUrl}/api/api-keys`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { success: boolean; data: CreatedApiKey; error: unknown };
  if (response.status !== 200 || !envelope.success) throw new Error(`creating an API key failed: ${response.status} ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}
