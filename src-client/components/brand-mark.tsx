// The brand's mark drawn in the page: as an <img> it would cost a request and an SVG document on the way to a slow
// phone's first screen (docs/performance.md#the-dashboards-first-load).
export function BrandMark() {
  return (
    <svg viewBox="0 0 512 512" width={32} height={32} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="96" fill="#0f4c5c" />
      <rect x="97.3" y="97.3" width="317.4" height="317.4" rx="57.1" fill="#8fd0db" />
      <rect x="97.3" y="287.7" width="317.4" height="41.3" fill="#0f4c5c" />
    </svg>
  );
}
