import { createHash } from 'node:crypto';

/**
 * What a request carried besides words, as the model would receive it: each image in its vendor's own part (OpenAI
 * Chat Completions' `image_url` data URL, the Responses API's `input_image`, Anthropic's base64 `image` block,
 * Gemini's `inlineData`) and each document between Quorum's markers in the question's text. The answer starts with
 * a line naming them, each image with its size in pixels and each document with its length, and each with the
 * first 12 hex digits of its SHA-256, so a test can tell the bytes arrived intact. Its own reading of image
 * headers, on purpose: it checks the app's, it does not share it.
 */

// Its own check rather than request-fields.ts's, which the request pipeline (this file's caller) imports.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface ReceivedImage {
  mediaType: string;
  bytes: Buffer;
}

/** The report line, or undefined when the request carried no attachment. */
export function receivedAttachmentsReport(body: unknown, lastUserMessage: string): string | undefined {
  const images = imagesIn(body);
  const documents = documentsIn(lastUserMessage);
  if (images.length === 0 && documents.length === 0) return undefined;
  const described = [
    ...images.map((image, index) => {
      const size = pixelSize(image.bytes);
      return `image ${index + 1} (${image.mediaType}, ${size ? `${size.width}x${size.height} px` : 'unreadable'}, ${image.bytes.length} bytes, sha256 ${digest(image.bytes)})`;
    }),
    ...documents.map((document) => `document ${document.index} "${document.name}" (${document.chars} characters, sha256 ${digest(Buffer.from(document.text, 'utf8'))})`),
  ];
  return `Received ${described.length} attachment${described.length === 1 ? '' : 's'}: ${described.join('; ')}.`;
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** The images of the last user turn, in the order sent, whichever vendor's shape carries them. */
function imagesIn(body: unknown): ReceivedImage[] {
  if (!isRecord(body)) return [];
  // OpenAI Chat Completions and Anthropic Messages: `messages`; the Responses API: `input`; Gemini: `contents`.
  const turns = [body['messages'], body['input'], body['contents']].find(Array.isArray) as unknown[] | undefined;
  const last = turns?.filter(isRecord).filter((turn) => turn['role'] === 'user' || (turns === body['contents'] && turn['role'] === undefined)).at(-1);
  if (!last) return [];
  const parts = Array.isArray(last['content']) ? last['content'] : Array.isArray(last['parts']) ? last['parts'] : [];
  const images: ReceivedImage[] = [];
  for (const part of parts.filter(isRecord)) {
    const image = imageOf(part);
    if (image) images.push(image);
  }
  return images;
}

function imageOf(part: Record<string, unknown>): ReceivedImage | undefined {
  if (part['type'] === 'image_url' && isRecord(part['image_url'])) return fromDataUrl(part['image_url']['url']);
  if (part['type'] === 'input_image') return fromDataUrl(part['image_url']);
  if (part['type'] === 'image' && isRecord(part['source']) && part['source']['type'] === 'base64') {
    const { media_type: mediaType, data } = part['source'];
    if (typeof mediaType === 'string' && typeof data === 'string') return { mediaType, bytes: Buffer.from(data, 'base64') };
  }
  if (isRecord(part['inlineData'])) {
    const { mimeType, data } = part['inlineData'];
    if (typeof mimeType === 'string' && typeof data === 'string') return { mediaType: mimeType, bytes: Buffer.from(data, 'base64') };
  }
  return undefined;
}

function fromDataUrl(url: unknown): ReceivedImage | undefined {
  if (typeof url !== 'string') return undefined;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : undefined;
}

/** Documents as Quorum sets them: a BEGIN marker that counts the characters, the text, then the END marker. */
function documentsIn(text: string): { index: number; name: string; chars: number; text: string }[] {
  const found: { index: number; name: string; chars: number; text: string }[] = [];
  const begin = /----- BEGIN ATTACHED DOCUMENT (\d+): (.*) \((\d+) characters\) -----\n/g;
  for (let match = begin.exec(text); match; match = begin.exec(text)) {
    const chars = Number(match[3]);
    const body = Array.from(text.slice(match.index + match[0].length)).slice(0, chars).join('');
    found.push({ index: Number(match[1]), name: match[2]!, chars, text: body });
    begin.lastIndex = match.index + match[0].length + body.length;
  }
  return found;
}

/** Width and height from the header of a PNG, JPEG, GIF or WebP; undefined when it cannot be read. */
export function pixelSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return undefined;
}
