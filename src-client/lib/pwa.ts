// Service worker registration, ours (`injectRegister: false`) so the CSP needs no inline script. A new version
// waits until the person agrees to applyUpdate() (docs/product.md#offline).

import { useSyncExternalStore } from 'react';
// Type only: workbox-window loads after the page is up (registerServiceWorker), not in the first load.
import type { Workbox } from 'workbox-window';
import { purgeAbandonedPersonalData } from './personal-cache';
import { serviceWorkerUrl } from './service-worker-url';

/** How often an open tab asks the server whether a new version exists. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updateAvailable = false;
const listeners = new Set<() => void>();

let registering = false;

/** Registers the service worker once. Call only in production builds (there is no sw.js in dev). */
export async function registerServiceWorker(): Promise<void> {
  if (registering || typeof navigator === 'undefined') return;
  registering = true;
  // Offline copies of a session that ended without a logout (browser closed) go at start-up.
  void purgeAbandonedPersonalData();
  if (!('serviceWorker' in navigator)) return;

  const { Workbox } = await import('workbox-window');
  const { script, scope } = serviceWorkerUrl();
  const wb = new Workbox(script, { scope });
  workbox = wb;
  // Fires both for a worker this page installed and for one another tab installed.
  wb.addEventListener('waiting', () => {
    updateAvailable = true;
    for (const listener of listeners) listener();
  });
  wb.register()
    .then((registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void wb.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      // The site works without a service worker, only not offline: report and carry on.
      console.error('Service worker registration failed', error);
    });
}

let applying = false;

/** Activates the waiting version and reloads the page into it. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb || !updateAvailable || applying) return;
  applying = true;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

function onUpdateAvailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version of the app is installed and waiting for applyUpdate(). */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(onUpdateAvailable, () => updateAvailable, () => false);
}
