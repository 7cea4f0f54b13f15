import { Checkbox, type CheckboxProps } from '#src/ui/checkbox';
import { RadioGroup, type RadioGroupProps } from '#src/ui/radio-group';
import { TextField, type TextFieldProps } from '#src/ui/text-field';
import { bindTextField, type FieldErrorOptions, useFieldError } from './field-error';
import { revalidateOnBlur } from './field-validation';
import { useFieldContext } from './form-contexts';

/**
 * The design-system fields (`src/ui/`) bound to the TanStack field they are rendered for, the
 * `fieldComponents` of the kit: `<form.AppField name="city">{(field) => <field.TextField label="City" />}</form.AppField>`.
 * Each takes its value, change, blur and error from the field; the `name` attribute is the field's
 * name unless `name` says another. Errors follow `field-error.ts`. The select is not among them: it
 * is `./select-field` (react-aria's select is big, and only the address fields have one).
 */

/** The props a bound field takes over from its form field. */
export type Bound = 'value' | 'onChange' | 'onBlur' | 'isInvalid' | 'errorMessage' | 'name';

export interface BoundProps extends FieldErrorOptions {
  /** The `name` attribute, when it is not the field's name (e.g. `travelerFirstName`). */
  name?: string | undefined;
}

/** The field in context, its `name` attribute and error props, and the props that are not the kit's. */
export function useBoundField<Value, Props extends BoundProps>(props: Props) {
  const { name, translateError, serverError, renderError, ...rest } = props;
  const field = useFieldContext<Value>();
  const error = useFieldError({ translateError, serverError, renderError });
  return { field, name: name ?? field.name, error, rest };
}

export type BoundTextFieldProps = Omit<TextFieldProps, Bound> & BoundProps;

export function BoundTextField(props: BoundTextFieldProps) {
  const { field, name, error, rest } = useBoundField<string, BoundTextFieldProps>(props);
  return <TextField {...rest} name={name} {...bindTextField(field, error)} />;
}

export interface BoundRadioGroupProps extends Omit<RadioGroupProps, Bound>, BoundProps {
  /** After the field took the chosen value; `previous` is the value before. */
  onChange?: ((value: string, previous: string) => void) | undefined;
}

/** A radio group whose value is a string ('' while nothing is chosen). */
export function BoundRadioGroup(props: BoundRadioGroupProps) {
  const { field, name, error, rest } = useBoundField<string, BoundRadioGroupProps>(props);
  const { onChange, ...group } = rest;
  const choose = (value: string) => {
    const previous = field.state.value;
    field.handleChange(value);
    onChange?.(value, previous);
  };
  return <RadioGroup {...group} name={name} value={field.state.value || null} onChange={choose} onBlur={() => revalidateOnBlur(field)} {...error} />;
}

export type BoundCheckboxProps = Omit<CheckboxProps, Bound | 'isSelected'> & BoundProps;

export function BoundCheckbox(props: BoundCheckboxProps) {
  const { field, name, error, rest } = useBoundField<boolean, BoundCheckboxProps>(props);
  return <Checkbox {...rest} name={name} isSelected={field.state.value} onChange={field.handleChange} onBlur={() => revalidateOnBlur(field)} {...error} />;
}
