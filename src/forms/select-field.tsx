import type { Key } from 'react-aria-components';

import { Select, type SelectProps } from '#src/ui/select';
import { type Bound, type BoundProps, useBoundField } from './bound-fields';
import { revalidateOnBlur } from './field-validation';

export type SelectFieldProps<T extends object> = Omit<SelectProps<T>, Bound> & BoundProps;

/**
 * A single choice from a list whose keys are the values (strings, '' while nothing is chosen),
 * bound to the field it is rendered for: `<form.AppField name="country">{() => <SelectField … />}</form.AppField>`.
 *
 * Not one of the form hook's field components (issue 14): react-aria's select with its list box and
 * popover is about 38 KiB gzip, and a component the hook registers loads with every form. Only the
 * address fields have a select, so only the pages with an address load it.
 */
export function SelectField<T extends object>(props: SelectFieldProps<T>) {
  const { field, name, error, rest } = useBoundField<string, SelectFieldProps<T>>(props);
  const choose = (key: Key | null) => {
    if (key != null) field.handleChange(String(key));
  };
  return <Select<T> {...rest} name={name} value={field.state.value || null} onChange={choose} onBlur={() => revalidateOnBlur(field)} {...error} />;
}
