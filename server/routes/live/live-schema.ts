import Type from 'typebox';
import { LiveClientMessage, LiveServerMessage } from '../../../contract/live-socket.ts';

/** `GET /api/live`'s schema: the route validates its query with it, and the API reference describes the socket from it. */
export const LiveQuery = Type.Object({
  sessionId: Type.Optional(Type.String({ maxLength: 64, description: "A guest's anonymous session id (browsers cannot add headers to an upgrade)." })),
});

export const liveSchema = {
  summary: 'Live updates over one WebSocket',
  description:
    'Upgrade to a WebSocket. Send `subscribe` `{requestId, afterSeq}` to follow a request (its frames arrive as `event` ' +
    'messages, named and shaped as on the SSE endpoints, with their `seq`), `unsubscribe`, or `ping`. Signed-in tabs also ' +
    'hear `credits_changed` and `request_finished`; their socket is closed with 1008 "Session ended" when the session ends ' +
    '(a sign-out, a new or reset password, signed out from another device, expiry). Messages a tab may send: ' +
    JSON.stringify(LiveClientMessage),
  tags: ['Live updates'],
  querystring: LiveQuery,
  response: {
    101: {
      description: 'Switched to the WebSocket protocol; the schema is that of the messages the server sends.',
      content: { 'application/json': { schema: LiveServerMessage } },
    },
  },
};

