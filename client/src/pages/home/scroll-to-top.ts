/** Spec section 2: Clear and New Search smooth-scroll to the top (instantly for people who asked for less motion). */
export function scrollToTop(): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}
