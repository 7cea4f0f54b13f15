import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { products } from '#src/domain/product';
import { type BillingStepProps, BillingStep } from '#src/flows/order-wizard/steps/billing-step';
import { WizardServicesProvider } from '#src/flows/order-wizard/steps/wizard-services';
import { AriaLocaleProvider } from '#src/ui/aria-locale-provider';
import { renderUi } from '../ui/render-ui';

/** The day the tests live on: a birthdate up to 22.11.2020 is old enough. */
const today = () => new Date(2026, 10, 22);

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The sandbox's answers for the calls of this step (sandbox/handlers/orders.ts, payment.ts). */
function fakeApi() {
  const requests: Request[] = [];
  const fetch = (request: Request) => {
    requests.push(request);
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/order/countries') return Promise.resolve(json(['DE', 'AT', 'CH', 'NL', 'FR', 'PL']));
    if (url.pathname === '/api/v2/payment/transportation-company') {
      if (url.searchParams.get('zipCode')?.startsWith('10') && url.searchParams.get('country') === 'DE') {
        return Promise.resolve(json({ company_name: 'Berliner Verkehrsbetriebe (BVG)', address_and_web: 'Holzmarktstraße 15-17, 10179 Berlin, www.bvg.de' }));
      }
      return Promise.resolve(json({ status: 404, title: 'Not found' }, 404));
    }
    return Promise.resolve(json({ status: 404, title: 'Not found' }, 404));
  };
  const api = createApiClient({ baseUrl: 'https://api.example.com', onMaintenance: () => undefined, readCookies: () => 'XSRF-TOKEN=t', fetch });
  return { api, queries: createQueries(api), requests };
}

function renderStep(props: Partial<BillingStepProps> = {}, locale: 'en-US' | 'de-DE' = 'en-US') {
  const { api, queries, requests } = fakeApi();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSubmit = vi.fn();
  const onBack = vi.fn();
  function Services({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <WizardServicesProvider api={api} queries={queries} today={today}>
          <AriaLocaleProvider>{children}</AriaLocaleProvider>
        </WizardServicesProvider>
      </QueryClientProvider>
    );
  }
  const user = userEvent.setup();
  renderUi(
    <Services>
      <BillingStep defaultValues={undefined} onSubmit={onSubmit} onBack={onBack} product={products.deuti} {...props} />
    </Services>,
    { locale },
  );
  return { user, onSubmit, onBack, requests };
}

const countryFormat = 'This postcode does not fit the selected country.';

function zipInput() {
  return screen.getByRole('textbox', { name: /Postcode/ });
}

async function typeZip(user: ReturnType<typeof userEvent.setup>, zip: string) {
  await user.clear(zipInput());
  await user.type(zipInput(), zip);
  await user.tab();
}

/** Types a date into the en-US date field (month, day, year). */
async function typeBirthdate(user: ReturnType<typeof userEvent.setup>, mmddyyyy: string) {
  const group = screen.getByRole('group', { name: /Date of birth/ });
  const [first] = within(group).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(mmddyyyy);
  await user.tab();
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: /Country/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('BillingStep', () => {
  it('is an h2-titled form with every field labelled, required ones marked, and autocomplete hints', () => {
    renderStep();
    const heading = screen.getByRole('heading', { level: 2, name: 'Billing address' });
    expect(screen.getByRole('form', { name: 'Billing address' })).toHaveAttribute('aria-labelledby', heading.id);
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveAttribute('autocomplete', 'family-name');
    expect(zipInput()).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveAttribute('autocomplete', 'address-level2');
    expect(screen.getByRole('textbox', { name: /Street/ })).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Address addition/ })).not.toBeRequired();
    expect(screen.getByRole('radiogroup', { name: /Salutation/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('German zip codes: 01000 and 00123 are refused, 01067 is accepted', async () => {
    const { user } = renderStep();
    await typeZip(user, '01000');
    expect(zipInput()).toBeInvalid();
    expect(screen.getByText(countryFormat)).toBeInTheDocument();

    await typeZip(user, '01067');
    expect(zipInput()).not.toBeInvalid();
    expect(screen.queryByText(countryFormat)).not.toBeInTheDocument();

    await typeZip(user, '00123');
    expect(zipInput()).toBeInvalid();
    expect(screen.getByText(countryFormat)).toBeInTheDocument();
  });

  it('shows no error before the field was left', async () => {
    const { user } = renderStep();
    await user.type(zipInput(), '0');
    expect(screen.queryByText(countryFormat)).not.toBeInTheDocument();
    expect(zipInput()).not.toBeInvalid();
  });

  it('re-checks the zip code when the country changes: a German one is refused for Austria', async () => {
    const { user } = renderStep();
    await typeZip(user, '10115');
    expect(zipInput()).not.toBeInvalid();

    await chooseCountry(user, 'Austria');
    expect(screen.getByRole('button', { name: /Country/ })).toHaveTextContent('Austria');
    expect(zipInput()).toBeInvalid();
    expect(screen.getByText(countryFormat)).toBeInTheDocument();

    await typeZip(user, '1010');
    expect(zipInput()).not.toBeInvalid();
    await typeZip(user, '0101');
    expect(screen.getByText(countryFormat)).toBeInTheDocument();
  });

  it('sorts the countries by their translated name (de-DE: Deutschland before Österreich, Schweiz after Polen)', async () => {
    const { user } = renderStep({}, 'de-DE');
    await waitFor(() => expect(screen.getByRole('button', { name: /Land/ })).toHaveTextContent('Deutschland'));
    await user.click(screen.getByRole('button', { name: /Land/ }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(6));
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Deutschland', 'Frankreich', 'Niederlande', 'Österreich', 'Polen', 'Schweiz']);
  });

  it('can be used with the keyboard alone: salutation with arrows, country from the list', async () => {
    const { user } = renderStep();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Mr' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Ms' })).toBeChecked();

    const country = screen.getByRole('button', { name: /Country/ });
    await waitFor(() => expect(country).toHaveTextContent('Germany'));
    act(() => country.focus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Germany' })).toHaveFocus());
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(country).toHaveTextContent('Austria'));
  });

  it('sorts the countries by their English name in en-US', async () => {
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: /Country/ }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(6));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Austria', 'France', 'Germany', 'Netherlands', 'Poland', 'Switzerland']);
  });

  it('refuses a birthdate less than 6 years ago (birthDateMax) and accepts one exactly 6 years ago', async () => {
    const { user } = renderStep();
    await typeBirthdate(user, '01012024');
    expect(screen.getByText('The person must be at least 6 years old.')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /Date of birth/ });
    expect(within(group).getAllByRole('spinbutton')[0]).toHaveAttribute('aria-invalid', 'true');

    await typeBirthdate(user, '11222020');
    expect(screen.queryByText('The person must be at least 6 years old.')).not.toBeInTheDocument();
  });

  it('says a half-typed birthdate is not a valid date', async () => {
    const { user } = renderStep();
    await typeBirthdate(user, '0101');
    expect(screen.getByText('Please enter a valid date.')).toBeInTheDocument();
  });

  it('shows the transport company once the zip code is valid, politely announced, and nothing when unknown', async () => {
    const { user } = renderStep();
    await typeZip(user, '10115');
    const company = await screen.findByText('Your ticket will be issued by Berliner Verkehrsbetriebe (BVG)');
    expect(company.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText('Holzmarktstraße 15-17, 10179 Berlin, www.bvg.de')).toBeInTheDocument();

    await typeZip(user, '1011');
    expect(screen.queryByText(/Berliner Verkehrsbetriebe/)).not.toBeInTheDocument();

    await typeZip(user, '99998');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/will be issued by/)).not.toBeInTheDocument();
  });

  it('shows every missing field on submit and does not go on', async () => {
    const { user, onSubmit } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByText('Please fill in this field.').length).toBeGreaterThanOrEqual(7));
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values exactly as the schema puts them out (trimmed, no empty addition)', async () => {
    const { user, onSubmit } = renderStep();
    await user.click(screen.getByRole('radio', { name: 'Ms' }));
    await user.type(screen.getByRole('textbox', { name: /First name/ }), '  Anna-Lena ');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), ' von Bülow  ');
    await typeBirthdate(user, '03141990');
    await user.type(zipInput(), ' 10115 ');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin ');
    await user.type(screen.getByRole('textbox', { name: /Street/ }), ' Invalidenstraße');
    await user.type(screen.getByRole('textbox', { name: /House number/ }), '12a ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      gender: 'Female',
      firstName: 'Anna-Lena',
      lastName: 'von Bülow',
      birthdate: '1990-03-14',
      zipCode: '10115',
      city: 'Berlin',
      street: 'Invalidenstraße',
      houseNumber: '12a',
      country: 'DE',
    });
  });

  it('restores the values it is given and submits them with an addition', async () => {
    const values = {
      gender: 'NotSpecified' as const,
      firstName: 'Jan',
      lastName: 'Nowak',
      birthdate: '1985-07-01',
      zipCode: '1010',
      city: 'Wien',
      street: 'Ring',
      houseNumber: '1',
      addition: 'Top 3',
      country: 'AT',
    };
    const { user, onSubmit, onBack } = renderStep({ defaultValues: values });
    expect(screen.getByRole('radio', { name: 'Not specified' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: /Country/ })).toHaveTextContent('Austria'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(values));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('seti: the names come from the student record and are read-only, and are still submitted', async () => {
    const { user, onSubmit } = renderStep({
      product: products.seti,
      namesReadOnly: true,
      prefill: { firstName: 'Erika', lastName: 'Mustermann', gender: 'Female', birthdate: '2001-05-04' },
      defaultValues: { firstName: 'Someone', lastName: 'Else' },
    });
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    const lastName = screen.getByRole('textbox', { name: /Last name/ });
    expect(firstName).toHaveValue('Erika');
    expect(lastName).toHaveValue('Mustermann');
    expect(firstName).toHaveAttribute('readonly');
    expect(lastName).toHaveAttribute('readonly');
    await user.type(firstName, 'X');
    expect(firstName).toHaveValue('Erika');

    await user.type(zipInput(), '50667');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Köln');
    await user.type(screen.getByRole('textbox', { name: /Street/ }), 'Domplatte');
    await user.type(screen.getByRole('textbox', { name: /House number/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ firstName: 'Erika', lastName: 'Mustermann', gender: 'Female', birthdate: '2001-05-04' });
  });

  it('deuti: prefilled names stay editable', () => {
    renderStep({ prefill: { firstName: 'Erika', lastName: 'Mustermann' } });
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(firstName).toHaveValue('Erika');
    expect(firstName).not.toHaveAttribute('readonly');
  });
});
