import type { ReactNode } from 'react';
import { brand } from '@server/contract/brand';

/** The heading block every page starts with. */
export function PageHeading({ title, lead, id }: { title: ReactNode; lead?: ReactNode; id?: string }) {
  return (
    <header className="mb-8">
      <h1 id={id} className="text-3xl font-bold text-brand-700 sm:text-4xl">
        {title}
      </h1>
      {lead ? <p className="mt-3 max-w-prose text-lg text-ink-muted">{lead}</p> : null}
    </header>
  );
}

/** The route head for a page: "<page> | Kerbside Cover". */
export const pageTitle = (page: string) => ({ meta: [{ title: `${page} | ${brand.name}` }] });

/** A public page's title and meta description; scripts/prerender.tsx writes them into the built HTML too. */
export const pageHead = (page: string, description: string) => ({
  meta: [{ title: `${page} | ${brand.name}` }, { name: 'description', content: description }],
});
