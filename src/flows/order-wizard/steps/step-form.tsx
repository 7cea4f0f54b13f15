import { useLingui } from '@lingui/react/macro';
import type { AnyFormApi } from '@tanstack/react-form';
import { type ReactNode, useEffect, useId, useRef } from 'react';

import type { ProductRules } from '#src/domain/product';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { Button } from '#src/ui/button';
import { FormActions } from '#src/ui/form';
import type { StepEntries } from '../wizard-draft';

/**
 * What is the order wizard's own in its steps: the props every step takes and the step frame (h2
 * title, form labelled by it, Back and Next). The fields, their validation and their errors are the
 * form kit's (`src/forms/`).
 *
 * - `StepProps<Values>`: what the wizard passes to a step (the values' types are the machine's,
 *   machines/order-wizard/order-wizard.types.ts: the domain schemas' outputs).
 * - The services a step reads data with (`useWizardServices()`) are in ./wizard-services.tsx, apart
 *   from the form kit: the wizard page provides them without loading any step's fields.
 * - `StepForm`: `<StepForm form={form} title="…" onBack={onBack}>fields</StepForm>`, `form` made
 *   with the kit's `useAppForm`.
 */

// ---------------------------------------------------------------- the contract with the wizard

export interface StepProps<Values> {
  /** What the customer entered before (restored after a reload or going back). */
  defaultValues: Partial<Values> | undefined;
  /** The validated values; the wizard sends them as `step.next`. */
  onSubmit: (values: Values) => void;
  /** Absent on the first step: no Back button then. */
  onBack?: (() => void) | undefined;
  product: ProductRules;
  /** The wizard works on this step's Next (its quote): Next shows its loading state, another submit is ignored. */
  isBusy?: boolean | undefined;
  /** What was typed on this step before a reload (the wizard's draft): the form starts with it, over `defaultValues`. */
  entries?: StepEntries | undefined;
  /** Every change of the form's values, for the draft (the wizard keeps no password). */
  onEntriesChange?: ((values: Readonly<Record<string, unknown>>) => void) | undefined;
}

// ---------------------------------------------------------------- the entries across a reload

/**
 * A form's first values: `initial` with the restored `entries` over it, field by field where the
 * form has the field and the entry is of the same type (an entry that does not fit is ignored).
 */
export function withEntries<Values extends object>(initial: Values, entries: StepEntries | undefined): Values {
  if (!entries) return initial;
  const merged: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const [name, value] of Object.entries(entries)) {
    if (name in merged && typeof merged[name] === typeof value) merged[name] = value;
  }
  return merged as Values;
}

/** Tells `onEntriesChange` every change of the form's values (not the first values). */
export function useEntriesReport(form: AnyFormApi, onEntriesChange: StepProps<unknown>['onEntriesChange']): void {
  const report = useRef(onEntriesChange);
  useEffect(() => {
    report.current = onEntriesChange;
  });
  useEffect(() => {
    let last: unknown = form.state.values;
    const subscription = form.store.subscribe(() => {
      const values: unknown = form.state.values;
      if (values === last) return;
      last = values;
      report.current?.(values as Readonly<Record<string, unknown>>);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}

// ---------------------------------------------------------------- the frame

export interface StepFormProps {
  /** The step's TanStack form; Next calls its `handleSubmit`. */
  form: AnyFormApi;
  /** The step title, an h2 (the wizard page has the h1); the form is labelled by it. */
  title: ReactNode;
  onBack?: (() => void) | undefined;
  /** Something else keeps the step from going on (e.g. a quote still loading): Next shows loading. */
  isBusy?: boolean | undefined;
  children: ReactNode;
  className?: string | undefined;
}

/**
 * The step's heading, form and buttons (the kit's `FormFrame`): a submit while the form validates
 * or submits (or while `isBusy`) is ignored (SPEC.md 4.1); the Next button shows its loading state then.
 */
export function StepForm({ form, title, onBack, isBusy = false, children, className }: StepFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section className={className}>
      <h2 id={titleId}>{title}</h2>
      <FormFrame form={form} aria-labelledby={titleId} isBusy={isBusy}>
        {children}
        <FormActions>
          {onBack ? (
            <Button variant="secondary" onPress={onBack}>
              {t({ id: 'common:wizard.previous', message: 'Back' })}
            </Button>
          ) : null}
          <SubmitButton>{t({ id: 'common:wizard.next', message: 'Next' })}</SubmitButton>
        </FormActions>
      </FormFrame>
    </section>
  );
}
