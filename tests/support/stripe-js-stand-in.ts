import type { Page } from 'playwright-core';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';

/**
 * Stripe's servers cannot be reached from here, so a browser test replaces them at the network layer: requests for
 * Stripe.js get this stand-in, and requests to Stripe's API go to the local fake. The stand-in offers the part of
 * Stripe.js the purchase dialog uses (`Stripe(key)`, `elements({clientSecret})`, `create('payment')` with `mount`,
 * `on('ready')` and `destroy`, and `confirmPayment`). Its payment form is one card-number field; confirming posts
 * to `https://api.stripe.com/v1/payment_intents/:id/confirm` with the publishable key and client secret, as the real
 * Stripe.js does. 4000 0000 0000 0002 is declined, 4000 0000 0000 0259 stays processing, any other complete
 * number pays.
 */
const STAND_IN_SOURCE = String.raw`
(function () {
  function Stripe(publishableKey) {
    return {
      _registerWrapper: function () {},
      elements: function (options) {
        var created = null;
        return {
          _clientSecret: options.clientSecret,
          _element: function () { return created; },
          create: function (type) {
            var listeners = {};
            var root = null;
            created = {
              mount: function (target) {
                root = typeof target === 'string' ? document.querySelector(target) : target;
                root.innerHTML = '<label style="display:block;font:14px sans-serif">Card number <input data-testid="stand-in-card-number" inputmode="numeric" autocomplete="off" style="display:block;width:100%;padding:8px;margin-top:4px"></label>';
                setTimeout(function () { (listeners.ready || []).forEach(function (handler) { handler({ elementType: type }); }); }, 0);
              },
              on: function (name, handler) { (listeners[name] = listeners[name] || []).push(handler); return created; },
              destroy: function () { if (root) root.innerHTML = ''; },
              unmount: function () { if (root) root.innerHTML = ''; },
              _cardNumber: function () { return root && root.querySelector('input') ? root.querySelector('input').value.replace(/\s+/g, '') : ''; }
            };
            return created;
          }
        };
      },
      confirmPayment: function (params) {
        var secret = params.elements._clientSecret;
        var number = params.elements._element()._cardNumber();
        if (number.length < 12) {
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        }
        var body = new URLSearchParams({
          key: publishableKey,
          client_secret: secret,
          payment_method: number === '4000000000000002' ? 'pm_card_chargeDeclined' : number === '4000000000000259' ? 'pm_card_processing' : 'pm_card_visa'
        });
        return fetch('https://api.stripe.com/v1/payment_intents/' + secret.split('_secret_')[0] + '/confirm', { method: 'POST', body: body })
          .then(function (response) {
            return response.json().then(function (json) { return response.ok ? { paymentIntent: json } : { error: json.error }; });
          });
      }
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** Serves the stand-in for Stripe.js and sends the page's calls to Stripe's API to the fake. */
export async function routeStripeToStandIns(page: Page, fake: RunningStripeApiFake): Promise<{ scriptLoads: () => number }> {
  let scriptLoads = 0;
  await page.route('https://js.stripe.com/**', async (route) => {
    scriptLoads += 1;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: STAND_IN_SOURCE });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const target = route.request().url().replace('https://api.stripe.com', fake.url);
    const response = await route.fetch({ url: target });
    await route.fulfill({ response });
  });
  return { scriptLoads: () => scriptLoads };
}
