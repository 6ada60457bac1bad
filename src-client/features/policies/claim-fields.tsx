// The claim report's own fields (docs/product.md#reporting-a-claim): the policy from the customer's list, a choice
// of radio buttons, and the place typed or the phone's location.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { CLAIM_AFTER_COVER_MS } from '@server/contract/claim';
import type { PolicyView } from '@server/contract/views';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { myPoliciesQuery } from './queries';
import { policyWindow } from './policy-time';
import type { ClaimAnswers } from './stored-report';

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

/** The customer's policies a claim can be made on (the dashboard's list, kept on the phone for offline use). */
export function PolicyField({ userId, value, error, onChange }: { userId: number; value: string; error: string | undefined; onChange: (v: string) => void }) {
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

export function RadioGroup({
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

export function LocationField({
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

