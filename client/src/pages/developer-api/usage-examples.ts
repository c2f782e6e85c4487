/**
 * The snippets the API page shows, filled in with this server's address and, right after creating one, the new
 * key (otherwise a placeholder). Plain functions, so they are tested without a browser.
 */

export const KEY_PLACEHOLDER = 'qrm_your_key';

export function curlExample(origin: string, key: string): string {
  return [
    `curl ${origin}/v1/chat/completions \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"model": "openai/gpt-4o-mini", "messages": [{"role": "user", "content": "What is a vector database?"}]}'`,
  ].join('\n');
}

/** One question to several models at `/v1/compare`: whole by default, or streamed with `"stream": true`. */
export function compareCurlExample(origin: string, key: string): string {
  return [
    `curl ${origin}/v1/compare \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"question": "Which laptop is best for students?", "models": [{"model": "openai/gpt-4o-mini"}, {"model": "anthropic/claude-3-haiku", "settings": {"temperature": 0.2}}]}'`,
  ].join('\n');
}

export function openAiSdkExample(origin: string, key: string): string {
  return [
    `import OpenAI from 'openai';`,
    ``,
    `const quorum = new OpenAI({ baseURL: '${origin}/v1', apiKey: '${key}' });`,
    ``,
    `const stream = await quorum.chat.completions.create({`,
    `  model: 'anthropic/claude-3-haiku',`,
    `  messages: [{ role: 'user', content: 'Summarise the causes of inflation.' }],`,
    `  stream: true,`,
    `  stream_options: { include_usage: true },`,
    `});`,
    `for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta.content ?? '');`,
  ].join('\n');
}

export function openAiPythonExample(origin: string, key: string): string {
  return [
    `from openai import OpenAI`,
    ``,
    `quorum = OpenAI(base_url="${origin}/v1", api_key="${key}")`,
    `answer = quorum.chat.completions.create(`,
    `    model="gemini/gemini-2.5-flash",`,
    `    messages=[{"role": "user", "content": "Which laptop is best for students?"}],`,
    `)`,
    `print(answer.choices[0].message.content)`,
  ].join('\n');
}

/** An MCP client's configuration: the stdio bridge (`npx quorum-mcp`) or the HTTP endpoint directly. */
export function mcpConfigExample(origin: string, key: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        quorum: { command: 'npx', args: ['quorum-mcp'], env: { QUORUM_URL: origin, QUORUM_API_KEY: key } },
        'quorum-http': { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${key}` } },
      },
    },
    null,
    2,
  );
}
