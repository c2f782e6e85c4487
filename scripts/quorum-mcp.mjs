#!/usr/bin/env node
// `npx quorum-mcp`: Quorum's MCP server over stdio (see quorum-mcp-stdio.ts), run through tsx like every entry point.
import { register } from 'tsx/esm/api';

register();
await import('./quorum-mcp-stdio.ts');
