// The slow phone the browser measurements emulate in Debian's Chromium (docs/performance.md): a mid-range phone's
// CPU (4x slower than this machine), 1.6 Mbps down, 750 kbps up and 150 ms round trips, at a phone's size.
import type { BrowserContext, BrowserContextOptions, LaunchOptions, Page } from '@playwright/test';

/** Debian's Chromium, never a downloaded one. */
export const CHROMIUM: LaunchOptions = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] };

/** A phone's screen: narrower than the top bar's `sm` breakpoint, so the links fold behind 'Menu'. */
export const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function slowPhone(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * The port a measurement's server listens on: PERF_PORT when set (parallel work on one machine keeps to its own
 * ports), else a free one.
 */
export const perfPort = (offset = 0): number | undefined => (process.env.PERF_PORT ? Number(process.env.PERF_PORT) + offset : undefined);
