// The installed app's window as a React value (lib/installed-app.ts says how it is told).
import { useSyncExternalStore } from 'react';
import { isInstalledApp, subscribeToInstalledApp } from './installed-app';

/** True while the page shows in the installed app's own window (no browser Back button). */
export function useInstalledApp(): boolean {
  return useSyncExternalStore(subscribeToInstalledApp, isInstalledApp, () => false);
}
