import { createHash } from 'node:crypto';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, type AttachmentKind } from '../../contract/attachments.ts';
import { characterCount } from '../../contract/text-length.ts';
import { AppError } from '../errors/index.ts';
import { looksLikeText, pdfText, plainDocumentText } from './document-text.ts';
import { readImageHeader, sniffImage } from './image-header.ts';

/**
 * Decides what an uploaded file is from its bytes and checks it whole before anything is stored. The name only
 * says which text type a text file is (Markdown, CSV) and catches a file dressed as something it is not: a name
 * ending in `.png` on a PDF, or in `.pdf` on text, is refused as disguised rather than quietly re-typed.
 */

export interface CheckedAttachment {
  kind: AttachmentKind;
  mediaType: string;
  name: string;
  bytes: Buffer;
  sha256: string;
  width: number | null;
  height: number | null;
  /** A document's text as models read it; null for an image. */
  text: string | null;
  textChars: number | null;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'jpe', 'webp', 'gif']);
const TEXT_TYPES: Record<string, string> = { md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv', json: 'application/json' };

export async function checkAttachment(rawName: string, bytes: Buffer): Promise<CheckedAttachment> {
  const name = cleanName(rawName);
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.empty);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  const imageType = sniffImage(bytes);
  if (imageType) {
    if (bytes.length > ATTACHMENT_LIMITS.imageBytes) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.imageTooLarge);
    if (extension === 'pdf' || extension in TEXT_TYPES || extension === 'txt') throw disguised(name, 'a document');
    const header = readImageHeader(bytes, imageType);
    if (!header) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.corruptImage);
    if (header.width * header.height > ATTACHMENT_LIMITS.imagePixels) throw new AppError('VALIDATION_ERROR', ATTACHMENT_TEXTS.imageTooManyPixels);
    return { kind: 'image', mediaType: imageType, name, bytes, sha256, width: header.width, height: header.height, text: null, textChars: null };
  }

  if (IMAGE_EXTENSIONS.has(extension)) throw disguised(name, 'an image');
  if (bytes.length > ATTACHMENT_LIMITS.documentBytes) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.documentTooLarge);

  if (bytes.subarray(0, 1024).includes('%PDF-')) {
    if (extension !== 'pdf' && extension !== '') throw disguised(name, TEXT_TYPES[extension] || extension === 'txt' ? 'a text file' : `a .${extension} file`);
    const text = await pdfText(bytes);
    return document(name, 'application/pdf', bytes, sha256, text);
  }
  if (extension === 'pdf') throw disguised(name, 'a PDF');

  if (!looksLikeText(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.unknownType);
  const mediaType = TEXT_TYPES[extension] ?? 'text/plain';
  const text = plainDocumentText(bytes, mediaType === 'application/json');
  return document(name, mediaType, bytes, sha256, text);
}

function document(name: string, mediaType: string, bytes: Buffer, sha256: string, text: string): CheckedAttachment {
  return { kind: 'document', mediaType, name, bytes, sha256, width: null, height: null, text, textChars: characterCount(text) };
}

function disguised(name: string, kind: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.disguised(name, kind));
}

/** A name fit to show and to set between a document's markers: one line, no control characters, not too long. */
export function cleanName(raw: string): string {
  // Browsers send the base name, but a path from another client keeps only its last part.
  const base = raw.split(/[\\/]/).pop() ?? '';
  const name = Array.from(base.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim())
    .slice(0, ATTACHMENT_LIMITS.nameChars)
    .join('')
    .trim();
  return name === '' ? 'attachment' : name;
}
