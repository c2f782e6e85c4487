import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Files to attach in tests, made here or read from `tests/fixtures/attachments/` (a JPEG, a WebP and a PNG drawn by
 * Chromium's canvas), with the helpers to upload them and to read what the simulator says it received.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/attachments/${name}`, import.meta.url));

/** 64×48 JPEG, 40×30 WebP, 32×24 PNG. */
export const pictureJpeg = () => fixture('picture.jpg');
export const pictureWebp = () => fixture('picture.webp');
export const picturePng = () => fixture('picture.png');

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A whole PNG of one grey, `width` × `height`; `claimed` writes other dimensions into its header than its data has. */
export function greyPng(width: number, height: number, claimed?: { width: number; height: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(claimed?.width ?? width, 0);
  header.writeUInt32BE(claimed?.height ?? height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A whole 2×2 PNG weighing about `bytes`: a private ancillary chunk of filler rides along (viewers skip it). */
export function heavyPng(bytes: number): Buffer {
  const small = greyPng(2, 2);
  const end = small.length - 12;
  return Buffer.concat([small.subarray(0, end), pngChunk('quRm', Buffer.alloc(Math.max(0, bytes - small.length - 12), 7)), small.subarray(end)]);
}

/** A GIF whose screen is `width` × `height`, with a one-pixel frame. */
export function tinyGif(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
    Buffer.from([0x3b]),
  ]);
}

/** A one-page PDF: with `text` drawn on it, or blank; `deflated` packs its content stream (how small PDFs hold much). */
export function pdfDocument(pageText: string | null, options: { deflated?: boolean; fontSize?: number } = {}): Buffer {
  // pdf.js reads only the text that lies on the page: a tiny font fits a great deal of it.
  const size = options.fontSize ?? 12;
  const content =
    pageText === null
      ? ''
      : pageText
          .split('\n')
          .map((line, index) => `BT /F1 ${size} Tf 20 ${760 - index * size * 1.2} Td (${line.replace(/([()\\])/g, '\\$1')}) Tj ET`)
          .join('\n');
  const stream = options.deflated ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const body =
      object ??
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length}${options.deflated ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

export const sha12 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

export interface UploadedAttachment {
  id: string;
  kind: 'image' | 'document';
  mediaType: string;
  name: string;
  byteSize: number;
  sha256: string;
  width: number | null;
  height: number | null;
  textChars: number | null;
  credits: number;
  contentUrl: string;
}

/** `POST /api/attachments` with one file, as a browser's form would send it. */
export async function uploadAttachment(
  baseUrl: string,
  cookie: string | undefined,
  name: string,
  bytes: Buffer,
  type = 'application/octet-stream',
): Promise<{ status: number; body: { success: boolean; data: UploadedAttachment | null; error: { code: string; message: string } | null } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${baseUrl}/api/attachments`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as never };
}

/** What the simulator's answer says an image arrived as: its type, pixel size, byte count and digest. */
export const receivedImage = (index: number, mediaType: string, width: number, height: number, bytes: Buffer) =>
  `image ${index} (${mediaType}, ${width}x${height} px, ${bytes.length} bytes, sha256 ${sha12(bytes)})`;

export const receivedDocument = (index: number, name: string, text: string) =>
  `document ${index} "${name}" (${Array.from(text).length} characters, sha256 ${sha12(text)})`;
