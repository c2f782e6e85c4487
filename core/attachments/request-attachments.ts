import type { EntityManager } from '@mikro-orm/postgresql';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, attachmentCredits, documentBlock } from '../../contract/attachments.ts';
import { characterCount } from '../../contract/text-length.ts';
import type { CatalogueEngine, CatalogueModel } from '../catalogue/index.ts';
import type { Requester } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import type { AttachmentInfo } from '../../contract/attachments.ts';
import { checkAttachment } from './attachment-intake.ts';
import { attachmentsOfRequests, storeAttachment, unboundAttachments, type AdmissionAttachment } from './attachment-repository.ts';

/**
 * What files a question carries, as admission needs them: who may attach, which models may be asked with them,
 * what they add to each model's price and to what it reads. Every asking door (the web app's routes, the MCP tools,
 * `/v1` comparisons) turns a body's `attachmentIds` into these through `questionAttachments`, before anything is held.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { AdmissionAttachment } from './attachment-repository.ts';

/**
 * The requester's uploaded, still unbound files, in the order named. Refused: a guest (files are kept per account),
 * more than the limit, the same file twice, a file that is not theirs or already asked with.
 */
export async function questionAttachments(em: EntityManager, requester: Pick<Requester, 'userId'>, ids: readonly string[] | undefined): Promise<AdmissionAttachment[]> {
  if (!ids || ids.length === 0) return [];
  if (!requester.userId) throw new AppError('FORBIDDEN', ATTACHMENT_TEXTS.signInRequired);
  if (ids.length > ATTACHMENT_LIMITS.perQuestion) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.tooMany);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.duplicate);
  // Doors that do not validate the body's ids as uuids still get "not found", never a database error.
  if (!ids.every((id) => UUID.test(id))) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.notFound);
  const files = await unboundAttachments(em, requester.userId, ids);
  if (files.reduce((sum, file) => sum + file.byteSize, 0) > ATTACHMENT_LIMITS.questionBytes) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.tooHeavy);
  return files;
}

/** The files a request was asked with, as admission needs them: what a regenerated answer of it reads again. */
export async function attachmentsOfRequest(em: EntityManager, requestId: string): Promise<AdmissionAttachment[]> {
  const files = (await attachmentsOfRequests(em, [requestId])).get(requestId) ?? [];
  return files.map((file) => ({ id: file.id, kind: file.kind, name: file.name, textChars: file.textChars, byteSize: file.byteSize }));
}

/**
 * Refuses, naming the model, any that cannot take these files: one that does not read images when an image is
 * attached (the catalogue's `images` capability), and the AI Overview engine (it searches the question alone).
 */
export function refuseModelsThatCannotRead(attachments: readonly AdmissionAttachment[], models: readonly { engine: CatalogueEngine; model: CatalogueModel }[]): void {
  if (attachments.length === 0) return;
  const hasImage = attachments.some((attachment) => attachment.kind === 'image');
  for (const { engine, model } of models) {
    if (engine.provider === 'serpapi') throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.modelReadsNoDocuments(model.name), { data: { engine: engine.id, model: model.id } });
    if (hasImage && !model.capabilities.images) {
      throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.modelReadsNoImages(model.name), { data: { engine: engine.id, model: model.id } });
    }
  }
}

/** What the files add to one model's price (contract/attachments.ts). */
export function attachmentCreditsPerModel(attachments: readonly AdmissionAttachment[]): number {
  return attachmentCredits(attachments);
}

/**
 * The characters the documents add to what each model reads, markers included: counted against its context window
 * (not priced again by the long-conversation surcharge: a document has its own price).
 */
export function documentCharacters(attachments: readonly AdmissionAttachment[]): number {
  let total = 0;
  let index = 0;
  for (const attachment of attachments) {
    if (attachment.kind !== 'document') continue;
    index++;
    const chars = attachment.textChars ?? 0;
    total += chars + characterCount(documentBlock(index, attachment.name, '', chars)) + 2;
  }
  return total;
}

/**
 * A file handed over some other way than `POST /api/attachments` (a program's body carrying it inline): checked and
 * stored exactly as an upload is, within the owner's quota. Its `id` then goes in `attachmentIds` like any other.
 */
export async function storeUploadedFile(em: EntityManager, userId: string, name: string, bytes: Buffer): Promise<AttachmentInfo> {
  return storeAttachment(em, userId, await checkAttachment(name, bytes));
}
