import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPARE_APP_URI } from '../../server/mcp/compare-app.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { connectEraClient } from '../support/mcp-era-clients.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The comparison's MCP App in Chromium, inside a stand-in host: the page Quorum serves at its ui:// address runs in a
 * sandboxed frame, completes the host handshake, shows the question while the models answer, and then every answer
 * of a real `compare` call (made with the official MCP client, at protocol 2026-07-28) side by side, as text.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** A minimal MCP Apps host: answers `ui/initialize`, then sends the tool's input and its result once told ready. */
const HOST_PAGE = `<!doctype html><html><body style="margin:0">
<iframe id="app" sandbox="allow-scripts" style="border:0;width:100%;height:100vh"></iframe>
<script>
  window.hostLog = [];
  window.addEventListener('message', (event) => {
    const message = event.data;
    window.hostLog.push(message.method || 'response');
    const frame = document.getElementById('app').contentWindow;
    if (message.method === 'ui/initialize') {
      frame.postMessage({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, hostInfo: { name: 'test-host', version: '1' }, hostCapabilities: {}, hostContext: {} } }, '*');
    }
    if (message.method === 'ui/notifications/initialized') {
      frame.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: window.toolInput } }, '*');
      setTimeout(() => frame.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: window.toolResult }, '*'), 300);
    }
  });
</script></body></html>`;

async function openHost(page: Page, appHtml: string, input: unknown, result: CallToolResult): Promise<void> {
  await page.setContent(HOST_PAGE);
  await page.evaluate(
    ([html, toolInput, toolResult]) => {
      Object.assign(window, { toolInput, toolResult });
      (document.getElementById('app') as HTMLIFrameElement).srcdoc = html as string;
    },
    [appHtml, input, result] as const,
  );
}

describe('the comparison as an MCP App', () => {
  it('shows a real comparison side by side in a host frame, at 390 and 1440 px, light and dark', { timeout: testLimit(120_000) }, async () => {
    const key = await createApiKeyFor(stack.baseUrl, stack.fundedCookie, { name: 'Assistant' });
    // The comparison as a 2026-07-28 client gets it; the view is the same page at either protocol version.
    const [client, handshakeClient] = await Promise.all([
      connectEraClient('2026-07-28', stack.baseUrl, key.key),
      connectEraClient('2025-11-25', stack.baseUrl, key.key),
    ]);
    const input = { query: 'Which <b>note</b> app is best?', models: THREE_MODELS };
    const result = await client.callTool('compare', input);
    const { contents } = await client.readResource(COMPARE_APP_URI);
    expect((await handshakeClient.readResource(COMPARE_APP_URI)).contents).toEqual(contents);
    await Promise.all([client.close(), handshakeClient.close()]);
    const answers = (result.structuredContent as { results: { engine: string; model: string; response: string | null }[] }).results;
    expect(answers).toHaveLength(3);

    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        try {
          await openHost(page, (contents[0] as { text: string }).text, input, result);
          const app = page.frameLocator('#app');
          await app.locator('article').first().waitFor({ timeout: underLoad(15_000) });
          await expect.poll(() => app.locator('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-model')))).toEqual(
            THREE_MODELS.map((pair) => `${pair.engine}/${pair.model}`),
          );
          // The question and answers are text: the markup in the question is shown, never rendered.
          await expect.poll(() => app.locator('h1').textContent()).toBe('Which <b>note</b> app is best?');
          await expect.poll(() => app.locator('b').count()).toBe(0);
          for (const [index, answer] of answers.entries()) {
            const text = app.locator('article .text').nth(index);
            await expect.poll(() => text.textContent()).toBe(answer.response!.replace(/\*\*([^*\n]+)\*\*/g, '$1'));
            // Every **bold** run of the answer shows as bold text, in order.
            const bold = [...answer.response!.matchAll(/\*\*([^*\n]+)\*\*/g)].map((match) => match[1]);
            await expect.poll(() => text.locator('strong').allTextContents()).toEqual(bold);
          }
          await expect.poll(() => app.locator('p.summary').textContent()).toMatch(/^3 answers for \d+ credits$/);
          expect(await page.evaluate(() => (window as unknown as { hostLog: string[] }).hostLog)).toEqual(
            expect.arrayContaining(['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed']),
          );
          await saveViewportScreenshot(page, `mcp-app-${colorScheme}`);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }
    }
  });
});
