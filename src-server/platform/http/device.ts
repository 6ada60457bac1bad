// A session's device in plain words, from its User-Agent header ("Signed in on": docs/product.md#account). Only
// these words are kept, never the header: enough for a person to tell their phone from their laptop, no more.

/** Browsers, the more specific first: Edge, Opera and Samsung Internet also name Chrome, and Chrome names Safari. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems, the more specific first: Android names Linux, and an iPhone's Safari names Mac OS X. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: ReadonlyArray<[RegExp, string]>, ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** 'Chrome on Android', 'Safari on iPhone', 'Firefox', 'Windows', or 'An unknown device'. */
export function deviceOf(userAgent: string | undefined): string {
  // Bounded before any pattern runs: a header may be long.
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'An unknown device';
}
