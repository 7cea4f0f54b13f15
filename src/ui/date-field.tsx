import { parseDate as parseCalendarDate } from '@internationalized/date';
import { type RefObject, useContext, useLayoutEffect, useRef, useState } from 'react';
import {
  DateField as AriaDateField,
  type DateFieldProps as AriaDateFieldProps,
  type DateFieldState,
  DateFieldStateContext,
  DateInput,
  DateSegment,
  type DateValue,
} from 'react-aria-components';

import { type DateOrder, readDateText, readTypedIsoDate, type TypedIsoDate } from '#src/domain/personal-fields';
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
 *
 * Besides typing segment by segment, it takes a whole date (decision 18): pasted (or inserted at
 * once, as autofill or dictation do) as 1990-03-15, 15.03.1990 or in the order the segments show
 * (03/15/1990 in en-US), and typed as 1990-03-15 from the first segment; a dot, slash or dash after
 * one digit moves on to the next segment (1.3.1990).
 */
export function DateField<T extends DateValue>({ label, description, errorMessage, className, shouldForceLeadingZeros = true, ...props }: DateFieldProps<T>) {
  const groupRef = useRef<HTMLDivElement>(null);
  return (
    <AriaDateField {...props} shouldForceLeadingZeros={shouldForceLeadingZeros} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <DateInput ref={groupRef} className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <WholeDateEntry groupRef={groupRef} />
      </FieldFrame>
    </AriaDateField>
  );
}

// ---------------------------------------------------------------- a whole date typed or pasted

type Operation = (state: DateFieldState) => void;

const separators = new Set(['.', '/', '-']);
/** Keys that neither type nor break a run of typed keys. */
const passiveKeys = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Dead', 'Unidentified', 'Process']);

function orderOf(state: DateFieldState): DateOrder {
  const order = state.segments
    .map((segment) => segment.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year')
    .map((type) => type[0])
    .join('');
  return order === 'mdy' || order === 'ymd' ? order : 'dmy';
}

function editableSegments(group: HTMLElement): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>('[data-type]:not([data-type="literal"])')];
}

/**
 * Listens on the field's group, before its segments do: a pasted or inserted whole date is set at
 * once; keys typed from the first segment that turn out to be an ISO date (four digits, then a
 * dash) are taken over from there: the segments are cleared and filled as year, month and day come.
 * The field's state is changed one operation per render (react-aria's `setSegment` reads the state
 * of the render it belongs to), so the operations wait in a queue.
 */
function WholeDateEntry({ groupRef }: { groupRef: RefObject<HTMLDivElement | null> }) {
  const state = useContext(DateFieldStateContext);
  const stateRef = useRef(state);
  const queue = useRef<Operation[]>([]);
  const [renders, setRenders] = useState(0);

  useLayoutEffect(() => {
    stateRef.current = state;
    const operation = queue.current.shift();
    if (!operation || !state) return;
    operation(state);
    // The next one in the next render (also when this one changed nothing).
    if (queue.current.length > 0) setRenders((count) => count + 1);
  }, [state, renders]);

  useLayoutEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    /** The keys typed in a row, and whether the row began in the first segment. */
    let typed = '';
    let fromFirstSegment = false;
    /** The ISO date taken over, as last applied. */
    let iso: TypedIsoDate | undefined;
    /** The segment the last digit went into. */
    let lastDigitIn: Element | null = null;

    const reset = () => {
      typed = '';
      iso = undefined;
      lastDigitIn = null;
    };
    const run = (operations: Operation[]) => {
      queue.current.push(...operations);
      setRenders((count) => count + 1);
    };
    const take = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const editable = () => {
      const current = stateRef.current;
      return current !== null && !current.isDisabled && !current.isReadOnly;
    };

    /** Sets a whole date read from text; false when the text is not one. */
    const setWholeDate = (text: string): boolean => {
      const current = stateRef.current;
      if (!current) return false;
      const date = readDateText(text, orderOf(current));
      if (!date) return false;
      reset();
      run([(latest) => latest.setValue(parseCalendarDate(date))]);
      return true;
    };

    const applyIso = (next: TypedIsoDate) => {
      const operations: Operation[] = [];
      if (!iso) {
        operations.push(
          (latest) => latest.setValue(null),
          (latest) => latest.setSegment('year', next.year),
        );
      }
      if (next.month !== iso?.month) {
        const { month } = next;
        operations.push(month === undefined ? (latest) => latest.clearSegment('month') : (latest) => latest.setSegment('month', month));
      }
      if (next.day !== iso?.day) {
        const { day } = next;
        operations.push(day === undefined ? (latest) => latest.clearSegment('day') : (latest) => latest.setSegment('day', day));
      }
      iso = next;
      run(operations);
      if (next.complete) reset();
    };

    const onBeforeInput = (event: InputEvent) => {
      if (!editable()) return;
      const data = event.data;
      if (event.inputType.startsWith('delete')) {
        reset();
        return;
      }
      if (data === null) return;
      if (data.length > 1) {
        // Inserted at once: autofill, dictation, an IME, Playwright's insertText, Firefox's paste.
        if (setWholeDate(data)) take(event);
        return;
      }
      if (typed === '') fromFirstSegment = document.activeElement === editableSegments(group)[0];
      const candidate = typed + data;
      if (iso) {
        take(event);
        const next = readTypedIsoDate(candidate);
        if (!next) return; // cannot be part of the date: ignored
        typed = candidate;
        applyIso(next);
        return;
      }
      typed = candidate;
      if (data === '-' && fromFirstSegment) {
        const next = readTypedIsoDate(candidate);
        if (next) {
          take(event);
          applyIso(next);
          return;
        }
      }
      if (separators.has(data)) {
        // "1." in the day: the day is 1, on to the month (react-aria ignores the dot and waits).
        const active = document.activeElement;
        if (active !== null && active === lastDigitIn) {
          take(event);
          const segments = editableSegments(group);
          segments[segments.indexOf(active as HTMLElement) + 1]?.focus();
        }
        lastDigitIn = null;
        return;
      }
      lastDigitIn = /\d/.test(data) ? document.activeElement : null;
    };

    const onPaste = (event: ClipboardEvent) => {
      if (!editable()) return;
      // The segments cannot take pasted text: a date is set whole, anything else is dropped.
      take(event);
      setWholeDate(event.clipboardData?.getData('text/plain') ?? '');
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.length !== 1 && !passiveKeys.has(event.key)) reset();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && group.contains(event.relatedTarget))) reset();
    };

    group.addEventListener('beforeinput', onBeforeInput, true);
    group.addEventListener('paste', onPaste, true);
    group.addEventListener('keydown', onKeyDown, true);
    group.addEventListener('focusin', onFocusIn, true);
    group.addEventListener('pointerdown', reset, true);
    return () => {
      group.removeEventListener('beforeinput', onBeforeInput, true);
      group.removeEventListener('paste', onPaste, true);
      group.removeEventListener('keydown', onKeyDown, true);
      group.removeEventListener('focusin', onFocusIn, true);
      group.removeEventListener('pointerdown', reset, true);
    };
  }, [groupRef]);

  return null;
}
