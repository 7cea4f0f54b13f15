import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AddressFields, addressFields, type AddressFieldValues } from '#src/forms/address-fields';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { personFields, PersonFields, type PersonFieldValues, type PersonRole } from '#src/forms/person-fields';
import { AriaLocaleProvider } from '#src/ui/aria-locale-provider';
import { renderUi } from '../ui/render-ui';

type User = ReturnType<typeof userEvent.setup>;

// ---------------------------------------------------------------- the address block

function AddressForm() {
  const form = useAppForm({
    defaultValues: { zipCode: '', city: '', street: '', houseNumber: '', addition: '', country: 'DE' } satisfies AddressFieldValues,
  });
  return (
    <FormFrame form={form}>
      <AddressFields form={form} fields={addressFields} countries={['DE', 'AT', 'CH', 'NL']} />
    </FormFrame>
  );
}

const countryFormat = 'This postcode does not fit the selected country.';
const zip = () => screen.getByRole('textbox', { name: /Postcode/ });

async function typeZip(user: User, value: string) {
  await user.clear(zip());
  await user.type(zip(), value);
  await user.tab();
}

async function chooseCountry(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: /Country/ }));
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(screen.getByRole('button', { name: /Country/ })).toHaveTextContent(name));
}

function zipAccepted(): boolean {
  return zip().getAttribute('aria-invalid') !== 'true' && screen.queryByText(countryFormat) === null;
}

describe('form kit: the address block (SPEC.md 5.1)', () => {
  it('DE: five digits, not 01000, 99999 or starting with 00', async () => {
    const user = userEvent.setup();
    renderUi(<AddressForm />);
    const verdicts: Record<string, boolean> = {};
    for (const value of ['01067', '10115', '01000', '99999', '00123', '1011', '101155']) {
      await typeZip(user, value);
      verdicts[value] = zipAccepted();
    }
    expect(verdicts).toEqual({ '01067': true, '10115': true, '01000': false, '99999': false, '00123': false, '1011': false, '101155': false });
    expect(zip()).toHaveAttribute('inputmode', 'numeric');
  });

  it.each([
    ['Austria', '1010', '0101'],
    ['Switzerland', '8001', '0800'],
  ])('%s: four digits, not starting with 0', async (country, good, bad) => {
    const user = userEvent.setup();
    renderUi(<AddressForm />);
    await chooseCountry(user, country);
    await typeZip(user, good);
    expect(zipAccepted()).toBe(true);
    await typeZip(user, bad);
    expect(zipAccepted()).toBe(false);
    await typeZip(user, '10115');
    expect(zipAccepted()).toBe(false);
    expect(zip()).toHaveAttribute('inputmode', 'numeric');
  });

  it('checks the zip code again when the country changes; other countries take letters', async () => {
    const user = userEvent.setup();
    renderUi(<AddressForm />);
    await typeZip(user, '10115');
    expect(zipAccepted()).toBe(true);
    await chooseCountry(user, 'Austria');
    expect(zipAccepted()).toBe(false);
    expect(screen.getByText(countryFormat)).toBeInTheDocument();
    await chooseCountry(user, 'Netherlands');
    expect(zip()).not.toHaveAttribute('inputmode');
    await typeZip(user, '1012 AB');
    expect(zipAccepted()).toBe(true);
  });
});

// ---------------------------------------------------------------- the person block

/** 22 November 2026: a birthdate up to 22 November 2020 is old enough (SPEC.md 9). */
const today = () => new Date(2026, 10, 22);

function PersonForm({ role }: { role: PersonRole }) {
  const form = useAppForm({ defaultValues: { gender: '', firstName: '', lastName: '', birthdate: '' } as PersonFieldValues });
  return (
    <AriaLocaleProvider>
      <FormFrame form={form}>
        <PersonFields form={form} fields={personFields} role={role} today={today} />
        <SubmitButton>Save</SubmitButton>
      </FormFrame>
    </AriaLocaleProvider>
  );
}

/** Types a date into the en-US date field (month, day, year) and leaves it. */
async function typeBirthdate(user: User, label: RegExp, mmddyyyy: string) {
  const group = screen.getByRole('group', { name: label });
  const [first] = within(group).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(mmddyyyy);
  await user.tab();
}

const tooYoung = 'The person must be at least 6 years old.';
const tooOld = 'The date must be January 2, 1901 or later.';

describe('form kit: the person block (SPEC.md 5.1)', () => {
  it('takes birthdates from 02.01.1901 to today minus 6 years, both inclusive', async () => {
    const user = userEvent.setup();
    renderUi(<PersonForm role="subscriber" />);
    const shown: Record<string, string | null> = {};
    for (const date of ['11222020', '11232020', '01021901', '01011901']) {
      await typeBirthdate(user, /Date of birth/, date);
      shown[date] = [tooYoung, tooOld].find((message) => screen.queryByText(message) !== null) ?? null;
    }
    expect(shown).toEqual({ '11222020': null, '11232020': tooYoung, '01021901': null, '01011901': tooOld });
  });

  it('the subscriber: salutation first, names with autocomplete, the field names as name attributes', () => {
    renderUi(<PersonForm role="subscriber" />);
    expect(screen.getByRole('radio', { name: 'Mr' })).toHaveAttribute('name', 'gender');
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveAttribute('name', 'lastName');
    const salutation = screen.getByRole('radiogroup', { name: /Salutation/ });
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(salutation.compareDocumentPosition(firstName) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the traveler: its own labels and name attributes, no autocomplete, and every field required on submit', async () => {
    const user = userEvent.setup();
    renderUi(<PersonForm role="traveler" />);
    const firstName = screen.getByRole('textbox', { name: 'First name of the traveler' });
    expect(firstName).toHaveAttribute('name', 'travelerFirstName');
    expect(firstName).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveAttribute('name', 'travelerGender');
    expect(screen.getByRole('group', { name: 'Date of birth of the traveler' })).toHaveAccessibleDescription('The traveler must be at least 6 years old.');

    await user.type(firstName, 'Anna');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3));
    expect(firstName).not.toBeInvalid();
    expect(screen.getByRole('radiogroup', { name: 'Gender of the traveler' })).toHaveAccessibleDescription('Please fill in this field.');
  });
});
