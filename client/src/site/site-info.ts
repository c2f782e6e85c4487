/** Facts about the product the chrome and the legal pages print. */
export const SITE = {
  name: 'Quorum',
  blurb: 'Ask several AI models one question, compare their answers side by side, and see how they talk about your brand.',
  /** The server's own defaults; the real addresses come from `GET /api/site` (see `site-facts.ts`). */
  fallbackSupportEmail: 'support@quorum.example',
  fallbackLegalEmail: 'legal@quorum.example',
} as const;

/** The footer's quick links: every page of the site. */
export const QUICK_LINKS = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Models', to: '/models' },
  { label: 'Brand mentions', to: '/brand-mentions' },
  { label: 'Help & Support', to: '/help-support' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Cookie policy', to: '/cookie-policy' },
] as const;
