import {
  DateField as AriaDateField,
  type DateFieldProps as AriaDateFieldProps,
  DateInput,
  DateSegment,
  type DateValue,
} from 'react-aria-components';

import * as styles from './date-field.css';
import { FieldFrame, type FieldFrameProps } from './field';
import * as fieldStyles from './field.css';

export interface DateFieldProps<T extends DateValue> extends Omit<AriaDateFieldProps<T>, 'children' | 'className'>, FieldFrameProps {
  className?: string;
}

/**
 * A typed date (no calendar), e.g. a birth date. Takes `CalendarDate` values from
 * `@internationalized/date`; `minValue`/`maxValue` make out-of-range dates invalid. The segment
 * order and separators follow the react-aria locale (see `aria-locale-provider.tsx`).
 */
export function DateField<T extends DateValue>({
  label,
  description,
  errorMessage,
  className,
  shouldForceLeadingZeros = true,
  ...props
}: DateFieldProps<T>) {
  return (
    <AriaDateField {...props} shouldForceLeadingZeros={shouldForceLeadingZeros} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <DateInput className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
      </FieldFrame>
    </AriaDateField>
  );
}
