// /request-quote-step2 'Your Vehicle' (SPEC.md §2/§3/§5, DECISIONS.md "Quote wizard"): every field and
// option list of SPEC.md §5; what is typed is saved as it changes, so Back, a reload or a failed submit
// loses nothing. Submit sends step 1 + step 2 to POST /api/quotes; on success the saved data is cleared
// and step 3 shows the reference. Errors stay in the page (never a browser alert).
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { brand } from '../../../src-server/contract/brand';
import {
  policyStartYearOptions,
  quoteFieldLabels,
  quoteOptions,
  quoteVehicleInput,
  withQuoteDates,
  type QuoteReceipt,
  type QuoteVehicle,
  type QuoteVehicleFormValues,
} from '../../../src-server/contract/quote';
import { epochToUkLocal } from '../../../src-server/contract/time';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { ApiError, apiJson, showServerFieldErrors } from '../../lib/api';
import { clearQuoteDraft, draftValuesOf, PERSONAL_FIELDS, readQuoteDraft, saveVehicleDetails } from './quote-draft';
import { QuoteProgress } from './quote-progress';

type Field = keyof QuoteVehicleFormValues;
const VEHICLE_FIELDS = Object.keys(quoteVehicleInput.shape) as Field[];

const SELECT_PLACEHOLDER = 'Select...';

interface SubmitProblem {
  message: string;
  /** Step 1 fields the server refused: fixed on step 1. */
  personal: string[];
}

export function QuoteStep2Page() {
  const navigate = useNavigate();
  const [today] = useState(() => epochToUkLocal(Date.now()).date);
  const [years] = useState(() => policyStartYearOptions(Number(today.slice(0, 4))));
  const [saved] = useState(() => readQuoteDraft().vehicle ?? {});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<QuoteVehicleFormValues, unknown, QuoteVehicle>({
    resolver: zodResolver(withQuoteDates(quoteVehicleInput, today)),
    defaultValues: Object.fromEntries(VEHICLE_FIELDS.map((f) => [f, saved[f] ?? ''])) as QuoteVehicleFormValues,
    shouldFocusError: true,
  });

  useEffect(() => {
    const subscription = watch((values) => saveVehicleDetails(draftValuesOf(values)));
    return () => subscription.unsubscribe();
  }, [watch]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const submit = handleSubmit(async () => {
    setProblem(null);
    const personal = readQuoteDraft().personal;
    if (!personal) {
      await navigate({ to: '/request-quote-step1' });
      return;
    }
    try {
      const receipt = await apiJson<QuoteReceipt>('/quotes', { method: 'POST', body: { ...personal, ...getValues() }, anonymous: true });
      clearQuoteDraft();
      await navigate({ to: '/request-quote-step3', search: { reference: receipt.reference } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) showServerFieldErrors(err, VEHICLE_FIELDS, setError);
      setProblem(problemOf(err));
    }
  });

  const back = async () => {
    saveVehicleDetails(draftValuesOf(getValues()));
    await navigate({ to: '/request-quote-step1' });
  };

  const select = (field: Field & keyof typeof quoteOptions, label: string, hint?: string) => (
    <SelectField label={label} hint={hint} placeholder={SELECT_PLACEHOLDER} options={quoteOptions[field]} error={messageOf(errors, field)} {...register(field)} />
  );

  return (
    <div className="max-w-2xl">
      <QuoteProgress step={2} />
      <PageHeading title="Your Vehicle" lead="About the vehicle, your driving history and the cover you need." />
      <form onSubmit={submit} noValidate className="space-y-8" aria-label="Your Vehicle">
        <p className="text-ink-muted">All fields are required unless marked optional.</p>
        {problem ? (
          <div ref={problemRef} tabIndex={-1}>
            <Alert tone="error" title="Your quote request was not sent">
              {problem.message} Your answers are kept.
              {problem.personal.length > 0 ? (
                <>
                  {' '}
                  <Link to="/request-quote-step1" className={textLinkClass}>
                    Check your personal details
                  </Link>
                  .
                </>
              ) : null}
            </Alert>
          </div>
        ) : null}

        <fieldset className="space-y-5">
          <legend className="text-xl font-bold text-brand-700">The vehicle</legend>
          {select('vehicleType', quoteFieldLabels.vehicleType)}
          <TextField
            label={quoteFieldLabels.regNumber}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            hint="As on the number plate, such as AB12 CDE."
            className="sm:max-w-[14rem]"
            error={messageOf(errors, 'regNumber')}
            {...register('regNumber')}
          />
          {select('vehicleOwner', quoteFieldLabels.vehicleOwner)}
          {select('annualMileage', quoteFieldLabels.annualMileage)}
          <TextField {...moneyInput} label={quoteFieldLabels.value} error={messageOf(errors, 'value')} {...register('value')} />
          {select('purchaseDate', quoteFieldLabels.purchaseDate)}
          {select('keptOvernight', quoteFieldLabels.keptOvernight)}
          {select('security', quoteFieldLabels.security)}
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-xl font-bold text-brand-700">Your history</legend>
          {select('claimsPast5Years', quoteFieldLabels.claimsPast5Years)}
          {select('drivingConvictions', quoteFieldLabels.drivingConvictions, 'Motoring convictions in the past 5 years, including fixed penalties.')}
          {select('otherConvictions', quoteFieldLabels.otherConvictions, 'Unspent non-motoring criminal convictions.')}
          {select('disabilities', quoteFieldLabels.disabilities, 'Any that the DVLA has been told about or that affect your driving.')}
          {select('vehicleModified', quoteFieldLabels.vehicleModified)}
          {select('otherDrivers', quoteFieldLabels.otherDrivers)}
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-xl font-bold text-brand-700">Your cover</legend>
          {select('coverType', quoteFieldLabels.coverType)}
          {select('noClaimsBonusYears', quoteFieldLabels.noClaimsBonusYears)}
          {select('noClaimsBonusProtected', quoteFieldLabels.noClaimsBonusProtected)}
          <TextField
            {...moneyInput}
            label={quoteFieldLabels.bestQuotedPremium}
            required={false}
            hint="If you have one, we will try to beat it."
            error={messageOf(errors, 'bestQuotedPremium')}
            {...register('bestQuotedPremium')}
          />
          <fieldset>
            <legend className="font-semibold text-ink">Policy start date</legend>
            <div className="mt-1 grid grid-cols-3 gap-3">
              <SelectField label="Day" placeholder={SELECT_PLACEHOLDER} options={quoteOptions.policyStartDay} error={messageOf(errors, 'policyStartDay')} {...register('policyStartDay')} />
              <SelectField label="Month" placeholder={SELECT_PLACEHOLDER} options={quoteOptions.policyStartMonth} error={messageOf(errors, 'policyStartMonth')} {...register('policyStartMonth')} />
              <SelectField label="Year" placeholder={SELECT_PLACEHOLDER} options={years} error={messageOf(errors, 'policyStartYear')} {...register('policyStartYear')} />
            </div>
          </fieldset>
          {select('usage', quoteFieldLabels.usage)}
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => void back()}>
            Back
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Submit quote request'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function messageOf(errors: FieldErrors<QuoteVehicleFormValues>, field: Field): string | undefined {
  const e = errors[field] as { message?: string } | undefined;
  return e?.message;
}

/** SPEC.md §5 money: a number, min 0, step 0.01. */
const moneyInput = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, className: 'sm:max-w-[14rem]' } as const;

/** What went wrong, in words (step 2's own field messages are already by their fields). */
function problemOf(err: unknown): SubmitProblem {
  if (err instanceof ApiError) {
    if (err.status === 400) {
      const personal = err.messagesFor(PERSONAL_FIELDS);
      if (personal.length > 0) {
        return { message: `Some personal details need attention: ${personal.map(([, m]) => m).join('; ')}.`, personal: personal.map(([f]) => f) };
      }
      return { message: 'Some answers need attention: see the messages by the fields.', personal: [] };
    }
    if (err.status === 429) return { message: `${err.message} If it is urgent, call us on ${brand.phones.support}.`, personal: [] };
    return { message: `Something went wrong on our side. Please try again in a moment, or call us on ${brand.phones.support}.`, personal: [] };
  }
  return { message: `We could not reach our server. Check your connection and try again, or call us on ${brand.phones.support}.`, personal: [] };
}
