import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { seededOrders } from '#sandbox/seed/ids';
import { ChangeTravelerScreen } from '#src/flows/edit-contact/change-traveler-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The traveler change over the in-process sandbox (SPEC.md 6.1): a ticket for another person is
 * paid by credit card only. An order paid by direct debit says so once "Another person" is chosen,
 * with the way to its payment method, and the server's refusal keeps what was typed.
 */
async function renderTraveler(subscriptionId: string) {
  await renderInRouter(await sandboxApi({ signedInAs: 'deuti@example.com' }), () => <ChangeTravelerScreen owner="subscription" id={subscriptionId} />, {
    path: `/app/dashboard/subscription/${subscriptionId}/traveler`,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: 'Another person' }));
  return user;
}

const warningTitle = 'For another person, credit card only';

describe('the traveler change of a ticket paid by direct debit', () => {
  it('says that another person needs a credit card, links the payment method, and keeps the typing when the server refuses', async () => {
    const user = await renderTraveler(seededOrders.deutiActive.subscriptionId);
    const warning = screen.getByRole('heading', { name: `Warning: ${warningTitle}` }).parentElement!;
    expect(within(warning).getByRole('link', { name: 'Change the payment method' })).toHaveAttribute(
      'href',
      `/app/dashboard/order/${seededOrders.deutiActive.id}/payment`,
    );

    await user.type(screen.getByRole('textbox', { name: /First name of the traveler/ }), 'Lea');
    await user.type(screen.getByRole('textbox', { name: /Last name of the traveler/ }), 'Becker');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const birthdate = screen.getByRole('group', { name: 'Date of birth of the traveler' });
    await user.click(within(birthdate).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01012012');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('A ticket for another person can only be paid by credit card.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name of the traveler/ })).toHaveValue('Lea');
    expect(screen.getByRole('radio', { name: 'Another person' })).toBeChecked();
  });

  it('a ticket paid by credit card shows no such warning', async () => {
    await renderTraveler(seededOrders.deutiTerminatedWithdrawable.subscriptionId);
    expect(screen.getByRole('textbox', { name: /First name of the traveler/ })).toBeVisible();
    expect(screen.queryByRole('heading', { name: `Warning: ${warningTitle}` })).toBeNull();
  });
});
