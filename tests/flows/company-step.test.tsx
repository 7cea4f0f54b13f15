import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import type { components } from '#openapi/schema.gen';
import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { CompanyStep, type CompanyStepValues } from '#src/flows/order-wizard/steps/company-step';
import { WizardServicesProvider } from '#src/flows/order-wizard/steps/step-form';
import { products, type ProductRules } from '#src/domain/product';
import { validationMessage } from '#src/i18n/validation-messages';
import { createI18n, renderUi } from '../ui/render-ui';

type Quote = components['schemas']['Quote'];

// Typing through react-aria fields and waiting out the 500 ms lookups takes a few seconds.
vi.setConfig({ testTimeout: 15_000 });

// ---------------------------------------------------------------- a fake API (the sandbox's seeded world, abridged)

interface FakeCompany {
  name: string;
  product: 'joti' | 'seti';
  prices: [customer: number, employer: number, total: number];
  minLength?: number;
  maxLength?: number;
  pattern?: { value: string; en: string; de: string };
}

const companies: Record<string, FakeCompany> = {
  TDX9950: { name: 'Vollzuschuss GmbH', product: 'joti', prices: [0, 63, 63], minLength: 5, maxLength: 8, pattern: { value: '\\d+', en: 'Digits only.', de: 'Nur Ziffern.' } },
  TDX9951: { name: 'Ohnezuschuss AG', product: 'joti', prices: [63, 0, 63], pattern: { value: 'ML\\d{4,8}', en: 'ML followed by 4 to 8 digits.', de: 'ML und 4 bis 8 Ziffern.' } },
  TDX9966: { name: 'Teilzuschuss KG', product: 'joti', prices: [47.25, 15.75, 63] },
  TDX9960: { name: 'Sonderzuschuss SE', product: 'joti', prices: [38, 25, 63], pattern: { value: 'P-\\d{6}', en: 'P- followed by 6 digits, e.g. P-100234.', de: 'P- und 6 Ziffern, z. B. P-100234.' } },
  UNI0001: { name: 'Universität Beispielstadt', product: 'seti', prices: [0, 63, 63], pattern: { value: '\\d{7}', en: 'Seven digits.', de: 'Sieben Ziffern.' } },
};

const students: Record<string, { firstName: string; lastName: string; taken: boolean }> = {
  '4711001': { firstName: 'Sophie', lastName: 'Wagner', taken: true },
  '4711002': { firstName: 'Max', lastName: 'Schneider', taken: false },
};

const startDates = ['2026-12-01', '2027-01-01', '2027-02-01'];

function quoteOf(id: string, startsOn: string): Quote {
  const [customer, employer, total] = companies[id]!.prices;
  return { customerRealPrice: customer, totalPrice: total, customerPrice: customer, employerPrice: employer, quoteId: `q_${id}_${startsOn}` };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json' } });
}

function createFakeApi() {
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    const path = url.pathname;
    if (request.method === 'POST' && path === '/api/v1/order/form') {
      const body = (await request.json()) as { company_id: string; product?: string };
      if (body.company_id === 'TDX5000') return json(500, { code: 'internal' });
      const company = companies[body.company_id];
      if (!company || (body.product && body.product !== company.product)) return json(404, { code: 'companyIdNotFound' });
      return json(200, [
        {
          textField: {
            name: 'staffNumber',
            label: company.product === 'seti' ? { 'de-DE': 'Matrikelnummer', 'en-US': 'Matriculation number' } : { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
            ...(company.minLength !== undefined ? { minLength: company.minLength } : {}),
            ...(company.maxLength !== undefined ? { maxLength: company.maxLength } : {}),
            ...(company.pattern ? { customValidation: { value: company.pattern.value, errorHint: { 'de-DE': company.pattern.de, 'en-US': company.pattern.en } } } : {}),
          },
        },
      ]);
    }
    if (path === '/api/v1/order/startdates') return json(200, { start_dates: startDates });
    let match = /^\/api\/v1\/quotation\/quotes\/([^/]+)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      return companies[id] ? json(200, quoteOf(id, url.searchParams.get('subscriptionStartsOn') ?? '')) : json(404, { code: 'companyIdNotFound' });
    }
    match = /^\/api\/v2\/auth\/tenants\/companies\/([^/]+)$/.exec(path);
    if (match) {
      const company = companies[decodeURIComponent(match[1]!)];
      return company ? json(200, { id: match[1], name: company.name }) : json(404, { code: 'companyIdNotFound' });
    }
    match = /^\/api\/v3\/order\/university\/([^/]+)\/check-student-data$/.exec(path);
    if (match) {
      const student = students[url.searchParams.get('matriculationNumber') ?? ''];
      if (!student) return json(404, { code: 'staffNumberUnknown' });
      if (student.taken) return json(409, { code: 'staffNumberTaken' });
      const firstName = url.searchParams.get('firstName');
      const lastName = url.searchParams.get('lastName');
      return json(200, {
        firstNameMatches: firstName === null || firstName.toLowerCase() === student.firstName.toLowerCase(),
        lastNameMatches: lastName === null || lastName.toLowerCase() === student.lastName.toLowerCase(),
      });
    }
    return json(500, { code: 'unexpected' });
  };
  const api = createApiClient({ baseUrl: 'http://portal.test', onMaintenance: () => {}, readCookies: () => '', fetch });
  return { api, queries: createQueries(api), calls };
}

function renderStep(
  product: ProductRules,
  { defaultValues, onBack, locale = 'en-US' }: { defaultValues?: Partial<CompanyStepValues>; onBack?: () => void; locale?: 'en-US' | 'de-DE' } = {},
) {
  const fake = createFakeApi();
  const onSubmit = vi.fn<(values: CompanyStepValues) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Services({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <WizardServicesProvider api={fake.api} queries={fake.queries}>
          {children}
        </WizardServicesProvider>
      </QueryClientProvider>
    );
  }
  renderUi(
    <Services>
      <CompanyStep defaultValues={defaultValues} onSubmit={onSubmit} onBack={onBack} product={product} />
    </Services>,
    { locale },
  );
  return { onSubmit, calls: fake.calls, user: userEvent.setup() };
}

const slow = { timeout: 3000 };

/** The message of a validation code in a language, as the step shows it. */
function message(code: string, locale: 'en-US' | 'de-DE' = 'en-US'): string {
  return validationMessage(createI18n(locale), code);
}

/** The form is neither validating nor submitting: Next is not pending. */
async function whenIdle() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('data-pending'), slow);
}

async function typeCompany(user: ReturnType<typeof userEvent.setup>, id: string, label = 'Company number') {
  await user.type(screen.getByRole('textbox', { name: label }), id);
}

// ---------------------------------------------------------------- tests

describe('CompanyStep (joti)', () => {
  it('has an h2 title that names the form, required fields and Next but no Back on the first step', () => {
    renderStep(products.joti);
    const heading = screen.getByRole('heading', { level: 2, name: 'Your employer' });
    expect(screen.getByRole('form', { name: 'Your employer' })).toHaveAttribute('aria-labelledby', heading.id);
    expect(screen.getByRole('textbox', { name: 'Company number' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows companyIdNotFound for an unknown company id after the 500 ms debounce, and looks it up once', async () => {
    const { user, calls } = renderStep(products.joti);
    await typeCompany(user, 'TDX0000');
    await user.tab();
    const input = screen.getByRole('textbox', { name: 'Company number' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message('companyIdNotFound')), slow);
    expect(input).toBeInvalid();
    expect(calls.filter((call) => call.startsWith('POST /api/v1/order/form'))).toHaveLength(1);
  });

  it('waits 500 ms after the last keystroke before looking up the company', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = renderStep(products.joti);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      await typeCompany(user, 'TDX9951');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(0);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the required message on blur of an empty company id, and on submit', async () => {
    const { user, onSubmit } = renderStep(products.joti);
    await user.click(screen.getByRole('textbox', { name: 'Company number' }));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(message('required'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveAccessibleDescription(message('required')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a staff number with whitespace', async () => {
    const { user } = renderStep(products.joti);
    await typeCompany(user, 'TDX9966');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'AB 1234');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveAccessibleDescription(message('noWhitespace'));
  });

  it("shows the server's error hint for the company's pattern, in the active language", async () => {
    const { user } = renderStep(products.joti);
    await typeCompany(user, 'TDX9951');
    const staff = screen.getByRole('textbox', { name: 'Staff number' });
    await user.type(staff, '12345');
    await user.tab();
    await waitFor(() => expect(staff).toHaveAccessibleDescription('ML followed by 4 to 8 digits.'), slow);
  });

  it("shows the server's error hint in German", async () => {
    const { user } = renderStep(products.joti, { locale: 'de-DE' });
    await user.type(screen.getByRole('textbox', { name: 'Firmennummer' }), 'TDX9951');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Personalnummer' })).toBeInTheDocument(), slow);
    const staff = screen.getByRole('textbox', { name: 'Personalnummer' });
    await user.type(staff, 'X1');
    await user.tab();
    await waitFor(() => expect(staff).toHaveAccessibleDescription('ML und 4 bis 8 Ziffern.'), slow);
  });

  it("checks the company's minimum length", async () => {
    const { user } = renderStep(products.joti);
    await typeCompany(user, 'TDX9950');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You pay nothing'), slow);
    const staff = screen.getByRole('textbox', { name: 'Staff number' });
    await user.type(staff, '1234');
    await user.tab();
    expect(staff).toHaveAccessibleDescription(message('minLimit.staffNumber'));
  });

  it('submits the trimmed company id, the staff number and the quote of the first start date', async () => {
    const { user, onSubmit, calls } = renderStep(products.joti);
    await typeCompany(user, '  TDX9960 ');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'P-100234');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/you pay only/), slow);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9960', staffNumber: 'P-100234', quote: quoteOf('TDX9960', '2026-12-01') });
    expect(calls).toContain('GET /api/v1/quotation/quotes/TDX9960?subscriptionStartsOn=2026-12-01');
  });

  it('restores the entered values, looks the company up again and offers Back', async () => {
    const onBack = vi.fn();
    const { user, onSubmit } = renderStep(products.joti, { defaultValues: { companyId: 'TDX9966', staffNumber: 'ABCD12' }, onBack });
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveValue('TDX9966');
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveValue('ABCD12');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your employer pays €15.75 of the €63.00 a month. You pay €47.25 a month.'), slow);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9966', staffNumber: 'ABCD12', quote: quoteOf('TDX9966', '2026-12-01') });
  });

  it('says so when the company details cannot be loaded', async () => {
    const { user, onSubmit } = renderStep(products.joti);
    await typeCompany(user, 'TDX5000');
    await user.tab();
    await waitFor(
      () => expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription('The details of this company cannot be loaded right now. Please try again later.'),
      slow,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ignores a submit while the company id is still being validated', async () => {
    const { user, onSubmit } = renderStep(products.joti);
    await typeCompany(user, 'TDX9966');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'ABCD12');
    // Within the debounce: the form is validating, the submit is ignored.
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
  });

  describe('price text (SPEC.md 4.2)', () => {
    it.each([
      ['TDX9950', 'fullySubsidized', 'Your employer pays the full price of €63.00 a month. You pay nothing.'],
      ['TDX9966', 'partlySubsidized', 'Your employer pays €15.75 of the €63.00 a month. You pay €47.25 a month.'],
      ['TDX9960', 'specialPartlySubsidized', 'With the subsidy agreed with your employer you pay only €38.00 a month instead of €63.00.'],
      ['TDX9951', 'notSubsidized', 'The ticket costs €63.00 a month.'],
    ])('%s shows the %s text', async (id, kind, text) => {
      const { user } = renderStep(products.joti);
      await typeCompany(user, id);
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text), slow);
      expect(screen.getByRole('status')).toHaveAttribute('data-price-text', kind);
      expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(`Company: ${companies[id]!.name}`);
    });

    it('formats the price in German', async () => {
      const { user } = renderStep(products.joti, { locale: 'de-DE' });
      await user.type(screen.getByRole('textbox', { name: 'Firmennummer' }), 'TDX9966');
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/15,75\s€/), slow);
    });
  });

  it('does not accept a university id for joti (companyIdNotFound)', async () => {
    const { user } = renderStep(products.joti);
    await typeCompany(user, 'UNI0001');
    await user.tab();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(message('companyIdNotFound')), slow);
  });
});

describe('CompanyStep (seti)', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values: { firstName: string; lastName: string; number: string }) {
    await typeCompany(user, 'UNI0001', 'University number');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), values.firstName);
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), values.lastName);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matriculation number' })).toBeInTheDocument(), slow);
    await user.type(screen.getByRole('textbox', { name: 'Matriculation number' }), values.number);
    await user.tab();
  }

  it('asks for the university, the names and the matriculation number', () => {
    renderStep(products.seti);
    expect(screen.getByRole('heading', { level: 2, name: 'Your university' })).toBeInTheDocument();
    for (const name of ['University number', 'First name', 'Last name', 'Matriculation number']) {
      expect(screen.getByRole('textbox', { name })).toBeRequired();
    }
  });

  it('shows staffNumberTaken for a matriculation number in use (409) on submit', async () => {
    const { user, onSubmit } = renderStep(products.seti);
    await fill(user, { firstName: 'Sophie', lastName: 'Wagner', number: '4711001' });
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const number = screen.getByRole('textbox', { name: 'Matriculation number' });
    await waitFor(() => expect(number).toHaveAccessibleDescription(message('staffNumberTaken')), slow);
    expect(onSubmit).not.toHaveBeenCalled();
    // Editing the number clears the server's answer until the next check.
    await user.type(number, '{Backspace}2');
    expect(number).toHaveAccessibleDescription('');
  });

  it('shows staffNumberUnknown for a number the university does not know', async () => {
    const { user } = renderStep(products.seti);
    await fill(user, { firstName: 'Max', lastName: 'Schneider', number: '4719999' });
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matriculation number' })).toHaveAccessibleDescription(message('staffNumberUnknown')), slow);
  });

  it('shows a name mismatch at the name that does not match', async () => {
    const { user, onSubmit } = renderStep(products.seti);
    await fill(user, { firstName: 'Moritz', lastName: 'Schneider', number: '4711002' });
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(message('nonMatchingStudentFirstName')), slow);
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('As in your student record.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the student with the checked names and the semester-fee price', async () => {
    const { user, onSubmit } = renderStep(products.seti);
    await fill(user, { firstName: 'Max', lastName: 'Schneider', number: '4711002' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your semester fee covers the ticket (€63.00 a month). You pay nothing more.'), slow);
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({
      companyId: 'UNI0001',
      staffNumber: '4711002',
      quote: quoteOf('UNI0001', '2026-12-01'),
      student: { firstName: 'Max', lastName: 'Schneider' },
    });
  });
});
