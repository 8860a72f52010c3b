import { type Browser, type BrowserServer, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and no traffic of Chromium's own: nothing reaches beyond this machine. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** Debian's Chromium with CHROMIUM_FLAGS (used by e2e tests and the bench). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * One Chromium for a whole browser-test run, which each test file reaches with `chromium.connect`:
 * a connection costs a fraction of a launch, and closing it closes only that file's contexts.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Reaches the run's Chromium (`launchChromiumServer`) at its WebSocket address. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
