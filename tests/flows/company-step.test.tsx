import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import { dataOf } from '#src/api/failure';
import type { CompanyValues } from '#machines/order-wizard/order-wizard.types';
import { CompanyStep } from '#src/flows/order-wizard/steps/company-step';
import { companyLookupDebounceMs } from '#src/flows/order-wizard/steps/use-company-lookups';
import { WizardServicesProvider } from '#src/flows/order-wizard/steps/wizard-services';
import { products, type ProductRules } from '#src/domain/product';
import { validationMessage } from '#src/i18n/validation-messages';
import { type SandboxApi, sandboxApi } from '../support/sandbox-api';
import { createI18n, renderUi } from '../ui/render-ui';

// Typing through react-aria fields and the lookups take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

// The company lookup waits 500 ms after the last keystroke (TanStack Form's debounce, a setTimeout).
// Fake timeouts let a test pass that wait at once (`passDebounce`) instead of sleeping through it;
// shouldAdvanceTime keeps every other timeout (user-event, React Query, waitFor's limit) running in
// real time. The debounce itself is asserted by 'waits 500 ms after the last keystroke…'.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

// The API is the in-process sandbox with its seeded world (README's companies and students), not a
// hand-made fake: a wrong call or a contract change fails here as it would in the browser.

interface RenderOptions {
  defaultValues?: Partial<CompanyValues>;
  onBack?: () => void;
  locale?: 'en-US' | 'de-DE';
  /** The wizard's state of the step's Next: its quote running, or failed. */
  isBusy?: boolean;
  quoteFailed?: boolean;
  /** What a reload gives back of the step's form (the wizard's draft, decision 18). */
  entries?: Readonly<Record<string, string | boolean>>;
  /** A fault the sandbox answers with from the first call on (the step's calls start as it renders). */
  fault?: { method: string; path: string; status: number; times: number };
}

async function renderStep(
  product: ProductRules,
  { defaultValues, onBack, locale = 'en-US', isBusy = false, quoteFailed = false, entries, fault }: RenderOptions = {},
) {
  const sandbox = await sandboxApi();
  if (fault) await sandbox.client.post('/__sandbox/faults', { json: fault, unchecked: true });
  const onEntriesChange = vi.fn<(values: Readonly<Record<string, unknown>>) => void>();
  const onSubmit = vi.fn<(values: CompanyValues) => void>();
  function Services({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={sandbox.queryClient}>
        <WizardServicesProvider api={sandbox.api} queries={sandbox.queries}>
          {children}
        </WizardServicesProvider>
      </QueryClientProvider>
    );
  }
  renderUi(
    <Services>
      <CompanyStep
        defaultValues={defaultValues}
        entries={entries}
        onEntriesChange={onEntriesChange}
        onSubmit={onSubmit}
        onBack={onBack}
        product={product}
        isBusy={isBusy}
        quoteFailed={quoteFailed}
      />
    </Services>,
    { locale },
  );
  return { onSubmit, onEntriesChange, calls: sandbox.calls, sandbox, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) }) };
}

/** The seeded company's name, as the sandbox answers it (asked through the test's own sandbox). */
async function companyName({ api }: SandboxApi, id: string): Promise<string> {
  return dataOf(await api.GET('/api/v2/auth/tenants/companies/{id}', { params: { path: { id } } })).name;
}

/** The first start date the sandbox offers for a product (it follows today's date; asked through the test's own sandbox). */
async function firstStartDate({ api }: SandboxApi, product: 'joti' | 'seti'): Promise<string> {
  return dataOf(await api.GET('/api/v1/order/startdates', { params: { query: { product } } })).start_dates[0]!;
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

/** The company lookup's debounce passes: the lookup starts (its answer comes in real time). */
async function passDebounce() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(companyLookupDebounceMs);
  });
}

async function typeCompany(user: ReturnType<typeof userEvent.setup>, id: string, label = 'Company number') {
  await user.type(screen.getByRole('textbox', { name: label }), id);
}

// ---------------------------------------------------------------- tests

describe('CompanyStep (joti)', () => {
  it('has an h2 title that names the form, required fields and Next but no Back on the first step', async () => {
    await renderStep(products.joti);
    const heading = screen.getByRole('heading', { level: 2, name: 'Your employer' });
    expect(screen.getByRole('form', { name: 'Your employer' })).toHaveAttribute('aria-labelledby', heading.id);
    expect(screen.getByRole('textbox', { name: 'Company number' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows companyIdNotFound for an unknown company id after the 500 ms debounce, and looks it up once', async () => {
    const { user, calls } = await renderStep(products.joti);
    await typeCompany(user, 'TDX0000');
    await user.tab();
    const input = screen.getByRole('textbox', { name: 'Company number' });
    await passDebounce();
    await waitFor(() => expect(input).toHaveAccessibleDescription(message('companyIdNotFound')), slow);
    expect(input).toBeInvalid();
    expect(calls.filter((call) => call.startsWith('POST /api/v1/order/form'))).toHaveLength(1);
  });

  it('waits 500 ms after the last keystroke before looking up the company', async () => {
    const { user, calls } = await renderStep(products.joti);
    await typeCompany(user, 'TDX9951');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
  });

  it('shows the required message on blur of an empty company id, and on submit', async () => {
    const { user, onSubmit } = await renderStep(products.joti);
    await user.click(screen.getByRole('textbox', { name: 'Company number' }));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(message('required'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveAccessibleDescription(message('required')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a staff number with whitespace', async () => {
    const { user } = await renderStep(products.joti);
    await typeCompany(user, 'TDX9966');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'AB 1234');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveAccessibleDescription(message('noWhitespace'));
  });

  it("shows the server's error hint for the company's pattern, in the active language", async () => {
    const { user } = await renderStep(products.joti);
    await typeCompany(user, 'TDX9951');
    const staff = screen.getByRole('textbox', { name: 'Staff number' });
    // Long enough for the company's 6 to 10 characters, but not its pattern.
    await user.type(staff, '1234567');
    await user.tab();
    await passDebounce();
    await waitFor(() => expect(staff).toHaveAccessibleDescription('The staff number starts with ML, then 4 to 8 digits (e.g. ML2024).'), slow);
  });

  it("shows the server's error hint in German", async () => {
    const { user } = await renderStep(products.joti, { locale: 'de-DE' });
    await user.type(screen.getByRole('textbox', { name: 'Firmennummer' }), 'TDX9951');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Personalnummer' })).toBeInTheDocument(), slow);
    const staff = screen.getByRole('textbox', { name: 'Personalnummer' });
    await user.type(staff, 'XY1234');
    await user.tab();
    await waitFor(() => expect(staff).toHaveAccessibleDescription('Die Personalnummer beginnt mit ML, dann 4 bis 8 Ziffern (z. B. ML2024).'), slow);
  });

  it("checks the company's minimum length", async () => {
    const { user } = await renderStep(products.joti);
    await typeCompany(user, 'TDX9950');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You pay nothing'), slow);
    const staff = screen.getByRole('textbox', { name: 'Staff number' });
    await user.type(staff, '1234');
    await user.tab();
    expect(staff).toHaveAccessibleDescription(message('minLimit.staffNumber'));
  });

  it('shows the price of the first start date and submits the trimmed company id and the staff number (the wizard quotes)', async () => {
    const { user, onSubmit, calls, sandbox } = await renderStep(products.joti);
    await typeCompany(user, '  TDX9960 ');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'P-100234');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/you pay only/), slow);
    expect(calls).toContain(`GET /api/v1/quotation/quotes/TDX9960?subscriptionStartsOn=${await firstStartDate(sandbox, 'joti')}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9960', staffNumber: 'P-100234' });
  });

  it('while the wizard quotes, Next loads and a submit is ignored', async () => {
    const { user, onSubmit } = await renderStep(products.joti, { defaultValues: { companyId: 'TDX9966', staffNumber: 'ABCD12' }, isBusy: true });
    // The loading button's name starts with its progress ("Loading…"), then says Next.
    expect(screen.getByRole('button', { name: /Next$/ })).toHaveAttribute('data-pending');
    await user.click(screen.getByRole('textbox', { name: 'Staff number' }));
    await user.keyboard('{Enter}');
    // Still 700 ms in (about) real time (the fake clock follows it): a submit that got through would
    // be answered within them, and nothing on the busy page tells when the lookups are done.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says so when the wizard's quote failed, and keeps the values", async () => {
    await renderStep(products.joti, { defaultValues: { companyId: 'TDX9966', staffNumber: 'ABCD12' }, quoteFailed: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Your price cannot be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('The details of this company cannot be loaded right now. Please try again later.');
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveValue('ABCD12');
  });

  it('restores the entered values, looks the company up again and offers Back', async () => {
    const onBack = vi.fn();
    const { user, onSubmit } = await renderStep(products.joti, { defaultValues: { companyId: 'TDX9966', staffNumber: 'ABCD12' }, onBack });
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveValue('TDX9966');
    expect(screen.getByRole('textbox', { name: 'Staff number' })).toHaveValue('ABCD12');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your employer pays €15.75 of the €63.00 a month. You pay €47.25 a month.'), slow);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9966', staffNumber: 'ABCD12' });
  });

  it('says so when the company details cannot be loaded', async () => {
    const { user, onSubmit, sandbox } = await renderStep(products.joti);
    await sandbox.client.post('/__sandbox/faults', { json: { method: 'POST', path: '/api/v1/order/form', status: 500, times: 1 }, unchecked: true });
    await typeCompany(user, 'TDX9966');
    await user.tab();
    await passDebounce();
    await waitFor(
      () =>
        expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(
          'The details of this company cannot be loaded right now. Please try again later.',
        ),
      slow,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ignores a submit while the company id is still being validated', async () => {
    const { user, onSubmit } = await renderStep(products.joti);
    await typeCompany(user, 'TDX9966');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'ABCD12');
    // Within the debounce: the form is validating, the submit is ignored.
    await user.keyboard('{Enter}');
    // 700 ms later (past the debounce), and once the lookup is answered (the form is idle again), the submit was dropped, not queued.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(700);
    });
    await whenIdle();
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
      const { user, sandbox } = await renderStep(products.joti);
      await typeCompany(user, id);
      await passDebounce();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text), slow);
      expect(screen.getByRole('status')).toHaveAttribute('data-price-text', kind);
      expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(`Company: ${await companyName(sandbox, id)}`);
    });

    it('formats the price in German', async () => {
      const { user } = await renderStep(products.joti, { locale: 'de-DE' });
      await user.type(screen.getByRole('textbox', { name: 'Firmennummer' }), 'TDX9966');
      await passDebounce();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/15,75\s€/), slow);
    });
  });

  it('does not accept a university id for joti (companyIdNotFound)', async () => {
    const { user } = await renderStep(products.joti);
    await typeCompany(user, 'UNI0001');
    await user.tab();
    await passDebounce();
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
    await passDebounce();
  }

  it('asks for the university, the names and the matriculation number', async () => {
    await renderStep(products.seti);
    expect(screen.getByRole('heading', { level: 2, name: 'Your university' })).toBeInTheDocument();
    for (const name of ['University number', 'First name', 'Last name', 'Matriculation number']) {
      expect(screen.getByRole('textbox', { name })).toBeRequired();
    }
  });

  it('shows staffNumberTaken for a matriculation number in use (409) on submit', async () => {
    const { user, onSubmit } = await renderStep(products.seti);
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
    const { user } = await renderStep(products.seti);
    await fill(user, { firstName: 'Max', lastName: 'Schneider', number: '4719999' });
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matriculation number' })).toHaveAccessibleDescription(message('staffNumberUnknown')), slow);
  });

  it('shows a name mismatch at the name that does not match', async () => {
    const { user, onSubmit } = await renderStep(products.seti);
    await fill(user, { firstName: 'Moritz', lastName: 'Schneider', number: '4711002' });
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(message('nonMatchingStudentFirstName')), slow);
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('As in your student record.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the student with the checked names and the price with the semester fee', async () => {
    const { user, onSubmit } = await renderStep(products.seti);
    await fill(user, { firstName: 'Max', lastName: 'Schneider', number: '4711002' });
    await waitFor(
      () =>
        expect(screen.getByRole('status')).toHaveTextContent(
          'Your university pays €25.20 of the €63.00 a month. Your share of €37.80 a month is collected with your semester fee.',
        ),
      slow,
    );
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({
      companyId: 'UNI0001',
      staffNumber: '4711002',
      student: { firstName: 'Max', lastName: 'Schneider' },
    });
  });
});

// ---------------------------------------------------------------- the company found by name (issue 30, item 2)

describe('CompanyStep: the company found by name (listCompanies)', () => {
  const search = (name = 'Find your employer by name') => screen.getByRole('combobox', { name });

  it('choosing a suggestion (name and id) fills the company number, which is looked up, named and submitted', async () => {
    const { user, onSubmit, sandbox, onEntriesChange } = await renderStep(products.joti);
    const name = await companyName(sandbox, 'TDX9960');
    // A part of the name, in another case: the suggestions show each company's name and id.
    await user.type(search(), name.slice(0, 5).toLowerCase());
    const option = await screen.findByRole('option', { name: `${name} (TDX9960)` }, slow);
    expect(screen.queryByRole('option', { name: /UNI0001/ })).not.toBeInTheDocument();
    await user.click(option);
    const companyId = screen.getByRole('textbox', { name: 'Company number' });
    expect(companyId).toHaveValue('TDX9960');
    expect(search()).toHaveValue(`${name} (TDX9960)`);
    await passDebounce();
    await waitFor(() => expect(companyId).toHaveAccessibleDescription(`Company: ${name}`), slow);
    // What was typed and chosen goes to the draft's entries.
    expect(onEntriesChange).toHaveBeenLastCalledWith(expect.objectContaining({ companySearch: `${name} (TDX9960)`, companyId: 'TDX9960' }));
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'P-123456');
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), slow);
    expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9960', staffNumber: 'P-123456' });
  });

  it('works with the keyboard alone, and finds a company by a part of its id too', async () => {
    const { user } = await renderStep(products.joti);
    await user.click(search());
    await user.keyboard('9966');
    await screen.findByRole('option', { name: /\(TDX9966\)$/ }, slow);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveValue('TDX9966');
  });

  it('a name that matches nothing says so in the open list; the typed id is still looked up', async () => {
    const { user, calls } = await renderStep(products.joti);
    await user.type(search(), 'Zzyzx');
    // react-aria gives the empty list's text the role of its one option: a screen reader reads it as the list's content.
    await waitFor(() => expect(screen.getByRole('option')).toHaveTextContent('Nothing found. Please check the spelling, or enter the number below.'), slow);
    await user.keyboard('{Escape}');
    await typeCompany(user, 'TDX9966');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(/^Company: /), slow);
    expect(calls.filter((call) => call.startsWith('POST /api/v1/order/form'))).toHaveLength(1);
  });

  it('a failed list says so and leaves the company number to be typed and looked up', async () => {
    const { user, onSubmit } = await renderStep(products.joti, {
      fault: { method: 'GET', path: '/api/v2/auth/tenants/companies', status: 500, times: 5 },
    });
    const failed = 'The list cannot be loaded right now. Please enter the number below.';
    await waitFor(() => expect(search()).toHaveAccessibleDescription(failed), slow);
    await typeCompany(user, 'TDX9966');
    await user.type(screen.getByRole('textbox', { name: 'Staff number' }), 'ABCD12');
    await passDebounce();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(/^Company: /), slow);
    await whenIdle();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ companyId: 'TDX9966', staffNumber: 'ABCD12' }), slow);
  });

  it('a reload gives back what was typed into the search; seti finds its university, not the employers', async () => {
    const { user } = await renderStep(products.seti, { entries: { companySearch: 'Univ', companyId: '' }, locale: 'de-DE' });
    expect(search('Hochschule nach Namen suchen')).toHaveValue('Univ');
    await user.click(search('Hochschule nach Namen suchen'));
    await user.keyboard('e');
    await screen.findByRole('option', { name: /\(UNI0001\)$/ }, slow);
    expect(screen.queryByRole('option', { name: /TDX/ })).not.toBeInTheDocument();
  });
});
