import { Anchor, Button, Code, CopyButton, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { compareCurlExample, curlExample, KEY_PLACEHOLDER, mcpConfigExample, openAiPythonExample, openAiSdkExample } from './usage-examples.ts';

function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap={6}>
      {/* Wide snippets scroll sideways: focusable, so keyboard users can scroll them too. */}
      <Code block style={{ whiteSpace: 'pre', overflowX: 'auto', fontSize: 13 }} aria-label={label} role="region" tabIndex={0}>
        {code}
      </Code>
      <Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** How to call Quorum from curl, the OpenAI SDKs and an MCP client, with this server's address filled in. */
export function UsageExamplesPanel({ apiKey }: { apiKey: string | null }) {
  const origin = window.location.origin;
  const key = apiKey ?? KEY_PLACEHOLDER;
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="usage-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="usage-title">
          Call Quorum
        </Title>
        <Text size="sm" c="dimmed">
          Quorum speaks OpenAI&apos;s chat completions at <Code>{origin}/v1</Code>: name a model as <Code>engine/model</Code> (<Code>GET /v1/models</Code> lists them). Each call is charged like a question in the app, only if the model answers, and appears in your history.
        </Text>
        <Tabs defaultValue="curl" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="curl">curl</Tabs.Tab>
            <Tabs.Tab value="compare">Compare</Tabs.Tab>
            <Tabs.Tab value="node">Node</Tabs.Tab>
            <Tabs.Tab value="python">Python</Tabs.Tab>
            <Tabs.Tab value="mcp">MCP</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="curl" pt="sm">
            <Snippet label="curl example" code={curlExample(origin, key)} />
          </Tabs.Panel>
          <Tabs.Panel value="compare" pt="sm">
            <Text size="sm" mb="xs">
              One question to several models at <Code>POST /v1/compare</Code>: each answer with its time to first token, duration, tokens, credits and error. Add{' '}
              <Code>&quot;stream&quot;: true</Code> for one event stream naming each model, or <Code>&quot;team_id&quot;</Code> in place of <Code>models</Code> for a saved team;{' '}
              <Code>GET /v1/compare/&#123;id&#125;</Code> reads it again and <Code>POST /v1/compare/&#123;id&#125;/rerun</Code> asks it again and says what changed.
            </Text>
            <Snippet label="Comparison API curl example" code={compareCurlExample(origin, key)} />
          </Tabs.Panel>
          <Tabs.Panel value="node" pt="sm">
            <Text size="sm" mb="xs">
              The official <Code>openai</Code> package, pointed at Quorum:
            </Text>
            <Snippet label="OpenAI SDK for Node example" code={openAiSdkExample(origin, key)} />
          </Tabs.Panel>
          <Tabs.Panel value="python" pt="sm">
            <Text size="sm" mb="xs">
              The official <Code>openai</Code> package for Python, pointed at Quorum:
            </Text>
            <Snippet label="OpenAI SDK for Python example" code={openAiPythonExample(origin, key)} />
          </Tabs.Panel>
          <Tabs.Panel value="mcp" pt="sm">
            <Stack gap="xs">
              <Text size="sm">
                Give an assistant the tools <Code>list_models</Code>, <Code>ask</Code>, <Code>compare</Code> and <Code>brand_visibility</Code>: over stdio
                with <Code>npx quorum-mcp</Code>, or over HTTP at <Code>{origin}/mcp</Code>.
              </Text>
              <Snippet label="MCP client configuration" code={mcpConfigExample(origin, key)} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Text size="sm" c="dimmed">
          The web app&apos;s own calls (<Code>POST /api/compare/stream</Code> and the rest) take the same key; the{' '}
          <Anchor href="/api/docs" target="_blank" size="sm" underline="always">
            API reference
          </Anchor>{' '}
          describes every call.
        </Text>
      </Stack>
    </Paper>
  );
}
