import * as Type from 'typebox/type';
import { estimatedInputTokens } from './long-conversation.ts';

/**
 * Files attached to a question: their limits, their price and their shapes. The server checks with these numbers,
 * the app shows them before a question is asked, and the pricing page and the API reference state them.
 */

export const ATTACHMENT_LIMITS = {
  /** Files one question (or follow-up) may carry. */
  perQuestion: 4,
  /** An image's largest size in bytes: 5 MB. */
  imageBytes: 5 * 1024 * 1024,
  /** A document's largest size in bytes: 2 MB. */
  documentBytes: 2 * 1024 * 1024,
  /**
   * The most pixels an image may decode to (width × height). A few kilobytes of PNG or GIF can claim a picture of
   * billions of pixels; such a file is refused rather than handed to a provider that would have to open it.
   */
  imagePixels: 50_000_000,
  /** The most characters a document may read as: a small compressed PDF can unfold into far more text than it weighs. */
  documentChars: 400_000,
  /**
   * What one question's files may weigh together: 14 MB, which base64 makes about 19 MB, under the 20 MB a Gemini
   * request may carry inline (the smallest of the providers' limits).
   */
  questionBytes: 14 * 1024 * 1024,
  /** The longest file name kept (longer ones are cut). */
  nameChars: 255,
  /** What one account may keep in files at once, in bytes: 100 MB. Deleting a request frees its files' share. */
  accountBytes: 100 * 1024 * 1024,
} as const;

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'application/json'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];

/**
 * What an attachment adds to one model's price, for each model that is asked with it: `creditsPerImage` per image,
 * and `creditsPerDocumentBlock` per started `documentBlockTokens` estimated tokens of a document's text (tokens
 * estimated as for long conversations: one per four characters). A document's text is priced here and not again by
 * the long-conversation surcharge, but it does count against the model's context window.
 */
export const ATTACHMENT_PRICING = {
  creditsPerImage: 1,
  documentBlockTokens: 4_000,
  creditsPerDocumentBlock: 1,
} as const;

/** The credits one document of `chars` characters adds to one model's price. */
export function documentCredits(chars: number): number {
  const tokens = estimatedInputTokens(chars);
  return Math.max(1, Math.ceil(tokens / ATTACHMENT_PRICING.documentBlockTokens)) * ATTACHMENT_PRICING.creditsPerDocumentBlock;
}

/** The credits a set of attachments adds to one model's price. */
export function attachmentCredits(attachments: readonly { kind: AttachmentKind; textChars: number | null }[]): number {
  let credits = 0;
  for (const attachment of attachments) {
    credits += attachment.kind === 'image' ? ATTACHMENT_PRICING.creditsPerImage : documentCredits(attachment.textChars ?? 0);
  }
  return credits;
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/** The wording of the policy and of each refusal, shared by the server, the app and the docs. */
export const ATTACHMENT_TEXTS = {
  price: `Each image adds ${ATTACHMENT_PRICING.creditsPerImage} credit per model asked; each document adds ${ATTACHMENT_PRICING.creditsPerDocumentBlock} credit per model for every started ${ATTACHMENT_PRICING.documentBlockTokens.toLocaleString('en-US')} tokens of its text.`,
  limits: `Up to ${ATTACHMENT_LIMITS.perQuestion} files per question: images (PNG, JPEG, WebP, GIF) up to ${megabytes(ATTACHMENT_LIMITS.imageBytes)}, documents (PDF, TXT, Markdown, CSV, JSON) up to ${megabytes(ATTACHMENT_LIMITS.documentBytes)}.`,
  signInRequired: 'Sign in to attach files.',
  noFile: 'Choose a file to attach.',
  oneFileAtATime: 'Send one file per upload.',
  empty: 'This file is empty.',
  unknownType: 'This file is not a PNG, JPEG, WebP or GIF image, nor a PDF, text, Markdown, CSV or JSON document.',
  disguised: (name: string, kind: string) => `"${name}" is named like ${kind} but its contents are not.`,
  imageTooLarge: `An image may be at most ${megabytes(ATTACHMENT_LIMITS.imageBytes)}.`,
  documentTooLarge: `A document may be at most ${megabytes(ATTACHMENT_LIMITS.documentBytes)}.`,
  corruptImage: 'This image cannot be read: its contents are damaged or incomplete.',
  imageTooManyPixels: `This image opens to more than ${(ATTACHMENT_LIMITS.imagePixels / 1_000_000).toFixed(0)} million pixels.`,
  notUtf8: 'This text file is not valid UTF-8.',
  badJson: (reason: string) => `This JSON file cannot be read: ${reason}`,
  corruptPdf: 'This PDF cannot be read: its contents are damaged, encrypted or incomplete.',
  pdfWithoutText: 'This PDF has no text to read (a scan or pictures only). Attach it as images, or paste the text.',
  documentTooLong: `This document reads as more than ${ATTACHMENT_LIMITS.documentChars.toLocaleString('en-US')} characters of text.`,
  emptyText: 'This document has no text.',
  quota: `Your files would take more than ${megabytes(ATTACHMENT_LIMITS.accountBytes)}. Delete older requests with files to make room.`,
  tooMany: `A question may carry at most ${ATTACHMENT_LIMITS.perQuestion} files.`,
  tooHeavy: `A question's files may weigh at most ${megabytes(ATTACHMENT_LIMITS.questionBytes)} together.`,
  duplicate: 'The same file is attached twice.',
  notFound: 'An attached file was not found: upload it again.',
  alreadyUsed: 'An attached file already belongs to another question: upload it again.',
  modelReadsNoDocuments: (modelName: string) => `${modelName} searches the web for the question alone and does not read attached files.`,
  modelReadsNoImages: (modelName: string) => `${modelName} does not read images. Remove the image or choose models that read them.`,
} as const;

export const AttachmentKind = Type.Union([Type.Literal('image'), Type.Literal('document')]);
export type AttachmentKind = Type.Static<typeof AttachmentKind>;

/** An attachment as the API shows it (never its bytes: an image is fetched from `contentUrl`). */
export const AttachmentInfo = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: AttachmentKind,
    mediaType: Type.String({ description: 'Decided by the bytes, not the name.' }),
    name: Type.String(),
    byteSize: Type.Integer(),
    sha256: Type.String({ description: 'SHA-256 of the bytes as stored and sent, in hex.' }),
    width: Type.Union([Type.Integer(), Type.Null()], { description: 'An image’s width in pixels; null for a document.' }),
    height: Type.Union([Type.Integer(), Type.Null()]),
    textChars: Type.Union([Type.Integer(), Type.Null()], { description: 'A document’s text in characters; null for an image.' }),
    credits: Type.Integer({ description: 'What it adds to each model’s price.' }),
    contentUrl: Type.String({ description: 'Where its bytes are read (signed in as its owner).' }),
  },
  { additionalProperties: false },
);
export type AttachmentInfo = Type.Static<typeof AttachmentInfo>;

/** A file as exports and shared links name it: what it was, never where its bytes are. */
export const AttachedFile = Type.Object(
  {
    kind: AttachmentKind,
    mediaType: Type.String(),
    name: Type.String(),
    byteSize: Type.Integer(),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    textChars: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type AttachedFile = Type.Static<typeof AttachedFile>;

export function attachedFile(info: AttachedFile): AttachedFile {
  return { kind: info.kind, mediaType: info.mediaType, name: info.name, byteSize: info.byteSize, width: info.width, height: info.height, textChars: info.textChars };
}

/** How a file is named in one line: `photo.jpg (image, 64×48 px)`, `notes.txt (document, 1,234 characters)`. */
export function attachedFileLabel(file: Pick<AttachedFile, 'kind' | 'name' | 'width' | 'height' | 'textChars'>): string {
  const detail = file.kind === 'image' ? `image, ${file.width}×${file.height} px` : `document, ${(file.textChars ?? 0).toLocaleString('en-US')} characters`;
  return `${file.name} (${detail})`;
}

/** The ids of files uploaded beforehand (`POST /api/attachments`), in the order they are attached. */
export const AttachmentIds = Type.Array(Type.String({ format: 'uuid' }), {
  maxItems: ATTACHMENT_LIMITS.perQuestion,
  description: `Files uploaded with POST /api/attachments, at most ${ATTACHMENT_LIMITS.perQuestion}. Images go to models that read images; documents go to every model as text.`,
});

/**
 * How a document's text is set in the question a model reads: between two marker lines that name it and count its
 * characters, so the model (and the simulator) can tell where the document ends even if it quotes a marker.
 */
export function documentBlock(index: number, name: string, text: string, chars: number): string {
  return `----- BEGIN ATTACHED DOCUMENT ${index}: ${name} (${chars} characters) -----\n${text}\n----- END ATTACHED DOCUMENT ${index} -----`;
}
