// Whether the site runs as the installed app (docs/product.md#shared-frame); iOS home-screen apps say so through
// navigator.standalone instead of the media query. Free of React: boot/main.ts reads it too.

const INSTALLED_QUERY = '(display-mode: standalone), (display-mode: fullscreen)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(INSTALLED_QUERY) : null;
}

export function isInstalledApp(): boolean {
  if (mediaQuery()?.matches) return true;
  return typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function subscribeToInstalledApp(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
