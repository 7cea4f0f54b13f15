import type { AnyFieldApi, AnyFormApi, StandardSchemaV1 } from '@tanstack/react-form';

/**
 * The one validation style of the portal's forms (SPEC.md 5): a field is checked by a schema of
 * `src/domain/` (valibot, read through Standard Schema), whose issue messages are codes, never
 * sentences; `field-error.ts` shows the code as a translated message once the field was left or
 * the form submitted, and from then on after every change.
 */

/**
 * A field validator from a domain schema: the code of its first issue, or undefined when the value
 * is valid. For a schema that depends on something else (the country of a zip code, today for a
 * birthdate), build the schema in the validator: `({ value }) => validatorOf(schemaFor(x))({ value })`.
 */
export function validatorOf(schema: StandardSchemaV1) {
  return ({ value }: { value: unknown }): string | undefined => {
    const result = schema['~standard'].validate(value);
    if (result instanceof Promise) throw new Error('validatorOf: the domain schemas are synchronous');
    return result.issues?.[0]?.message;
  };
}

/**
 * The submitted values through the form's schema: its output (trimmed, dates as YYYY-MM-DD), or
 * undefined after putting the first issue of each field on that field. Every rule is also a field
 * validator, so this is a safety net, and the step goes on only with what the schema puts out.
 */
export function outputOrShowIssues<Output>(formApi: AnyFormApi, schema: StandardSchemaV1<unknown, Output>, values: unknown): Output | undefined {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('outputOrShowIssues: the domain schemas are synchronous');
  if (!result.issues) return result.value;
  const shown = new Set<string>();
  for (const issue of result.issues) {
    const name = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
    if (name === '' || shown.has(name) || formApi.getFieldMeta(name) === undefined) continue;
    shown.add(name);
    formApi.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onChange: issue.message } }));
  }
  return undefined;
}

/**
 * The first error of a field as a code: a string, or the message of a Standard Schema issue (a
 * schema given to TanStack Form as the validator itself). Arrays (a validator's list of issues) are
 * read through.
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

/**
 * The field was left: TanStack's blur (its `onBlur` validators, e.g. a server check), then its
 * change validators again, so a field left empty says so. Every field component of the kit does
 * this on blur.
 */
export function revalidateOnBlur(field: AnyFieldApi): void {
  field.handleBlur();
  void field.validate('change');
}

/**
 * Submitting, or validating: the form's own validators (`isValidating`) or a field's, e.g. a
 * debounced server lookup (`isFieldsValidating`; TanStack Form keeps the two apart). A submit then
 * is ignored (SPEC.md 4.1) and the submit button shows its loading state (SPEC.md 4.8).
 */
export function isFormBusy(state: { isSubmitting: boolean; isValidating: boolean; isFieldsValidating: boolean }): boolean {
  return state.isSubmitting || state.isValidating || state.isFieldsValidating;
}
