import * as Type from 'typebox/type';
import { AttachedFile } from './attachments.ts';
import { RequestKind } from './ask.ts';
import { ModelResult } from './model-result.ts';

/** `GET /api/requests/:id/export?format=`: a request as a Markdown document or a JSON file. */
export const ExportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('markdown'), Type.Literal('json')], { description: '`markdown` (default) or `json`.' })),
});

/** The JSON export: the question, when and how it was asked, and every model's full result with its name. */
export const RequestExport = Type.Object({
  query: Type.String(),
  kind: RequestKind,
  askedAt: Type.String({ format: 'date-time' }),
  totalCreditsUsed: Type.Integer({ minimum: 0 }),
  answers: Type.Array(Type.Object({ engineName: Type.String(), modelName: Type.String(), ...ModelResult.properties })),
  attachments: Type.Optional(Type.Array(AttachedFile, { description: 'The files the question was asked with, by name.' })),
});

export type RequestExport = Type.Static<typeof RequestExport>;
