/**
 * How `POST /api/attachments` is sent, for the OpenAPI reference: the route reads its multipart body itself (one
 * file, refused before it is all read when too large), so Fastify has no body schema to describe it from.
 */
export const ATTACHMENT_UPLOAD_PATH = '/api/attachments';

export const attachmentUploadBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'The file, with its name. Its type is decided by its bytes.' } },
      },
    },
  },
} as const;

/** The reference's paths with the upload's body described. */
export function withAttachmentUploadBody<Paths extends Record<string, unknown>>(paths: Paths): Paths {
  const item = paths[ATTACHMENT_UPLOAD_PATH] as { post?: Record<string, unknown> } | undefined;
  if (!item?.post) return paths;
  return { ...paths, [ATTACHMENT_UPLOAD_PATH]: { ...item, post: { ...item.post, requestBody: attachmentUploadBody } } };
}
