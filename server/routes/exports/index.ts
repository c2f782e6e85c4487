import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { attachmentsOfRequests } from '../../../core/attachments/index.ts';
import * as Type from 'typebox/type';
import { RequestParams } from '../../../contract/answers.ts';
import { ExportQuery, RequestExport } from '../../../contract/exports.ts';
import { isUnrevealedRound, loadRequestHistory, requestResults } from '../../../core/requests/index.ts';
import { blindUnrevealedRounds } from '../../../core/arena/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { historyCsv, requestExport, requestMarkdown } from '../../../core/exports/index.ts';
import { loadOwnRequest } from '../../requests/request-access.ts';
import { errorResponses } from '../../schemas/route-responses.ts';

/** The most requests one history export holds, newest first. */
const HISTORY_EXPORT_LIMIT = 10_000;

const fileResponse = (type: string, schema: Type.TSchema, description: string) => ({ 200: { description, content: { [type]: { schema } } } });

/** Downloads: one request as Markdown or JSON, and the whole history as CSV. Owners only. */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/requests/:id/export',
    {
      schema: {
        summary: 'Download a request as Markdown or JSON',
        description: 'The question and every model’s answer with its name, cost, timings and sources. An arena round once it has been voted on.',
        tags: ['History'],
        params: RequestParams,
        querystring: ExportQuery,
        response: {
          ...fileResponse('text/markdown', Type.String(), 'A Markdown document (`format=markdown`), or the JSON below (`format=json`).'),
          ...errorResponses(['VALIDATION_ERROR', 'NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const em = app.orm.em.fork();
      const { searchRequest } = await loadOwnRequest(em, request, reply, request.params.id);
      if (await isUnrevealedRound(em, searchRequest.id)) throw new AppError('VALIDATION_ERROR', 'Vote on the arena round before exporting it.');
      const files = (await attachmentsOfRequests(em, [searchRequest.id])).get(searchRequest.id) ?? [];
      const exported = requestExport(searchRequest, await requestResults(em, searchRequest.id), app.catalogue, files);
      const json = request.query.format === 'json';
      const name = `quorum-${searchRequest.id.slice(0, 8)}.${json ? 'json' : 'md'}`;
      reply.hijack();
      // Sent as a file, as written: not the envelope (a download is the document itself).
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': json ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
        'x-request-id': request.id,
      });
      reply.raw.end(json ? `${JSON.stringify(exported satisfies RequestExport, null, 2)}\n` : requestMarkdown(exported));
    },
  );

  app.get(
    '/user-requests/export.csv',
    {
      schema: {
        summary: 'Download your history as CSV',
        description: 'Newest first: when, kind, status, question, models, how many answered, credits. Arena rounds not voted on list their labels.',
        tags: ['History'],
        response: { ...fileResponse('text/csv', Type.String(), 'CSV with a header line.'), ...errorResponses(['UNAUTHORIZED']) },
      },
      config: { signIn: 'required' },
    },
    async (request, reply) => {
      const session = request.signedIn;
      const em = app.orm.em.fork();
      const page = await loadRequestHistory(em, session.user.id, { limit: HISTORY_EXPORT_LIMIT });
      const csv = historyCsv(await blindUnrevealedRounds(em, page.rows));
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="quorum-history.csv"',
        'cache-control': 'no-store',
        'x-request-id': request.id,
      });
      reply.raw.end(csv);
    },
  );
};

export default exportRoutes;
