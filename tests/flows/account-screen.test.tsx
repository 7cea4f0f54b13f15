import { act, screen, within } from '@testing-library/react';

import { AccountScreen } from '#src/flows/account/account-screen';
import type { AccountNotice } from '#src/search/search-schemas';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * My data (issue 11, item 1) over the in-process sandbox: the seeded customers' details, the
 * employer's or university's record for joti and seti, and the ways on, with their hrefs.
 */
async function renderAccount(email: string, { locale = 'en-US', notice }: { locale?: 'en-US' | 'de-DE'; notice?: AccountNotice } = {}) {
  await renderInRouter(await sandboxApi({ signedInAs: email }), () => <AccountScreen notice={notice} />, { path: '/app/dashboard/account', locale });
}

const details = async () => within(await screen.findByTestId('account-details'));
const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('the account page (My data)', () => {
  it('shows a deuti customer their name, address (confirmed) and ticket, and no employer', async () => {
    await renderAccount('deuti@example.com');
    const dl = await details();
    expect(dl.getByText('Email address').nextElementSibling).toHaveTextContent('deuti@example.com');
    expect(dl.getByText('Confirmed')).toBeInTheDocument();
    expect(dl.getByText('Ticket').nextElementSibling).toHaveTextContent('Deutschlandticket');
    expect(dl.queryByText('Employer')).toBeNull();
    expect(dl.queryByText('Staff number')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change staff number' })).toBeNull();
  });

  it('shows a joti customer the employer by name and the staff number', async () => {
    await renderAccount('joti@example.com');
    const dl = await details();
    expect(await dl.findByText('Rheinwerk Energie AG (TDX9960)')).toBeInTheDocument();
    expect(dl.getByText('Staff number').nextElementSibling).toHaveTextContent('P-100234');
    expect(dl.getByText('Name').nextElementSibling).toHaveTextContent('Jonas Becker');
    // SPEC.md 6.1: joti's staff number can be changed (decision 32).
    expect(dl.getByRole('link', { name: 'Change staff number' })).toHaveAttribute('href', '/app/dashboard/account/staff-number');
  });

  it('shows a seti customer the university and the matriculation number, in German', async () => {
    await renderAccount('seti@example.com', { locale: 'de-DE' });
    const dl = await details();
    expect(await dl.findByText('Hochschule')).toBeInTheDocument();
    expect(dl.getByText('Matrikelnummer').nextElementSibling).toHaveTextContent('4711001');
    expect(dl.queryByText('Personalnummer')).toBeNull();
    // SPEC.md 6.1: seti's matriculation number cannot be changed.
    expect(screen.queryByRole('link', { name: /Personalnummer|Matrikelnummer/ })).toBeNull();
  });

  it('links every way on to its page', async () => {
    await renderAccount('deuti@example.com');
    await details();
    expect(hrefOf('Change email address')).toBe('/app/dashboard/account/email');
    expect(hrefOf('Change password')).toBe('/app/dashboard/account/password');
    expect(hrefOf('Billing address and traveler')).toBe('/app/dashboard/tickets');
    expect(hrefOf('Payment method')).toBe('/app/dashboard/tickets');
    expect(hrefOf('Direct debit information')).toBe('/app/dashboard/account/payment-information');
    expect(hrefOf('My payments')).toBe('/app/dashboard/payments');
    expect(hrefOf('Delete account')).toBe('/app/dashboard/account/delete');
    expect(hrefOf('Back to the overview')).toBe('/app/dashboard');
  });

  it('shows the notice a flow came back with', async () => {
    await renderAccount('deuti@example.com', { notice: 'passwordChanged' });
    expect(await screen.findByRole('heading', { name: /Your password has been changed/ })).toBeInTheDocument();
  });

  it('shows the notice of the staff number change (decision 32)', async () => {
    await renderAccount('joti@example.com', { notice: 'staffNumberChanged' });
    expect(await screen.findByRole('heading', { name: /Your staff number has been changed/ })).toBeInTheDocument();
  });

  it('a failed load says so and offers to try again, which loads the page', async () => {
    // The fault answers the first user-info call only: the retry loads the page.
    await renderAccountWithFault();
    expect(await screen.findByRole('heading', { name: /Your data could not be loaded/ })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByTestId('account-details')).toBeInTheDocument();
  });
});

describe('an address not confirmed yet', () => {
  async function renderUnconfirmed() {
    const setup = await sandboxApi();
    const customer = (await setup.client.post('/__sandbox/customers', { json: { verified: false }, unchecked: true })).body as { email: string };
    await setup.client.signInAs(customer.email);
    await renderInRouter(setup, () => <AccountScreen />, { path: '/app/dashboard/account' });
    await details();
    return { ...setup, email: customer.email };
  }

  it('offers to send the confirmation email again, sends it to the address on file and says so', async () => {
    const { sandbox, email } = await renderUnconfirmed();
    const before = (await sandbox.outbox.list(email)).length;
    expect(screen.getByText('Not confirmed yet')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Send the confirmation email again' }).click());
    expect(await screen.findByRole('heading', { name: /The email is on its way/ })).toBeInTheDocument();
    expect(screen.getByText(`We have sent a new confirmation link to ${email}. It may take a few minutes to arrive.`)).toBeInTheDocument();
    expect(await sandbox.outbox.list(email)).toHaveLength(before + 1);
  });

  it('says so when the email could not be sent', async () => {
    const { client } = await renderUnconfirmed();
    await client.post('/__sandbox/faults', { json: { method: 'POST', path: '/account/resend-email-confirmation-link', status: 500, times: 1 } });
    await act(async () => screen.getByRole('button', { name: 'Send the confirmation email again' }).click());
    expect(await screen.findByRole('heading', { name: /The email could not be sent/ })).toBeInTheDocument();
  });

  it('past the limit of links (5 in 15 minutes, decision 28) says how long to wait', async () => {
    await renderUnconfirmed();
    const button = () => screen.getByRole('button', { name: 'Send the confirmation email again' });
    for (let sent = 1; sent <= 5; sent += 1) {
      await act(async () => button().click());
      expect(await screen.findByRole('heading', { name: /The email is on its way/ })).toBeInTheDocument();
    }
    await act(async () => button().click());
    expect(await screen.findByRole('heading', { name: /Too many unsuccessful attempts/ })).toBeInTheDocument();
    expect(screen.getByText(/Please try again in 15 minutes/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /The email is on its way/ })).toBeNull();
  });

  it('is not offered once the address is confirmed', async () => {
    await renderAccount('deuti@example.com');
    await details();
    expect(screen.queryByRole('button', { name: 'Send the confirmation email again' })).toBeNull();
  });
});

async function renderAccountWithFault() {
  const { api, queries, queryClient, client } = await sandboxApi({ signedInAs: 'deuti@example.com' });
  await client.post('/__sandbox/faults', { json: { method: 'GET', path: '/api/v2/auth/connect/user-info', status: 500, times: 1 } });
  await renderInRouter({ api, queries, queryClient }, () => <AccountScreen />);
}
