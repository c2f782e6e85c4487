import { describe, expect, it } from 'vitest';
import { compareCurlExample, curlExample, mcpConfigExample, openAiPythonExample, openAiSdkExample } from './usage-examples.ts';

describe('the API page snippets', () => {
  const origin = 'https://quorum.example';
  const key = 'qrm_abc';

  it('point every client at this server with the key', () => {
    for (const snippet of [curlExample(origin, key), compareCurlExample(origin, key), openAiSdkExample(origin, key), openAiPythonExample(origin, key)]) {
      expect(snippet).toContain(`${origin}/v1`);
      expect(snippet).toContain(key);
    }
  });

  it('configure an MCP client for stdio and for HTTP', () => {
    const config = JSON.parse(mcpConfigExample(origin, key)) as { mcpServers: Record<string, Record<string, unknown>> };
    expect(config.mcpServers.quorum).toMatchObject({ command: 'npx', args: ['quorum-mcp'], env: { QUORUM_URL: origin, QUORUM_API_KEY: key } });
    expect(config.mcpServers['quorum-http']).toMatchObject({ url: `${origin}/mcp`, headers: { Authorization: `Bearer ${key}` } });
  });

  it('compares with a body that /v1/compare takes', async () => {
    const { Value } = await import('typebox/value');
    const { CompareApiBody } = await import('../../../../contract/compare-api.ts');
    const snippet = compareCurlExample(origin, key);
    expect(snippet).toContain(`${origin}/v1/compare `);
    const body: unknown = JSON.parse(/-d '(.+)'$/m.exec(snippet)![1]!);
    expect(Value.Check(CompareApiBody, body)).toBe(true);
  });
});
