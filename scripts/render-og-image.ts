/**
 * Draws the link-preview picture (`client/public/og-image.png`, 1200 × 630, what chat apps and social sites show
 * for a link to Quorum) from the mark and the tagline, in Chromium, so it can be redrawn when either changes:
 *   node --import tsx scripts/render-og-image.ts
 */
import path from 'node:path';
import { launchChromium } from '../tests/support/chromium.ts';

const output = path.resolve(import.meta.dirname, '../client/public/og-image.png');

const html = `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; align-items: center; justify-content: center;
         background: linear-gradient(135deg, #eef2ff 0%, #f8f0fc 55%, #e6fcf5 100%); font-family: system-ui, sans-serif; }
  .card { display: flex; align-items: center; gap: 56px; }
  h1 { font-size: 112px; margin: 0; color: #1a1b3a; letter-spacing: -2px; }
  p { font-size: 38px; margin: 12px 0 0; color: #364fc7; max-width: 640px; line-height: 1.25; }
</style></head><body><div class="card">
  <svg width="260" height="260" viewBox="0 0 32 32"><circle cx="12" cy="12.5" r="8.5" fill="#4c6ef5" opacity="0.9"/><circle cx="20" cy="12.5" r="8.5" fill="#845ef7" opacity="0.8"/><circle cx="16" cy="19.5" r="8.5" fill="#20c997" opacity="0.75"/></svg>
  <div><h1>Quorum</h1><p>One question, many AI models — their answers side by side.</p></div>
</div></body></html>`;

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
