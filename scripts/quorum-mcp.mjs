#!/usr/bin/env node
// `npx quorum-mcp`: Quorum's MCP server over stdio (see quorum-mcp-stdio.ts). In a checkout with the development
// packages it runs the source through tsx, so it is never a stale build; an install without them (`npm ci --omit=dev`)
// runs the file `npm run build` compiled.
let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
}
if (register) {
  register();
  await import('./quorum-mcp-stdio.ts');
} else {
  await import('../dist/node/quorum-mcp-stdio.js');
}
