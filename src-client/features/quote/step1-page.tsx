// /request-quote-step1 'Personal Details' (docs/product.md#step-1-personal-details): the product's age range is
// checked in the same round as every other message.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { durationText } from '@server/contract/durations';
import { productLabels, productOptions, productRules, products } from '@server/contract/products';
import { quoteFieldLabels, quoteOptions, quotePersonalInput, withQuoteTimes } from '@server/contract/quote';
import { epochToUkLocal } from '@server/contract/time';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { useHydrated } from '../../lib/hydration';
import type { RenewalDraftView } from '@server/contract/views';
import { splitMakeModel } from '@server/contract/vehicle-makes';
import { draftValuesOf, readQuoteDraft, savePersonalDetails, saveVehicleDetails, STEP1_FIELDS } from './quote-draft';
import { QuoteProgress } from './quote-progress';

const RenewalFill = lazy(() => import('./renewal-fill'));

export function QuoteStep1Page() {
  const navigate = useNavigate();
  const { renew } = useSearch({ from: '/request-quote-step1' });
  // Today's date limits the picker once the page is live; the prerendered form was built on another day.
  const hydrated = useHydrated();
  const [today] = useState(() => epochToUkLocal(Date.now()).date);
  const [saved] = useState(() => readQuoteDraft().personal ?? {});
  const schema = useMemo(() => withQuoteTimes(quotePersonalInput, () => Date.now()), []);
  const { field, getValues, reset, trigger, watch, errors, isSubmitting, early, submit } = useContractForm(
    schema,
    Object.fromEntries(STEP1_FIELDS.map((f) => [f, saved[f] ?? ''])),
    { empty: Object.fromEntries(STEP1_FIELDS.map((f) => [f, ''])) },
  );

  // A renewal link's policy fills the fields it knows; step 2's vehicle comes from it too.
  const fillFromPolicy = useCallback(
    (d: RenewalDraftView) => {
      reset({ ...getValues(), product: d.product, firstName: d.firstName, lastName: d.lastName, email: d.email });
      const vehicle = readQuoteDraft().vehicle ?? {};
      const { make, model } = splitMakeModel(d.carModel);
      saveVehicleDetails({ ...vehicle, vehicleMake: make, vehicleModel: model, ...(d.regNumber ? { regNumber: d.regNumber } : {}) });
    },
    [reset, getValues],
  );

  // The product decides which of the supervisor's and the business's questions show (docs/product.md#step-1-personal-details).
  const product = watch('product');
  // With messages showing (a Continue pressed, perhaps before the app was live), the product's own questions join
  // them, so one Continue still shows every message (docs/product.md#step-1-personal-details).
  const showingErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    const asked = product === 'learner' ? SUPERVISOR_FIELDS : product === 'business' ? WORK_FIELDS : null;
    if (showingErrors && asked) void trigger(asked);
  }, [product, showingErrors, trigger]);

  // What the person typed is kept (the server normalises it again); parsing only decides whether to go on.
  const onSubmit = submit(async () => {
    savePersonalDetails(draftValuesOf(getValues()));
    await navigate({ to: '/request-quote-step2' });
  });

  return (
    <div className="max-w-2xl">
      <QuoteProgress step={1} />
      <PageHeading title="Personal Details" lead="Tell us about the main driver. Most requests are priced the moment you send step 2; a specialist looks at the rest and replies within 24 hours." />
      {renew ? (
        <div className="mb-6">
          <Suspense fallback={null}>
            <RenewalFill policyNumber={renew} onFill={fillFromPolicy} />
          </Suspense>
        </div>
      ) : null}
      <form {...early.form} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Personal Details">
        <p className="text-ink-muted">All fields are required.</p>
        <SelectField
          label={quoteFieldLabels.product}
          placeholder="Select..."
          options={productOptions}
          hint={PRODUCT_HINT}
          {...field('product')} {...early.field('product')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={quoteFieldLabels.firstName} autoComplete="given-name" maxLength={50} {...field('firstName')} {...early.field('firstName')} />
          <TextField label={quoteFieldLabels.lastName} autoComplete="family-name" maxLength={50} {...field('lastName')} {...early.field('lastName')} />
        </div>
        <TextField label={quoteFieldLabels.email} type="email" autoComplete="email" spellCheck={false} {...field('email')} {...early.field('email')} />
        <TextField
          label={quoteFieldLabels.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="A UK number, such as 07700 900123. We send updates about your quote to it."
          {...field('phone')} {...early.field('phone')}
        />
        <TextField label={quoteFieldLabels.dateOfBirth} type="date" autoComplete="bday" max={hydrated ? today : undefined} {...field('dateOfBirth')} {...early.field('dateOfBirth')} />
        <TextField label={quoteFieldLabels.address} autoComplete="street-address" maxLength={200} hint="House number and street, and town." {...field('address')} {...early.field('address')} />
        <TextField
          label={quoteFieldLabels.postcode}
          autoComplete="postal-code"
          autoCapitalize="characters"
          maxLength={10}
          className="sm:max-w-[12rem]"
          {...field('postcode')} {...early.field('postcode')}
        />
        <fieldset className="space-y-5">
          <legend className="text-xl font-bold text-brand-700">Your driving licence</legend>
          <SelectField
            label={quoteFieldLabels.licenceType}
            placeholder="Select..."
            options={quoteOptions.licenceType}
            {...field('licenceType')} {...early.field('licenceType')}
          />
          <TextField
            label={quoteFieldLabels.licenceNumber}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            hint="On a UK photocard, the 16 characters in section 5, such as MORGA753116SM9IJ. For an EU or international licence, the number as shown."
            {...field('licenceNumber')} {...early.field('licenceNumber')}
          />
          <TextField
            label={quoteFieldLabels.licenceYears}
            type="number"
            inputMode="numeric"
            min={0}
            max={80}
            step={1}
            hint="Whole years; 0 if less than a year."
            className="sm:max-w-[12rem]"
            {...field('licenceYears')} {...early.field('licenceYears')}
          />
        </fieldset>
        {product === 'learner' ? (
          <fieldset className="space-y-5">
            <legend className="text-xl font-bold text-brand-700">Your supervising driver</legend>
            <p className="text-ink-muted">By law, whoever sits with a learner must be 21 or over and have held a full licence for 3 years or more.</p>
            <TextField label={quoteFieldLabels.supervisorName} autoComplete="off" maxLength={100} {...field('supervisorName')} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label={quoteFieldLabels.supervisorAge}
                type="number"
                inputMode="numeric"
                min={21}
                step={1}
                {...field('supervisorAge')}
              />
              <TextField
                label={quoteFieldLabels.supervisorLicenceYears}
                type="number"
                inputMode="numeric"
                min={3}
                max={80}
                step={1}
                {...field('supervisorLicenceYears')}
              />
            </div>
          </fieldset>
        ) : null}
        {product === 'business' ? (
          <fieldset className="space-y-5">
            <legend className="text-xl font-bold text-brand-700">Your work</legend>
            <TextField label={quoteFieldLabels.occupation} autoComplete="organization-title" maxLength={100} {...field('occupation')} />
            <TextField label={quoteFieldLabels.businessName} autoComplete="organization" maxLength={100} {...field('businessName')} />
            <TextField
              label={quoteFieldLabels.businessNature}
              maxLength={200}
              hint="Such as domestic plumbing, or deliveries for a florist."
              {...field('businessNature')}
            />
          </fieldset>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          Continue
        </Button>
      </form>
    </div>
  );
}

const SUPERVISOR_FIELDS = ['supervisorName', 'supervisorAge', 'supervisorLicenceYears'] as const;
const WORK_FIELDS = ['occupation', 'businessName', 'businessNature'] as const;

/** Who each product is for and how long it runs (contract/products.ts), so the choice is an informed one. */
const PRODUCT_HINT = products
  .map((p) => {
    const r = productRules[p];
    return `${productLabels[p]}: drivers aged ${r.minAge} to ${r.maxAge}, from ${durationText(r.minDuration)} to ${durationText(r.maxDuration)}.`;
  })
  .join(' ');
