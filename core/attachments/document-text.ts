import { getDocumentProxy } from 'unpdf';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS } from '../../contract/attachments.ts';
import { characterCount } from '../../contract/text-length.ts';
import { AppError } from '../errors/index.ts';
import { storableText } from '../text/index.ts';

/**
 * The text a document is read as, on the server: a PDF's through unpdf (Mozilla's pdf.js packaged for servers,
 * kept current with it), a text file's as strict UTF-8. What a model is given is exactly this text, so it is also
 * what is priced and counted against the model's context.
 */

const refuse = (message: string) => new AppError('VALIDATION_ERROR', message);

/** Strict UTF-8 (a byte-order mark is dropped); anything else is refused rather than read as mojibake. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whether the bytes look like text: valid UTF-8 with no NUL and few control characters (binary files fail this). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const text = utf8Text(bytes);
  if (text === null || text.includes('\u0000')) return false;
  let controls = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) controls++;
  }
  return controls <= text.length / 100;
}

/** A text document's text, checked: JSON must parse; every kind must be readable, not empty, and not too long. */
export function plainDocumentText(bytes: Uint8Array, json: boolean): string {
  const text = utf8Text(bytes);
  if (text === null) throw refuse(ATTACHMENT_TEXTS.notUtf8);
  if (json) {
    try {
      JSON.parse(text);
    } catch (error) {
      throw refuse(ATTACHMENT_TEXTS.badJson(error instanceof Error ? error.message : 'it does not parse'));
    }
  }
  return checkedText(text);
}

/**
 * A PDF's text, page by page, stopping as soon as it passes the limit (a small PDF can hold compressed streams that
 * unfold into far more text than the file weighs). A PDF pdf.js cannot open, or an encrypted one, is refused; one
 * whose pages carry no text (a scan) is refused too, since a model would be given nothing.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given, and the caller still stores these bytes.
    document = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true, verbosity: 0 });
  } catch {
    throw refuse(ATTACHMENT_TEXTS.corruptPdf);
  }
  try {
    const pages: string[] = [];
    let chars = 0;
    for (let number = 1; number <= document.numPages; number++) {
      let pageText: string;
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        pageText = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      } catch {
        throw refuse(ATTACHMENT_TEXTS.corruptPdf);
      }
      chars += characterCount(pageText);
      if (chars > ATTACHMENT_LIMITS.documentChars) throw refuse(ATTACHMENT_TEXTS.documentTooLong);
      pages.push(pageText.trim());
    }
    const text = pages.filter((page) => page !== '').join('\n\n');
    if (text.trim() === '') throw refuse(ATTACHMENT_TEXTS.pdfWithoutText);
    return checkedText(text);
  } finally {
    // Frees what pdf.js kept of the parsed pages.
    await document.cleanup().catch(() => undefined);
  }
}

function checkedText(raw: string): string {
  const text = storableText(raw);
  if (text.trim() === '') throw refuse(ATTACHMENT_TEXTS.emptyText);
  if (characterCount(text) > ATTACHMENT_LIMITS.documentChars) throw refuse(ATTACHMENT_TEXTS.documentTooLong);
  return text;
}
