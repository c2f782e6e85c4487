import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';
import { underLoad } from './load-scaled-timeout.ts';

/**
 * Debian's old headless shell comes first: it renders with the same Blink as the full browser but spent about a third
 * less CPU per page on the browser suite. Its binary is named directly because `/usr/bin/chromium-headless-shell` is a
 * wrapper script that does not `exec`, and a browser that will not close must be stopped through its own process.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Debian's Chromium, driven by Playwright. Playwright's own browser download cannot run here, so the executable
 * comes from `CHROMIUM_PATH`, the headless shell or the PATH.
 */
export function chromiumExecutable(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  for (const name of ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not this one
    }
  }
  throw new Error('Chromium not found: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH');
}

/** The browser processes this test process started, by browser: what to stop if one will not close. */
const processesOf = new WeakMap<Browser, number[]>();

/** The flags keep a sandboxed, offline machine from stalling the browser. */
export async function launchChromium(): Promise<Browser> {
  const before = new Set(ownChildren());
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  processesOf.set(browser, ownChildren().filter((pid) => !before.has(pid)));
  return browser;
}

/** Ample for a browser to close on a quiet machine; `underLoad` stretches it on a busy one. */
const CLOSE_MS = 15_000;

/**
 * Closes the browser, and stops its process if it has not gone in time: a browser test run on a loaded machine once
 * waited out the two-minute hook limit on a close that never finished, failing a file whose tests had all passed.
 */
export async function closeChromium(browser: Browser): Promise<void> {
  const closed = browser.close().then(() => true);
  if (await Promise.race([closed, delay(underLoad(CLOSE_MS)).then(() => false)])) return;
  const stopped = (processesOf.get(browser) ?? []).filter((pid) => {
    try {
      process.kill(pid, 'SIGKILL');
      return true;
    } catch {
      return false; // gone already
    }
  });
  console.warn(`Chromium had not closed after ${underLoad(CLOSE_MS)} ms; stopped its process ${stopped.join(', ') || '(none left)'}`);
  await Promise.race([closed, delay(5_000)]);
}

/** The direct children of this process, from /proc (Linux, as everywhere these tests run). */
function ownChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The fields after the command name, which is in parentheses and may itself hold spaces: state, then parent.
        const afterName = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!;
        return Number(afterName.split(' ')[1]) === process.pid;
      } catch {
        return false; // ended while being read
      }
    })
    .map(Number);
}
