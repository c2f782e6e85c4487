/** Sign In / Sign Up modal (spec section 2). Being built. */
export default function AuthModal() {
  return null;
}
