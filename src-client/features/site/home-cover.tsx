// The home page's cover (docs/product.md#home): the three kinds of cover, and the learner and business-use sections
// their cards link to; with the section heading and the tick the page's other sections use too.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { textLinkClass as inlineLink } from '../../components/button';

export const sectionHeading = 'text-2xl font-bold text-brand-700 sm:text-3xl';
export const tick = (
  <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" className="mt-0.5 shrink-0 text-brand-700">
    <path d="M4 10.5 8 14.5 16 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

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

export function CoverTypes() {
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
export function Features() {
  return FEATURES.map((feature) => <Feature key={feature.id} {...feature} />);
}

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
