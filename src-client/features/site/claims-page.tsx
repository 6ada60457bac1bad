// /claims (docs/product.md#claims): the 24/7 claims line comes first, as people land here at the roadside.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brand } from '@server/contract/brand';
import { ClaimsLine } from '../../components/claims-line';
import { PageHeading } from '../../components/page';
import { buttonClass, listClass as list, MailLink, TelLink, textLinkClass as link } from '../../components/button';

const sectionHeading = 'text-2xl font-bold text-brand-700';

const STEPS: ReadonlyArray<{ title: string; body: ReactNode }> = [
  {
    title: 'Contact support',
    body:
      'Call the claims line as soon as you can, ideally within 24 hours. Tell us about any incident even if you’re not sure you want to claim: ' +
      'your policy will ask you to.',
  },
  {
    title: 'Provide incident details',
    body: 'We’ll take your policy number and ask what happened, when and where, and who else was involved. The lists below show what helps.',
  },
  {
    title: 'Submit documents',
    body: (
      <>
        Send photos, repair estimates, receipts and any police or crime reference number to <MailLink email={brand.emails.claims} />. Keep
        the originals until your claim is settled.
      </>
    ),
  },
  {
    title: 'Review and processing',
    body:
      'A claims handler reviews everything, may arrange for an engineer to inspect the car, and keeps you updated. They’ll explain what your ' +
      'policy covers and any excess you need to pay.',
  },
];

const SPECIALIST_LINES = [
  ['Windscreen and glass', brand.phones.windscreen, 'Windscreen claims'],
  ['Motor legal expenses', brand.phones.motorLegal, 'Motor legal claims'],
  ['Lost or stolen keys', brand.phones.keys, 'Key claims'],
] as const;

export function ClaimsPage() {
  return (
    <>
      <PageHeading
        title="Make a claim"
        lead="Had an accident, or has your car been damaged, broken into or stolen? Here is how to report it and what we’ll need from you."
      />

      <ClaimsLine />

      <section aria-labelledby="report-in-app-title" className="mb-10 rounded-xl border border-brand-100 p-6">
        <h2 id="report-in-app-title" className="text-xl font-bold text-brand-700">
          Report it in the app
        </h2>
        <p className="mt-2 text-ink">
          Record what happened, with photos, on your phone: it is kept on the phone and sent when you have signal.
        </p>
        <Link to="/make-a-claim" className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}>
          Report a claim
        </Link>
      </section>

      <div className="grid gap-10 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="space-y-10">
          <section aria-labelledby="steps-title">
            <h2 id="steps-title" className={sectionHeading}>
              Make a claim in four steps
            </h2>
            <ol className="mt-5 space-y-4">
              {STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-4 rounded-xl border border-brand-100 p-5">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="text-lg font-bold text-ink">
                      <span className="sr-only">Step {i + 1}: </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-ink">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="ready-title">
            <h2 id="ready-title" className={sectionHeading}>
              Information to have ready
            </h2>
            <div className="mt-5 grid gap-6 sm:grid-cols-2">
              <div className="rounded-xl bg-brand-50 p-5">
                <h3 className="text-lg font-bold text-ink">About the incident</h3>
                <ul className={`${list} mt-2`}>
                  <li>the date</li>
                  <li>the time</li>
                  <li>the location, as exactly as you can</li>
                  <li>notes of what happened, written down while it’s fresh</li>
                  <li>photos of the scene and of any damage</li>
                </ul>
              </div>
              <div className="rounded-xl bg-brand-50 p-5">
                <h3 className="text-lg font-bold text-ink">If others are involved</h3>
                <ul className={`${list} mt-2`}>
                  <li>the number plates (registration numbers) of the other vehicles</li>
                  <li>the other drivers’ names and contact details</li>
                  <li>their insurance details</li>
                  <li>the names and contact details of any witnesses</li>
                  <li>any injuries, and who was hurt</li>
                </ul>
              </div>
            </div>
            <p className="mt-4 text-ink-muted">
              If anyone is hurt or the road is blocked, call 999 first. If you can’t exchange details at the scene, report the accident to the
              police within 24 hours.
            </p>
          </section>

          <section aria-labelledby="existing-title">
            <h2 id="existing-title" className={sectionHeading}>
              Already made a claim?
            </h2>
            <p className="mt-3 text-ink">
              Your claim number is in the confirmation we send when you report a claim. Quote it at the start of every call, in the subject line of
              every e-mail to <MailLink email={brand.emails.claims} /> and on every document you send, so your message reaches the right handler
              first time.
            </p>
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="specialist-title" className="rounded-xl border border-brand-100 p-6">
            <h2 id="specialist-title" className="text-xl font-bold text-brand-700">
              Specialist claims lines
            </h2>
            <p className="mt-2 text-sm text-ink-muted">For cover your policy includes: check your policy schedule.</p>
            <dl className="mt-4 space-y-4">
              {SPECIALIST_LINES.map(([line, phone, label]) => (
                <div key={line}>
                  <dt className="font-semibold text-ink">{line}</dt>
                  <dd>
                    <TelLink phone={phone} label={label} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <p className="text-sm text-ink-muted">
            Something else? See our{' '}
            <Link to="/faq" className={link}>
              FAQ
            </Link>{' '}
            or{' '}
            <Link to="/support" className={link}>
              contact support
            </Link>
            .
          </p>
        </div>
      </div>
    </>
  );
}
