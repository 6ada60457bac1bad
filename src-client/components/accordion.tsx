// A disclosure accordion (WAI-ARIA APG "Accordion"): each header is a real <button> inside a heading, so click,
// Enter and Space toggle it with no key handling of ours. Each item's `id` sits on its outer element, so a URL hash
// scrolls to it; pass the hash as `defaultOpenId` to open it too.
import { useState, type ReactNode } from 'react';
import { expandedOnPage } from '../lib/hydration';
import { listClass } from './button';

export interface AccordionItem {
  /** Unique on the page: the item's element id (a URL hash target); header and panel ids derive from it. */
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/** An item's content that is only plain paragraphs, one string each. */
export const paragraphs = (...texts: string[]) => texts.map((text) => <p key={text}>{text}</p>);

/** A list whose items each start with a term in bold; the rest of each item carries its own leading space or punctuation. */
export function TermList({ items }: { items: ReadonlyArray<[term: string, rest: string]> }) {
  return (
    <ul className={listClass}>
      {items.map(([term, rest]) => (
        <li key={term}>
          <strong>{term}</strong>
          {rest}
        </li>
      ))}
    </ul>
  );
}

/** Each header is an h2, its title numbered ("1. ", "2. " ...) as part of the button's accessible name. */
export function Accordion({ items, defaultOpenId }: { items: ReadonlyArray<AccordionItem>; defaultOpenId?: string | undefined }) {
  // Sections the visitor opened before the app was live (boot/early-disclosures.ts) stay open.
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set([...(defaultOpenId ? [defaultOpenId] : []), ...items.filter((item) => expandedOnPage(`${item.id}-panel`)).map((item) => item.id)]),
  );

  // A new defaultOpenId (the hash changed) opens that item too, during render: no effect, no second paint.
  const [appliedDefault, setAppliedDefault] = useState(defaultOpenId);
  if (defaultOpenId !== appliedDefault) {
    setAppliedDefault(defaultOpenId);
    if (defaultOpenId && !open.has(defaultOpenId)) setOpen(new Set(open).add(defaultOpenId));
  }

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="divide-y divide-brand-100 overflow-hidden rounded-lg border border-brand-100 bg-white">
      {items.map((item, index) => {
        const isOpen = open.has(item.id);
        const buttonId = `${item.id}-button`;
        const panelId = `${item.id}-panel`;
        return (
          <div key={item.id} id={item.id} className="scroll-mt-4">
            <h2 className="text-base font-semibold sm:text-lg">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex min-h-12 w-full items-center justify-between gap-4 px-4 py-3 text-left text-brand-700 hover:bg-brand-50 focus-visible:-outline-offset-4"
              >
                <span>
                  <span className="tabular-nums">{index + 1}. </span>
                  {item.title}
                </span>
                <svg
                  aria-hidden="true"
                  focusable="false"
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  className={`shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                >
                  <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="space-y-3 px-4 pt-1 pb-5 leading-relaxed text-ink"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
