import * as Type from 'typebox/type';

/** `GET /api/site`: the facts the footer, the legal pages and the cookie banner print, from this server's settings. */
export const SiteData = Type.Object({
  supportEmail: Type.String({ description: 'Where people write for help.' }),
  legalEmail: Type.String({ description: 'Where legal matters go.' }),
  analyticsMeasurementId: Type.Union([Type.String(), Type.Null()], {
    description: 'A GA4 measurement id; null when this server runs no analytics (consent is still asked; Accept then turns nothing on).',
  }),
  socialLinks: Type.Array(Type.Object({ label: Type.String(), href: Type.String() }), {
    description: "The footer's social links, from this server's settings; empty when none is configured.",
  }),
});

export type SiteData = Type.Static<typeof SiteData>;
