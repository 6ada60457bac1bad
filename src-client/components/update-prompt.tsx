// 'Update available' (docs/product.md#offline): a new version of the app has installed and waits; the
// person chooses when to reload into it, so a form being filled in is never lost to a surprise reload.
import { useState } from 'react';
import { applyUpdate, useUpdateAvailable } from '../lib/pwa';
import { buttonClass } from './button';

export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const [later, setLater] = useState(false);
  const [updating, setUpdating] = useState(false);
  // A polite live region that is always in the page (so the banner is announced when it appears). It has
  // no role="status" while empty: pages find their own status message by that role.
  return (
    <div aria-live="polite" aria-atomic="true">
      {available && !later ? (
        <div
          role="status"
          className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-brand-700 bg-white p-4 text-ink shadow-lg"
        >
          <p className="flex-1 font-semibold">Update available</p>
          <button
            type="button"
            className={buttonClass('primary', 'aria-disabled:cursor-progress aria-disabled:opacity-70')}
            // aria-disabled, not disabled: keyboard focus stays on the button while the page reloads.
            aria-disabled={updating || undefined}
            onClick={() => {
              if (updating) return;
              setUpdating(true);
              applyUpdate();
            }}
          >
            Reload to update
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => setLater(true)}>
            Later
          </button>
        </div>
      ) : null}
    </div>
  );
}
