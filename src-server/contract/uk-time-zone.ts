// The UK's time zone alone, so the public pages' start-up script need not load contract/time.ts and its library.
export const UK_TIME_ZONE = 'Europe/London';
