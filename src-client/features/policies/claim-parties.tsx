// The claim report's other vehicles and witnesses (docs/product.md#reporting-a-claim): entries added and removed,
// focus moving into a new one, up to the contract's number.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CLAIM_PARTIES_MAX } from '@server/contract/claim';
import { Button, buttonClass } from '../../components/button';
import { TextField } from '../../components/field';

/** Each list's words, and its entries' fields by name with their labels, in the form's order. */
const LISTS = {
  otherVehicles: {
    legend: 'Other vehicles',
    itemName: 'Other vehicle',
    addLabel: 'Add another vehicle',
    empty: 'No other vehicles added.',
    fields: { registration: 'Registration', driverName: "Driver's name", contact: 'Contact (phone or e-mail)', insurer: 'Insurer' },
  },
  witnesses: {
    legend: 'Witnesses',
    itemName: 'Witness',
    addLabel: 'Add a witness',
    empty: 'No witnesses added.',
    fields: { name: 'Name', contact: 'Contact (phone or e-mail)' },
  },
} as const;

export type PartyList = keyof typeof LISTS;
export const partyLists = Object.keys(LISTS) as PartyList[];

type Entry = Record<string, string>;

export function Parties({
  name,
  items,
  errorOf,
  onChange,
}: {
  name: PartyList;
  items: readonly Entry[];
  /** The message at a path: the list's ('witnesses'), an entry's ('witnesses.0') or a field's ('witnesses.0.name'). */
  errorOf: (path: string) => string | undefined;
  onChange: (list: Entry[]) => void;
}) {
  const { legend, itemName, addLabel, empty } = LISTS[name];
  const fields: Entry = LISTS[name].fields;
  const keys = Object.keys(fields);
  const error = errorOf(name);
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusLast, setFocusLast] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusLast) return;
    setFocusLast(false);
    const groups = listRef.current?.querySelectorAll('fieldset');
    groups?.[groups.length - 1]?.querySelector<HTMLElement>('input')?.focus();
  }, [focusLast]);
  const full = items.length >= CLAIM_PARTIES_MAX;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-lg font-bold text-ink">
        {legend} <span className="text-base font-normal text-ink-muted">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {items.length === 0 ? empty : `Up to ${CLAIM_PARTIES_MAX}.`} Whatever you could take down.
      </p>
      <div ref={listRef} className="mt-3 space-y-4">
        {items.map((item, i) => {
          const entryError = errorOf(`${name}.${i}`);
          return (
            <PartyEntry key={i} title={`${itemName} ${i + 1}`} error={entryError}>
              {keys.map((key) => (
                <TextField
                  key={key}
                  name={key}
                  label={fields[key]}
                  required={false}
                  autoComplete="off"
                  value={item[key]}
                  error={errorOf(`${name}.${i}.${key}`)}
                  // An entry left empty: its message is above its fields, and focus goes to the first of them.
                  aria-invalid={errorOf(`${name}.${i}.${key}`) || (entryError && key === keys[0]) ? true : undefined}
                  onChange={(e) => onChange(items.map((x, j) => (j === i ? { ...x, [key]: e.target.value } : x)))}
                />
              ))}
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                aria-label={`Remove ${itemName.toLowerCase()} ${i + 1}`}
                onClick={() => {
                  onChange(items.filter((_, j) => j !== i));
                  addRef.current?.focus();
                }}
              >
                Remove
              </Button>
            </PartyEntry>
          );
        })}
      </div>
      {full ? (
        <p className="mt-3 text-ink-muted">You have added {CLAIM_PARTIES_MAX}, the most a report takes: tell us about any others when we call.</p>
      ) : (
        <button
          ref={addRef}
          type="button"
          className={buttonClass('secondary', 'mt-3 w-full sm:w-auto')}
          onClick={() => {
            onChange([...items, Object.fromEntries(keys.map((key) => [key, '']))]);
            setFocusLast(true);
          }}
        >
          {addLabel}
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PartyEntry({ title, error, children }: { title: string; error: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-3 rounded-md border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-ink">{title}</legend>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
