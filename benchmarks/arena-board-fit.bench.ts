/**
 * `npm run bench:arena`: how long one leaderboard fit takes, raw and style-controlled, with its bootstrap. Simulates
 * 12 models and a given number of votes (each a best-of-two with random answer styles), then measures the CPU time of `fitBoard`
 * with 200 resamples (what the refit job runs for each of six categories) and prints one line per size and fit, and
 * a JSON line per size `{"votes", "rawMs", "controlledMs", "bootstrapRounds"}`. Set `BENCH_VOTES` (comma-separated)
 * and `BENCH_BOOTSTRAP` to change the sizes.
 */
import { fitBoard, SCALE, styleDifference, type StyleMode, type WeightedOutcome } from '../core/arena/index.ts';
import { seededRandom } from '../core/statistics/index.ts';

const MODELS = Array.from({ length: 12 }, (_, index) => `engine/model-${index}`);
const sizes = (process.env.BENCH_VOTES ?? '1000,5000,20000').split(',').map(Number);
const bootstrapRounds = Number(process.env.BENCH_BOOTSTRAP ?? 200);

function votes(count: number): WeightedOutcome[] {
  const random = seededRandom(count);
  return Array.from({ length: count }, (_, index) => {
    const a = Math.floor(random() * MODELS.length);
    const b = (a + 1 + Math.floor(random() * (MODELS.length - 1))) % MODELS.length;
    const style = () => ({ words: Math.round(50 + random() * 600), headers: Math.floor(random() * 4), listItems: Math.floor(random() * 10), bold: Math.floor(random() * 6) });
    const difference = styleDifference(style(), style());
    const chance = 1 / (1 + Math.exp(-((a - b) * 20 + 120 * difference[0]!) / SCALE));
    return { round: `r${index}`, modelA: MODELS[a]!, modelB: MODELS[b]!, scoreA: random() < chance ? 1 : 0, weight: 1, style: difference };
  });
}

/** CPU milliseconds of one fit (wall time misleads on a shared machine; the fit is single-threaded). */
function timed(outcomes: readonly WeightedOutcome[], style: StyleMode): number {
  const started = process.cpuUsage();
  fitBoard(outcomes, { style, bootstrapRounds, minBattles: 20 });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1_000;
}

for (const size of sizes) {
  const outcomes = votes(size);
  const rawMs = timed(outcomes, 'raw');
  const controlledMs = timed(outcomes, 'controlled');
  console.log(`${size} votes, ${bootstrapRounds} resamples: raw ${rawMs.toFixed(0)} ms CPU, style-controlled ${controlledMs.toFixed(0)} ms CPU`);
  console.log(JSON.stringify({ votes: size, rawMs: Math.round(rawMs), controlledMs: Math.round(controlledMs), bootstrapRounds }));
}
