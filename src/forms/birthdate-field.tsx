import { type CalendarDate, parseDate as parseCalendarDate } from '@internationalized/date';
import { useEffect, useMemo, useRef, useState } from 'react';

import { birthdateBounds, parseDate } from '#src/domain/personal-fields';
import { DateField } from '#src/ui/date-field';
import { type BoundProps, useBoundField } from './bound-fields';
import { revalidateOnBlur } from './field-validation';

/**
 * A birth date with only some segments typed: not a date, so the schema answers invalidBirthDate
 * (react-aria's DateField reports no value until every segment is there).
 */
const incompleteDate = 'incomplete';

function toCalendarDate(value: string): CalendarDate | null {
  const iso = parseDate(value);
  if (!iso) return null;
  try {
    return parseCalendarDate(iso);
  } catch {
    return null;
  }
}

export interface BirthdateFieldProps extends BoundProps {
  label: string;
  description?: string | undefined;
  autoComplete?: string | undefined;
  /** The current day, for the bounds (injectable so the rule is testable). */
  today: () => Date;
}

/**
 * A birth date (SPEC.md 5.1), bound to a string field: a DateField with min 1901-01-02 and max
 * today minus 6 years, whose value is YYYY-MM-DD, and which remembers a half-typed date so the
 * customer hears why it is wrong. Validate the field with `birthdateSchema(today())`.
 */
export function BirthdateField(props: BirthdateFieldProps) {
  const { field, name, error, rest } = useBoundField<string, BirthdateFieldProps>(props);
  const { label, description, autoComplete, today } = rest;
  const bounds = useMemo(() => birthdateBounds(today()), [today]);
  const ref = useRef<HTMLDivElement>(null);
  const value = field.state.value;
  // A half-typed date does not survive a remount (a reload restoring the form's values): the
  // segments start empty, and so does the value.
  const [staleOnMount] = useState(() => field.state.value === incompleteDate);
  useEffect(() => {
    if (staleOnMount) field.setValue('', { dontUpdateMeta: true });
  }, [field, staleOnMount]);
  return (
    <div ref={ref}>
      <DateField<CalendarDate>
        name={name}
        label={label}
        description={description}
        {...(autoComplete ? { autoComplete } : {})}
        isRequired
        minValue={parseCalendarDate(bounds.min)}
        maxValue={parseCalendarDate(bounds.max)}
        placeholderValue={parseCalendarDate(bounds.max)}
        value={toCalendarDate(value)}
        onChange={(date) => field.handleChange(date ? date.toString() : '')}
        onBlur={() => {
          if (toCalendarDate(value) === null) {
            const segments = [...(ref.current?.querySelectorAll('[role="spinbutton"]') ?? [])];
            const typed = segments.some((segment) => !segment.hasAttribute('data-placeholder'));
            const next = typed ? incompleteDate : '';
            if (value !== next) field.handleChange(next);
          }
          revalidateOnBlur(field);
        }}
        {...error}
      />
    </div>
  );
}
