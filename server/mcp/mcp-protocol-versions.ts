import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** The sessionless revision: no handshake, each request names its version, client and capabilities in `_meta`. */
export const MCP_SESSIONLESS_PROTOCOL_VERSION = '2026-07-28';

/**
 * The protocol revisions Quorum's MCP servers (the HTTP endpoint and the stdio bridge) speak, newest first: the
 * sessionless one, offered through `server/discover`, then the 2025-era ones the SDK negotiates through the
 * `initialize` handshake. Kept apart from the server itself so the bridge can share it without pulling the server in.
 */
export const MCP_PROTOCOL_VERSIONS = [MCP_SESSIONLESS_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];
