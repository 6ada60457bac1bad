// One form over a contract schema (docs/api.md#errors-over-trpc): the schema checks it on the device with the server's
// own messages, the server's field messages land beside their fields (the first focused, unless the form moves focus
// to no message), anything else becomes the one notice above the form, and the submit state disables its button.
// Every form of the app with fields is made with it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { failureOf, showServerFieldErrors, type Failure } from './call-errors';
import { useEarlyForm } from './hydration';

export interface Notice {
  tone: 'error' | 'success' | 'info';
  text: string;
  /** Changes on every submit, so the same text twice is still announced and focused again. */
  seq: number;
  /** What failed, for a notice that tells more of it (the console's banner, with its technical details). */
  cause?: unknown;
}

let seq = 0;
export const notice = (tone: Notice['tone'], text: string): Notice => ({ tone, text, seq: ++seq });

/** What the notice says of a failed send: by default the server's message, unless field messages took its place. */
export type FailureText = (failure: Failure, placed: number, cause: unknown) => string | null;
const failureText: FailureText = (failure, placed) => (placed > 0 ? null : failure.message);

export interface ContractFormOptions<In extends FieldValues, Out extends FieldValues> extends Omit<UseFormProps<In, unknown, Out>, 'resolver' | 'defaultValues'> {
  /** The fields the server's field messages go to: every field of the default values unless named. */
  serverFields?: readonly Path<In>[];
  /** The form as the prerendered page holds it, for useEarlyForm's messages: the default values unless given. */
  empty?: Record<string, unknown>;
}

/** A contract schema of a form: an object of fields, as it is typed and as it is parsed. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export function useContractForm<S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { serverFields = Object.keys(defaultValues) as Path<z.input<S>>[], empty = defaultValues, ...options }: ContractFormOptions<z.input<S>, z.output<S>> = {},
) {
  const methods = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: true, ...options });
  const [message, setMessage] = useState<Notice | null>(null);
  const early = useEarlyForm(schema, empty, methods.trigger);
  const { errors, isSubmitting } = methods.formState;
  /** A field's message, or a list's own (beside its entries' messages it is the list's `root`). */
  const messageAt = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const errorOf = (name: string) => messageAt(name) ?? messageAt(`${name}.root`);
  /**
   * Shows a failure: its field messages on their fields (the first focused, unless the form moves no focus to a
   * message: shouldFocusError false), and `failed`'s text in the notice.
   */
  const fail = (failure: Failure, cause: unknown, failed: FailureText = failureText) => {
    const placed = showServerFieldErrors(failure.fieldErrors, serverFields, methods.setError, options.shouldFocusError !== false);
    const text = failed(failure, placed, cause);
    if (text) setMessage({ ...notice('error', text), cause });
  };
  return {
    ...methods,
    errors,
    isSubmitting,
    early,
    /** The notice above the form, or null. */
    message,
    say: (tone: Notice['tone'], text: string) => setMessage(notice(tone, text)),
    clear: () => setMessage(null),
    errorOf,
    /** A control's props: its registration and its message. */
    field: (name: Path<z.input<S>>, registration?: RegisterOptions<z.input<S>, Path<z.input<S>>>) => ({ ...methods.register(name, registration), error: errorOf(name) }),
    fail,
    /**
     * The form's onSubmit: `send` runs with the parsed values once the schema passes; a text it answers is the
     * success notice. A failure puts the server's field messages on their fields and `failed`'s text in the notice.
     */
    submit: (send: (values: z.output<S>) => Promise<string | void> | string | void, failed: FailureText = failureText) =>
      methods.handleSubmit(async (values) => {
        setMessage(null);
        let done: string | void;
        try {
          done = await send(values);
        } catch (err) {
          fail(failureOf(err), err, failed);
          return;
        }
        if (typeof done === 'string') setMessage(notice('success', done));
      }),
  };
}
