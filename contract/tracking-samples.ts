/**
 * What each choice of samples per cell buys, shared by the server and the form so both say the same: how wide the
 * 95% interval around a run's visibility would be, and what a run costs. More samples narrow the interval only by
 * the square root of their number (10 samples are about 1.8 times as precise as 3, at 3.3 times the cost), which is
 * what the table lets a person weigh.
 */

/** The choices the form compares. 30 is beyond what a set may ask (10) and shown only to make the square root visible. */
export const SAMPLE_CHOICES = [1, 3, 5, 10, 30] as const;

/** The z value of a two-sided 95% interval. */
const Z_95 = 1.959963984540054;

/**
 * The full width (high − low, 0 to 1) of the Wilson 95% interval for a true rate `rate` read from `readings`
 * answers: what the interval would span if the brand were named in that share of them. 1 with no readings.
 */
export function wilsonWidth(rate: number, readings: number): number {
  if (readings <= 0) return 1;
  const zz = Z_95 * Z_95;
  const halfWidth = (Z_95 * Math.sqrt((rate * (1 - rate)) / readings + zz / (4 * readings * readings))) / (1 + zz / readings);
  return 2 * halfWidth;
}

/** A run's credits: every prompt asked of every model `samples` times (`perAsking` credits for all models once), plus the canaries once. */
export function runCreditsFor(prompts: number, samples: number, perAsking: number, canaryPerRun = 0): number {
  return prompts * samples * perAsking + canaryPerRun;
}

export interface SampleChoice {
  samples: number;
  /** Answers a run reads for the brand: prompts × models × samples. */
  answers: number;
  /** Interval width in percentage points, one decimal, at a true visibility of 50% (the widest) and of 10%. */
  widthAt50: number;
  widthAt10: number;
  /** Credits per run at this many samples, canaries included. */
  creditsPerRun: number;
  /** Whether a set may ask this many (1 to 10). */
  allowed: boolean;
}

const points = (width: number) => Math.round(width * 1000) / 10;

/** The table the form shows, for a set of `prompts` prompts and `models` models costing `perAsking` credits per asking of all of them. */
export function sampleChoices(input: { prompts: number; models: number; perAsking: number; canaryPerRun?: number; maximum: number }): SampleChoice[] {
  return SAMPLE_CHOICES.map((samples) => {
    const answers = input.prompts * input.models * samples;
    return {
      samples,
      answers,
      widthAt50: points(wilsonWidth(0.5, answers)),
      widthAt10: points(wilsonWidth(0.1, answers)),
      creditsPerRun: runCreditsFor(input.prompts, samples, input.perAsking, input.canaryPerRun ?? 0),
      allowed: samples <= input.maximum,
    };
  });
}
