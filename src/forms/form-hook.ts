import { createFormHook } from '@tanstack/react-form';

import { BoundCheckbox, BoundRadioGroup, BoundTextField } from './bound-fields';
import { SubmitButton } from './form-frame';
import { fieldContext, formContext } from './form-contexts';
import { PasswordField } from './password-field';

/**
 * The portal's form hook (TanStack Form's `createFormHook`). A form is
 *
 * ```tsx
 * const form = useAppForm({ defaultValues, onSubmit: ({ value, formApi }) => … });
 * <FormFrame form={form} aria-labelledby={titleId}>
 *   <form.AppField name="city" validators={{ onChange: validatorOf(citySchema) }}>
 *     {(field) => <field.TextField label={t(…)} autoComplete="address-level2" isRequired />}
 *   </form.AppField>
 *   <SubmitButton>{t(…)}</SubmitButton>
 * </FormFrame>
 * ```
 *
 * Field components: `TextField`, `PasswordField` (live rules), `RadioGroup`, `Checkbox`.
 * Field groups shared by several forms: `PersonFields`, `AddressFields` (made with `withFieldGroup`).
 * The birth date is not among them: a form that has one renders `<BirthdateField>` (./birthdate-field)
 * inside its `AppField` itself, so the date field's code (react-aria's DateField with
 * @internationalized/date, about 10 KiB gzip) is loaded only by the pages that ask for a birth date,
 * not by every page with a form (issue 14). The select neither, for the same reason: react-aria's
 * select (about 38 KiB gzip) is `<SelectField>` (./select-field), rendered by the address fields,
 * the only form part with one. `<FormattedTextField>` (./formatted-text-field, the IBAN and BIC) neither,
 * having a single form. A server's field errors go on the fields with `useServerFieldErrors`
 * (./server-field-errors).
 */
export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    PasswordField,
    RadioGroup: BoundRadioGroup,
    Checkbox: BoundCheckbox,
  },
  formComponents: {
    SubmitButton,
  },
});
