// Contact panels with an e-mail and a phone each: the support page's four cards and the dashboard's
// Need Help panels (docs/product.md#dashboard). Every address and number comes from brand.ts through the caller.
import { MailLink, TelLink, textLinkClass } from './button';

export interface ContactPanel {
  id: string;
  title: string;
  text: string;
  email: string;
  phone: string;
}

export function ContactPanels({ panels }: { panels: readonly ContactPanel[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2">
      {panels.map((p) => (
        <li key={p.id} className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm" data-panel={p.id}>
          <h3 className="text-lg font-bold text-ink">{p.title}</h3>
          <p className="mt-1 text-ink-muted">{p.text}</p>
          <dl className="mt-3 space-y-1">
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="font-semibold">Email:</dt>
              <dd className="max-w-full break-words">
                <MailLink email={p.email} />
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="font-semibold">Phone:</dt>
              <dd>
                <TelLink phone={p.phone} className={`${textLinkClass} whitespace-nowrap`} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
