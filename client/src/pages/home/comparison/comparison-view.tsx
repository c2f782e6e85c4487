/** The comparison view (spec section 2). Being built. */
export function ComparisonView() {
  return null;
}
