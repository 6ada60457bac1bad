// The claim report's form (docs/product.md#reporting-a-claim): one column, every field labelled, its error beside it
// from the schema (claim-checks.ts) and focus on the first; what is typed is kept on the phone after a pause and at
// once when the app is hidden (outbox.ts); 'Send' puts it in the outbox and says what became of it.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Path } from 'react-hook-form';
import { claimKindLabels, claimKinds, type ClaimKind } from '@server/contract/claim';
import { brand } from '@server/contract/brand';
import { Alert } from '../../components/alert';
import { Button, TelLink } from '../../components/button';
import { TextAreaField, TextField } from '../../components/field';
import { useContractForm } from '../../lib/contract-form';
import { claimForm, nowLocal, type ClaimValues } from './claim-checks';
import { LocationField, PolicyField, RadioGroup } from './claim-fields';
import { Parties, partyLists } from './claim-parties';
import { PhotosField } from './claim-photos';
import type { SendResult } from './outbox';
import { isLimitRefusal, type Refusal, type StoredReport } from './stored-report';
import { claimOutbox } from './outbox-store';

/** How long typing rests before it is written to the phone. */
const SAVE_AFTER_MS = 400;

/** The answers typed into a text box of their own. */
type TextAnswer = 'occurredAt' | 'description' | 'phone' | 'injuryDetails' | 'policeReference';

export function ClaimForm({ initial, userId, onSent }: { initial: StoredReport; userId: number; onSent: (clientId: string, result: SendResult) => void }) {
  const outbox = claimOutbox();
  const clientId = initial.clientId;
  const schema = useMemo(() => claimForm(clientId), [clientId]);
  const { field, watch, getValues, setValue, clearErrors, errorOf, formState, isSubmitting, message, clear, fail, submit } = useContractForm(
    schema,
    { ...initial.answers, photos: initial.photos },
    // A message stays until the next 'Send' unless its answer changes; focus goes to the first in the page's order.
    { reValidateMode: 'onSubmit', shouldFocusError: false },
  );
  const values = watch();
  const formRef = useRef<HTMLFormElement>(null);

  // Kept on the phone as it is typed: after a pause, and at once when the page is hidden (the app closed).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveNow = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    const { photos, ...answers } = getValues();
    return outbox.save({ clientId, userId, answers, photos }).catch(() => undefined);
  }, [outbox, clientId, userId, getValues]);
  useEffect(() => {
    const typing = watch(() => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => void saveNow(), SAVE_AFTER_MS);
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden' && pending.current) void saveNow();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      typing.unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      if (pending.current) void saveNow();
    };
  }, [watch, saveNow]);

  /** A refusal: the server's field messages on their fields, and its message above the form. */
  const refuse = (refusal: Refusal) => fail({ kind: 'server', details: undefined, ...refusal }, refusal, () => refusal.message);
  // A report reopened after a refusal shows it again.
  useEffect(() => {
    if (initial.refusal) refuse(initial.refusal);
  }, [initial.refusal]);

  // Focus goes to the first field in error once the errors are drawn: after a 'Send', and after a refusal.
  const focusFirstError = () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  useEffect(focusFirstError, [formState.submitCount]);
  useEffect(() => {
    if (message) focusFirstError();
  }, [message]);

  // A corrected answer loses its message; the others stay until the next 'Send'.
  const set = <K extends keyof ClaimValues>(key: K, value: ClaimValues[K]) => {
    setValue(key as Path<ClaimValues>, value);
    if (errorOf(key)) clearErrors(key);
  };
  const text = (name: TextAnswer) => field(name, { onChange: () => clearErrors(name) });

  const onSubmit = submit(async () => {
    let result: SendResult;
    try {
      await saveNow();
      result = await outbox.send(clientId);
    } catch {
      return refuse({ status: 0, message: 'This phone could not keep the report. Please try again, or call the claims line above.', fieldErrors: {} });
    }
    if (result.kind === 'refused') refuse(result.refusal);
    onSent(clientId, result);
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Claim report"
      className="mt-6 space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        if (isSubmitting) return;
        clear();
        void onSubmit(e);
      }}
    >
      {message ? (
        <Alert tone="error" title="The report was not sent">
          <p>{message.text}</p>
          {isLimitRefusal(message.cause as Refusal) ? (
            // Nothing to correct: the day's limit is reached, and the claims line takes the report now.
            <p className="mt-1">
              It is still on this phone as you typed it. Call the 24/7 claims line: <TelLink phone={brand.phones.claims} label="Call the 24/7 claims line" />
            </p>
          ) : (
            <p className="mt-1">It is still on this phone: correct it and send it again.</p>
          )}
        </Alert>
      ) : null}

      <PolicyField userId={userId} value={values.policyNumber} error={errorOf('policyNumber')} onChange={(v) => set('policyNumber', v)} />

      <RadioGroup
        name="kind"
        legend="What happened"
        value={values.kind}
        error={errorOf('kind')}
        options={claimKinds.map((k) => ({ value: k, label: claimKindLabels[k] }))}
        onChange={(v) => set('kind', v as ClaimKind)}
      />

      <TextField type="datetime-local" label="When it happened (UK time)" max={nowLocal()} {...text('occurredAt')} />

      <LocationField
        location={values.location}
        coordinates={values.coordinates}
        error={errorOf('location') ?? errorOf('coordinates')}
        onLocation={(v) => set('location', v)}
        onCoordinates={(c) => {
          set('coordinates', c);
          // With the phone's location, the place need not be typed.
          if (c) clearErrors('location');
        }}
      />

      <TextAreaField label="Describe what happened" hint="In your own words: what you saw, what was damaged." rows={5} {...text('description')} />

      <TextField type="tel" autoComplete="tel" label="Your phone number" hint="So our claims team can call you." {...text('phone')} />

      <PhotosField photos={values.photos} error={errorOf('photos')} onChange={(next) => set('photos', next)} />

      {partyLists.map((name) => (
        <Parties key={name} name={name} items={values[name]} errorOf={errorOf} onChange={(list) => set(name, list as ClaimValues[typeof name])} />
      ))}

      <RadioGroup
        name="injuries"
        legend="Was anyone hurt?"
        value={values.injuries}
        error={errorOf('injuries')}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        onChange={(v) => set('injuries', v as 'yes' | 'no')}
      />
      {values.injuries === 'yes' ? <TextAreaField label="Who was hurt, and how" rows={3} {...text('injuryDetails')} /> : null}

      <TextField label="Police reference" required={false} autoComplete="off" {...text('policeReference')} />

      <div>
        <Button type="submit" disabled={isSubmitting} className="min-h-14 w-full text-lg">
          {isSubmitting ? 'Sending...' : 'Send'}
        </Button>
        <p className="mt-2 text-sm text-ink-muted">With no signal, it is kept on this phone and sent when the signal returns.</p>
      </div>
    </form>
  );
}

