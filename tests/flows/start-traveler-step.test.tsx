import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { useSelector } from '@xstate/react';
import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';

import { orderWizardMachine } from '#machines/order-wizard/order-wizard.machine';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import type { FetchQuoteInput, Quote, StartAndTravelerValues } from '#machines/order-wizard/order-wizard.types';
import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { toIsoDate } from '#src/domain/personal-fields';
import { products, type ProductRules } from '#src/domain/product';
import { StartTravelerStep } from '#src/flows/order-wizard/steps/start-traveler-step';
import { WizardServicesProvider } from '#src/flows/order-wizard/steps/wizard-services';
import { validationMessage } from '#src/i18n/validation-messages';
import { createI18n, renderUi } from '../ui/render-ui';

// Typing through react-aria fields takes a few seconds in jsdom.
vi.setConfig({ testTimeout: 15_000 });

// ---------------------------------------------------------------- a fake API

const prices: Record<string, [customer: number, employer: number, total: number]> = {
  DEU4900: [63, 0, 63],
  TDX9966: [47.25, 15.75, 63],
};

/** As the sandbox: deuti and seti from the current month (November 2026), joti from the next. */
const startDates: Record<string, string[]> = {
  deuti: ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'],
  seti: ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'],
  joti: ['2026-12-01', '2027-01-01', '2027-02-01'],
};

function quoteOf(id: string, startsOn: string): Quote {
  const [customer, employer, total] = prices[id]!;
  return { customerRealPrice: customer, totalPrice: total, customerPrice: customer, employerPrice: employer, quoteId: `q_${id}_${startsOn}` };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function createFakeApi() {
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/order/startdates') return json(200, { start_dates: startDates[url.searchParams.get('product') ?? 'deuti'] });
    const match = /^\/api\/v1\/quotation\/quotes\/([^/]+)$/.exec(url.pathname);
    if (match && prices[match[1]!]) return json(200, quoteOf(match[1]!, url.searchParams.get('subscriptionStartsOn') ?? ''));
    return json(404, { code: 'notFound' });
  };
  const api = createApiClient({ baseUrl: 'http://portal.test', onMaintenance: () => {}, readCookies: () => '', fetch });
  return { api, queries: createQueries(api), calls };
}

interface RenderOptions {
  today?: Date;
  /** What the start step stored before (a reload, going back): the wizard shows it. */
  defaultValues?: StartAndTravelerValues;
  locale?: 'en-US' | 'de-DE';
  /** How the wizard's quote of the chosen month goes: it answers (default), never answers, or fails. */
  startQuote?: 'answers' | 'pending' | 'fails';
}

/** 15 November 2026: after the 10th, so starting in November asks first. */
const afterTheTenth = new Date(2026, 10, 15);
const onTheTenth = new Date(2026, 10, 10);

/**
 * The step as the wizard renders it: bound to the real order wizard machine (its quote answered by
 * the fake API's prices), so what the step shows and where the wizard goes are the machine's
 * decisions, as in the app. `sent` records the values the step's Next sent.
 */
async function renderStep(product: ProductRules, { today = afterTheTenth, defaultValues, locale = 'en-US', startQuote = 'answers' }: RenderOptions = {}) {
  const fake = createFakeApi();
  const sent = vi.fn<(values: StartAndTravelerValues) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const machine = orderWizardMachine.provide({
    actors: {
      fetchQuote: fromPromise<Quote, FetchQuoteInput>(async ({ input }) => {
        if (input.startDate === undefined) return quoteOf(input.companyId, startDates[product.name]![0]!);
        if (startQuote === 'pending') return new Promise<Quote>(() => {});
        if (startQuote === 'fails') throw new TypeError('Failed to fetch');
        return quoteOf(input.companyId, input.startDate);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { product: product.name, registration: false, idempotencyKeys: { register: 'r', submit: 's' }, today: toIsoDate(today) },
  }).start();
  if (product.hasCompanies) actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX9966', staffNumber: '12345' } });
  if (defaultValues) {
    // Stored on an earlier day (no question then), and the wizard restored today.
    actor.send({ type: 'wizard.restored', signedIn: true, today: '2026-11-01' });
    await waitForActor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: defaultValues });
    await waitForActor(actor, (snapshot) => snapshot.matches('billing'));
    actor.send({ type: 'step.back' });
    actor.send({ type: 'wizard.restored', signedIn: true, today: toIsoDate(today) });
  }
  await waitForActor(actor, (snapshot) => snapshot.matches('startAndTraveler'));

  function BoundStep() {
    const view = useSelector(actor, selectOrderWizardView);
    if (view.step !== 'startAndTraveler') return <p>{view.step}</p>;
    return (
      <StartTravelerStep
        product={product}
        defaultValues={view.data.startAndTraveler}
        onSubmit={(values) => {
          sent(values);
          actor.send({ type: 'step.next', step: 'startAndTraveler', values });
        }}
        onBack={view.canGoBack ? () => actor.send({ type: 'step.back' }) : undefined}
        isBusy={view.isQuoting}
        quoteFailed={view.error === 'quoteFailed'}
        quoteCompanyId={view.quoteCompanyId}
        offersBookingForOthers={view.offersBookingForOthers}
        startMonthWarning={view.startMonthWarning}
        onStartDateChosen={(startDate) => actor.send({ type: 'startDate.chosen', startDate })}
        onStartMonthAnswer={(answer) => {
          const event = { type: answer === 'confirm' ? 'startMonth.confirm' : 'startMonth.reject' } as const;
          if (!actor.getSnapshot().can(event)) return false;
          actor.send(event);
          return true;
        }}
      />
    );
  }

  renderUi(
    <QueryClientProvider client={queryClient}>
      <WizardServicesProvider api={fake.api} queries={fake.queries} today={() => today}>
        <BoundStep />
      </WizardServicesProvider>
    </QueryClientProvider>,
    { locale },
  );
  return { sent, actor, calls: fake.calls, user: userEvent.setup() };
}

/** Where the wizard went after the step's Next, with what it stored. */
async function wentOn(actor: Awaited<ReturnType<typeof renderStep>>['actor']) {
  await waitFor(() => expect(screen.getByText('billing')).toBeInTheDocument());
  return actor.getSnapshot().context.data;
}

/** The English message of a validation code, as the step shows it. */
function message(code: string): string {
  return validationMessage(createI18n('en-US'), code);
}

const startLabel = 'First month of your ticket';
const travelerLabel = 'Who will travel with the ticket?';

async function months() {
  return within(await screen.findByRole('radiogroup', { name: startLabel })).findAllByRole('radio');
}

async function next(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('data-pending'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

// ---------------------------------------------------------------- tests

describe('StartTravelerStep', () => {
  it('while the months load, says so and keeps four rows for them (hidden from assistive technology), which the months then take', async () => {
    await renderStep(products.deuti);
    const group = screen.getByRole('radiogroup', { name: startLabel });
    expect(group).toHaveAccessibleDescription('Loading the months you can start in…');
    expect(within(group).queryAllByRole('radio')).toHaveLength(0);
    const places = group.querySelectorAll('div[aria-hidden="true"]');
    expect(places).toHaveLength(4);
    expect((await months()).length).toBe(4);
    expect(group.querySelectorAll('div[aria-hidden="true"]')).toHaveLength(0);
    expect(group).toHaveAccessibleDescription('The ticket is valid for whole calendar months.');
  });

  it('has an h2 title that names the form, and offers the start months of the product', async () => {
    const { user, actor } = await renderStep(products.joti);
    const heading = screen.getByRole('heading', { level: 2, name: 'Start date and traveler' });
    expect(screen.getByRole('form', { name: 'Start date and traveler' })).toHaveAttribute('aria-labelledby', heading.id);
    const radios = await months();
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['December 2026', 'January 2027', 'February 2027']);
    expect(screen.getByRole('radiogroup', { name: startLabel })).toHaveAttribute('aria-required', 'true');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(actor.getSnapshot().value).toBe('company');
  });

  it('requires a start month', async () => {
    const { user, sent } = await renderStep(products.deuti);
    await months();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await next(user);
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: startLabel })).toHaveAccessibleDescription(message('required')));
    expect(sent).not.toHaveBeenCalled();
  });

  it('deuti: offers the traveler choice with the credit-card hint, shows the DEU4900 price of the month; the wizard stores that quote', async () => {
    const { user, sent, calls, actor } = await renderStep(products.deuti);
    await months();
    const group = screen.getByRole('radiogroup', { name: travelerLabel });
    expect(within(group).getByRole('radio', { name: 'I will' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Someone else' })).toHaveAccessibleDescription(
      'When you order for someone else, you can pay by credit card only.',
    );
    await user.click(screen.getByRole('radio', { name: 'December 2026' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The ticket costs €63.00 a month.'));
    expect(calls).toContain('GET /api/v1/quotation/quotes/DEU4900?subscriptionStartsOn=2026-12-01');
    await next(user);
    expect(sent).toHaveBeenCalledWith({ startDate: '2026-12-01', isTraveler: true });
    expect(await wentOn(actor)).toMatchObject({ startAndTraveler: { startDate: '2026-12-01', isTraveler: true }, quote: quoteOf('DEU4900', '2026-12-01') });
  });

  it.each([
    ['joti', products.joti],
    ['seti', products.seti],
  ])('%s: does not offer the traveler choice; the subscriber travels', async (_name, product) => {
    const { user, sent } = await renderStep(product);
    await months();
    expect(screen.queryByRole('radiogroup', { name: travelerLabel })).not.toBeInTheDocument();
    expect(screen.queryByText(/credit card/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'January 2027' }));
    await next(user);
    expect(sent).toHaveBeenCalledWith({ startDate: '2027-01-01', isTraveler: true });
  });

  it('joti: shows the price of the company for the chosen month; the wizard quotes it', async () => {
    const { user, actor } = await renderStep(products.joti);
    await user.click((await screen.findAllByRole('radio', { name: 'February 2027' }))[0]!);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You pay €47.25 a month.'));
    await next(user);
    expect((await wentOn(actor)).quote).toEqual(quoteOf('TDX9966', '2027-02-01'));
  });

  it('Next loads while the wizard quotes the month, and the step keeps what was typed', async () => {
    const { user, actor } = await renderStep(products.deuti, { startQuote: 'pending' });
    await user.click(await screen.findByRole('radio', { name: 'January 2027' }));
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByRole('textbox', { name: 'First name of the traveler' }), 'Anna');
    await user.click(screen.getByRole('radio', { name: 'I will' }));
    await next(user);
    await waitFor(() => expect(screen.getByRole('button', { name: /Next$/ })).toHaveAttribute('data-pending'));
    expect(actor.getSnapshot().value).toBe('quotingStart');
    expect(screen.getByRole('radio', { name: 'January 2027' })).toBeChecked();
  });

  it('a failed quote shows the alert and keeps the values; Next tries again', async () => {
    const { user, sent } = await renderStep(products.deuti, { startQuote: 'fails' });
    await user.click(await screen.findByRole('radio', { name: 'January 2027' }));
    await next(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your price cannot be loaded');
    expect(alert).toHaveTextContent('Your price cannot be shown right now. Please try again later.');
    expect(screen.getByRole('radio', { name: 'January 2027' })).toBeChecked();
    await next(user);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
  });

  it('deuti for someone else: the traveler fields are required', async () => {
    const { user, sent } = await renderStep(products.deuti);
    await user.click(await screen.findByRole('radio', { name: 'December 2026' }));
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    const firstName = screen.getByRole('textbox', { name: 'First name of the traveler' });
    expect(firstName).toBeRequired();
    expect(firstName).not.toBeInvalid();
    await next(user);
    const required = message('required');
    await waitFor(() => expect(firstName).toHaveAccessibleDescription(required));
    expect(screen.getByRole('textbox', { name: 'Last name of the traveler' })).toHaveAccessibleDescription(required);
    expect(screen.getByRole('radiogroup', { name: 'Gender of the traveler' })).toHaveAccessibleDescription(required);
    expect(screen.getAllByText(required)).toHaveLength(4);
    expect(sent).not.toHaveBeenCalled();
  });

  it('deuti for someone else: shows an error after leaving a field, keeps what was typed', async () => {
    const { user } = await renderStep(products.deuti);
    await user.click(await screen.findByRole('radio', { name: 'Someone else' }));
    const firstName = screen.getByRole('textbox', { name: 'First name of the traveler' });
    await user.type(firstName, 'J0hn');
    expect(firstName).toHaveAccessibleDescription('');
    await user.tab();
    expect(firstName).toHaveAccessibleDescription(message('textFormatName'));
    expect(firstName).toHaveValue('J0hn');
    await user.clear(firstName);
    await user.type(firstName, 'John');
    expect(firstName).toHaveAccessibleDescription('');
  });

  it('deuti for someone else: sends the exact traveler (trimmed names, ISO birth date)', async () => {
    const { user, sent, actor } = await renderStep(products.deuti);
    await user.click(await screen.findByRole('radio', { name: 'January 2027' }));
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByRole('textbox', { name: 'First name of the traveler' }), ' Anna-Lena ');
    await user.type(screen.getByRole('textbox', { name: 'Last name of the traveler' }), 'von Bülow');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const birthdate = screen.getByRole('group', { name: 'Date of birth of the traveler' });
    await user.click(within(birthdate).getAllByRole('spinbutton')[0]!);
    await user.keyboard('03151990');
    await next(user);
    const values = { startDate: '2027-01-01', isTraveler: false, firstName: 'Anna-Lena', lastName: 'von Bülow', gender: 'Female', birthdate: '1990-03-15' };
    expect(sent).toHaveBeenCalledWith(values);
    expect((await wentOn(actor)).startAndTraveler).toEqual(values);
  });

  it('deuti for someone else: a traveler younger than 6 is refused', async () => {
    const { user, sent } = await renderStep(products.deuti);
    await user.click(await screen.findByRole('radio', { name: 'January 2027' }));
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    const birthdate = screen.getByRole('group', { name: 'Date of birth of the traveler' });
    await user.click(within(birthdate).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01012022');
    await user.tab();
    await next(user);
    const tooYoung = message('birthDateMax');
    await waitFor(() => expect(screen.getByText(tooYoung, { selector: 'span' })).toBeInTheDocument());
    expect(sent).not.toHaveBeenCalled();
  });

  it('restores a traveler and going back to "I will" sends none', async () => {
    const { user, sent } = await renderStep(products.deuti, {
      defaultValues: { startDate: '2026-12-01', isTraveler: false, firstName: 'Max', lastName: 'Muster', gender: 'Male', birthdate: '1980-05-01' },
    });
    expect(await screen.findByRole('radio', { name: 'December 2026' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Someone else' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'First name of the traveler' })).toHaveValue('Max');
    await user.click(screen.getByRole('radio', { name: 'I will' }));
    expect(screen.queryByRole('textbox', { name: 'First name of the traveler' })).not.toBeInTheDocument();
    await next(user);
    expect(sent).toHaveBeenCalledWith({ startDate: '2026-12-01', isTraveler: true });
  });

  describe('start-month warning (SPEC.md 4.1)', () => {
    it('asks when the current month is chosen after the 10th; "Choose another month" goes back to the month chosen before', async () => {
      const { user, sent } = await renderStep(products.deuti);
      await user.click(await screen.findByRole('radio', { name: 'December 2026' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'November 2026' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Start in the current month?' });
      expect(dialog).toHaveTextContent('November 2026 has already begun.');
      await user.click(within(dialog).getByRole('button', { name: 'Choose another month' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByRole('radio', { name: 'December 2026' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'November 2026' })).not.toBeChecked();
      expect(sent).not.toHaveBeenCalled();
    });

    it('keeps the current month when the customer confirms, and Next goes on without asking again', async () => {
      const { user, sent, actor } = await renderStep(products.deuti);
      await user.click(await screen.findByRole('radio', { name: 'November 2026' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Start in November 2026' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByRole('radio', { name: 'November 2026' })).toBeChecked();
      await next(user);
      expect(sent).toHaveBeenCalledWith({ startDate: '2026-11-01', isTraveler: true });
      expect((await wentOn(actor)).quote).toEqual(quoteOf('DEU4900', '2026-11-01'));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('does not ask on the 10th', async () => {
      const { user, actor } = await renderStep(products.deuti, { today: onTheTenth });
      await user.click(await screen.findByRole('radio', { name: 'November 2026' }));
      await next(user);
      expect((await wentOn(actor)).startAndTraveler?.startDate).toBe('2026-11-01');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('asks on Next for a restored current month, and goes on after the confirmation', async () => {
      const { user, actor } = await renderStep(products.seti, { defaultValues: { startDate: '2026-11-01', isTraveler: true } });
      expect(await screen.findByRole('radio', { name: 'November 2026' })).toBeChecked();
      await next(user);
      const dialog = await screen.findByRole('alertdialog');
      expect(actor.getSnapshot().value).toBe('startMonthWarning');
      await user.click(within(dialog).getByRole('button', { name: 'Start in November 2026' }));
      expect((await wentOn(actor)).startAndTraveler).toEqual({ startDate: '2026-11-01', isTraveler: true });
    });

    it('is keyboard-operable: Escape picks another month', async () => {
      const { user } = await renderStep(products.deuti);
      await user.click(await screen.findByRole('radio', { name: 'November 2026' }));
      await screen.findByRole('alertdialog');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByRole('radio', { name: 'November 2026' })).not.toBeChecked();
    });
  });

  it('speaks German', async () => {
    await renderStep(products.deuti, { locale: 'de-DE' });
    expect(screen.getByRole('heading', { level: 2, name: 'Startdatum und Reisende' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
  });
});
