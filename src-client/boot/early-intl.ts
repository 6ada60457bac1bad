// UK time formatting made ready while the app's code downloads (docs/performance.md#the-dashboards-first-load).
//
// The first Intl.DateTimeFormat for a time zone loads the browser's time-zone and locale data: 45-90 ms on the slow
// phone profile, measured in Chromium. Left to the app, that cost lands on the way to the dashboard's policy card
// (the common chunk makes its UK-time formatter as it loads, and the card's dates are UK time). Here it is paid
// while the main thread would otherwise wait for the scripts; the app's own formatters then take ~9 ms.
// Two kinds are made: the app's own (en-GB dates and times), and the one the time-zone library (@date-fns/tz,
// behind contract/time.ts) makes to read the zone's offset (en-US, `longOffset`), whose data is loaded apart: its
// first use, turning the policy's dates into instants, takes 34 ms of the card's render at 4x cold, 5-12 ms warmed.
import { UK_TIME_ZONE } from '@server/contract/uk-time-zone';

/** Makes and uses the UK-time formatters the app will, so the data they need is loaded now. Never throws. */
export function warmUkTimeFormatting(): void {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.DateTimeFormat('en-US', { timeZone: UK_TIME_ZONE, timeZoneName: 'longOffset' }).format(0);
  } catch {
    // A browser without the zone's data formats nothing here; the app says so where it formats.
  }
}
