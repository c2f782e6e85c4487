import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS, documentBlock } from '../../contract/attachments.ts';
import { deleteUnusedUploads } from '../../core/attachments/attachment-repository.ts';
import { accountLedger, createPayer, storedRequestCount } from '../support/funded-user.ts';
import { postSearchStream, type SearchStreamResult } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import {
  greyPng,
  heavyPng,
  pdfDocument,
  pictureJpeg,
  picturePng,
  pictureWebp,
  receivedDocument,
  receivedImage,
  tinyGif,
  uploadAttachment,
  type UploadedAttachment,
} from '../support/attachment-files.ts';

/**
 * Attachments on a real stack (server, worker, each provider's real SDK against the simulator): files are checked
 * by their bytes when uploaded, reach every provider family in its own format byte for byte (the simulator's answer
 * names what it received, with digests), are priced, held and charged, are refused before anything is held when
 * they cannot be read or a model cannot read them, and go when their request or their account goes.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const upload = async (cookie: string, name: string, bytes: Buffer): Promise<UploadedAttachment> => {
  const { status, body } = await uploadAttachment(stack.baseUrl, cookie, name, bytes);
  expect(body.error, `${name} uploads`).toBeNull();
  expect(status).toBe(200);
  return body.data!;
};

const compare = (body: Record<string, unknown>, cookie: string) => postSearchStream(stack.baseUrl, body, { path: '/api/compare/stream', headers: { cookie } });
const search = (body: Record<string, unknown>, cookie: string) => postSearchStream(stack.baseUrl, body, { headers: { cookie } });

function requestIdOf(result: SearchStreamResult): string {
  const started = result.events.find((event) => event.event === 'model_start' || event.event === 'start');
  expect(started, `the stream started: ${JSON.stringify(result.envelope ?? result.events.at(-1))}`).toBeDefined();
  return String(started!.data.requestId);
}

async function storedRuns(requestId: string): Promise<{ model: string; status: string; answer_text: string | null; credits_charged: number }[]> {
  return stack.records().getConnection().execute(`select model, status, answer_text, credits_charged from model_runs where request_id = ? order by model`, [requestId]);
}

async function attachmentRows(userId: string): Promise<{ id: string; request_id: string | null }[]> {
  return stack.records().getConnection().execute(`select id, request_id from attachments where user_id = ? order by created_at`, [userId]);
}

const notes = 'Quarterly notes\nRevenue rose 12% — costs fell.\nnaïve café ✓\n';

describe('uploading', () => {
  it('decides each file’s type by its bytes and reads an image’s size from its header', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const cases: [string, Buffer, Partial<UploadedAttachment>][] = [
      ['photo.jpg', pictureJpeg(), { kind: 'image', mediaType: 'image/jpeg', width: 64, height: 48 }],
      ['chart.webp', pictureWebp(), { kind: 'image', mediaType: 'image/webp', width: 40, height: 30 }],
      ['diagram.png', picturePng(), { kind: 'image', mediaType: 'image/png', width: 32, height: 24 }],
      ['anim.gif', tinyGif(7, 5), { kind: 'image', mediaType: 'image/gif', width: 7, height: 5 }],
      // A name with no extension still gets its type from the bytes.
      ['scan', picturePng(), { kind: 'image', mediaType: 'image/png' }],
      ['notes.txt', Buffer.from(notes), { kind: 'document', mediaType: 'text/plain', textChars: Array.from(notes).length, credits: 1 }],
      ['readme.md', Buffer.from('# Title\n\nSome *markdown*.'), { kind: 'document', mediaType: 'text/markdown' }],
      ['table.csv', Buffer.from('a,b\n1,2\n'), { kind: 'document', mediaType: 'text/csv' }],
      ['data.json', Buffer.from('{"a": [1, 2]}'), { kind: 'document', mediaType: 'application/json' }],
      ['report.pdf', pdfDocument('Hello from a PDF\nSecond line'), { kind: 'document', mediaType: 'application/pdf' }],
    ];
    for (const [name, bytes, expected] of cases) {
      const info = await upload(payer.cookie, name, bytes);
      expect(info, name).toMatchObject({ name, byteSize: bytes.length, ...expected });
      const content = await fetch(`${stack.baseUrl}${info.contentUrl}`, { headers: { cookie: payer.cookie } });
      expect(content.status).toBe(200);
      expect(content.headers.get('content-type')).toContain(info.mediaType);
      expect(Buffer.from(await content.arrayBuffer()).equals(bytes), `${name} reads back byte for byte`).toBe(true);
    }
    // Another person cannot read them.
    const other = await createPayer(stack.records(), stack.config, 10);
    const [first] = await attachmentRows(payer.user.id);
    expect((await fetch(`${stack.baseUrl}/api/attachments/${first!.id}/content`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });

  it('refuses guests, and every bad file with a clear error, storing nothing', async () => {
    const guest = await uploadAttachment(stack.baseUrl, undefined, 'photo.jpg', pictureJpeg());
    expect(guest.status).toBe(401);
    expect(guest.body.error).toEqual({ code: 'UNAUTHORIZED', message: ATTACHMENT_TEXTS.signInRequired });

    const payer = await createPayer(stack.records(), stack.config, 100);
    const truncatedPng = picturePng().subarray(0, picturePng().length - 20);
    const bigImage = Buffer.concat([greyPng(4, 4).subarray(0, 33), Buffer.alloc(ATTACHMENT_LIMITS.imageBytes, 1)]);
    const bigText = Buffer.alloc(ATTACHMENT_LIMITS.documentBytes + 1, 'a');
    const refusals: [string, Buffer, number, string, string][] = [
      ['photo.png', pdfDocument('Not an image'), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.disguised('photo.png', 'an image')],
      ['report.pdf', picturePng(), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.disguised('report.pdf', 'a document')],
      ['report.pdf', Buffer.from('just text'), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.disguised('report.pdf', 'a PDF')],
      ['photo.jpg', Buffer.from('plain words'), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.disguised('photo.jpg', 'an image')],
      ['program.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0]), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.unknownType],
      ['big.png', bigImage, 413, 'PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.imageTooLarge],
      ['big.txt', bigText, 413, 'PAYLOAD_TOO_LARGE', ATTACHMENT_TEXTS.documentTooLarge],
      ['cut.png', truncatedPng, 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.corruptImage],
      ['cut.jpg', pictureJpeg().subarray(0, 300), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.corruptImage],
      ['bomb.png', greyPng(8, 8, { width: 20_000, height: 20_000 }), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.imageTooManyPixels],
      ['scan.pdf', pdfDocument(null), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.pdfWithoutText],
      ['broken.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog'), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.corruptPdf],
      // A few kilobytes on disk, half a million characters when read.
      ['small.pdf', pdfDocument(Array.from({ length: 60 }, () => 'A'.repeat(8_000)).join('\n'), { deflated: true, fontSize: 0.05 }), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.documentTooLong],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TEXTS.unknownType],
      ['data.json', Buffer.from('{"a": '), 400, 'VALIDATION_ERROR', ''],
      ['empty.txt', Buffer.alloc(0), 400, 'VALIDATION_ERROR', ATTACHMENT_TEXTS.empty],
    ];
    for (const [name, bytes, status, code, message] of refusals) {
      const { status: got, body } = await uploadAttachment(stack.baseUrl, payer.cookie, name, bytes);
      expect({ name, got, code: body.error?.code }).toEqual({ name, got: status, code });
      if (message) expect(body.error?.message, name).toBe(message);
      else expect(body.error?.message, name).toMatch(/^This JSON file cannot be read: /);
    }
    expect(await attachmentRows(payer.user.id)).toEqual([]);
  });
});

describe('asking with attachments', () => {
  it('sends images and documents to every provider family in its own format, byte for byte, and charges their stated price', async () => {
    const payer = await createPayer(stack.records(), stack.config, 500);
    const png = picturePng();
    const jpeg = pictureJpeg();
    const pdfText = 'Minutes of the meeting\nThe budget was approved.';
    const images = [await upload(payer.cookie, 'diagram.png', png), await upload(payer.cookie, 'photo.jpg', jpeg)];
    const text = await upload(payer.cookie, 'notes.txt', Buffer.from(notes));
    const pdf = await upload(payer.cookie, 'minutes.pdf', pdfDocument(pdfText));
    const models = [
      { engine: 'openai', model: 'gpt-4o-mini' },
      { engine: 'anthropic', model: 'claude-3-5-haiku-20241022' },
      { engine: 'gemini', model: 'gemini-2.5-flash' },
      { engine: 'groq', model: 'meta-llama/llama-4-scout-17b-16e-instruct' },
    ];
    const result = await compare(
      { query: 'What do these files show? [[simulate chunks=3]]', models, attachmentIds: [images[0]!.id, text.id, images[1]!.id, pdf.id] },
      payer.cookie,
    );
    expect(result.events.at(-1)?.event).toBe('all_complete');
    const requestId = requestIdOf(result);
    const runs = await storedRuns(requestId);
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    // What the PDF reads as is what the server extracted; the simulator digests the text it was given.
    const [pdfRow] = await stack.records().getConnection().execute<{ text_content: string }[]>(`select text_content from attachments where id = ?`, [pdf.id]);
    expect(pdfRow!.text_content).toContain('The budget was approved.');
    const expected =
      `Received 4 attachments: ${receivedImage(1, 'image/png', 32, 24, png)}; ${receivedImage(2, 'image/jpeg', 64, 48, jpeg)}; ` +
      `${receivedDocument(1, 'notes.txt', notes)}; ${receivedDocument(2, 'minutes.pdf', pdfRow!.text_content)}.`;
    for (const run of runs) expect(run.answer_text, run.model).toContain(expected);
    // The documents were set between their markers, ahead of the question, as text.
    const sent = stack.simulator.requests.filter((request) => request.lastUserMessage.includes('What do these files show?'));
    expect(sent.map((request) => request.model).sort()).toEqual(models.map((entry) => entry.model).sort());
    for (const request of sent) expect(request.lastUserMessage).toContain(documentBlock(1, 'notes.txt', notes, Array.from(notes).length));

    // Price: each model's own price, plus 1 per image and 1 per started 4,000 tokens of each document, per model.
    const perModel = 2 + text.credits + pdf.credits;
    expect(text.credits).toBe(1);
    const prices = { 'gpt-4o-mini': 6, 'claude-3-5-haiku-20241022': 6, 'gemini-2.5-flash': 8, 'meta-llama/llama-4-scout-17b-16e-instruct': 6 } as Record<string, number>;
    for (const run of runs) expect(run.credits_charged, run.model).toBe(prices[run.model]! + perModel);
    const charged = runs.reduce((sum, run) => sum + run.credits_charged, 0);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 500 - charged, held: 0 });
    // Bound to the request, in the order attached; a file goes with one question only.
    expect((await attachmentRows(payer.user.id)).every((row) => row.request_id === requestId)).toBe(true);
    const again = await compare({ query: 'And again?', models: models.slice(0, 1), attachmentIds: [text.id] }, payer.cookie);
    expect(again.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: ATTACHMENT_TEXTS.alreadyUsed });
  });

  it('sends an image through OpenAI’s Responses API (web search) as input_image, and with a follow-up', async () => {
    const payer = await createPayer(stack.records(), stack.config, 500);
    const webp = pictureWebp();
    const image = await upload(payer.cookie, 'chart.webp', webp);
    const first = await search({ query: 'Search about this chart [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: true, attachmentIds: [image.id] }, payer.cookie);
    expect(first.events.at(-1)?.event).toBe('end');
    const firstId = requestIdOf(first);
    const sent = stack.simulator.requests.findLast((request) => request.lastUserMessage.includes('Search about this chart'));
    expect(sent?.path).toMatch(/\/responses$/);
    const [answer] = await storedRuns(firstId);
    expect(answer!.answer_text).toContain(`Received 1 attachment: ${receivedImage(1, 'image/webp', 40, 30, webp)}.`);

    // Regenerating that answer reads the same file again (it stays bound to the first request) and pays for it again.
    const regenerated = await search(
      { query: 'Search about this chart [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: true, retryOf: firstId },
      payer.cookie,
    );
    expect(regenerated.events.at(-1)?.event).toBe('end');
    const [again] = await storedRuns(requestIdOf(regenerated));
    expect(again!.answer_text).toContain(`Received 1 attachment: ${receivedImage(1, 'image/webp', 40, 30, webp)}.`);
    expect(again!.credits_charged).toBe(answer!.credits_charged);

    // A follow-up carries its own file; the worker reads it with the conversation.
    const gif = tinyGif(9, 4);
    const second = await upload(payer.cookie, 'anim.gif', gif);
    const followUp = await search(
      { query: 'Now this one? [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', followUpOf: firstId, attachmentIds: [second.id] },
      payer.cookie,
    );
    expect(followUp.events.at(-1)?.event).toBe('end');
    const [followed] = await storedRuns(requestIdOf(followUp));
    expect(followed!.answer_text).toContain(`Received 1 attachment: ${receivedImage(1, 'image/gif', 9, 4, gif)}.`);
  });

  it('sends a blind arena round its files too', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const png = picturePng();
    const image = await upload(payer.cookie, 'diagram.png', png);
    const round = await postSearchStream(
      stack.baseUrl,
      {
        query: 'Which diagram is clearer? [[simulate chunks=3]]',
        category: 'general',
        models: [
          { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
          { engine: 'gemini', model: 'gemini-2.0-flash' },
        ],
        attachmentIds: [image.id],
      },
      { path: '/api/arena/stream', headers: { cookie: payer.cookie } },
    );
    expect(round.events.at(-1)?.event, JSON.stringify(round.envelope)).toBe('all_complete');
    const [row] = await stack.records().getConnection().execute<{ request_id: string }[]>(`select request_id from attachments where id = ?`, [image.id]);
    const runs = await storedRuns(row!.request_id);
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run.answer_text).toContain(`Received 1 attachment: ${receivedImage(1, 'image/png', 32, 24, png)}.`);
  });

  it('refuses, before anything is held, a model that does not read images, a guest, too many files and another person’s file', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const image = await upload(payer.cookie, 'photo.jpg', pictureJpeg());
    const refused = await compare(
      { query: 'Describe it', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'openai', model: 'gpt-3.5-turbo' }], attachmentIds: [image.id] },
      payer.cookie,
    );
    expect(refused.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: ATTACHMENT_TEXTS.modelReadsNoImages('GPT-3.5 Turbo') });
    const tooMany = await compare({ query: 'Describe', models: [{ engine: 'openai', model: 'gpt-4o-mini' }], attachmentIds: Array.from({ length: 5 }, () => image.id) }, payer.cookie);
    expect(tooMany.envelope?.error?.code).toBe('VALIDATION_ERROR');
    const twice = await compare({ query: 'Describe', models: [{ engine: 'openai', model: 'gpt-4o-mini' }], attachmentIds: [image.id, image.id] }, payer.cookie);
    expect(twice.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: ATTACHMENT_TEXTS.duplicate });
    // A document counts against the model's context window: 100,000 characters are more than GPT-3.5 Turbo reads.
    const long = await upload(payer.cookie, 'long.txt', Buffer.from('word '.repeat(20_000)));
    const tooLong = await search({ query: 'Summarise it', model: 'openai', specificModel: 'gpt-3.5-turbo', attachmentIds: [long.id] }, payer.cookie);
    expect(tooLong.envelope?.error?.code).toBe('VALIDATION_ERROR');
    expect(tooLong.envelope?.error?.message).toMatch(/^This conversation is too long for GPT-3\.5 Turbo: about 25,\d{3} tokens, and it reads at most 16,385\./);
    expect(long.credits).toBe(7);
    await fetch(`${stack.baseUrl}/api/attachments/${long.id}`, { method: 'DELETE', headers: { cookie: payer.cookie } });
    // Four files of 4 MB each are each within the limit, but together heavier than a question may carry.
    const heavy = await Promise.all([1, 2, 3, 4].map((index) => upload(payer.cookie, `heavy-${index}.png`, heavyPng(4 * 1024 * 1024))));
    const tooHeavy = await compare({ query: 'Describe', models: [{ engine: 'openai', model: 'gpt-4o-mini' }], attachmentIds: heavy.map((file) => file.id) }, payer.cookie);
    expect(tooHeavy.envelope?.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ATTACHMENT_TEXTS.tooHeavy });
    for (const file of heavy) await fetch(`${stack.baseUrl}/api/attachments/${file.id}`, { method: 'DELETE', headers: { cookie: payer.cookie } });
    const other = await createPayer(stack.records(), stack.config, 200);
    const stolen = await search({ query: 'Describe', model: 'openai', specificModel: 'gpt-4o-mini', attachmentIds: [image.id] }, other.cookie);
    expect(stolen.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: ATTACHMENT_TEXTS.notFound });
    const guest = await search({ query: 'Describe', model: 'openai', specificModel: 'gpt-3.5-turbo', attachmentIds: [image.id] }, '');
    expect(guest.envelope?.error).toEqual({ code: 'FORBIDDEN', message: ATTACHMENT_TEXTS.signInRequired });
    for (const person of [payer, other]) {
      expect(await accountLedger(stack.records(), person.accountId)).toEqual({ balance: 200, held: 0 });
      expect(await storedRequestCount(stack.records(), person.user.id)).toBe(0);
    }
    expect(await attachmentRows(payer.user.id)).toEqual([{ id: image.id, request_id: null }]);
  });
});

describe('showing', () => {
  it('lists the files in the history and the request’s details, names them in exports and shared links, and never shares their bytes', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const image = await upload(payer.cookie, 'photo.jpg', pictureJpeg());
    const text = await upload(payer.cookie, 'notes.txt', Buffer.from(notes));
    const result = await search({ query: 'Look [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', attachmentIds: [image.id, text.id] }, payer.cookie);
    expect(result.events.at(-1)?.event).toBe('end');
    const requestId = requestIdOf(result);
    const get = async (path: string, cookie?: string) => fetch(`${stack.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });

    const history = (await (await get('/api/user-requests?limit=5', payer.cookie)).json()) as { data: { requests: { id: string; attachments: UploadedAttachment[] }[] } };
    expect(history.data.requests.find((entry) => entry.id === requestId)?.attachments).toEqual([image, text]);
    const details = (await (await get(`/api/requests/${requestId}`, payer.cookie)).json()) as { data: { attachments: UploadedAttachment[] } };
    expect(details.data.attachments.map((file) => file.name)).toEqual(['photo.jpg', 'notes.txt']);

    const markdown = await (await get(`/api/requests/${requestId}/export?format=markdown`, payer.cookie)).text();
    expect(markdown).toContain('Attached: photo.jpg (image, 64×48 px), notes.txt (document, ');
    const json = (await (await get(`/api/requests/${requestId}/export?format=json`, payer.cookie)).json()) as { attachments: { name: string }[] };
    expect(json.attachments.map((file) => file.name)).toEqual(['photo.jpg', 'notes.txt']);

    const shared = await fetch(`${stack.baseUrl}/api/shares`, { method: 'POST', headers: { cookie: payer.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ requestId }) });
    const token = ((await shared.json()) as { data: { token: string } }).data.token;
    const view = (await (await get(`/api/shared/${token}`)).json()) as { data: { attachments: Record<string, unknown>[] } };
    expect(view.data.attachments).toEqual([
      { kind: 'image', mediaType: 'image/jpeg', name: 'photo.jpg', byteSize: image.byteSize, width: 64, height: 48, textChars: null },
      { kind: 'document', mediaType: 'text/plain', name: 'notes.txt', byteSize: text.byteSize, width: null, height: null, textChars: text.textChars },
    ]);
    // The bytes stay the owner's: a stranger (or the share's reader) is refused them.
    expect((await get(image.contentUrl)).status).toBe(401);
  });
});

describe('deleting', () => {
  it('removes a request’s files with the request, an unused one on its own, and every file with the account', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const used = await upload(payer.cookie, 'notes.txt', Buffer.from(notes));
    const result = await search({ query: 'Summarise [[simulate chunks=3]]', model: 'openai', specificModel: 'gpt-4o-mini', attachmentIds: [used.id] }, payer.cookie);
    expect(result.events.at(-1)?.event).toBe('end');
    const requestId = requestIdOf(result);
    const unused = await upload(payer.cookie, 'other.txt', Buffer.from('spare'));
    const spare = await upload(payer.cookie, 'spare.txt', Buffer.from('kept until the account goes'));
    // A used file cannot be removed on its own; an unused one can.
    expect((await fetch(`${stack.baseUrl}/api/attachments/${used.id}`, { method: 'DELETE', headers: { cookie: payer.cookie } })).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/attachments/${unused.id}`, { method: 'DELETE', headers: { cookie: payer.cookie } })).status).toBe(200);
    const deleted = await fetch(`${stack.baseUrl}/api/user-requests/${requestId}`, { method: 'DELETE', headers: { cookie: payer.cookie } });
    expect(deleted.status).toBe(200);
    expect(await attachmentRows(payer.user.id)).toEqual([{ id: spare.id, request_id: null }]);
    // A file never asked with is deleted a day after its upload.
    await stack.records().getConnection().execute(`update attachments set created_at = now() - interval '25 hours' where id = ?`, [spare.id]);
    // (The worker's own sweep may get there first: either way it is gone.)
    expect(await deleteUnusedUploads(stack.records())).toBeLessThanOrEqual(1);
    expect(await attachmentRows(payer.user.id)).toEqual([]);
    const later = await upload(payer.cookie, 'later.txt', Buffer.from('kept until the account goes'));
    expect(await attachmentRows(payer.user.id)).toEqual([{ id: later.id, request_id: null }]);
    const gone = await fetch(`${stack.baseUrl}/api/auth?action=delete-account`, { method: 'POST', headers: { cookie: payer.cookie } });
    expect(gone.status).toBe(200);
    expect(await attachmentRows(payer.user.id)).toEqual([]);
  });
});
