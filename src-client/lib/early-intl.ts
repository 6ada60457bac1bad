// UK time formatting made ready while the app's code downloads (docs/performance.md#the-dashboards-first-load).
//
// The first Intl.DateTimeFormat for a time zone loads the browser's time-zone and locale data: 45-90 ms on the slow
// phone profile, measured in Chromium. Left to the app, that cost lands on the way to the dashboard's policy card
// (the common chunk makes its UK-time formatter as it loads, and the card's dates are UK time). Here it is paid
// while the main thread would otherwise wait for the scripts; the app's own formatters then take ~9 ms.
import { UK_TIME_ZONE } from '@server/contract/uk-time-zone';

/** Makes and uses one UK-time formatter, so the data it needs is loaded now. Never throws. */
export function warmUkTimeFormatting(): void {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(0);
  } catch {
    // A browser without the zone's data formats nothing here; the app says so where it formats.
  }
}
