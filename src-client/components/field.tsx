// Labelled form controls: the label, the hint and the error are tied to the control for screen readers,
// and the control carries the field name of docs/product.md#records so autofill, tests and the API agree.
import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

const controlClass = (error: unknown) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-sm ${
    error ? 'border-red-700' : 'border-slate-400'
  } focus:border-brand-700`;

/** Ids for the control, its hint and its error, and the attributes that tie them together. */
function useFieldIds(error: unknown, hint: unknown, required: boolean, className: string) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-required': required || undefined,
    className: `${controlClass(error)} ${className}`,
  };
  return { id, hintId, errorId, control };
}

function Frame({ id, label, hint, hintId, error, errorId, required, children }: FieldFrame & { id: string; hintId?: string | undefined; errorId?: string | undefined; required?: boolean | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
        {required ? null : <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ ref, label, hint, error, required = true, className = '', ...input }: FieldFrame & ComponentProps<'input'>) {
  const ids = useFieldIds(error, hint, required, className);
  return (
    <Frame id={ids.id} label={label} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} required={required}>
      <input ref={ref} {...ids.control} {...input} />
    </Frame>
  );
}

/** Text of more than one line (line breaks kept), such as a staff note. */
export function TextAreaField({ ref, label, hint, error, required = true, className = '', ...textarea }: FieldFrame & ComponentProps<'textarea'>) {
  const ids = useFieldIds(error, hint, required, className);
  return (
    <Frame id={ids.id} label={label} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} required={required}>
      <textarea ref={ref} {...ids.control} {...textarea} />
    </Frame>
  );
}

type SelectOption = { value: string; label: string };
type SelectProps = FieldFrame &
  ComponentProps<'select'> & {
    options: ReadonlyArray<SelectOption>;
    /** Options under group headings (<optgroup>), after `options`: such as times by day. */
    groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<SelectOption> }>;
    placeholder?: string;
  };

export function SelectField({ ref, label, hint, error, required = true, options, groups = [], placeholder, className = '', ...select }: SelectProps) {
  const ids = useFieldIds(error, hint, required, className);
  return (
    <Frame id={ids.id} label={label} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} required={required}>
      <select ref={ref} {...ids.control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Frame>
  );
}

export function CheckboxField({ ref, label, hint, className = '', ...input }: { label: ReactNode; hint?: ReactNode } & ComponentProps<'input'>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <input ref={ref} id={id} type="checkbox" aria-describedby={hintId} className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700" {...input} />
        <label htmlFor={id} className="text-ink">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 pl-8 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A new account's username, with the rule it must keep (contract/usernames.ts), as registration and the purchase ask it. */
export function NewUsernameField(props: FieldFrame & ComponentProps<'input'>) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} hint="3 to 32 characters: letters, digits, dots, hyphens and underscores." {...props} />;
}
