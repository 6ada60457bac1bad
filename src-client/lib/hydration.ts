// Prerendered pages hydrate only if the first client render matches the build's markup, so whatever depends on the
// device or the present (today, the session, the display mode) waits for the render after it.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

const subscribeNever = () => () => undefined;

/** False while React hydrates prerendered markup (and while prerendering), true in every render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** True while the build prerenders pages in Node (scripts/prerender.tsx): there is no browser and no visitor. */
export const isPrerendering = (): boolean => typeof document === 'undefined';

/** `data-live` once the app is live on this form (React may hydrate parts later): boot/early-input.ts replays then. */
export function useLiveForm(): { 'data-live'?: '' } {
  return useHydrated() ? { 'data-live': '' } : {};
}

/**
 * Whether the disclosure button controlling `controls` is expanded on the page now (boot/early-disclosures.ts may
 * have toggled it), so the hydrating render starts from what the visitor sees.
 */
export function expandedOnPage(controls: string): boolean {
  if (isPrerendering()) return false;
  const button = [...document.querySelectorAll('button[aria-controls]')].find((b) => b.getAttribute('aria-controls') === controls);
  return button?.getAttribute('aria-expanded') === 'true';
}

/** What useEarlyForm needs of a form's schema: zod's safeParse, in short. */
interface FormSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** Each field's first message when the form holds `empty`, by field name. */
export function emptyMessagesOf(schema: FormSchema, empty: Record<string, unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of schema.safeParse(empty).error?.issues ?? []) {
    const name = issue.path[0];
    if (typeof name === 'string') messages[name] ??= issue.message;
  }
  return messages;
}

/**
 * For a prerendered form with required fields (docs/performance.md#the-first-interaction): `field(name)` gives each
 * field its schema's empty message as `data-empty-message` (in the hydrated markup only); `form` carries the live
 * mark and a ref. Once live, fields still showing the start-up script's message are checked by `check`, so the
 * app's own messages, which screen readers read with their fields, take their place.
 */
export function useEarlyForm<Name extends string>(
  schema: FormSchema,
  empty: Record<string, unknown>,
  check: (names: Name[]) => unknown,
): { form: { 'data-live'?: ''; ref: RefObject<HTMLFormElement | null> }; field: (name: string) => { 'data-empty-message'?: string } } {
  const live = useLiveForm();
  const hydrated = live['data-live'] !== undefined;
  const ref = useRef<HTMLFormElement>(null);
  const [messages] = useState(() => (hydrated ? {} : emptyMessagesOf(schema, empty)));
  useEffect(() => {
    if (!hydrated || !ref.current) return;
    const names = [...ref.current.querySelectorAll('[data-early-error] > [name]')].map((f) => f.getAttribute('name') as Name);
    if (names.length > 0) void check(names);
    // Once, as the app goes live on the form.
  }, [hydrated]);
  return {
    form: { ...live, ref },
    field: (name) => {
      const message = hydrated ? undefined : messages[name];
      return message ? { 'data-empty-message': message } : {};
    },
  };
}
