// The UK's time zone, alone in a module so that the public pages' start-up script can name it without taking
// contract/time.ts (and its time-zone library) along.
export const UK_TIME_ZONE = 'Europe/London';
