// /request-quote-step2 'Your Vehicle' (docs/product.md#step-2-your-vehicle). What is typed is saved as it changes,
// so Back, a reload or a failed submit loses nothing; errors stay in the page (never a browser alert).
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { brand } from '@server/contract/brand';
import { products, type Product } from '@server/contract/products';
import {
  asksNoClaims,
  policyStartYearOptions,
  productDurationMessage,
  quoteFieldLabels,
  quoteOptions,
  quotePersonalInput,
  quoteVehicleInput,
  withCoverAnswers,
  withQuoteTimes,
  type QuoteVehicleFormValues,
} from '@server/contract/quote';
import { epochToUkLocal } from '@server/contract/time';
import { vehicleMakes } from '@server/contract/vehicle-makes';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { failureOf, type Failure } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { draftValuesOf, saveSubmittedQuote, readQuoteDraft, saveVehicleDetails, STEP1_FIELDS } from './quote-draft';
import { QuoteProgress } from './quote-progress';
import { useLiveForm } from '../../lib/hydration';

type Field = keyof QuoteVehicleFormValues;
const VEHICLE_FIELDS = Object.keys(quoteVehicleInput.shape) as Field[];

const SELECT_PLACEHOLDER = 'Select...';

export function QuoteStep2Page() {
  const liveForm = useLiveForm();
  const navigate = useNavigate();
  const [today] = useState(() => epochToUkLocal(Date.now()).date);
  const [years] = useState(() => policyStartYearOptions(Number(today.slice(0, 4))));
  const [saved] = useState(() => readQuoteDraft().vehicle ?? {});
  // Step 1's product sets the shortest and longest cover, and whether the no-claims questions are asked (the route
  // guard made sure step 1 was done).
  const [product] = useState(() => productOf(readQuoteDraft().personal?.['product']));
  const schema = useMemo(() => withQuoteTimes(withCoverAnswers(quoteVehicleInput, product), () => Date.now(), { product }), [product]);
  const problemRef = useRef<HTMLDivElement>(null);
  const { field, watch, getValues, isSubmitting, message, submit } = useContractForm(
    schema,
    Object.fromEntries(VEHICLE_FIELDS.map((f) => [f, saved[f] ?? ''])) as QuoteVehicleFormValues,
  );

  useEffect(() => {
    const subscription = watch((values) => saveVehicleDetails(draftValuesOf(values)));
    return () => subscription.unsubscribe();
  }, [watch]);

  useEffect(() => {
    if (message) problemRef.current?.focus();
  }, [message]);

  const onSubmit = submit(
    async () => {
      // A step-1 draft that no longer passes (edited, or older) goes back to step 1, where its messages show.
      const personal = quotePersonalInput.safeParse(readQuoteDraft().personal);
      if (!personal.success) {
        await navigate({ to: '/request-quote-step1' });
        return;
      }
      const answers = { ...personal.data, ...getValues() };
      const receipt = await trpcClient.quotes.submit.mutate(answers);
      // The answers stay (a change on step 1 or 2 prices again); step 3 reads the answer from here after a reload.
      saveSubmittedQuote({ reference: receipt.reference, outcome: receipt.outcome, answers });
      await navigate({ to: '/request-quote-step3', search: { reference: receipt.reference } });
    },
    (failure, _placed, err) => problemText(failure, err),
  );

  const back = async () => {
    saveVehicleDetails(draftValuesOf(getValues()));
    await navigate({ to: '/request-quote-step1' });
  };

  const select = (name: Field & keyof typeof quoteOptions, label: string, hint?: string) => (
    <SelectField label={label} hint={hint} placeholder={SELECT_PLACEHOLDER} options={quoteOptions[name]} {...field(name)} />
  );

  return (
    <div className="max-w-2xl">
      <QuoteProgress step={2} />
      <PageHeading title="Your Vehicle" lead="About the vehicle, your driving history and the cover you need." />
      <form {...liveForm} onSubmit={onSubmit} noValidate className="space-y-8" aria-label="Your Vehicle">
        <p className="text-ink-muted">All fields are required unless marked optional.</p>
        {message ? (
          <div ref={problemRef} tabIndex={-1}>
            <Alert tone="error" title="Your quote request was not sent">
              {message.text} Your answers are kept.
              {personalRefused(message.cause).length > 0 ? (
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
            {...field('regNumber')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={quoteFieldLabels.vehicleMake}
              list="vehicle-makes"
              autoComplete="off"
              maxLength={40}
              hint="Type it, or pick one as you type."
              {...field('vehicleMake')}
            />
            <TextField
              label={quoteFieldLabels.vehicleModel}
              autoComplete="off"
              maxLength={80}
              hint="With the engine and trim if you know them, such as Fiesta 1.0 Zetec."
              {...field('vehicleModel')}
            />
          </div>
          <datalist id="vehicle-makes">
            {vehicleMakes.map((make) => (
              <option key={make} value={make} />
            ))}
          </datalist>
          {select('vehicleOwner', quoteFieldLabels.vehicleOwner)}
          {select('annualMileage', quoteFieldLabels.annualMileage)}
          <TextField {...moneyInput} label={quoteFieldLabels.value} {...field('value')} />
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
          {/* A learner, on a provisional licence, has no no-claims bonus to tell us of (docs/product.md#step-2-your-vehicle). */}
          {asksNoClaims(product) ? (
            <>
              {select('noClaimsBonusYears', quoteFieldLabels.noClaimsBonusYears)}
              {select('noClaimsBonusProtected', quoteFieldLabels.noClaimsBonusProtected)}
            </>
          ) : null}
          <TextField
            {...moneyInput}
            label={quoteFieldLabels.bestQuotedPremium}
            required={false}
            hint="If you have one, we will try to beat it."
            {...field('bestQuotedPremium')}
          />
          <fieldset>
            <legend className="font-semibold text-ink">Policy start date</legend>
            <div className="mt-1 grid grid-cols-3 gap-3">
              <SelectField label="Day" placeholder={SELECT_PLACEHOLDER} options={quoteOptions.policyStartDay} {...field('policyStartDay')} />
              <SelectField label="Month" placeholder={SELECT_PLACEHOLDER} options={quoteOptions.policyStartMonth} {...field('policyStartMonth')} />
              <SelectField label="Year" placeholder={SELECT_PLACEHOLDER} options={years} {...field('policyStartYear')} />
            </div>
          </fieldset>
          <TextField
            label={quoteFieldLabels.policyStartTime}
            type="time"
            hint="UK time, such as 09:00 or 17:30. Cover can start from now."
            className="sm:max-w-[12rem]"
            {...field('policyStartTime')}
          />
          <fieldset>
            <legend className="font-semibold text-ink">How long do you need cover?</legend>
            {product ? <p className="text-sm text-ink-muted">{productDurationMessage(product)}.</p> : null}
            <div className="mt-1 grid grid-cols-2 gap-3 sm:max-w-md">
              <TextField
                label={quoteFieldLabels.durationValue}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...field('durationValue')}
              />
              <SelectField
                label={quoteFieldLabels.durationUnit}
                placeholder={SELECT_PLACEHOLDER}
                options={quoteOptions.durationUnit}
                {...field('durationUnit')}
              />
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

function productOf(value: string | undefined): Product | undefined {
  return (products as readonly string[]).includes(value ?? '') ? (value as Product) : undefined;
}

/** Money fields (docs/product.md#step-2-your-vehicle): a number, min 0, step 0.01. */
const moneyInput = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, className: 'sm:max-w-[14rem]' } as const;

/** The step 1 fields the server refused, with their messages: fixed on step 1. */
function personalRefused(err: unknown): Array<readonly [string, string]> {
  const failure = failureOf(err);
  return failure.status === 400 ? STEP1_FIELDS.flatMap((f) => (failure.fieldErrors[f]?.[0] ? [[f, failure.fieldErrors[f][0]] as const] : [])) : [];
}

/** What went wrong, in words (step 2's own field messages are already by their fields). */
function problemText(failure: Failure, err: unknown): string {
  if (failure.kind === 'server') {
    if (failure.status === 400) {
      const personal = personalRefused(err);
      if (personal.length > 0) return `Some personal details need attention: ${personal.map(([, m]) => m).join('; ')}.`;
      return 'Some answers need attention: see the messages by the fields.';
    }
    if (failure.status === 429) return `${failure.message} If it is urgent, call us on ${brand.phones.support}.`;
    return `Something went wrong on our side. Please try again in a moment, or call us on ${brand.phones.support}.`;
  }
  return `We could not reach our server. Check your connection and try again, or call us on ${brand.phones.support}.`;
}
