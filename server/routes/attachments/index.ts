import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as Type from 'typebox/type';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, AttachmentInfo } from '../../../contract/attachments.ts';
import { success } from '../../../contract/envelope.ts';
import {
  checkAttachment,
  deleteUnusedAttachment,
  ownAttachmentContent,
  storeAttachment,
} from '../../../core/attachments/index.ts';
import { AppError } from '../../../core/errors/index.ts';
import { errorResponses, jsonResponses } from '../../schemas/route-responses.ts';

const AttachmentParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/**
 * Files for questions, a signed-in person's own (guests attach nothing: files count against an account's quota and
 * are deleted with it); a developer API key stands for its owner. Upload one file per call, as multipart form data in the field `file`; its type is decided
 * from its bytes. The answer's `id` goes in `attachmentIds` of a question. Bytes are read back by their owner only.
 */
const attachmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Attachments'];
  // Only here: every other route keeps taking JSON alone. One file part, nothing else; the larger of the two limits,
  // with one byte more so that "too large" is told apart from "exactly at the limit" (checked per kind below).
  await app.register(multipart, {
    limits: { files: 1, fields: 0, parts: 1, fileSize: ATTACHMENT_LIMITS.imageBytes + 1, headerPairs: 20 },
  });

  app.post(
    '/attachments',
    {
      schema: {
        summary: 'Upload a file to attach to a question',
        description: `${ATTACHMENT_TEXTS.limits} Sent as \`multipart/form-data\` with one part named \`file\`. The type is decided by the bytes, not the name or the declared type; images are checked whole (a damaged one is refused) and documents are read as text on the server (a PDF without text is refused). ${ATTACHMENT_TEXTS.price} Each account keeps at most ${ATTACHMENT_LIMITS.accountBytes / (1024 * 1024)} MB of files. Signed-in users, or a program with its owner’s API key (\`Authorization: Bearer\`); guests cannot attach files.`,
        tags,
        consumes: ['multipart/form-data'],
        response: jsonResponses(AttachmentInfo, ['VALIDATION_ERROR', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']),
      },
    },
    async (request, reply) => {
      const userId = await ownerOf(request, reply);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${ATTACHMENT_TEXTS.noFile} Send it as multipart/form-data.`);
      let bytes: Buffer;
      let name: string;
      try {
        const file = await request.file();
        if (!file) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.noFile);
        name = file.filename;
        bytes = await file.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      const checked = await checkAttachment(name, bytes);
      reply.header('cache-control', 'no-store');
      return success(await storeAttachment(app.orm.em.fork(), userId, checked));
    },
  );

  app.get(
    '/attachments/:id/content',
    {
      schema: {
        summary: 'The bytes of one of your attached files',
        description: 'An image as itself (for thumbnails); a document as the file that was uploaded, to download. Only its owner reads it.',
        tags,
        params: AttachmentParams,
        response: {
          200: { description: 'The file.', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(['UNAUTHORIZED', 'NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const found = await ownAttachmentContent(app.orm.em.fork(), await ownerOf(request, reply), request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'File not found');
      // The type was decided from the bytes at upload; nosniff keeps a browser from deciding otherwise, and a
      // document is a download, never a page rendered on our origin.
      reply
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `${found.kind === 'image' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(found.name)}`);
      // Bytes, not the string the schema describes.
      return reply.type(found.mediaType).send(found.bytes as never);
    },
  );

  app.delete(
    '/attachments/:id',
    {
      schema: {
        summary: 'Remove a file you uploaded but have not asked with',
        description: 'A file already sent with a question is deleted with that request (delete it from the history).',
        tags,
        params: AttachmentParams,
        response: jsonResponses(Type.Object({ deleted: Type.Boolean() }, { additionalProperties: false }), ['UNAUTHORIZED', 'NOT_FOUND']),
      },
    },
    async (request, reply) => {
      if (!(await deleteUnusedAttachment(app.orm.em.fork(), await ownerOf(request, reply), request.params.id))) throw new AppError('NOT_FOUND', 'File not found');
      return success({ deleted: true });
    },
  );
};

/** The person whose files these are: signed in, or the owner of the API key the call carries; never a guest. */
async function ownerOf(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const requester = await request.requester(reply);
  if (!requester.userId) throw new AppError('UNAUTHORIZED', ATTACHMENT_TEXTS.signInRequired);
  return requester.userId;
}

/** The multipart parser's refusals in the product's words. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.imageTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.oneFileAtATime);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE', `${ATTACHMENT_TEXTS.noFile} Send it as multipart/form-data.`);
  return new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.noFile, { cause: error });
}

export default attachmentRoutes;
