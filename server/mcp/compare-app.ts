import type { Resource } from '@modelcontextprotocol/server';

/**
 * The comparison as an MCP App: an HTML view the assistant's host renders in a sandboxed frame next to the `compare`
 * tool's result, with the answers side by side. A host without MCP Apps simply shows the tool's text. The page is
 * self-contained (no script, style or font from anywhere), talks to the host only through `postMessage` JSON-RPC,
 * and writes every answer as text, never as HTML.
 */
export const COMPARE_APP_URI = 'ui://quorum/compare.html';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The extension's name in capabilities, and the version of its protocol the page speaks. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const APPS_PROTOCOL_VERSION = '2026-01-26';

export const compareAppResource: Resource = {
  uri: COMPARE_APP_URI,
  name: 'quorum-compare',
  title: 'Quorum comparison',
  description: 'Every model’s answer to one question, side by side, with what each cost and how long it took.',
  mimeType: MCP_APP_MIME_TYPE,
  _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } },
};

/** What a tool carries to name its view: the current key and the earlier flat one, for hosts of either age. */
export const compareAppToolMeta = { ui: { resourceUri: COMPARE_APP_URI }, 'ui/resourceUri': COMPARE_APP_URI };

const STYLE = `
:root { color-scheme: light dark; --line: #d0d4dc; --dim: #5c6370; --bad: #c0262d; font: 14px/1.5 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { :root { --line: #3a3f4b; --dim: #a3a9b5; --bad: #ff8787; } }
body { margin: 0; padding: 12px; }
h1 { font-size: 15px; margin: 0 0 4px; overflow-wrap: anywhere; }
p.summary { margin: 0 0 12px; color: var(--dim); }
.grid { display: grid; gap: 10px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
article { border: 1px solid var(--line); border-radius: 8px; padding: 10px; min-width: 0; }
article h2 { font-size: 13px; margin: 0; }
article .facts { font-size: 12px; color: var(--dim); margin: 2px 0 8px; }
article .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
article.failed .text { color: var(--bad); }
`;

/** The page's script: the host handshake, then one render per tool input and tool result. */
const SCRIPT = `
(() => {
  const root = document.getElementById('root');
  let nextId = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method, params) => new Promise((resolve) => { const id = nextId++; pending.set(id, resolve); send({ id, method, params }); });
  const element = (tag, className, text) => { const node = document.createElement(tag); if (className) node.className = className; if (text !== undefined) node.textContent = text; return node; };
  // Answers are markdown; the view keeps it light: **bold** becomes bold, everything else stays as written, all as text nodes.
  const withBold = (node, text) => {
    for (const part of String(text).split(/(\\*\\*[^*\\n]+\\*\\*)/)) node.append(/^\\*\\*[^*\\n]+\\*\\*$/.test(part) ? element('strong', '', part.slice(2, -2)) : document.createTextNode(part));
    return node;
  };
  const seconds = (ms) => (typeof ms === 'number' ? (ms / 1000).toFixed(1) + ' s' : '—');
  const reportSize = () => send({ method: 'ui/notifications/size-changed', params: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight } });

  function showAsking(args) {
    const models = Array.isArray(args && args.models) ? args.models : [];
    root.replaceChildren(element('h1', '', (args && args.query) || 'Comparing'), element('p', 'summary', 'Asking ' + models.length + ' models…'));
    reportSize();
  }

  function showResults(result) {
    const data = (result && result.structuredContent) || {};
    const results = Array.isArray(data.results) ? data.results : [];
    const grid = element('div', 'grid');
    for (const answer of results) {
      const card = element('article', answer.success ? 'answered' : 'failed');
      card.setAttribute('data-model', answer.engine + '/' + answer.model);
      card.append(element('h2', '', answer.engine + '/' + answer.model));
      card.append(element('p', 'facts', (answer.creditsUsed || 0) + ' credits · first word after ' + seconds(answer.timeToFirstTokenMs) + ' · done in ' + seconds(answer.durationMs)));
      card.append(answer.success ? withBold(element('p', 'text'), answer.response || '') : element('p', 'text', 'Failed, nothing charged: ' + (answer.error || 'no answer')));
      grid.append(card);
    }
    const heading = root.querySelector('h1') || element('h1', '', 'Comparison');
    root.replaceChildren(heading, element('p', 'summary', results.length + ' answers for ' + (data.totalCreditsUsed || 0) + ' credits'), grid);
    reportSize();
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && pending.has(message.id)) { pending.get(message.id)(message.result); pending.delete(message.id); return; }
    if (message.method === 'ui/notifications/tool-input') showAsking(message.params && message.params.arguments);
    if (message.method === 'ui/notifications/tool-result') showResults(message.params);
  });

  request('ui/initialize', { protocolVersion: '${APPS_PROTOCOL_VERSION}', appInfo: { name: 'quorum-compare', version: '1.0.0' }, appCapabilities: {} })
    .then(() => send({ method: 'ui/notifications/initialized', params: {} }));
})();
`;

/** The view's HTML, whole. */
export function compareAppHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Quorum comparison</title><style>${STYLE}</style></head>
<body><main id="root"><p class="summary">Waiting for the comparison…</p></main><script>${SCRIPT}</script></body>
</html>`;
}
