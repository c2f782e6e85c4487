/**
 * Demo mode's credits: what one press of "Add demo credits" adds, how often an account may press it in an hour,
 * and the reason its ledger entry records. Plain constants, so the client can import them at no cost.
 */
export const DEMO_CREDITS = { amount: 500, perHour: 3, reason: 'Demo credits' } as const;
