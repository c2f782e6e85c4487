/**
 * `npm run bench:brand`: how long the worker's brand analysis takes on a long answer. Builds a 2,000-word markdown
 * answer (paragraphs, a list and a comparison table naming the brand and three competitors about 40 times), warms
 * up, then times `analyseBrandMention` over many runs and prints the median and p95 per answer, and a JSON line
 * `{"words", "medianMs", "p95Ms", "runs"}`. The budget is 2 ms per 2,000-word answer on a quiet 2-core machine.
 */
import { performance } from 'node:perf_hooks';
import { analyseBrandMention } from '../core/brand/index.ts';

const BRANDS = ['Acme', 'Zeta', 'Orbit', 'Northwind'];
const PHRASES = [
  (brand: string) => `${brand} is a reliable choice for teams that need strong permissions and audit logs.`,
  (brand: string) => `Unlike ${brand}, most tools in this group charge extra for single sign-on.`,
  (brand: string) => `Users often say ${brand} is slow to load large boards, but its support team answers quickly.`,
  (brand: string) => `${brand} was founded in 2014 and now serves customers in more than forty countries.`,
  (brand: string) => `If you already use ${brand}, migrating your projects takes about a day with the import tool.`,
];
const FILLER = 'Planning work across several teams takes more than a shared list of tasks, and the right tool depends on how your people already work together each week.';

function longAnswer(words: number): string {
  const parts: string[] = ['## Comparing the leading project tools', ''];
  let index = 0;
  while (parts.join(' ').split(/\s+/).length < words) {
    const brand = BRANDS[index % BRANDS.length]!;
    parts.push(`${PHRASES[index % PHRASES.length]!(brand)} ${FILLER}`, '');
    if (index % 7 === 3) parts.push(`- **${brand}**: fast, affordable and well documented.`, `- **${BRANDS[(index + 1) % 4]}**: buggy and expensive.`, '');
    if (index % 11 === 5) parts.push('| Tool | Free plan | SSO |', '|---|---|---|', ...BRANDS.map((name, row) => `| ${name} | ${row % 2 ? '❌' : '✅'} | ✅ |`), '');
    index += 1;
  }
  return parts.join('\n');
}

const text = longAnswer(2000);
const config = { brandName: 'Acme', competitors: ['Zeta', 'Orbit', 'Northwind'], keywords: ['Acme Cloud'], websiteUrl: 'https://acme.example' };
const question = 'Which project management tool should a 40-person agency choose?';
const analyse = () => analyseBrandMention({ text, sources: [], config, question });

for (let warm = 0; warm < 50; warm += 1) analyse();
const runs = Number(process.env.BENCH_RUNS ?? 300);
const times: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  analyse();
  times.push(performance.now() - started);
}
times.sort((left, right) => left - right);
const median = times[Math.floor(times.length / 2)]!;
const p95 = times[Math.floor(times.length * 0.95)]!;
const words = text.split(/\s+/).length;
const result = analyse();
console.log(`brand analysis of a ${words}-word answer (${result.summary.totalMentions} brand mentions, ${result.competitors.reduce((sum, c) => sum + c.mentions, 0)} competitor mentions)`);
console.log(`  median ${median.toFixed(3)} ms   p95 ${p95.toFixed(3)} ms   over ${runs} runs`);
console.log(JSON.stringify({ words, medianMs: Number(median.toFixed(3)), p95Ms: Number(p95.toFixed(3)), runs }));
