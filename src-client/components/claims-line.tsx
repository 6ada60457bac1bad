// The 24/7 claims line as a large tap-to-call button (docs/product.md#claims): the first thing on /claims and on
// /make-a-claim, as both are opened at the roadside.
import { brand, brandTelHref } from '@server/contract/brand';

export function ClaimsLine({ className = 'mb-10' }: { className?: string }) {
  return (
    <section
      aria-labelledby="claims-line-title"
      className={`${className} flex flex-col gap-4 rounded-xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between`}
    >
      <div>
        <h2 id="claims-line-title" className="text-xl font-bold">
          24/7 claims line
        </h2>
        <p className="mt-1 text-brand-50">Open 24 hours a day, 7 days a week. Call as soon as it’s safe to.</p>
      </div>
      <a
        href={brandTelHref(brand.phones.claims)}
        aria-label={`Call the 24/7 claims line: ${brand.phones.claims}`}
        className="inline-flex min-h-14 w-full shrink-0 items-center justify-center gap-3 rounded-lg bg-white px-6 py-3 text-2xl font-bold whitespace-nowrap text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white sm:w-auto"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 fill-current">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z" />
        </svg>
        {brand.phones.claims}
      </a>
    </section>
  );
}
