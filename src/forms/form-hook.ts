import { createFormHook } from '@tanstack/react-form';

import { BirthdateField } from './birthdate-field';
import { BoundCheckbox, BoundRadioGroup, BoundSelect, BoundTextField } from './bound-fields';
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
 * Field components: `TextField`, `PasswordField` (live rules), `BirthdateField`, `RadioGroup`,
 * `Checkbox`, `Select`. Field groups shared by several forms: `PersonFields`, `AddressFields`
 * (made with `withFieldGroup`).
 */
export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    PasswordField,
    BirthdateField,
    RadioGroup: BoundRadioGroup,
    Checkbox: BoundCheckbox,
    Select: BoundSelect,
  },
  formComponents: {
    SubmitButton,
  },
});
