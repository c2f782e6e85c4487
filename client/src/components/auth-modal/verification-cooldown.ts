/** Spec sections 5 and 9: another verification email may be asked for 5 minutes after the last one. */
export const RESEND_COOLDOWN_MS = 5 * 60_000;

/** Whole seconds left until `endsAt` (epoch ms), rounded up so the display reaches 0:00 only when it is over. */
export function secondsUntil(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1_000));
}

/** The countdown as m:ss, e.g. 300 → "5:00", 59 → "0:59". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How many more emails the server will send, as the banner says it. */
export function attemptsText(remaining: number): string {
  if (remaining <= 0) return 'No resend attempts remaining';
  return `${remaining} resend ${remaining === 1 ? 'attempt' : 'attempts'} remaining`;
}
