// Taps on a prerendered page before the app is live (docs/product.md#public-pages). The page shows before its
// scripts arrive; links work as plain links, but a button (an accordion section, the menu toggle) does nothing
// until React has hydrated it. main.tsx records the buttons tapped in that time; once the app is live on the
// same markup, each is clicked again, so the tap is answered late rather than lost. React itself replays taps made
// while it hydrates, so recording stops when hydration starts.
//
// A link followed before the app is live must not load its page natively while the app starts: the router's first
// history write (replaceState) cancels a page load in progress, and the tap would be lost. Before the router exists
// the browser follows the link and start() then never makes one here (takeLinkBeforeStart); after, the tap is held
// and the link clicked again once the app is live, for the router to follow.
const tapped: HTMLElement[] = [];
let recording = false;
let linkBeforeStart: HTMLAnchorElement | null = null;
let routerMade = false;

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
    if (!leavesPage(event, link)) return;
    if (!routerMade) {
      // The browser loads the page at once; the app will not start under it.
      linkBeforeStart = link;
      return;
    }
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    if (!tapped.includes(link)) tapped.push(link);
    return;
  }
  const button = target?.closest('button');
  if (button && !tapped.includes(button)) tapped.push(button);
}

/**
 * For start(), before it makes the router: the link the browser is following, if any (start() then leaves this
 * page as it is). From this call on, a link tapped before the app is live is held and replayed instead.
 */
export function takeLinkBeforeStart(): HTMLAnchorElement | null {
  routerMade = true;
  return linkBeforeStart;
}

/** Starts recording taps on buttons inside `root`. */
export function recordEarlyClicks(root: HTMLElement): void {
  recording = true;
  root.addEventListener('click', record);
  stopRecording = () => {
    if (!recording) return [];
    recording = false;
    root.removeEventListener('click', record);
    return tapped.splice(0);
  };
}

let stopRecording: () => HTMLElement[] = () => [];

/**
 * Stops recording and answers the buttons tapped so far. `replay` clicks those still in the page, once the app is
 * live on them (html[data-app-live], set by the root layout).
 */
export function takeEarlyClicks(): { replay: () => void; links: HTMLAnchorElement[] } {
  const buttons = stopRecording();
  return {
    links: buttons.filter((b): b is HTMLAnchorElement => b instanceof HTMLAnchorElement),
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
