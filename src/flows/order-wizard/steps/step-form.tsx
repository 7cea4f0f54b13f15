import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type AnyFieldApi, type AnyFormApi, useStore } from '@tanstack/react-form';
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useId, useMemo } from 'react';
import * as v from 'valibot';

import type { ApiClient } from '#src/api/client';
import type { Queries } from '#src/api/queries';
import type { ProductRules } from '#src/domain/product';
import { validationMessage } from '#src/i18n/validation-messages';
import { Button } from '#src/ui/button';
import { Form, FormActions } from '#src/ui/form';

/**
 * The shared shell of the order wizard's steps: the props every step takes, the services a step
 * reads data with, and the form frame (h2 title, form labelled by it, Back and Next).
 *
 * API (kept stable; billing-step, account-step, company-step and start-traveler-step use it):
 * - `StepProps<Values>`: what the wizard passes to a step.
 * - `WizardServicesProvider` / `useWizardServices()`: `{ api, queries, today }` — the route provides
 *   the real ones from the router context, tests provide fakes (a fake `fetch` in `createApiClient`).
 * - `StepForm`: `<StepForm form={form} title="…" onBack={onBack}>fields</StepForm>`.
 * - `useFieldError(form)`: a function of a field giving `{ isInvalid, errorMessage }` for a design
 *   system field; errors show after the field was left (blur) or after a submit.
 * - `errorCode(errors)`: the first error of a field as a code (valibot issues carry codes as messages).
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
}

// ---------------------------------------------------------------- services

export interface WizardServices {
  api: ApiClient;
  queries: Queries;
  /** The current day; injectable so date rules (start-month warning, birthdate bounds) are testable. */
  today: () => Date;
}

const WizardServicesContext = createContext<WizardServices | null>(null);

export interface WizardServicesProviderProps {
  api: ApiClient;
  queries: Queries;
  today?: (() => Date) | undefined;
  children: ReactNode;
}

/** Gives the steps below their data access. A React Query `QueryClientProvider` must be above it. */
export function WizardServicesProvider({ api, queries, today, children }: WizardServicesProviderProps) {
  const value = useMemo<WizardServices>(() => ({ api, queries, today: today ?? (() => new Date()) }), [api, queries, today]);
  return <WizardServicesContext.Provider value={value}>{children}</WizardServicesContext.Provider>;
}

export function useWizardServices(): WizardServices {
  const services = useContext(WizardServicesContext);
  if (!services) throw new Error('useWizardServices: no WizardServicesProvider above this step');
  return services;
}

// ---------------------------------------------------------------- errors

/**
 * The first error of a field as a code: a string, or the message of a Standard Schema issue (the
 * domain's valibot schemas use codes as messages). Arrays (a validator's list of issues) are read
 * through.
 */
export function errorCode(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error;
    if (Array.isArray(error)) {
      const inner = errorCode(error);
      if (inner !== undefined) return inner;
    }
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}

export interface FieldErrorProps {
  isInvalid: boolean;
  errorMessage: string | undefined;
}

/**
 * The error props of a design-system field from a TanStack field: shown once the field was left or
 * the form was submitted, translated with `validationMessage`. `translate` overrides the message of
 * a code (e.g. a server's error hint for `customValidation`).
 */
export function fieldErrorProps(
  field: AnyFieldApi,
  submitted: boolean,
  i18n: I18n,
  translate?: (code: string) => string | undefined,
): FieldErrorProps {
  const meta = field.state.meta;
  const code = errorCode(meta.errors);
  if (code === undefined || !(meta.isBlurred || submitted)) return { isInvalid: false, errorMessage: undefined };
  return { isInvalid: true, errorMessage: translate?.(code) ?? validationMessage(i18n, code) };
}

/** What a text field takes from its form field: the value, change and blur, and its error props. */
export function bindTextField(field: AnyFieldApi, error: FieldErrorProps) {
  return { value: field.state.value as string, onChange: field.handleChange as (value: string) => void, onBlur: field.handleBlur, ...error };
}

/** `fieldErrorProps` bound to the form's submitted state and the active language. */
export function useFieldError(form: AnyFormApi) {
  const { i18n } = useLingui();
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  return useCallback(
    (field: AnyFieldApi, translate?: (code: string) => string | undefined) => fieldErrorProps(field, submitted, i18n, translate),
    [submitted, i18n],
  );
}

// ---------------------------------------------------------------- the frame

/**
 * Submitting, or validating: the form's own validators (`isValidating`) or a field's, e.g. a
 * debounced server lookup (`isFieldsValidating`; TanStack Form keeps the two apart).
 */
export function isFormBusy(state: { isSubmitting: boolean; isValidating: boolean; isFieldsValidating: boolean }): boolean {
  return state.isSubmitting || state.isValidating || state.isFieldsValidating;
}

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
 * The step's heading, form and buttons. A submit while the form validates or submits (or while
 * `isBusy`) is ignored (SPEC.md 4.1): the Next button shows its loading state then.
 */
export function StepForm({ form, title, onBack, isBusy = false, children, className }: StepFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  const formBusy = useStore(form.store, isFormBusy);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (isBusy || isFormBusy(form.state)) return;
    void form.handleSubmit();
  };

  return (
    <section className={className}>
      <h2 id={titleId}>{title}</h2>
      <Form aria-labelledby={titleId} validationBehavior="aria" onSubmit={submit}>
        {children}
        <FormActions>
          {onBack ? (
            <Button variant="secondary" onPress={onBack}>
              {t({ id: 'common:wizard.previous', message: 'Back' })}
            </Button>
          ) : null}
          <Button type="submit" isLoading={isBusy || formBusy}>
            {t({ id: 'common:wizard.next', message: 'Next' })}
          </Button>
        </FormActions>
      </Form>
    </section>
  );
}

/** A field validator from a domain schema: the code of its first issue (the schemas use codes as messages). */
export function codeOf(schema: v.GenericSchema) {
  return ({ value }: { value: unknown }): string | undefined => {
    const result = v.safeParse(schema, value);
    return result.success ? undefined : result.issues[0]?.message;
  };
}

/** Errors show after blur or submit and then follow every change; leaving a field checks it again. */
export const revalidateOnBlur = {
  onBlur: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    void fieldApi.validate('change');
  },
};
