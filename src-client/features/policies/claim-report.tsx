// The claim report form (docs/product.md#reporting-a-claim), for one hand on a 320 px phone: one column, big targets,
// every field labelled, its error beside it from the same schema the server uses (contract/claim.ts claimInput), and
// focus on the first error. What is typed is kept on the phone as it is typed (outbox.ts); 'Send' puts it in the
// outbox and says what became of it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CLAIM_AFTER_COVER_MS,
  CLAIM_PARTIES_MAX,
  CLAIM_PHOTOS_MAX,
  claimInput,
  claimKindLabels,
  claimKinds,
  claimMessages,
  type ClaimKind,
} from '@server/contract/claim';
import { brand } from '@server/contract/brand';
import { epochToUkLocal } from '@server/contract/time';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { Button, buttonClass, TelLink } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { QueryScope } from '../../lib/query-client';
import { myPoliciesQuery } from './queries';
import { policyWindow } from './policy-time';
import { draftOf, emptyAnswers, isLimitRefusal, type ClaimAnswers, type OutboxPhoto, type Refusal, type SendResult, type StoredReport } from './outbox';
import { claimOutbox } from './outbox-store';
import { PhotoUnreadableError, shrinkPhoto } from './photo';

/** How long typing rests before it is written to the phone. */
const SAVE_AFTER_MS = 400;

type Errors = Record<string, string>;

/** Now, as a datetime-local field holds it in UK time. */
function nowLocal(now = Date.now()): string {
  const { date, time } = epochToUkLocal(now);
  return `${date}T${time}`;
}

/** Policies a claim can be made on: confirmed cover that has started and ended at most 30 days ago. */
function claimablePolicies(policies: readonly PolicyView[], now: number): PolicyView[] {
  return policies.filter((p) => {
    if (!p.policyNumber || p.status === 'pending' || p.status === 'void') return false;
    try {
      const { startAt, endAt } = policyWindow(p);
      return startAt <= now && now - endAt <= CLAIM_AFTER_COVER_MS;
    } catch {
      return false;
    }
  });
}

const policyLabel = (p: PolicyView) => [p.policyNumber, p.carModel, p.registration].filter(Boolean).join(' – ');

/** The schema's messages by field path ('location', 'otherVehicles.0', 'otherVehicles.0.registration'). */
function errorsOf(report: Pick<StoredReport, 'clientId' | 'answers' | 'photos'>): Errors {
  // Photos are checked for their number here; their bytes are the server's to judge.
  const result = claimInput.safeParse(draftOf(report, report.photos.map(() => ({ data: 'AA==' }))));
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages (by top-level field) as the form shows them. */
function serverErrors(fieldErrors: Record<string, string[]>): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(fieldErrors)) if (messages[0]) errors[field] = messages[0];
  return errors;
}

/** What the page says of a report that left the form. */
function resultText(result: SendResult): { tone: 'success' | 'info' | 'error'; text: string } {
  switch (result.kind) {
    case 'sent':
      return { tone: 'success', text: claimMessages.sent(result.claim.reference) };
    case 'offline':
      return { tone: 'info', text: claimMessages.saved };
    case 'later':
      return { tone: 'info', text: 'Saved on this phone - our server could not take it just now; it will be sent again shortly' };
    case 'signed-out':
      return { tone: 'info', text: 'Saved on this phone - sign in again to send it' };
    case 'refused':
      return { tone: 'error', text: result.refusal.message };
  }
}

export function ClaimReport({ userId }: { userId: number }) {
  return (
    <QueryScope>
      <ClaimReportInner userId={userId} />
    </QueryScope>
  );
}

function ClaimReportInner({ userId }: { userId: number }) {
  const outbox = claimOutbox();
  const [report, setReport] = useState<StoredReport | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** What became of reports sent from here or by the outbox meanwhile, newest first. */
  const [results, setResults] = useState<Array<{ clientId: string; result: SendResult }>>([]);
  const [done, setDone] = useState(false);

  const open = useCallback(() => {
    outbox
      .current(userId, () => emptyAnswers(nowLocal()))
      .then((r) => {
        setReport(r);
        setDone(false);
      })
      .catch(() => setLoadFailed(true));
  }, [outbox, userId]);

  useEffect(open, [open]);

  // Reports sent by the outbox on its own (the connection came back): their result replaces 'Saved on this phone'.
  useEffect(
    () =>
      outbox.subscribe(({ clientId, result }) => {
        if (!clientId || !result) return;
        setResults((list) => (list.some((x) => x.clientId === clientId) ? list.map((x) => (x.clientId === clientId ? { clientId, result } : x)) : list));
      }),
    [outbox],
  );

  const onSent = (clientId: string, result: SendResult) => {
    setResults((list) => [{ clientId, result }, ...list.filter((x) => x.clientId !== clientId)]);
    if (result.kind !== 'refused') setDone(true);
  };

  if (loadFailed) {
    return (
      <Alert tone="error" title="This phone cannot keep a claim report">
        Its storage is not available (a private window, or storage turned off). Please call the claims line above.
      </Alert>
    );
  }

  return (
    <>
      <div aria-live="polite" className="space-y-3">
        {results
          .filter((x) => x.result.kind !== 'refused')
          .map(({ clientId, result }) => {
            const { tone, text } = resultText(result);
            return <Alert key={clientId} tone={tone} title={text} />;
          })}
      </div>
      {done ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={open} className="w-full sm:w-auto">
            Report another claim
          </Button>
          <Link to="/dashboard" className={buttonClass('secondary', 'w-full sm:w-auto')}>
            See your claims
          </Link>
        </div>
      ) : report ? (
        <ClaimForm key={report.clientId} initial={report} userId={userId} onSent={onSent} />
      ) : (
        <p className="text-ink-muted">Loading the claim report...</p>
      )}
    </>
  );
}

function ClaimForm({ initial, userId, onSent }: { initial: StoredReport; userId: number; onSent: (clientId: string, result: SendResult) => void }) {
  const outbox = claimOutbox();
  const clientId = initial.clientId;
  const [answers, setAnswers] = useState<ClaimAnswers>(initial.answers);
  const [photos, setPhotos] = useState<OutboxPhoto[]>(initial.photos);
  const [errors, setErrors] = useState<Errors>(() => (initial.refusal ? serverErrors(initial.refusal.fieldErrors) : {}));
  const [refusal, setRefusal] = useState<Refusal | null>(initial.refusal ?? null);
  const [sending, setSending] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Kept on the phone as it is typed: after a pause, and at once when the page is hidden (the app closed).
  const latest = useRef({ answers, photos });
  latest.current = { answers, photos };
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveNow = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    return outbox.save({ clientId, userId, ...latest.current }).catch(() => undefined);
  }, [outbox, clientId, userId]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => void saveNow(), SAVE_AFTER_MS);
  }, [answers, photos, saveNow]);
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && pending.current) void saveNow();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      if (pending.current) void saveNow();
    };
  }, [saveNow]);

  // Focus goes to the first field in error, once the errors are drawn.
  useEffect(() => {
    if (focusErrors === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);
  // A report reopened after a refusal starts on its first error.
  useEffect(() => {
    if (initial.refusal) setFocusErrors((n) => n + 1);
  }, [initial.refusal]);

  const set = <K extends keyof ClaimAnswers>(key: K, value: ClaimAnswers[K]) => {
    setAnswers((a) => ({ ...a, [key]: value }));
    // A corrected field loses its message; the others stay until the next 'Send'.
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  async function submit() {
    const found = errorsOf({ clientId, answers, photos });
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      setFocusErrors((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      await saveNow();
      const result = await outbox.send(clientId);
      if (result.kind === 'refused') {
        setErrors(serverErrors(result.refusal.fieldErrors));
        setRefusal(result.refusal);
        setFocusErrors((n) => n + 1);
      }
      onSent(clientId, result);
    } catch {
      setRefusal({ status: 0, message: 'This phone could not keep the report. Please try again, or call the claims line above.', fieldErrors: {} });
    } finally {
      setSending(false);
    }
  }

  const err = (key: string) => errors[key];

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Claim report"
      className="mt-6 space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        if (!sending) void submit();
      }}
    >
      {refusal ? (
        <Alert tone="error" title="The report was not sent">
          <p>{refusal.message}</p>
          {isLimitRefusal(refusal) ? (
            // Nothing to correct: the day's limit is reached, and the claims line takes the report now.
            <p className="mt-1">
              It is still on this phone as you typed it. Call the 24/7 claims line: <TelLink phone={brand.phones.claims} label="Call the 24/7 claims line" />
            </p>
          ) : (
            <p className="mt-1">It is still on this phone: correct it and send it again.</p>
          )}
        </Alert>
      ) : null}

      <PolicyField userId={userId} value={answers.policyNumber} error={err('policyNumber')} onChange={(v) => set('policyNumber', v)} />

      <RadioGroup
        name="kind"
        legend="What happened"
        value={answers.kind}
        error={err('kind')}
        options={claimKinds.map((k) => ({ value: k, label: claimKindLabels[k] }))}
        onChange={(v) => set('kind', v as ClaimKind)}
      />

      <TextField
        name="occurredAt"
        type="datetime-local"
        label="When it happened (UK time)"
        value={answers.occurredAt}
        max={nowLocal()}
        error={err('occurredAt')}
        onChange={(e) => set('occurredAt', e.target.value)}
      />

      <LocationField
        location={answers.location}
        coordinates={answers.coordinates}
        error={err('location') ?? err('coordinates')}
        onLocation={(v) => set('location', v)}
        onCoordinates={(c) => {
          set('coordinates', c);
          // With the phone's location, the place need not be typed.
          if (c) setErrors(({ location: _gone, ...rest }) => rest);
        }}
      />

      <TextAreaField
        name="description"
        label="Describe what happened"
        hint="In your own words: what you saw, what was damaged."
        rows={5}
        value={answers.description}
        error={err('description')}
        onChange={(e) => set('description', e.target.value)}
      />

      <TextField
        name="phone"
        type="tel"
        autoComplete="tel"
        label="Your phone number"
        hint="So our claims team can call you."
        value={answers.phone}
        error={err('phone')}
        onChange={(e) => set('phone', e.target.value)}
      />

      <PhotosField
        photos={photos}
        error={err('photos')}
        onChange={(next) => {
          setPhotos(next);
          setErrors(({ photos: _gone, ...rest }) => rest);
        }}
      />

      <Parties
        legend="Other vehicles"
        itemName="Other vehicle"
        addLabel="Add another vehicle"
        empty="No other vehicles added."
        items={answers.otherVehicles}
        error={err('otherVehicles')}
        errors={errors}
        errorPrefix="otherVehicles"
        blank={{ registration: '', driverName: '', contact: '', insurer: '' }}
        fields={[
          { key: 'registration', label: 'Registration', autoComplete: 'off' },
          { key: 'driverName', label: "Driver's name", autoComplete: 'off' },
          { key: 'contact', label: 'Contact (phone or e-mail)', autoComplete: 'off' },
          { key: 'insurer', label: 'Insurer', autoComplete: 'off' },
        ]}
        onChange={(list) => set('otherVehicles', list)}
      />

      <Parties
        legend="Witnesses"
        itemName="Witness"
        addLabel="Add a witness"
        empty="No witnesses added."
        items={answers.witnesses}
        error={err('witnesses')}
        errors={errors}
        errorPrefix="witnesses"
        blank={{ name: '', contact: '' }}
        fields={[
          { key: 'name', label: 'Name', autoComplete: 'off' },
          { key: 'contact', label: 'Contact (phone or e-mail)', autoComplete: 'off' },
        ]}
        onChange={(list) => set('witnesses', list)}
      />

      <RadioGroup
        name="injuries"
        legend="Was anyone hurt?"
        value={answers.injuries}
        error={err('injuries')}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        onChange={(v) => set('injuries', v as 'yes' | 'no')}
      />
      {answers.injuries === 'yes' ? (
        <TextAreaField
          name="injuryDetails"
          label="Who was hurt, and how"
          rows={3}
          value={answers.injuryDetails}
          error={err('injuryDetails')}
          onChange={(e) => set('injuryDetails', e.target.value)}
        />
      ) : null}

      <TextField
        name="policeReference"
        label="Police reference"
        required={false}
        autoComplete="off"
        value={answers.policeReference}
        error={err('policeReference')}
        onChange={(e) => set('policeReference', e.target.value)}
      />

      <div>
        <Button type="submit" disabled={sending} className="min-h-14 w-full text-lg">
          {sending ? 'Sending...' : 'Send'}
        </Button>
        <p className="mt-2 text-sm text-ink-muted">With no signal, it is kept on this phone and sent when the signal returns.</p>
      </div>
    </form>
  );
}

/** The customer's policies a claim can be made on (the dashboard's list, kept on the phone for offline use). */
function PolicyField({ userId, value, error, onChange }: { userId: number; value: string; error: string | undefined; onChange: (v: string) => void }) {
  const query = useQuery(myPoliciesQuery(userId));
  const options = useMemo(() => {
    const list = claimablePolicies(query.data ?? [], Date.now()).map((p) => ({ value: p.policyNumber, label: policyLabel(p) }));
    // A policy chosen before stays choosable even if the list has moved on (the server judges it).
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value });
    return list;
  }, [query.data, value]);
  if (!query.data && query.isError) {
    // No list and no copy on the phone: the number can still be typed (it is on the certificate).
    return (
      <TextField
        name="policyNumber"
        label="Policy number"
        hint="Your policies cannot be shown just now: it is on your certificate and your e-mails."
        autoComplete="off"
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <SelectField
      name="policyNumber"
      label="Policy"
      hint={query.isPending ? 'Loading your policies...' : options.length === 0 ? 'You have no policy in force or ended in the last 30 days: please call the claims line.' : undefined}
      placeholder="Choose the policy"
      options={options}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function RadioGroup({
  name,
  legend,
  value,
  error,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: string;
  error: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold text-ink">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-4 py-2 text-ink has-checked:border-brand-700 has-checked:bg-brand-50 ${error ? 'border-red-700' : 'border-slate-400'}`}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(o.value)}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type Coordinates = ClaimAnswers['coordinates'];

function LocationField({
  location,
  coordinates,
  error,
  onLocation,
  onCoordinates,
}: {
  location: string;
  coordinates: Coordinates;
  error: string | undefined;
  onLocation: (v: string) => void;
  onCoordinates: (c: Coordinates) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = () => {
    setAsking(true);
    setNote(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setAsking(false);
        const { latitude, longitude, accuracy } = position.coords;
        onCoordinates({ latitude, longitude, ...(Number.isFinite(accuracy) ? { accuracy: Math.round(accuracy) } : {}) });
      },
      (failure) => {
        setAsking(false);
        // Refusing is fine: the place can be typed.
        setNote(failure.code === failure.PERMISSION_DENIED ? 'Your location was not shared: type where it happened instead.' : 'Your location could not be found: type where it happened instead.');
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className="space-y-3">
      <TextField
        name="location"
        label="Where it happened"
        hint="A road, junction, town or postcode."
        required={coordinates === null}
        autoComplete="off"
        value={location}
        error={error}
        onChange={(e) => onLocation(e.target.value)}
      />
      <div aria-live="polite">
        {coordinates ? (
          <div className="flex flex-col gap-2 rounded-md bg-brand-50 p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ink">
              Your phone’s location is added ({coordinates.latitude.toFixed(5)}, {coordinates.longitude.toFixed(5)}
              {coordinates.accuracy !== undefined ? `, to about ${coordinates.accuracy} m` : ''}).
            </p>
            <Button variant="secondary" onClick={() => onCoordinates(null)}>
              Remove location
            </Button>
          </div>
        ) : note ? (
          <p className="text-ink">{note}</p>
        ) : null}
      </div>
      {canLocate && !coordinates ? (
        <Button variant="secondary" onClick={locate} disabled={asking} className="w-full sm:w-auto">
          {asking ? 'Finding your location...' : 'Use my location'}
        </Button>
      ) : null}
    </div>
  );
}

function PhotosField({ photos, error, onChange }: { photos: OutboxPhoto[]; error: string | undefined; onChange: (p: OutboxPhoto[]) => void }) {
  const id = useId();
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const shown = error ?? message;
  const urls = useObjectUrls(photos);

  const add = async (files: File[]) => {
    setMessage(null);
    setWorking(true);
    const next = [...photos];
    let problem: string | null = null;
    for (const file of files) {
      if (next.length >= CLAIM_PHOTOS_MAX) {
        problem = claimMessages.tooManyPhotos;
        break;
      }
      try {
        const { blob, width, height } = await shrinkPhoto(file);
        // The shrunk JPEG carries no EXIF, so the time taken travels beside it: the file's own time, which is the
        // moment of the shot for the camera and the saved photo's time for the gallery.
        next.push({ id: crypto.randomUUID(), blob, width, height, ...(file.lastModified ? { takenAt: new Date(file.lastModified).toISOString() } : {}) });
      } catch (e) {
        problem = e instanceof PhotoUnreadableError ? claimMessages.photoInvalid : 'This photo could not be added. Please try again.';
      }
    }
    setWorking(false);
    setMessage(problem);
    onChange(next);
  };

  const full = photos.length >= CLAIM_PHOTOS_MAX;
  return (
    <fieldset aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}>
      <legend className="font-semibold text-ink">
        Photos <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        Up to {CLAIM_PHOTOS_MAX}: the scene, the damage, the other vehicles’ plates. They are made smaller on this phone. {photos.length} of {CLAIM_PHOTOS_MAX} added.
      </p>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p, i) => (
            <li key={p.id} className="rounded-md border border-slate-300 p-2">
              {urls.get(p.id) ? <img src={urls.get(p.id)} alt={`Photo ${i + 1}`} className="aspect-square w-full rounded object-cover" /> : null}
              <Button variant="secondary" className="mt-2 w-full" aria-label={`Remove photo ${i + 1}`} onClick={() => onChange(photos.filter((x) => x.id !== p.id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <label htmlFor={id} className={`${buttonClass('secondary', 'mt-3 w-full cursor-pointer sm:w-auto')} has-focus-visible:outline-2 has-focus-visible:outline-brand-700`}>
          {working ? 'Adding photos...' : 'Add photos'}
          <input
            id={id}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            aria-invalid={shown ? true : undefined}
            className="sr-only"
            disabled={working}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) void add(files);
            }}
          />
        </label>
      )}
      {shown ? (
        <p id={`${id}-error`} role={message ? 'alert' : undefined} className="mt-1 text-sm font-semibold text-red-700">
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An object URL per photo for its thumbnail, revoked when the photo goes or the form closes. */
function useObjectUrls(photos: OutboxPhoto[]): Map<string, string> {
  const [urls, setUrls] = useState(() => new Map<string, string>());
  useEffect(() => {
    const next = new Map<string, string>();
    for (const p of photos) next.set(p.id, URL.createObjectURL(p.blob));
    setUrls(next);
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url);
    };
  }, [photos]);
  return urls;
}

interface PartyField<T> {
  key: keyof T & string;
  label: string;
  autoComplete: string;
}

function Parties<T extends Record<string, string>>({
  legend,
  itemName,
  addLabel,
  empty,
  items,
  error,
  errors,
  errorPrefix,
  blank,
  fields,
  onChange,
}: {
  legend: string;
  itemName: string;
  addLabel: string;
  empty: string;
  items: T[];
  error: string | undefined;
  errors: Errors;
  errorPrefix: string;
  blank: T;
  fields: ReadonlyArray<PartyField<T>>;
  onChange: (list: T[]) => void;
}) {
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
          const entryError = errors[`${errorPrefix}.${i}`];
          return (
            <PartyEntry key={i} title={`${itemName} ${i + 1}`} error={entryError}>
              {fields.map((f) => (
                <TextField
                  key={f.key}
                  name={f.key}
                  label={f.label}
                  required={false}
                  autoComplete={f.autoComplete}
                  value={item[f.key]}
                  error={errors[`${errorPrefix}.${i}.${f.key}`]}
                  // An entry left empty: its message is above its fields, and focus goes to the first of them.
                  aria-invalid={errors[`${errorPrefix}.${i}.${f.key}`] || (entryError && f === fields[0]) ? true : undefined}
                  onChange={(e) => onChange(items.map((x, j) => (j === i ? { ...x, [f.key]: e.target.value } : x)))}
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
            onChange([...items, { ...blank }]);
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
