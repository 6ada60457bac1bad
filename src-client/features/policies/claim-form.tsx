// The claim report's form (docs/product.md#reporting-a-claim): one column, every field labelled, its error beside it
// from the schema (claim-checks.ts) and focus on the first; what is typed is kept on the phone after a pause and at
// once when the app is hidden (outbox.ts); 'Send' puts it in the outbox and says what became of it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { claimKindLabels, claimKinds, type ClaimKind } from '@server/contract/claim';
import { brand } from '@server/contract/brand';
import { Alert } from '../../components/alert';
import { Button, TelLink } from '../../components/button';
import { TextAreaField, TextField } from '../../components/field';
import { errorsOf, nowLocal, serverErrors, type Errors } from './claim-checks';
import { LocationField, PolicyField, RadioGroup } from './claim-fields';
import { Parties } from './claim-parties';
import { PhotosField } from './claim-photos';
import { isLimitRefusal, type ClaimAnswers, type OutboxPhoto, type Refusal, type SendResult, type StoredReport } from './outbox';
import { claimOutbox } from './outbox-store';

/** How long typing rests before it is written to the phone. */
const SAVE_AFTER_MS = 400;

export function ClaimForm({ initial, userId, onSent }: { initial: StoredReport; userId: number; onSent: (clientId: string, result: SendResult) => void }) {
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

