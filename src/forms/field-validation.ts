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

/** The synchronous validators of a field, by the names TanStack Form gives them. */
const syncValidatorKeys = ['onMount', 'onChange', 'onBlur', 'onSubmit', 'onDynamic'] as const;

/**
 * An asynchronous field check that knows its answer for some values without asking again (e.g. a
 * server check that keeps its answers by value): `answered(value)` is the code of its error for
 * `value` (undefined: none), or `notAnswered` when it would have to ask. `passesAtOnce` takes
 * a known answer as it takes a synchronous validator's.
 */
export interface RememberingCheck<Value> {
  (props: { value: Value; signal: AbortSignal }): Promise<string | undefined>;
  answered: (value: Value) => string | undefined | typeof notAnswered;
}

/**
 * An answer that is not there: a `RememberingCheck` that would have to ask, a validator that
 * answers with a promise. It does not pass at once (TanStack's round waits for the answer).
 */
export const notAnswered = Symbol('not answered');

/** What a field validator says of the field's value: the code of its first error, `notAnswered` for a promise, or undefined. */
function firstErrorOf(validator: unknown, field: AnyFieldApi): string | undefined | typeof notAnswered {
  if (typeof validator === 'function') {
    const result: unknown = validator({ value: field.state.value, fieldApi: field, validationSource: 'field' });
    return result instanceof Promise ? notAnswered : errorCode([result]);
  }
  if (typeof validator === 'object' && validator !== null && '~standard' in validator) {
    const result = (validator as StandardSchemaV1)['~standard'].validate(field.state.value);
    return result instanceof Promise ? notAnswered : result.issues?.[0]?.message;
  }
  return undefined;
}

/** Whether an asynchronous validator's answer for the field's value is known, and no error. */
function knownToPass(validator: unknown, field: AnyFieldApi): boolean {
  if (validator === undefined) return true;
  if (typeof validator !== 'function' || !('answered' in validator) || typeof validator.answered !== 'function') return false;
  return (validator as RememberingCheck<unknown>).answered(field.state.value) === undefined;
}

/**
 * Whether a submit can go on at once (issue 14): no field has an error, every field's synchronous
 * validators pass for its value as it stands, and nothing else would be asked (no asynchronous
 * validator, e.g. a server check, unless it is a `RememberingCheck` that knows the value passes,
 * and no form-wide validator). TanStack's submit round, which touches every field, validates and
 * re-renders the whole form before it calls `onSubmit`, would then come to the same `onSubmit`
 * with the same values; without it, a Next shows the next step without rendering the form it
 * leaves once more. Reads the form only: changes nothing.
 */
export function passesAtOnce(form: AnyFormApi): boolean {
  const formValidators: object = form.options.validators ?? {};
  if (Object.values(formValidators).some((validator: unknown) => validator !== undefined)) return false;
  for (const info of Object.values(form.fieldInfo) as { instance?: AnyFieldApi | null }[]) {
    const field = info.instance;
    if (!field) continue;
    if (field.state.meta.errors.some((error) => error !== undefined && error !== '')) return false;
    const validators: Partial<Record<string, unknown>> = { ...field.options.validators };
    if (Object.entries(validators).some(([key, validator]) => key.endsWith('Async') && !knownToPass(validator, field))) return false;
    if (syncValidatorKeys.some((key) => firstErrorOf(validators[key], field) !== undefined)) return false;
  }
  return true;
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
