import * as Type from 'typebox/type';

/** `GET /api/site`: the facts the footer, the legal pages and the cookie banner print, from this server's settings. */
export const SiteData = Type.Object({
  supportEmail: Type.String({ description: 'Where people write for help.' }),
  legalEmail: Type.String({ description: 'Where legal matters go.' }),
  analyticsMeasurementId: Type.Union([Type.String(), Type.Null()], {
    description: 'A GA4 measurement id; null when this server runs no analytics (and so asks for no consent).',
  }),
});

export type SiteData = Type.Static<typeof SiteData>;
