import type { RouteOptions } from 'fastify';

/** Bull Board's page loads its typefaces from Google Fonts; nothing else of it leaves the server. */
const FONT_STYLESHEETS = 'https://fonts.googleapis.com';
const FONT_FILES = 'https://fonts.gstatic.com';

/**
 * The site's CSP (server/plugins/external/helmet.ts) with just what Bull Board's page needs added: Google Fonts
 * for its stylesheet and typefaces. Set per route (helmet reads `config.helmet` at request time), so the rest of
 * the site keeps its strict policy.
 */
export function relaxCspForDashboard(appUrl: string) {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'", FONT_STYLESHEETS],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:', FONT_FILES],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
  };
  return (route: RouteOptions): void => {
    route.config = Object.assign(route.config ?? Object.create(null), { helmet: { contentSecurityPolicy: { directives } } });
  };
}
