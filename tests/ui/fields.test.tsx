import { CalendarDate } from '@internationalized/date';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Checkbox } from '#src/ui/checkbox';
import { DatePicker } from '#src/ui/date-picker';
import { Form } from '#src/ui/form';
import { ListBoxItem } from '#src/ui/list-box';
import { NumberField } from '#src/ui/number-field';
import { Radio, RadioGroup } from '#src/ui/radio-group';
import { Select } from '#src/ui/select';
import { TextField } from '#src/ui/text-field';
import { renderUi } from './render-ui';

function describedBy(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('TextField', () => {
  it('shows an aria-hidden asterisk on a required label, and the input is required', () => {
    renderUi(<TextField label="Email" isRequired />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    const mark = screen.getByText('*');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark.closest('label')).toHaveTextContent('Email*');
  });

  it('shows no asterisk on an optional field', () => {
    renderUi(<TextField label="Email" />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toBeRequired();
  });

  it('shows the description and describes the input with it while valid', () => {
    renderUi(<TextField label="Email" description="We send your ticket here." errorMessage="Invalid email." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.getByText('We send your ticket here.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email.')).not.toBeInTheDocument();
    expect(describedBy(input)).toEqual(['We send your ticket here.']);
    expect(input).not.toBeInvalid();
  });

  it('shows the error in place of the description when invalid', () => {
    renderUi(<TextField label="Email" description="We send your ticket here." isInvalid errorMessage="Invalid email." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(screen.getByText('Invalid email.')).toBeInTheDocument();
    expect(screen.queryByText('We send your ticket here.')).not.toBeInTheDocument();
    expect(describedBy(input)).toEqual(['Invalid email.']);
  });

  it('shows react-aria validation messages after a failed submit', async () => {
    renderUi(
      <Form>
        <TextField label="First name" description="As on your ID." isRequired />
        <button type="submit">Send</button>
      </Form>,
    );
    expect(screen.getByText('As on your ID.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toBeInvalid();
    expect(screen.queryByText('As on your ID.')).not.toBeInTheDocument();
    expect(describedBy(input)).toHaveLength(1);
  });
});

describe('other fields share the frame', () => {
  it('NumberField: error replaces description', () => {
    renderUi(<NumberField label="Tickets" description="1 to 5" isInvalid errorMessage="Too many." defaultValue={9} />);
    expect(screen.getByText('Too many.')).toBeInTheDocument();
    expect(screen.queryByText('1 to 5')).not.toBeInTheDocument();
  });

  it('DatePicker: required asterisk, and error replaces description', () => {
    renderUi(
      <DatePicker
        label="Start date"
        description="First of a month"
        isRequired
        isInvalid
        errorMessage="Choose a date in 2027."
        minValue={new CalendarDate(2027, 1, 1)}
        defaultValue={new CalendarDate(2026, 3, 1)}
      />,
    );
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Choose a date in 2027.')).toBeInTheDocument();
    expect(screen.queryByText('First of a month')).not.toBeInTheDocument();
  });

  it('Select: translated placeholder, error replaces description', () => {
    renderUi(
      <Select label="Ticket" description="Change monthly" isInvalid errorMessage="Choose a ticket.">
        <ListBoxItem id="a">A</ListBoxItem>
      </Select>,
    );
    expect(screen.getAllByText('Select an option').length).toBeGreaterThan(0);
    expect(screen.getByText('Choose a ticket.')).toBeInTheDocument();
    expect(screen.queryByText('Change monthly')).not.toBeInTheDocument();
  });

  it('Checkbox: required asterisk hidden, error replaces description', () => {
    renderUi(
      <Checkbox isRequired isInvalid description="Read them first" errorMessage="Accept the terms.">
        I accept the terms
      </Checkbox>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(checkbox).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Accept the terms.')).toBeInTheDocument();
    expect(screen.queryByText('Read them first')).not.toBeInTheDocument();
  });

  it('RadioGroup: labelled group with required mark and error', () => {
    renderUi(
      <RadioGroup label="Payment" isRequired isInvalid description="Monthly" errorMessage="Choose one.">
        <Radio value="sepa">Direct debit</Radio>
        <Radio value="card">Card</Radio>
      </RadioGroup>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('Choose one.')).toBeInTheDocument();
    expect(screen.queryByText('Monthly')).not.toBeInTheDocument();
  });
});
