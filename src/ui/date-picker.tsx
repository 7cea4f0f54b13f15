import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  type DatePickerProps as AriaDatePickerProps,
  DateSegment,
  type DateValue,
  Dialog,
  Group,
  Heading,
} from 'react-aria-components';

import * as dateFieldStyles from './date-field.css';
import * as styles from './date-picker.css';
import { FieldFrame, type FieldFrameProps } from './field';
import * as fieldStyles from './field.css';
import { Icon } from './icon';
import { Popover } from './popover';

export interface DatePickerProps<T extends DateValue> extends Omit<AriaDatePickerProps<T>, 'children' | 'className'>, FieldFrameProps {
  className?: string;
}

/**
 * A date input with a calendar popover. Takes `CalendarDate` values; `minValue`/`maxValue` limit
 * both the typed date (invalid outside) and the calendar (days outside are unavailable). Days and
 * months show leading zeros by default (01.03.2027), so segments keep their width.
 * react-aria names the calendar button, the previous/next buttons and the grid in the active locale.
 */
export function DatePicker<T extends DateValue>({ label, description, errorMessage, className, shouldForceLeadingZeros = true, ...props }: DatePickerProps<T>) {
  return (
    <AriaDatePicker {...props} shouldForceLeadingZeros={shouldForceLeadingZeros} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <Group className={fieldStyles.group}>
          <DateInput className={[dateFieldStyles.dateInput, dateFieldStyles.dateInputInGroup].join(' ')}>
            {(segment) => <DateSegment segment={segment} className={dateFieldStyles.segment} />}
          </DateInput>
          <AriaButton className={fieldStyles.groupButton}>
            <Icon name="calendar" />
          </AriaButton>
        </Group>
      </FieldFrame>
      <Popover width="auto" placement="bottom start">
        <Dialog className={styles.calendar}>
          <Calendar>
            <header className={styles.calendarHeader}>
              <AriaButton slot="previous" className={styles.calendarNav}>
                <Icon name="chevronLeft" />
              </AriaButton>
              <Heading className={styles.calendarHeading} />
              <AriaButton slot="next" className={styles.calendarNav}>
                <Icon name="chevronRight" />
              </AriaButton>
            </header>
            <CalendarGrid className={styles.calendarGrid}>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
