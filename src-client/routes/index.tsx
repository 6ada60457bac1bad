import { createFileRoute } from '@tanstack/react-router';
import { brand } from '../../src-server/contract/brand';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: `Temporary Car Insurance | ${brand.name}` }] }),
  component: HomePage,
});

function HomePage() {
  return (
    <section aria-labelledby="home-heading" className="py-8">
      <h1 id="home-heading" className="text-4xl font-bold text-brand-700">
        Temporary Car Insurance
      </h1>
      <p className="mt-4 max-w-prose text-lg text-ink-muted">
        Short-term cover for borrowing a car, learning to drive or driving for work, for just as long as
        you need it. Get a price in a few minutes.
      </p>
      {/* A plain link until the quote wizard route exists; then switch to <Link to="/request-quote-step1">. */}
      <a
        href="/request-quote-step1"
        className="mt-6 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Get Instant Quote
      </a>
    </section>
  );
}
