import { crc32 } from 'node:zlib';
import type { ImageMediaType } from '../../contract/attachments.ts';

/**
 * Reads an image's format and size in pixels from its bytes, and checks that its structure holds together (the
 * header is whole, the file is not cut short). Providers refuse a damaged image only after the credits are held, or
 * answer about garbage; refusing it at upload keeps both from happening. This reads headers and frame markers only:
 * it never decodes the pixels, so a huge picture costs nothing to check.
 */

export interface ImageHeader {
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

/** The image format the first bytes announce, or null when they announce none of the four. */
export function sniffImage(bytes: Uint8Array): ImageMediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  return null;
}

/** The header of an image whose format `sniffImage` found; null when the file is damaged or incomplete. */
export function readImageHeader(bytes: Uint8Array, mediaType: ImageMediaType): ImageHeader | null {
  const size = readers[mediaType](Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!size || size.width < 1 || size.height < 1) return null;
  return { mediaType, ...size };
}

type Size = { width: number; height: number } | null;

const readers: Record<ImageMediaType, (bytes: Buffer) => Size> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
  'image/gif': gifSize,
};

/** PNG: every chunk's length and CRC must check out, IHDR first, at least one IDAT, and IEND last. */
function pngSize(bytes: Buffer): Size {
  let offset = 8;
  let size: Size = null;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData ? size : null;
    offset = end;
  }
  return null;
}

/** JPEG: walk the marker segments to a start-of-frame; the file must end with the end-of-image marker. */
function jpegSize(bytes: Buffer): Size {
  if (bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    // The scan starts before any frame header: not a JPEG anyone can show.
    if (marker === 0xda) return null;
    offset += 2 + length;
  }
  return null;
}

/** WebP: the RIFF length must match the file, then a VP8, VP8L or VP8X chunk gives the canvas size. */
function webpSize(bytes: Buffer): Size {
  if (bytes.length < 30 || bytes.readUInt32LE(4) + 8 !== bytes.length) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  const data = 20;
  const chunkLength = bytes.readUInt32LE(16);
  if (data + chunkLength > bytes.length) return null;
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height.
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(data + 6) & 0x3fff, height: bytes.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
  }
  return null;
}

/** GIF: the logical screen's size, and the trailer byte that ends every whole file. */
function gifSize(bytes: Buffer): Size {
  if (bytes.length < 14 || bytes[bytes.length - 1] !== 0x3b) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
