import helmet from '@fastify/helmet';
import fastifyPlugin from 'fastify-plugin';

/** Where Google's sign-in library (GSI) loads from, draws its button frame and talks to. */
const GOOGLE_ACCOUNTS_ORIGIN = 'https://accounts.google.com';
const GOOGLE_GSI_STYLES = 'https://accounts.google.com/gsi/';
/** Where Google Analytics 4 loads its script from, and where it sends page views (as requests and as pixels). */
const ANALYTICS_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';
const ANALYTICS_COLLECTORS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];
/** Stripe.js: its script, the API it confirms cards with, and the frames of its payment form and 3-D Secure. */
const STRIPE_SCRIPT_ORIGIN = 'https://js.stripe.com';
const STRIPE_API_ORIGIN = 'https://api.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];

/**
 * Security headers with a strict Content Security Policy: model output is untrusted, so the page may only run its
 * own scripts and talk to its own origin. Inline style attributes stay allowed because Mantine sets them. Only
 * when Google sign-in is configured may the page also load Google's sign-in script, frame, styles and endpoint; only
 * when an analytics id is configured may it load the GA4 script and report to Google Analytics (the page itself
 * still waits for the visitor's consent before it does); only when card payments are on may it load Stripe.js,
 * which draws the card form in its own frames and talks to Stripe's API.
 */
export default fastifyPlugin(
  async (app) => {
    const google = app.config.auth.googleClientId ? [GOOGLE_ACCOUNTS_ORIGIN] : [];
    const googleStyles = app.config.auth.googleClientId ? [GOOGLE_GSI_STYLES] : [];
    const analytics = app.config.site.analyticsMeasurementId !== undefined;
    const analyticsScript = analytics ? [ANALYTICS_SCRIPT_ORIGIN] : [];
    const analyticsCollectors = analytics ? ANALYTICS_COLLECTORS : [];
    const payments = app.config.payments.stripeSecretKey !== undefined;
    const stripeScript = payments ? [STRIPE_SCRIPT_ORIGIN] : [];
    const stripeApi = payments ? [STRIPE_API_ORIGIN] : [];
    const stripeFrames = payments ? STRIPE_FRAMES : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...google, ...analyticsScript, ...stripeScript],
          styleSrc: ["'self'", "'unsafe-inline'", ...googleStyles],
          imgSrc: ["'self'", 'data:', ...analyticsCollectors],
          connectSrc: ["'self'", ...google, ...analyticsCollectors, ...stripeApi],
          frameSrc: ["'self'", ...google, ...stripeFrames],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: app.config.server.appUrl.startsWith('https:') ? [] : null,
        },
      },
      // Served over plain HTTP in development; HSTS only makes sense behind HTTPS.
      strictTransportSecurity: app.config.server.appUrl.startsWith('https:'),
    });
  },
  { name: 'helmet', dependencies: ['configuration'] },
);
