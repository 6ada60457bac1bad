// "New version from this one" (docs/product.md#rates): a name, when it takes effect (now, or a UK date and time), and
// the rates as JSON, typed or filled from a file. The server checks the rates whole; its messages, each naming the
// field's path, are listed in a summary that takes focus.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { RateVersionView } from '@server/contract/rates';
import { FormButtons, Modal, useDiscardGuard } from '../../components/dialog';
import { TextAreaField, TextField } from '../../components/field';
import { useNotify } from '../../components/notices';
import { useContractForm } from '../../lib/contract-form';
import { formatTimestamp } from './format';
import { useCreateRateVersion } from './mutations';
import { placeOf, rateForm, rateFormDefaults, readRatesJson } from './rate-form';

export function RateVersionDialog({ from, onClose }: { from: RateVersionView; onClose: () => void }) {
  const guard = useDiscardGuard(onClose);
  return (
    <>
      <Modal title={`New version from version ${from.id}`} onClose={guard.requestClose} wide>
        <RateVersionForm from={from} onCancel={guard.requestClose} onDirtyChange={guard.setDirty} onSaved={onClose} />
      </Modal>
      {guard.prompt}
    </>
  );
}

interface Summary {
  message: string;
  /** Each wrong field's place (contract/rates.ts rateIssues' paths) and its messages. */
  entries: [string, string[]][];
}

function RateVersionForm({ from, onCancel, onDirtyChange, onSaved }: { from: RateVersionView; onCancel: () => void; onDirtyChange: (dirty: boolean) => void; onSaved: () => void }) {
  const notify = useNotify();
  const create = useCreateRateVersion();
  const form = useContractForm(rateForm, rateFormDefaults(from, Date.now()));
  const { field, register, watch, setValue, isSubmitting } = form;
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const [summary, setSummary] = useState<Summary | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);
  const [fileNote, setFileNote] = useState('');
  const ids = { legend: useId(), summary: useId(), upload: useId(), uploadHint: useId() };
  const later = watch('when') === 'later';

  const onSubmit = form.submit(
    async (values) => {
      setSummary(null);
      const saved = await create.mutateAsync(values);
      const when = saved.status === 'live' ? 'live now' : `takes effect ${formatTimestamp(saved.effectiveFrom)} (UK time)`;
      notify({ tone: 'success', text: `Rate version ${saved.id} saved: ${when}` });
      onSaved();
    },
    (failure) => {
      setSummary({ message: failure.message, entries: Object.entries(failure.fieldErrors) });
      return null;
    },
  );

  // A file fills the text box: a whole version as downloaded (its rates, and its name when none is typed) or the rates alone.
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const text = await file.text();
    const read = readRatesJson(text);
    setValue('ratesText', 'error' in read ? text : JSON.stringify(read.rates, null, 2), { shouldDirty: true, shouldValidate: 'error' in read });
    if (!('error' in read) && read.name && form.getValues('name').trim() === '') setValue('name', read.name, { shouldDirty: true });
    setFileNote('error' in read ? `${file.name} could not be read: see the message under the rates.` : `Rates filled in from ${file.name}.`);
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      {summary ? (
        <div ref={summaryRef} role="group" tabIndex={-1} aria-labelledby={ids.summary} className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900">
          <h3 id={ids.summary} className="font-bold">
            The version was not saved: {summary.message}
          </h3>
          {summary.entries.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {summary.entries.map(([path, messages]) => (
                <li key={path} className="break-words">
                  <code className="font-mono font-semibold">{placeOf(path)}</code>: {messages.join('; ')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <TextField label="Name" hint="Such as the insurer's name for these rates and when they start" autoComplete="off" maxLength={100} {...field('name')} />
      <fieldset className="grid gap-2">
        <legend id={ids.legend} className="font-semibold text-ink">
          Effective from
        </legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="now" {...register('when')} /> Now
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="later" {...register('when')} /> A chosen date and time (UK time)
        </label>
      </fieldset>
      {later ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Date" type="date" {...field('date')} />
          <TextField label="Time (UK time)" hint="Such as 09:00 or 9:00 AM" autoComplete="off" {...field('time')} />
        </div>
      ) : null}
      <div>
        <label htmlFor={ids.upload} className="block font-semibold text-ink">
          Upload JSON file
        </label>
        <p id={ids.uploadHint} className="text-sm text-ink-muted">
          A version as downloaded, or just its rates: it replaces the rates below.
        </p>
        <input
          id={ids.upload}
          type="file"
          accept="application/json,.json"
          aria-describedby={ids.uploadHint}
          onChange={(e) => void onFile(e)}
          className="mt-1 block w-full max-w-full text-base file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3"
        />
        <p className="mt-1 text-sm" aria-live="polite">
          {fileNote}
        </p>
      </div>
      <TextAreaField
        label="Rates (JSON)"
        hint={`Filled in from version ${from.id}: change what the insurer changed.`}
        rows={18}
        spellCheck={false}
        autoComplete="off"
        className="font-mono text-sm"
        {...field('ratesText')}
      />
      <FormButtons onCancel={onCancel} busy={isSubmitting} label="Save version" />
    </form>
  );
}
