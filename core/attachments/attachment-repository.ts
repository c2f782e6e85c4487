import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, attachmentCredits, type AttachmentInfo, type AttachmentKind } from '../../contract/attachments.ts';
import { AppError } from '../errors/index.ts';
import type { CheckedAttachment } from './attachment-intake.ts';

/**
 * The `attachments` table: the only module that writes it. A file is stored when uploaded, unbound; admission binds
 * it to the request it was asked with (once: a file belongs to one question); the request's deletion, or the
 * account's, deletes it by cascade.
 */

interface InfoRow {
  id: string;
  request_id: string | null;
  kind: AttachmentKind;
  media_type: string;
  name: string;
  byte_size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  text_chars: number | null;
}

/** A list of ids as one Postgres array literal (the driver sends a parameter per value, not arrays). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

const INFO_COLUMNS = `id, request_id, kind, media_type, name, byte_size, sha256, width, height, text_chars`;

/** Where an attachment's bytes are read: its owner (or a share link's reader, through the share's own path) only. */
export const attachmentContentPath = (id: string): string => `/api/attachments/${id}/content`;

export function attachmentInfo(row: InfoRow): AttachmentInfo {
  return {
    id: row.id,
    kind: row.kind,
    mediaType: row.media_type,
    name: row.name,
    byteSize: row.byte_size,
    sha256: row.sha256.trim(),
    width: row.width,
    height: row.height,
    textChars: row.text_chars,
    credits: attachmentCredits([{ kind: row.kind, textChars: row.text_chars }]),
    contentUrl: attachmentContentPath(row.id),
  };
}

/**
 * Stores a checked file for its owner, within the account's quota. The owner's row is locked first, so two uploads
 * at once cannot both fit into the same room.
 */
export async function storeAttachment(em: EntityManager, userId: string, file: CheckedAttachment): Promise<AttachmentInfo> {
  return em.fork().transactional(async (transaction) => {
    const [usage] = await transaction.execute<{ used: string | null; found: boolean }[]>(
      `with owner as (select id from users where id = ? for update)
       select (select sum(byte_size) from attachments where user_id = ?) as used, exists (select 1 from owner) as found`,
      [userId, userId],
    );
    if (!usage?.found) throw new AppError('UNAUTHORIZED');
    if (Number(usage.used ?? 0) + file.bytes.length > ATTACHMENT_LIMITS.accountBytes) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.quota);
    const [row] = await transaction.execute<InfoRow[]>(
      `insert into attachments (id, user_id, kind, media_type, name, byte_size, sha256, width, height, text_content, text_chars, bytes)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${INFO_COLUMNS}`,
      [randomUUID(), userId, file.kind, file.mediaType, file.name, file.bytes.length, file.sha256, file.width, file.height, file.text, file.textChars, file.bytes],
    );
    return attachmentInfo(row!);
  });
}

/** The bytes of one attachment its owner may read (or null): for thumbnails and downloads. */
export async function ownAttachmentContent(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<{ mediaType: string; name: string; bytes: Buffer; kind: AttachmentKind } | null> {
  const [row] = await em.execute<{ media_type: string; name: string; bytes: Buffer; kind: AttachmentKind }[]>(
    `select media_type, name, bytes, kind from attachments where id = ? and user_id = ?`,
    [id, userId],
  );
  return row ? { mediaType: row.media_type, name: row.name, bytes: row.bytes, kind: row.kind } : null;
}

/** Deletes a file its owner uploaded but has not asked with (a chip removed from the ask box). */
export async function deleteUnusedAttachment(em: EntityManager, userId: string, id: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(`delete from attachments where id = ? and user_id = ? and request_id is null returning id`, [id, userId]);
  return rows.length > 0;
}

/** How long a file uploaded but never asked with is kept: a day, time enough to write the question it was for. */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60_000;

/**
 * Deletes files uploaded but never asked with, older than `UNUSED_UPLOAD_MS` (a page closed before asking), a
 * batch at a time, so they do not fill their owner's quota. The workers' sweeper calls it.
 */
export async function deleteUnusedUploads(em: EntityManager, batch = 200): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from attachments where id in (
       select id from attachments where request_id is null and created_at < now() - make_interval(secs => ?) limit ?
     ) returning id`,
    [UNUSED_UPLOAD_MS / 1000, batch],
  );
  return rows.length;
}

/** What admission needs of the files a question names: the owner's, in the order given, each still unbound. */
export interface AdmissionAttachment {
  id: string;
  kind: AttachmentKind;
  name: string;
  textChars: number | null;
  byteSize: number;
}

export async function unboundAttachments(em: EntityManager, userId: string, ids: readonly string[]): Promise<AdmissionAttachment[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<{ id: string; kind: AttachmentKind; name: string; text_chars: number | null; request_id: string | null; byte_size: number }[]>(
    `select id, kind, name, text_chars, request_id, byte_size from attachments where user_id = ? and id = any(?::uuid[])`,
    [userId, uuidArray(ids)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.notFound);
    if (row.request_id !== null) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.alreadyUsed);
    return { id: row.id, kind: row.kind, name: row.name, textChars: row.text_chars, byteSize: row.byte_size };
  });
}

/**
 * Binds the files to the request just admitted, in their order. Conditional on each being unbound still: the count
 * bound tells the caller whether another question took one in the meantime.
 */
export async function bindAttachments(em: EntityManager, userId: string, requestId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await em.execute<{ id: string }[]>(
    `update attachments set request_id = ?, position = array_position(?::uuid[], id)
      where user_id = ? and id = any(?::uuid[]) and request_id is null returning id`,
    [requestId, uuidArray(ids), userId, uuidArray(ids)],
  );
  return rows.length;
}

/** The files of each of these requests (no bytes), in order: for the history, the details, exports and shares. */
export async function attachmentsOfRequests(em: EntityManager, requestIds: readonly string[]): Promise<Map<string, AttachmentInfo[]>> {
  const found = new Map<string, AttachmentInfo[]>();
  if (requestIds.length === 0) return found;
  const rows = await em.execute<InfoRow[]>(
    `select ${INFO_COLUMNS} from attachments where request_id = any(?::uuid[]) order by request_id, position`,
    [uuidArray(requestIds)],
  );
  for (const row of rows) {
    const list = found.get(row.request_id!) ?? [];
    list.push(attachmentInfo(row));
    found.set(row.request_id!, list);
  }
  return found;
}

/** A request's files as a provider is sent them: an image's bytes, a document's text. */
export interface PromptAttachment {
  kind: AttachmentKind;
  name: string;
  mediaType: string;
  /** An image's bytes (empty for a document, whose text is what is sent). */
  bytes: Buffer;
  text: string | null;
  textChars: number | null;
}

/** A regenerated answer (`retry_of`) reads the files of the request it regenerates, where they stay bound. */
export async function promptAttachmentsOf(em: EntityManager, requestId: string): Promise<PromptAttachment[]> {
  const rows = await em.execute<{ kind: AttachmentKind; name: string; media_type: string; bytes: Buffer | null; text_content: string | null; text_chars: number | null }[]>(
    `select kind, name, media_type, case when kind = 'image' then bytes end as bytes, text_content, text_chars
       from attachments where request_id = (select coalesce(retry_of, id) from search_requests where id = ?) order by position`,
    [requestId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    name: row.name,
    mediaType: row.media_type,
    bytes: row.bytes ?? Buffer.alloc(0),
    text: row.text_content,
    textChars: row.text_chars,
  }));
}
