// "Step N of 3" for the quote wizard: the words for everyone, the list of steps with the current one marked.
const STEPS = ['Personal Details', 'Your Vehicle', 'Submitted'] as const;

export function QuoteProgress({ step }: { step: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Quote progress" className="mb-6">
      <p className="text-sm font-semibold text-ink-muted">
        Step {step} of {STEPS.length}
      </p>
      <ol className="mt-2 grid grid-cols-3 gap-2">
        {STEPS.map((name, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li key={name} aria-current={state === 'current' ? 'step' : undefined} className="text-sm">
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full ${state === 'todo' ? 'bg-slate-300' : 'bg-brand-700'}`}
              />
              <span className={`mt-1 block ${state === 'current' ? 'font-semibold text-ink' : 'text-ink-muted'}`}>
                {name}
                {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
