import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Debian's Chromium, which `npm test` installs (scripts/run.mjs); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps calling Google's hosts, which this machine kind refuses.
const HEADLESS_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let launched: Promise<Browser> | undefined;

/**
 * This vitest worker's headless Chromium, launched on first use and shared by every browser test file the worker runs
 * (the browser tier runs files without module isolation); it closes when the worker exits.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: \`npm test\` installs Debian's chromium package; or set CHROMIUM_PATH.`,
    );
  launched ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  return launched;
}

/**
 * A fresh page (own browser context: no cookies or storage shared with other tests) for the test file. The page's
 * uncaught exceptions, console errors and failed responses (`<status> <url>`, the browser's own request for
 * /favicon.ico aside) are collected in `errors`, emptied after each test, so a test can assert the page ran clean.
 */
export function usePage(): { readonly page: Page; readonly errors: string[] } {
  const state = { page: undefined as unknown as Page, errors: [] as string[] };
  beforeAll(async () => {
    const context = await (await sharedBrowser()).newContext();
    state.page = await context.newPage();
    state.page.on('pageerror', (error) => state.errors.push(error.message));
    state.page.on('console', (message) => {
      // A failed load is reported with its address by the response handler below.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        state.errors.push(message.text());
    });
    state.page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
        state.errors.push(`${response.status()} ${response.url()}`);
    });
  });
  afterEach(() => {
    state.errors.length = 0;
  });
  afterAll(async () => {
    await state.page?.context().close();
  });
  return state;
}
