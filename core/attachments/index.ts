/**
 * Attachments: files a question carries, checked by their bytes, stored, priced and read.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { checkAttachment } from './attachment-intake.ts';
export {
  attachmentsOfRequests,
  bindAttachments,
  deleteUnusedAttachment,
  deleteUnusedUploads,
  ownAttachmentContent,
  type PromptAttachment,
  promptAttachmentsOf,
  storeAttachment,
} from './attachment-repository.ts';
export {
  attachmentCreditsPerModel,
  attachmentsOfRequest,
  documentCharacters,
  questionAttachments,
  refuseModelsThatCannotRead,
} from './request-attachments.ts';
