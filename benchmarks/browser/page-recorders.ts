/**
 * Scripts run in the page before any of its own (Playwright's `addInitScript`), kept as plain source text: they are
 * evaluated in the browser, where nothing this process compiled (helpers a bundler adds) exists.
 *
 * Each records what Chromium's PerformanceObserver reports into `window.paintRecord`, which the benchmark reads back.
 */

/** The latest Largest Contentful Paint candidate: the one the page ends up with once loading is over. */
export const LARGEST_PAINT_RECORDER = `
  window.paintRecord = { lcp: null, lcpElement: null };
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (!last) return;
    window.paintRecord.lcp = last.startTime;
    const element = last.element;
    window.paintRecord.lcpElement = element ? element.tagName.toLowerCase() + (element.dataset.testid ? '[' + element.dataset.testid + ']' : '') + ' "' + (element.textContent || '').trim().slice(0, 40) + '"' : null;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Every task of the page's main thread that took over 50 ms (what Chromium reports as a long task). */
export const LONG_TASK_RECORDER = `
  window.paintRecord = { longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.paintRecord.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;
