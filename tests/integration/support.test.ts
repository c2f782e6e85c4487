import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportRequest } from '../../core/database/entities/support-request.ts';
import { SUPPORT_SUBJECTS } from '../../contract/support.ts';
import { keyedDigest } from '../../core/secrets/secret-tokens.ts';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../support/mail-catcher.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let mail: MailCatcher;
const SUPPORT_ADDRESS = 'help-desk@quorum.test';

beforeAll(async () => {
  mail = await startMailCatcher();
  // The documented limit (scale 1). Behind a trusted proxy each test speaks from its own address, so one test's
  // requests do not count against another's.
  stack = await startTestStack({
    withWorker: false,
    environment: { SMTP_URL: mail.url, SUPPORT_EMAIL: SUPPORT_ADDRESS, AUTH_RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' },
  });
});

afterAll(async () => {
  await stack?.close();
  await mail?.close();
});

let lastAddress = 0;
const freshAddress = () => `203.0.113.${(lastAddress += 1)}`;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface Answer {
  status: number;
  body: { success: boolean; data: { message?: string } | null; error: { code: string; message: string } | null };
}

async function sendSupport(body: unknown, options: { address?: string; cookie?: string } = {}): Promise<Answer> {
  const response = await fetch(`${stack.baseUrl}/api/support`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.address ?? freshAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** The team's copy of one sender's request: every request mails the same team address, so match on Reply-To. */
async function teamMailFrom(email: string): Promise<CaughtMail> {
  await expect.poll(() => mail.messages.some((message) => message.to === SUPPORT_ADDRESS && message.replyTo === email), { timeout: 5_000 }).toBe(true);
  return mail.messages.find((message) => message.to === SUPPORT_ADDRESS && message.replyTo === email)!;
}

const validRequest = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('grace'),
  name: 'Grace Hopper',
  subject: 'Technical Issue',
  title: 'The comparison view stops',
  description: 'After the third model the columns stop updating until I reload.',
  ...overrides,
});

describe('POST /api/support', () => {
  it('stores the request, answers at once, and mails the team (reply-to the sender) and the sender', async () => {
    const address = freshAddress();
    const request = validRequest({ email: uniqueEmail('Grace').toUpperCase(), name: '  Grace Hopper ' });
    const answer = await sendSupport(request, { address });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: { message: "Thank you for contacting us. We've received your support request and will respond within 24 hours." },
      error: null,
    });

    const email = String(request.email).trim().toLowerCase();
    const stored = await stack.records().findOneOrFail(SupportRequest, { email });
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      subject: 'Technical Issue',
      title: 'The comparison view stops',
      description: request.description,
      user: null,
    });
    // The IP is kept only as the keyed digest guests are known by, never as typed.
    expect(stored.ipHash).toBe(keyedDigest(stack.config.appSecret, 'guest-ip', address));
    expect(stored.ipHash).not.toContain('203.0.113');

    const toTeam = await teamMailFrom(email);
    expect(toTeam.subject).toBe('[Support] Technical Issue: The comparison view stops');
    expect(toTeam.text).toContain('Grace Hopper');
    expect(toTeam.text).toContain(request.description);
    expect(toTeam.text).toContain(stored.id);

    const acknowledgement = await mail.next(email);
    expect(acknowledgement.subject).toBe('We received your support request');
    expect(acknowledgement.text).toContain('within 24 hours');
    expect(acknowledgement.text).toContain(stored.id);
    // A plain receipt: whoever typed this address, nothing they wrote is sent on to it.
    for (const typed of ['The comparison view stops', 'Grace Hopper', request.description]) {
      expect(acknowledgement.text).not.toContain(typed);
      expect(acknowledgement.html).not.toContain(typed);
    }
    expect(acknowledgement.replyTo).toBe(SUPPORT_ADDRESS);
  });

  it('escapes what the sender typed in both mails', async () => {
    const email = uniqueEmail('mallory');
    const answer = await sendSupport(
      validRequest({
        email,
        name: '<b>Mallory</b>',
        title: 'Look <img src=x onerror=alert(1)>',
        description: '<script>alert("hi")</script> & more text',
      }),
    );
    expect(answer.status).toBe(200);
    const toTeam = await teamMailFrom(email);
    const acknowledgement = await mail.next(email);
    for (const message of [toTeam, acknowledgement]) {
      expect(message.html).not.toContain('<img');
      expect(message.html).not.toContain('<b>Mallory');
    }
    expect(toTeam.html).toContain('&#60;b&#62;Mallory&#60;/b&#62;');
    expect(acknowledgement.html).not.toContain('Mallory');
    expect(toTeam.html).not.toContain('<script');
    expect(toTeam.html).toContain('&#60;script&#62;alert(&#34;hi&#34;)&#60;/script&#62; &#38; more text');
    // The acknowledgement goes to whatever address was typed, so it does not repeat the description.
    expect(acknowledgement.text).not.toContain('alert("hi")');
  });

  it('refuses each field in the product’s words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'N'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ email: undefined }, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ subject: undefined }, 'Please choose a category'],
      [{ subject: '' }, 'Please choose a category'],
      [{ subject: 'Refund please' }, 'Please choose a category'],
      [{ title: undefined }, 'Title is required'],
      [{ title: ' \n ' }, 'Title is required'],
      [{ title: 'T'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ description: undefined }, 'Description must be at least 10 characters long'],
      [{ description: 'too short' }, 'Description must be at least 10 characters long'],
      [{ description: '   short    ' }, 'Description must be at least 10 characters long'],
      [{ description: 'd'.repeat(2001) }, 'Description must be at most 2000 characters long'],
    ];
    for (const [override, message] of cases) {
      const body: Record<string, unknown> = validRequest(override);
      for (const [key, value] of Object.entries(override)) if (value === undefined) delete body[key];
      const answer = await sendSupport(body);
      expect({ override, status: answer.status, error: answer.body.error }).toEqual({
        override,
        status: 400,
        error: { code: 'VALIDATION_ERROR', message },
      });
    }
    // Exactly at the limits is fine, and every category of the list is accepted.
    for (const subject of SUPPORT_SUBJECTS) {
      const answer = await sendSupport(validRequest({ subject, name: 'N'.repeat(100), title: 'T'.repeat(200), description: `${'d'.repeat(10)}` }));
      expect(answer.status).toBe(200);
    }
    const longest = await sendSupport(validRequest({ description: 'd'.repeat(2000) }));
    expect(longest.status).toBe(200);
  });

  it('keeps rows the page could never have sent out of the table', async () => {
    const insert = (subject: string, description: string, ipHash = 'a'.repeat(64)) =>
      stack
        .records()
        .getConnection()
        .execute(
          `insert into support_requests (id, email, name, subject, title, description, ip_hash) values (?, 'a@example.com', 'A', ?, 'T', ?, ?)`,
          [randomUUID(), subject, description, ipHash],
        );
    await expect(insert('Refund please', 'long enough text')).rejects.toThrow(/check constraint/);
    await expect(insert('Bug Report', '   short   ')).rejects.toThrow(/check constraint/);
    await expect(insert('Bug Report', 'long enough text', '203.0.113.7')).rejects.toThrow(/check constraint/);
    await expect(insert('Billing Question', 'long enough text')).resolves.toBeDefined();
  });

  it('links the request to the signed-in sender', async () => {
    const me = await fetch(`${stack.baseUrl}/api/auth?action=session`, { headers: { cookie: stack.fundedCookie } });
    const userId = ((await me.json()) as { data: { user: { id: string } } }).data.user.id;
    const email = uniqueEmail('signed-in');
    expect((await sendSupport(validRequest({ email }), { cookie: stack.fundedCookie })).status).toBe(200);
    const stored = await stack.records().findOneOrFail(SupportRequest, { email }, { populate: ['user'] });
    expect(stored.user?.id).toBe(userId);
    const toTeam = await teamMailFrom(email);
    expect(toTeam.text).toContain(`account ${userId}`);
  });

  it('allows 5 requests per hour from one address, then answers 429 in the envelope', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await sendSupport(validRequest({ title: `Attempt ${attempt}` }), { address })).status).toBe(200);
    }
    const limited = await sendSupport(validRequest({ title: 'Attempt 6' }), { address });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      data: null,
      error: { code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded. Please try again later.' },
    });
    expect(await stack.records().count(SupportRequest, { title: 'Attempt 6' })).toBe(0);
    // Another address has its own allowance.
    expect((await sendSupport(validRequest(), { address: freshAddress() })).status).toBe(200);
  });
});
