import { type AnyFormApi, useStore } from '@tanstack/react-form';
import { createContext, type FormEvent, type ReactNode, useContext } from 'react';

import { Button, type ButtonProps } from '#src/ui/button';
import { Form } from '#src/ui/form';
import { isFormBusy, passesAtOnce } from './field-validation';
import { formContext, useFormContext } from './form-contexts';

/** Something outside the form keeps it from going on (a quote still loading, an order being sent). */
const BusyContext = createContext(false);

export interface FormFrameProps {
  /** The TanStack form (`useAppForm`); a submit calls its `handleSubmit`. */
  form: AnyFormApi;
  /** Something else keeps the form from going on: a submit is ignored, the submit button loads. */
  isBusy?: boolean | undefined;
  /** The id of the heading that names the form. */
  'aria-labelledby'?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/**
 * The `<form>` of a kit form: errors as the customer goes (react-aria's `validationBehavior="aria"`),
 * and a submit (Enter in a field, the submit button) while the form validates or submits, or while
 * `isBusy`, is ignored (SPEC.md 4.1). A form that passes every check as it stands goes on at once
 * (`passesAtOnce`); otherwise TanStack's `handleSubmit` validates every field and shows what fails.
 * Gives its form to the kit's form components (`SubmitButton`).
 */
export function FormFrame({ form, isBusy = false, children, ...props }: FormFrameProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (isBusy || isFormBusy(form.state)) return;
    if (passesAtOnce(form)) {
      // Valid as it stands: on at once. Should `onSubmit`'s own check (the schema) still find
      // something, TanStack's submit round shows it as any failed submit does.
      void form.options.onSubmit?.({ value: form.state.values, formApi: form, meta: form.options.onSubmitMeta });
      if (!form.state.isFieldsValid) void form.handleSubmit();
      return;
    }
    void form.handleSubmit();
  };
  return (
    <formContext.Provider value={form}>
      <BusyContext.Provider value={isBusy}>
        <Form {...props} validationBehavior="aria" onSubmit={submit}>
          {children}
        </Form>
      </BusyContext.Provider>
    </formContext.Provider>
  );
}

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'isLoading'>;

/**
 * The submit button of a `FormFrame`: loading (and so ignoring presses, SPEC.md 4.8) while the form
 * validates or submits, or while the frame is busy.
 */
export function SubmitButton(props: SubmitButtonProps) {
  const form = useFormContext();
  const formBusy = useStore(form.store, isFormBusy);
  const isBusy = useContext(BusyContext);
  return <Button {...props} type="submit" isLoading={isBusy || formBusy} />;
}
