import type { BrandConfig } from '../../contract/ask.ts';

/**
 * Which site a page belongs to, for a set's brand and competitors. The brand's site is its website's domain (a page
 * on it or on any of its subdomains, `www.` ignored); a competitor has only a name, so its site is any host with a
 * label spelled like the name without spaces or punctuation (`Merrick & Hale` matches `merrickhale.com` and
 * `www.merrick-hale.co.uk`). Name matching can miss a company whose domain differs from its name, and can take a
 * same-named site for it: the figures say which way each site was found.
 */
export interface SiteRule {
  name: string;
  isBrand: boolean;
  matchedBy: 'website' | 'name';
  matches(host: string): boolean;
}

const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export function websiteDomain(websiteUrl: string | undefined): string | null {
  const trimmed = websiteUrl?.trim() ?? '';
  if (trimmed === '') return null;
  try {
    const host = new URL(/^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).hostname.toLowerCase();
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

function nameRule(name: string, isBrand: boolean): SiteRule {
  const wanted = squeeze(name);
  return {
    name,
    isBrand,
    matchedBy: 'name',
    // Every label but the last (the top-level domain) may carry the name.
    matches: (host) => wanted.length >= 2 && host.toLowerCase().split('.').slice(0, -1).some((label) => squeeze(label) === wanted),
  };
}

export function siteRules(brand: BrandConfig): SiteRule[] {
  const domain = websiteDomain(brand.websiteUrl);
  const brandRule: SiteRule = domain
    ? { name: brand.brandName, isBrand: true, matchedBy: 'website', matches: (host) => host === domain || host.endsWith(`.${domain}`) }
    : nameRule(brand.brandName, true);
  return [brandRule, ...(brand.competitors ?? []).map((name) => nameRule(name, false))];
}
