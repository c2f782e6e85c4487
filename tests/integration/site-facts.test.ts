import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/** Parses a Content-Security-Policy header into its directives, each a list of sources. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('site facts and the analytics allowance', () => {
  let plain: TestStack;
  let withAnalytics: TestStack;

  beforeAll(async () => {
    [plain, withAnalytics] = await Promise.all([
      startTestStack({ withWorker: false }),
      startTestStack({
        withWorker: false,
        environment: {
          SUPPORT_EMAIL: 'help@quorum.test',
          LEGAL_EMAIL: 'lawyers@quorum.test',
          ANALYTICS_MEASUREMENT_ID: 'G-TEST12345',
          SOCIAL_GITHUB_URL: 'https://github.example/quorum',
          SOCIAL_LINKEDIN_URL: 'https://linkedin.example/company/quorum',
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withAnalytics?.close()]);
  });

  it('tells the pages the configured addresses and analytics id, cacheable for a short while', async () => {
    const response = await fetch(`${withAnalytics.baseUrl}/api/site`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect((await response.json()).data).toEqual({
      supportEmail: 'help@quorum.test',
      legalEmail: 'lawyers@quorum.test',
      analyticsMeasurementId: 'G-TEST12345',
      // Only the links configured, in the footer's order; X is unset, so it is absent.
      socialLinks: [
        { label: 'GitHub', href: 'https://github.example/quorum' },
        { label: 'LinkedIn', href: 'https://linkedin.example/company/quorum' },
      ],
    });
  });

  it('says null for the analytics id, and gives the default addresses, when nothing is configured', async () => {
    const body = await (await fetch(`${plain.baseUrl}/api/site`)).json();
    expect(body.data).toEqual({ supportEmail: plain.config.site.supportEmail, legalEmail: plain.config.site.legalEmail, analyticsMeasurementId: null, socialLinks: [] });
  });

  it('lets Google Analytics through the content security policy only when an id is configured, and changes nothing else', async () => {
    const policyOf = async (stack: TestStack) => directivesOf((await fetch(`${stack.baseUrl}/api/site`)).headers.get('content-security-policy') ?? '');
    const without = await policyOf(plain);
    const withIt = await policyOf(withAnalytics);

    expect([...without.values()].flat().join(' ')).not.toMatch(/google/);
    expect(withIt.get('script-src')).toEqual([...without.get('script-src')!, 'https://www.googletagmanager.com']);
    for (const directive of ['connect-src', 'img-src']) {
      expect(withIt.get(directive)).toEqual([...without.get(directive)!, 'https://*.google-analytics.com', 'https://*.analytics.google.com']);
    }
    const changed = [...withIt.keys()].filter((name) => JSON.stringify(withIt.get(name)) !== JSON.stringify(without.get(name)));
    expect(changed.sort()).toEqual(['connect-src', 'img-src', 'script-src']);
    expect([...withIt.keys()].sort()).toEqual([...without.keys()].sort());
  });

  it('still answers an unknown API path with the JSON 404 envelope', async () => {
    const response = await fetch(`${withAnalytics.baseUrl}/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await response.json()).success).toBe(false);
  });
});
