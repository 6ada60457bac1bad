// Taps on a prerendered page before the app is live (docs/product.md#public-pages). The page shows before its
// scripts arrive; links work as plain links, but a button (an accordion section, the menu toggle) does nothing
// until React has hydrated it. main.tsx records the buttons tapped in that time; once the app is live on the
// same markup, each is clicked again, so the tap is answered late rather than lost. React itself replays taps made
// while it hydrates, so recording stops when hydration starts.
//
// A link followed before the app is live is a plain page load, already on its way: the app must not start under it,
// because the router's first history write (replaceState) would cancel that navigation. So the app waits while a
// link is being followed (LEAVING_MS at most: a load that never came, such as a download, lets it start).
const tapped: HTMLButtonElement[] = [];
let recording = false;
let leavingUntil = 0;
const LEAVING_MS = 5_000;

/** A link whose default action loads another document (not a tel:/mailto: link, nor a jump within the page). */
function leavesPage(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || !/^https?:$/.test(link.protocol)) return false;
  const here = window.location;
  return !(link.origin === here.origin && link.pathname === here.pathname && link.search === here.search && link.hash !== '');
}

function record(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[href]');
  if (link instanceof HTMLAnchorElement) {
    if (leavesPage(event, link)) leavingUntil = Date.now() + LEAVING_MS;
    return;
  }
  const button = target?.closest('button');
  if (button && !tapped.includes(button)) tapped.push(button);
}

/** Resolves once no link followed before the app was live is still loading (at once, usually). */
export async function notLeaving(): Promise<void> {
  while (Date.now() < leavingUntil) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Starts recording taps on buttons inside `root`. */
export function recordEarlyClicks(root: HTMLElement): void {
  recording = true;
  // Bubbling phase: a handler that prevents a link's default (none before the app is live) is seen first.
  root.addEventListener('click', record);
  stopRecording = () => {
    if (!recording) return [];
    recording = false;
    root.removeEventListener('click', record);
    return tapped.splice(0);
  };
}

let stopRecording: () => HTMLButtonElement[] = () => [];

/**
 * Stops recording and answers the buttons tapped so far. `replay` clicks those still in the page, once the app is
 * live on them (html[data-app-live], set by the root layout).
 */
export function takeEarlyClicks(): { replay: () => void } {
  const buttons = stopRecording();
  return {
    replay: () => {
      if (buttons.length === 0) return;
      const run = () => {
        for (const button of buttons) if (button.isConnected) button.click();
      };
      const html = document.documentElement;
      if (html.dataset['appLive']) return run();
      const observer = new MutationObserver(() => {
        if (!html.dataset['appLive']) return;
        observer.disconnect();
        run();
      });
      observer.observe(html, { attributes: true, attributeFilter: ['data-app-live'] });
    },
  };
}
