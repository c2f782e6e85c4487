import type { Select } from '@mantine/core';

type SelectComponent = typeof Select;

let loaded: SelectComponent | null = null;
let loading: Promise<SelectComponent> | null = null;

/** Mantine's Select once its chunk has arrived, else null. */
export function loadedSelect(): SelectComponent | null {
  return loaded;
}

/** Fetches Mantine's Select (once; later calls share the same fetch). */
export function loadSelect(): Promise<SelectComponent> {
  loading ??= import('./mantine-select.ts').then((module) => (loaded = module.Select));
  return loading;
}

/**
 * Warms the Select's chunk when the browser has nothing better to do after the page has loaded, so the first open of
 * a dropdown does not wait for the network. Nothing is swapped in by this: only an interaction does that.
 */
export function prefetchSelectWhenIdle(): void {
  const prefetch = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    idle(() => void loadSelect().catch(() => undefined));
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
