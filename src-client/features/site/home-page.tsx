// The home page (docs/product.md#home). Static markup only: this page is on the first load, whose JavaScript
// budget is tight.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brand } from '@server/contract/brand';
import { buttonClass, textLinkClass as inlineLink } from '../../components/button';

const sectionHeading = 'text-2xl font-bold text-brand-700 sm:text-3xl';
const tick = (
  <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" className="mt-0.5 shrink-0 text-brand-700">
    <path d="M4 10.5 8 14.5 16 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function HomePage() {
  return (
    <div className="space-y-16 sm:space-y-20">
      <Hero />
      <CoverTypes />
      {FEATURES.map((feature) => (
        <Feature key={feature.id} {...feature} />
      ))}
      <AppPromotion />
      <WhyUs />
      <ClosingCall />
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="home-title" className="grid items-center gap-8 lg:grid-cols-[1fr_20rem]">
      <div>
        <p className="font-semibold tracking-wide text-ink-muted uppercase">Short-term cover from a UK broker</p>
        <h1 id="home-title" className="mt-2 text-4xl font-bold tracking-tight text-brand-700 sm:text-5xl">
          Temporary Car Insurance
        </h1>
        <p className="mt-4 max-w-prose text-lg text-ink">
          Insure yourself on a car for as little as an hour or as long as 30 days: borrowing a friend’s car, sharing the driving on a long trip,
          or bringing a new car home. Learner and business-use cover too.
        </p>
        <p className="mt-3 max-w-prose text-ink-muted">
          Tell us about you and the car in a few minutes. A person reviews every request and comes back to you with a quote within 24 hours.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/request-quote-step1" className={buttonClass('primary', 'text-lg')}>
            Get Instant Quote
          </Link>
          <Link to="/faq" className={buttonClass('secondary')}>
            Read the FAQ
          </Link>
        </div>
      </div>
      <Pricing />
    </section>
  );
}

function Pricing() {
  return (
    <section aria-labelledby="pricing-title" className="rounded-xl border border-brand-100 bg-brand-50 p-6">
      <h2 id="pricing-title" className="text-lg font-bold text-brand-700">
        Short-term prices
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-1">
        <li className="rounded-lg bg-white p-4">
          <p className="text-ink-muted">
            from <span className="block text-4xl font-bold text-ink">£19</span> per day
          </p>
        </li>
        <li className="rounded-lg bg-white p-4">
          <p className="text-ink-muted">
            from <span className="block text-4xl font-bold text-ink">£58</span> per week
          </p>
        </li>
      </ul>
      <p className="mt-4 text-sm text-ink-muted">
        Your price depends on you, the car and how long you need it. Your quote shows the full price before you decide.
      </p>
    </section>
  );
}

type CoverLink = { to: '/' | '/request-quote-step1'; hash?: string; text: string };
const COVER_TYPES: ReadonlyArray<{ title: string; facts: ReadonlyArray<[string, string]>; body: string; icon: ReactNode; link: CoverLink }> = [
  {
    title: 'Temporary car cover',
    facts: [
      ['Length', '1 hour to 30 days'],
      ['Drivers aged', '18 to 75'],
    ],
    body: 'A policy of your own for a car you don’t normally drive, so a claim doesn’t touch the owner’s policy or their no-claims discount.',
    icon: (
      <svg aria-hidden="true" focusable="false" width="40" height="40" viewBox="0 0 40 40">
        <circle cx="20" cy="20" r="15" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M20 11v9l6 4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    ),
    link: { to: '/request-quote-step1', text: 'Request a temporary cover quote' },
  },
  {
    title: 'Learner driver cover',
    facts: [
      ['Length', '1 day to 5 months'],
      ['Learners aged', '17 to 50'],
    ],
    body: 'Practise in a family member’s or friend’s car between lessons, insured in your own name.',
    icon: (
      <svg aria-hidden="true" focusable="false" width="40" height="40" viewBox="0 0 40 40">
        <rect x="5" y="5" width="30" height="30" rx="3" fill="#fff" stroke="currentColor" strokeWidth="3" />
        <path d="M15 11v18h11" fill="none" stroke="#b91c1c" strokeWidth="5" />
      </svg>
    ),
    link: { to: '/', hash: 'learner-cover', text: 'More about learner cover' },
  },
  {
    title: 'Business use cover',
    facts: [['For', 'Driving as part of your work']],
    body: 'For journeys your personal cover won’t include: visiting clients, travelling between sites or carrying your own goods.',
    icon: (
      <svg aria-hidden="true" focusable="false" width="40" height="40" viewBox="0 0 40 40">
        <rect x="5" y="12" width="30" height="21" rx="3" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M15 12V8h10v4M5 21h30" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
    ),
    link: { to: '/', hash: 'business-use', text: 'More about business use' },
  },
];

function CoverTypes() {
  return (
    <section aria-labelledby="cover-types-title">
      <h2 id="cover-types-title" className={sectionHeading}>
        Cover for the time you need it
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {COVER_TYPES.map((cover) => (
          <li key={cover.title} className="flex flex-col rounded-xl border border-brand-100 bg-white p-6 shadow-sm">
            <span className="text-brand-700">{cover.icon}</span>
            <h3 className="mt-3 text-xl font-bold text-ink">{cover.title}</h3>
            <dl className="mt-3 space-y-1 text-sm">
              {cover.facts.map(([term, value]) => (
                <div key={term} className="flex gap-1">
                  <dt className="text-ink-muted">{term}:</dt>
                  <dd className="font-semibold text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 flex-1 text-ink">{cover.body}</p>
            <p className="mt-4">
              <Link to={cover.link.to} hash={cover.link.hash} className={inlineLink}>
                {cover.link.text}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FEATURES = [
  {
    id: 'learner-cover',
    titleId: 'learner-title',
    title: 'Learner driver insurance',
    paragraphs: [
      'Lessons go further with practice in between. Learner cover insures you on a car you’re practising in, from a single day up to five ' +
        'months, for learners aged 17 to 50 with a provisional licence.',
      'Because the policy is yours, a claim is made on it, not on the car owner’s policy, so their no-claims discount isn’t put at risk.',
    ],
    asideTitle: 'Before you drive',
    ticks: [
      'Your supervisor must be at least 21 and have held a full licence for that type of car for at least three years.',
      'Display L plates (or D plates in Wales) on the front and back of the car.',
      'The car must be taxed and have a valid MOT if it needs one.',
      'When you pass your test, learner cover ends: tell us and we’ll look at cover for driving on your own.',
    ],
  },
  {
    id: 'business-use',
    titleId: 'business-title',
    title: 'Business use cover',
    paragraphs: [
      'Most personal car insurance covers social, domestic and pleasure driving, and sometimes your commute, but not driving as part of your ' +
        'work. If you’re stopped or have an accident on a work journey without business use on your policy, you may not be covered.',
      'Tell us how you’ll use the car when you ask for a quote and we’ll confirm exactly what the policy includes before you pay.',
    ],
    asideTitle: 'Useful when you are',
    ticks: [
      'Driving to meetings or to see clients and customers',
      'Travelling between offices, sites or jobs',
      'Carrying your own tools, samples or goods',
      'Covering a short contract or a busy few weeks',
    ],
  },
] as const;

/** The learner and business-use sections, which the cover cards link to. */
function Feature({ id, titleId, title, paragraphs, asideTitle, ticks }: (typeof FEATURES)[number]) {
  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-4 grid gap-8 md:grid-cols-2">
      <div>
        <h2 id={titleId} className={sectionHeading}>
          {title}
        </h2>
        <p className="mt-4 text-ink">{paragraphs[0]}</p>
        <p className="mt-3 text-ink">{paragraphs[1]}</p>
      </div>
      <div className="rounded-xl bg-brand-50 p-6">
        <h3 className="text-lg font-bold text-brand-700">{asideTitle}</h3>
        <div className="mt-3">
          <ul className="space-y-2">
            {ticks.map((item) => (
              <li key={item} className="flex gap-2">
                {tick}
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function AppPromotion() {
  return (
    <section aria-labelledby="app-title" className="rounded-2xl bg-brand-700 p-6 text-white sm:p-10">
      <h2 id="app-title" className="text-2xl font-bold sm:text-3xl">
        Your certificate on your phone, even with no signal
      </h2>
      <p className="mt-4 max-w-prose text-brand-50">
        {brand.name} works as an app straight from your browser, with nothing to download from an app store. Install it, sign in and open your
        policies once while you’re online: the certificates for your active policies are then kept on your phone, ready to show at the roadside
        or in a car park with no signal.
      </p>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <div className="rounded-xl bg-white p-5 text-ink">
          <h3 className="font-bold text-brand-700">iPhone and iPad (Safari)</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Open this site in Safari.</li>
            <li>Tap the Share button.</li>
            <li>
              Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
            </li>
          </ol>
        </div>
        <div className="rounded-xl bg-white p-5 text-ink">
          <h3 className="font-bold text-brand-700">Android and Chrome</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Open this site in Chrome.</li>
            <li>Tap the menu (the three dots).</li>
            <li>
              Choose <strong>Install app</strong> (on some phones, <strong>Add to Home screen</strong>).
            </li>
          </ol>
        </div>
      </div>
      <p className="mt-4 text-sm text-brand-50">
        On a computer, Chrome and Edge show an install button in the address bar. Signing out removes your saved policies from the device.
      </p>
    </section>
  );
}

function WhyUs() {
  const reasons: ReadonlyArray<[string, string]> = [
    ['A person reviews every quote', 'There are no automated quotes here: a specialist reads your request and looks for cover that fits.'],
    ['An answer within 24 hours', 'We reply to every quote request and callback request within 24 hours.'],
    ['Claims line open 24/7', 'If something goes wrong, you can report it at any time of day or night.'],
    ['Clear about who does what', `We’re a broker: we arrange your policy and ${brand.insurerName} insures it.`],
  ];
  return (
    <section aria-labelledby="why-title">
      <h2 id="why-title" className={sectionHeading}>
        Why drivers use {brand.name}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {reasons.map(([title, body]) => (
          <li key={title} className="flex gap-3">
            {tick}
            <div>
              <h3 className="font-bold text-ink">{title}</h3>
              <p className="mt-1 text-ink-muted">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="closing-title" className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center sm:p-10">
      <h2 id="closing-title" className={sectionHeading}>
        Need cover soon?
      </h2>
      <p className="mx-auto mt-3 max-w-prose text-ink">
        Send us your details now and we’ll come back to you within 24 hours. Questions first?{' '}
        <Link to="/support" className={inlineLink}>
          Contact our team
        </Link>
        .
      </p>
      <Link to="/request-quote-step1" className={buttonClass('primary', 'mt-6')}>
        Request a quote
      </Link>
    </section>
  );
}
