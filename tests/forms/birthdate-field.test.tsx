import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { birthdateSchema } from '#src/domain/personal-fields';
import { BirthdateField } from '#src/forms/birthdate-field';
import { validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { AriaLocaleProvider } from '#src/ui/aria-locale-provider';
import { renderUi } from '../ui/render-ui';

/**
 * A birth date typed or pasted whole (SPEC.md 5.1: DD.MM.YYYY and YYYY-MM-DD; decision 18): the
 * segmented field takes 1990-03-15 typed from its first segment, a pasted date in the accepted
 * forms, and a separator after one digit as "next segment".
 */

const today = () => new Date(2026, 10, 22);

function BirthdateForm({ onSubmit }: { onSubmit: (birthdate: string) => void }) {
  const form = useAppForm({ defaultValues: { birthdate: '' }, onSubmit: ({ value }) => onSubmit(value.birthdate) });
  return (
    <AriaLocaleProvider>
      <FormFrame form={form}>
        <form.AppField name="birthdate" validators={{ onChange: validatorOf(birthdateSchema(today())) }}>
          {() => <BirthdateField label="Birth" today={today} />}
        </form.AppField>
        <SubmitButton>Save</SubmitButton>
      </FormFrame>
    </AriaLocaleProvider>
  );
}

type Locale = 'de-DE' | 'en-US';

function setup(locale: Locale) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(birthdate: string) => void>();
  renderUi(<BirthdateForm onSubmit={onSubmit} />, { locale });
  const group = screen.getByRole('group', { name: 'Birth' });
  const segments = () => within(group).getAllByRole('spinbutton');
  /** The segments as shown, e.g. "15.03.1990" or "03/15/1990". */
  const shown = () => (group.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');
  const submitted = async () => {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls.at(-1)?.[0];
  };
  return { user, group, segments, shown, submitted };
}

describe.each([
  ['de-DE', '15.03.1990', '15031990'],
  ['en-US', '03/15/1990', '03151990'],
] as const)('the birth date field in %s', (locale, display, segmentKeys) => {
  it('takes 1990-03-15 typed from the first segment', async () => {
    const { user, segments, shown, submitted } = setup(locale);
    await user.click(segments()[0]!);
    await user.keyboard('1990-03-15');
    await waitFor(() => expect(shown()).toBe(display));
    expect(await submitted()).toBe('1990-03-15');
  });

  it('shows the ISO date as it comes: the year after the dash, then the month', async () => {
    const { user, segments, shown } = setup(locale);
    await user.click(segments()[0]!);
    await user.keyboard('1990-');
    await waitFor(() => expect(segments().find((segment) => segment.getAttribute('data-type') === 'year')).toHaveTextContent('1990'));
    expect(segments().filter((segment) => segment.hasAttribute('data-placeholder'))).toHaveLength(2);
    await user.keyboard('1');
    await user.keyboard('1');
    await user.keyboard('-05');
    await waitFor(() => expect(shown()).toBe(locale === 'de-DE' ? '05.11.1990' : '11/05/1990'));
  });

  it('still takes the date segment by segment', async () => {
    const { user, segments, shown, submitted } = setup(locale);
    await user.click(segments()[0]!);
    await user.keyboard(segmentKeys);
    await waitFor(() => expect(shown()).toBe(display));
    expect(await submitted()).toBe('1990-03-15');
  });

  it.each(['1990-03-15', '15.03.1990', '15.3.1990', display])('takes %j pasted', async (text) => {
    const { user, segments, shown, submitted } = setup(locale);
    await user.click(segments()[0]!);
    await user.paste(text);
    await waitFor(() => expect(shown()).toBe(display));
    expect(await submitted()).toBe('1990-03-15');
  });

  it('ignores pasted text that is no date', async () => {
    const { user, segments } = setup(locale);
    await user.click(segments()[0]!);
    await user.paste('next Tuesday');
    expect(segments().every((segment) => segment.hasAttribute('data-placeholder'))).toBe(true);
  });
});

describe.each([
  ['de-DE', '1.3.1990', '01.03.1990'],
  ['en-US', '3/1/1990', '03/01/1990'],
] as const)('the birth date field in %s, typed with separators', (locale, keys, display) => {
  it(`moves on to the next segment on a separator after one digit: ${keys}`, async () => {
    const { user, segments, shown, submitted } = setup(locale);
    await user.click(segments()[0]!);
    await user.keyboard(keys);
    await waitFor(() => expect(shown()).toBe(display));
    expect(await submitted()).toBe('1990-03-01');
  });
});

describe('the birth date field over a complete date', () => {
  it('takes an ISO date typed over it', async () => {
    const { user, segments, shown } = setup('de-DE');
    await user.click(segments()[0]!);
    await user.keyboard('15031990');
    await waitFor(() => expect(shown()).toBe('15.03.1990'));
    await user.click(segments()[0]!);
    await user.keyboard('2001-12-24');
    await waitFor(() => expect(shown()).toBe('24.12.2001'));
  });
});
