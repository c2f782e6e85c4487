/**
 * Talks to /api/auth like a browser tab: keeps the session cookie the server sets (and drops it when cleared),
 * so tests follow one person through register → verify → session → logout over real HTTP.
 */
export interface AuthResponse {
  status: number;
  headers: Headers;
  body: { success: boolean; data: Record<string, unknown> | null; error: { message: string; code: string } | null };
  setCookie: string | null;
}

export class AuthClient {
  cookie: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get(action: string, headers: Record<string, string> = {}): Promise<AuthResponse> {
    return this.send('GET', action, undefined, headers);
  }

  post(action: string, body?: unknown, headers: Record<string, string> = {}): Promise<AuthResponse> {
    return this.send('POST', action, body, headers);
  }

  async send(method: string, action: string, body: unknown, headers: Record<string, string>): Promise<AuthResponse> {
    const response = await fetch(`${this.baseUrl}/api/auth?action=${encodeURIComponent(action)}`, {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') || /Expires=Thu, 01 Jan 1970/i.test(setCookie) ? undefined : pair;
    }
    return { status: response.status, headers: response.headers, body: (await response.json()) as AuthResponse['body'], setCookie };
  }
}
