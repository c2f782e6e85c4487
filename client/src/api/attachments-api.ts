import type { AttachmentInfo } from '../../../contract/attachments.ts';
import { quorumFetch } from './anonymous-session.ts';
import { apiCall, errorFromResponse, networkError } from './http-client.ts';

/** Uploads one file (`POST /api/attachments`, multipart): the server decides its type from its bytes. */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<AttachmentInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await quorumFetch('/api/attachments', { method: 'POST', body: form, headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  // The server's own words for a refused file (its type, size or contents) are the message to show.
  if (!response.ok) throw errorFromResponse(response.status, body, response.status < 500);
  return (body as { data: AttachmentInfo }).data;
}

/** Removes a file uploaded but not yet asked with (a chip's remove button). */
export function deleteAttachment(id: string): Promise<unknown> {
  return apiCall(`/api/attachments/${id}`, { method: 'DELETE' });
}
