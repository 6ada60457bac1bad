// The Active / Expired switch (docs/product.md#dashboard): a WAI-ARIA tablist with automatic activation; arrows
// wrap, Home/End go to the ends, and only the selected tab is in the Tab order.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

export function Tabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: ReadonlyArray<TabDef<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The tablist's accessible name. */
  label: string;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = (k: K) => `${base}-panel-${k}`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.key === selected);
    let next: number;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    else return;
    e.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-brand-100">
        {tabs.map((t) => {
          const isSelected = t.key === selected;
          return (
            <button
              key={t.key}
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={isSelected}
              aria-controls={panelId(t.key)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(t.key)}
              className={`-mb-px min-h-11 rounded-t-md border-b-4 px-4 py-2 font-semibold focus-visible:outline-offset-[-3px] ${
                isSelected ? 'border-brand-700 text-brand-700' : 'border-transparent text-ink-muted hover:border-brand-100 hover:text-ink'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className="pt-5">
        {children}
      </div>
    </div>
  );
}
