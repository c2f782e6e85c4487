import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS, attachmentCredits, documentCredits } from '../../contract/attachments.ts';
import { checkAttachment, cleanName } from '../../core/attachments/attachment-intake.ts';
import { readImageHeader, sniffImage } from '../../core/attachments/image-header.ts';
import { greyPng, pictureJpeg, picturePng, pictureWebp, tinyGif } from '../support/attachment-files.ts';

/** The checks an upload goes through before anything is stored, without a server: type by bytes, headers, price. */

describe('image headers', () => {
  it('reads each format’s size and refuses a file cut short anywhere', () => {
    const cases = [
      [picturePng(), 'image/png', 32, 24],
      [pictureJpeg(), 'image/jpeg', 64, 48],
      [pictureWebp(), 'image/webp', 40, 30],
      [tinyGif(7, 5), 'image/gif', 7, 5],
      [greyPng(300, 2), 'image/png', 300, 2],
    ] as const;
    for (const [bytes, mediaType, width, height] of cases) {
      expect(sniffImage(bytes)).toBe(mediaType);
      expect(readImageHeader(bytes, mediaType)).toEqual({ mediaType, width, height });
      // Any cut loses a CRC, a marker, the RIFF length or the trailer.
      for (const cut of [1, 7, Math.floor(bytes.length / 2)]) expect(readImageHeader(bytes.subarray(0, bytes.length - cut), mediaType), `${mediaType} -${cut}`).toBeNull();
    }
    const flipped = Buffer.from(picturePng());
    flipped[40] = flipped[40]! ^ 0xff;
    expect(readImageHeader(flipped, 'image/png')).toBeNull();
  });
});

describe('checking an upload', () => {
  it('names the type from the bytes and refuses a disguised one', async () => {
    expect(await checkAttachment('noextension', tinyGif(3, 3))).toMatchObject({ kind: 'image', mediaType: 'image/gif', width: 3, height: 3 });
    expect(await checkAttachment('list.csv', Buffer.from('a,b\n'))).toMatchObject({ kind: 'document', mediaType: 'text/csv', text: 'a,b\n', textChars: 4 });
    await expect(checkAttachment('table.json', picturePng())).rejects.toThrow(ATTACHMENT_TEXTS.disguised('table.json', 'a document'));
    await expect(checkAttachment('pic.gif', Buffer.from('{"a":1}'))).rejects.toThrow(ATTACHMENT_TEXTS.disguised('pic.gif', 'an image'));
  });

  it('keeps a name to one line, its base name only', () => {
    expect(cleanName('C:\\Users\\me\\report\nfinal.pdf')).toBe('report final.pdf');
    expect(cleanName('  ')).toBe('attachment');
  });
});

describe('the price of files', () => {
  it('is a credit per image and per started 4,000 tokens of a document, at least one', () => {
    expect(documentCredits(1)).toBe(1);
    expect(documentCredits(16_000)).toBe(1);
    expect(documentCredits(16_001)).toBe(2);
    expect(attachmentCredits([{ kind: 'image', textChars: null }, { kind: 'document', textChars: 40_000 }])).toBe(1 + 3);
  });
});
