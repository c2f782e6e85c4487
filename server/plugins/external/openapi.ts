import swagger from '@fastify/swagger';
import { withAttachmentUploadBody } from '../../routes/attachments/upload-body.ts';
import swaggerUi from '@fastify/swagger-ui';
import fastifyPlugin from 'fastify-plugin';
import * as Type from 'typebox/type';
import { SESSION_COOKIE } from '../../auth/session-cookie.ts';
import { liveSchema } from '../../routes/live/live-schema.ts';

/** The app's mark (its favicon), for the reference's top bar; kept here so the server needs no client files. */
const QUORUM_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4c6ef5"/><text x="16" y="22.5" font-family="system-ui,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">Q</text></svg>',
);

export const OPENAPI_PATH = '/api/openapi.json';
export const API_REFERENCE_PATH = '/api/docs';

/**
 * The API reference, generated from the same contract schemas the routes validate and serialise with, so it cannot
 * drift from what the server does: the OpenAPI 3.1 document at `/api/openapi.json` and an interactive reference at
 * `/api/docs`. Registered before the routes, which it collects as they are added.
 */
export default fastifyPlugin(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Quorum API',
          version: '1.0.0',
          description:
            'Ask one AI model or several at once, follow their answers as they stream, and pay in credits. Every JSON answer ' +
            'is an envelope `{success, data, error: {message, code}}`. A guest is known by the `x-session-id` ' +
            'header (a new one comes back in the same header); a signed-in person by the session cookie.',
        },
        servers: [{ url: app.config.server.appUrl }],
        tags: [
          { name: 'Asking', description: 'Ask, follow the answers as they stream, resume, stop.' },
          { name: 'Catalogue', description: 'Engines, models and prices, and each model’s figures from real answers.' },
          { name: 'Credits', description: 'What you can spend.' },
          { name: 'Accounts', description: 'Registration, sign-in, sessions.' },
          { name: 'History', description: 'Requests you made.' },
          { name: 'Teams', description: 'Saved teams: named sets of models with their settings and a judge or council, asked by `teamId`.' },
          { name: 'Live updates', description: 'One WebSocket per tab.' },
          { name: 'Status', description: 'Health.' },
          { name: 'Developer API', description: 'API keys for programs: create (shown once), list with usage, revoke.' },
          {
            name: 'OpenAI-compatible',
            description: "OpenAI's chat completions and model list at `/v1`, for any OpenAI client with a Quorum API key. Errors use OpenAI's format.",
          },
          {
            name: 'Comparison API',
            description: 'One question to several models at `/v1/compare` with an API key: whole or streamed, each answer with its figures; read again, ask again and see what changed. Errors use OpenAI\'s format.',
          },
        ],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'A Quorum API key (`qrm_…`) from the API page: `Authorization: Bearer <key>`. The key’s owner pays, under their tier.',
            },
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The signed-in session of the web app.' },
          },
        },
      },
      // The WebSocket route is hidden from the generator (it is no HTTP call); it is described by hand from its schema.
      transformObject: (documents) => {
        const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
        // The upload reads its multipart body itself: its body is described by hand too.
        return { ...document, paths: withAttachmentUploadBody({ ...document.paths, '/api/live': { get: liveOperation() } }) };
      },
    });

    const plainHttp = app.config.server.appUrl.startsWith('http:');
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      logo: { type: 'image/svg+xml', content: QUORUM_LOGO, href: '/', target: '_self' },
      theme: { title: 'Quorum API reference', favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: QUORUM_LOGO }] },
      // The reference page runs the UI's own scripts, allowed by hash; it sets inline styles as the app does.
      staticCSP: true,
      transformStaticCSP: (header: string) => {
        const withStyles = header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'");
        return plainHttp ? withStyles.replace(/\s*upgrade-insecure-requests;?/, '') : withStyles;
      },
    });

    // Left out of the document it serves; its answer is that document, whatever the routes make it.
    const documentSchema = { hide: true, response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }) } };
    app.get(OPENAPI_PATH, { schema: documentSchema }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.swagger();
    });
  },
  { name: 'openapi', dependencies: ['configuration'] },
);

/** `GET /api/live` as an OpenAPI operation: an upgrade, its query, and the messages that flow once it is open. */
function liveOperation() {
  return {
    summary: liveSchema.summary,
    description: liveSchema.description,
    tags: liveSchema.tags,
    parameters: Object.entries(liveSchema.querystring.properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    responses: liveSchema.response,
  };
}
