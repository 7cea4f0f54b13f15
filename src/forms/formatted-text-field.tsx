import { TextField } from '#src/ui/text-field';
import { type BoundTextFieldProps, useBoundField } from './bound-fields';
import { bindTextField } from './field-error';
import { revalidateOnBlur } from './field-validation';

export type FormattedTextFieldProps = BoundTextFieldProps & {
  /** How the value is written once the field is left (e.g. the IBAN in groups of four, upper-case). */
  format: (value: string) => string;
};

/**
 * A text field whose value is written as it is printed (a bank writes an IBAN in groups of four)
 * when the customer leaves it; the field's rule checks it again then. Typing is never interrupted
 * (no caret jumps). Bound to the field it is rendered for:
 * `<form.AppField name="iban">{() => <FormattedTextField format={groupIban} … />}</form.AppField>`.
 *
 * Not one of the form hook's field components: a component the hook registers loads with every
 * form, and only the direct-debit form formats a value.
 */
export function FormattedTextField(props: FormattedTextFieldProps) {
  const { field, name, error, rest } = useBoundField<string, FormattedTextFieldProps>(props);
  const { format, ...text } = rest;
  const leave = () => {
    // The form's value now, not the one of the last render: a paste and a Tab in quick succession
    // leave before React has rendered the pasted value (seen as an emptied field under load).
    const value = field.getValue();
    const formatted = format(value);
    if (formatted !== value) field.handleChange(formatted);
    revalidateOnBlur(field);
  };
  return <TextField {...text} name={name} {...bindTextField(field, error)} onBlur={leave} />;
}
