// Public pages arrive prerendered (docs/product.md#public-pages) and React hydrates them: the first client render
// must produce the same markup as the build did. Whatever depends on the visitor's device or the present time
// (today's date, the session, the display mode) is therefore left out of that first render and filled in by the
// render React schedules straight after it.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates prerendered markup (and during prerendering itself), true in every render after.
 * What depends on the present (a date field's limit set from today) is left out until then. What a visitor types
 * or sends before the app is live is kept by boot/early-input.ts.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** True while the build prerenders pages in Node (scripts/prerender.tsx): there is no browser and no visitor. */
export const isPrerendering = (): boolean => typeof document === 'undefined';

/**
 * For a form on a prerendered page: `data-live` once the app is live on the form itself (React may hydrate a part of
 * the page after the rest), which is when boot/early-input.ts puts back what was typed and sends what was sent.
 */
export function useLiveForm(): { 'data-live'?: '' } {
  return useHydrated() ? { 'data-live': '' } : {};
}

/**
 * Whether the disclosure button controlling the element `controls` is expanded on the page as it stands: before the
 * app is live the start-up script answers a tap on it (boot/early-disclosures.ts), so a component's first render,
 * the one React hydrates, starts from what the visitor sees. False while prerendering and where no such button is.
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
 * For a prerendered form with required fields: what the start-up script needs to answer it before the app is live,
 * and the handover once it is (boot/early-messages.ts, docs/performance.md#the-first-interaction).
 * - `field(name)`, spread onto each field: the message the field shows when the form is sent with it empty, from
 *   the form's own schema, as `data-empty-message`. Only in the markup the build writes and React hydrates.
 * - `form`, spread onto the <form>: useLiveForm's mark, and a ref. Once the app is live, the fields still showing
 *   the start-up script's message (sent empty, not typed into since) are checked by the app (`check`, the form
 *   library's trigger), so its own messages, read by screen readers with their fields, take their place.
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
