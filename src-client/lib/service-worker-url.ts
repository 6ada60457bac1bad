// Where the service worker is, for the app (lib/pwa.ts) and for the start-up script (boot/main.ts), which registers it
// on prerendered pages the app has not started on yet.

/** The service worker's script and scope (vite-plugin-pwa writes dist/client/sw.js). */
export const serviceWorkerUrl = (): { script: string; scope: string } => ({
  script: `${import.meta.env.BASE_URL}sw.js`,
  scope: import.meta.env.BASE_URL,
});
