import type { AnyFormApi } from '@tanstack/react-form';
import { useEffect } from 'react';

/** A code the server gave for a field of the form (the contract's FieldErrorCode, or SPEC.md 8's key); never a value. */
export interface ServerFieldError<Field extends string = string> {
  field: Field;
  code: string;
}

export interface ServerFieldErrorOptions {
  /**
   * Where the focus goes, so a keyboard or screen-reader user lands where the message is: to the
   * first field with an error (`'first'`, the default), the same one frame later (`'firstAfterFrame'`:
   * after a dialog that closed has given the focus back), or nowhere (`'none'`).
   */
  focus?: 'first' | 'firstAfterFrame' | 'none';
}

/**
 * Shows the server's codes at the form's fields of the same name, as if the field's own rule had
 * said so: shown at once, and the next change of the field checks it again with its rule. A field
 * the form does not have is left out. A new list puts its codes over the ones before; an empty one
 * changes nothing. Display only: where the flow goes is the machine's.
 */
export function useServerFieldErrors(form: AnyFormApi, fieldErrors: readonly ServerFieldError[], { focus = 'first' }: ServerFieldErrorOptions = {}): void {
  // By content: a view selected again hands over an equal list, which must not move the focus again.
  const key = JSON.stringify(fieldErrors);
  useEffect(() => {
    const shown = (JSON.parse(key) as ServerFieldError[]).filter(({ field }) => form.getFieldMeta(field) !== undefined);
    for (const { field, code } of shown) {
      form.setFieldMeta(field, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onChange: code } }));
    }
    const first = shown[0];
    if (first === undefined || focus === 'none') return;
    const focusFirst = () => document.querySelector<HTMLInputElement>(`input[name="${first.field}"]`)?.focus();
    if (focus === 'first') {
      focusFirst();
      return;
    }
    const frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [form, key, focus]);
}
