import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ChangeStaffNumberScreen } from '#src/flows/change-staff-number/change-staff-number-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The staff number's change (SPEC.md 6.1, decision 32) over the in-process sandbox: the company's
 * rules in the form (nothing sent while they fail), the sandbox's taken number at the field with what
 * was typed kept, and the product that may not change it. Every screen state is a browser tour
 * (e2e/machine-paths/change-staff-number.ts).
 */
async function renderScreen(signedInAs: string, locale: 'en-US' | 'de-DE' = 'en-US') {
  const sandbox = await sandboxApi({ signedInAs });
  const router = await renderInRouter(sandbox, () => <ChangeStaffNumberScreen />, { path: '/start', locale });
  const puts = () => sandbox.calls.filter((call) => call.startsWith('PUT '));
  return { router, puts, user: userEvent.setup() };
}

const field = () => document.querySelector<HTMLInputElement>('input[name="staffNumber"]')!;
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the change-staff-number screen', () => {
  it('joti: the current number and the company’s rule; a number against it sends nothing, a taken one is refused at the field and kept', async () => {
    const { puts, user, router } = await renderScreen('joti@example.com');
    expect(await screen.findByText(/linked to your staff number at Rheinwerk Energie AG \(TDX9960\)/)).toBeInTheDocument();
    expect(field()).toHaveValue('P-100234');
    expect(descriptionOf(field())).toContain('The staff number has the form P-123456.');

    await user.clear(field());
    await user.type(field(), 'Q-1002345');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field()).toHaveAttribute('aria-invalid', 'true'));
    expect(puts()).toEqual([]);

    await user.clear(field());
    await user.type(field(), 'P-100777');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(descriptionOf(field())).toContain('Another employee of your company already uses this staff number.'));
    expect(field()).toHaveValue('P-100777');
    expect(field()).toHaveFocus();
    expect(puts()).toEqual(['PUT /api/v2/payment/company-user-info']);

    await user.clear(field());
    await user.type(field(), 'P-100299');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ notice: 'staffNumberChanged' }));
    expect(router.state.location.pathname).toBe('/app/dashboard/account');
  });

  it('seti (SPEC.md 6.1: not changeable): says so in German, with no form', async () => {
    const { puts } = await renderScreen('seti@example.com', 'de-DE');
    expect(await screen.findAllByText('Ihre Personalnummer kann hier nicht geändert werden', { selector: 'h2' })).not.toHaveLength(0);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zu meinen Daten' })).toHaveAttribute('href', '/app/dashboard/account');
    expect(puts()).toEqual([]);
  });
});
