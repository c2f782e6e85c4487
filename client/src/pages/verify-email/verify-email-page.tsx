/** `/verify-email` (spec sections 2 and 4). Being built. */
export function VerifyEmailPage() {
  return null;
}
