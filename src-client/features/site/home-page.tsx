// The home page (docs/product.md#home). Static markup only: this page is on the first load, whose JavaScript
// budget is tight.
import { Link } from '@tanstack/react-router';
import { brand } from '@server/contract/brand';
import { buttonClass, textLinkClass as inlineLink } from '../../components/button';
import { CoverTypes, Features, sectionHeading, tick } from './home-cover';

export function HomePage() {
  return (
    <div className="space-y-16 sm:space-y-20">
      <Hero />
      <CoverTypes />
      <Features />
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
          Tell us about you and the car in a few minutes and see your price at once, day or night. Buy it online and your certificate is on your phone within minutes; answers that need a closer look go to a specialist, who comes back to you within 24 hours.
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
    ['A price in seconds', 'Most requests are priced the moment you send them, from our insurer’s rates: buy by card online, at any hour.'],
    ['A person when it matters', 'Anything the rates cannot price goes to a specialist, who reads your request and looks for cover that fits.'],
    ['An answer within 24 hours', 'A request our specialists price, and every callback request, is answered within 24 hours.'],
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
        Send us your details now and see your price at once, or hear from a specialist within 24 hours. Questions first?{' '}
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
