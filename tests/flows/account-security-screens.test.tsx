import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { ChangePasswordScreen } from '#src/flows/change-password/change-password-screen';
import { DeleteAccountScreen } from '#src/flows/delete-account/delete-account-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The change-password and delete-account screens over the in-process sandbox (issue 11 items 3
 * and 4): what each answer shows and where, that nothing typed is lost, and where a refusal in the
 * form sends nothing. The journeys themselves are e2e/account-security.spec.ts.
 */
async function renderScreen(
  screenElement: ReactElement,
  { signedInAs = 'deuti@example.com', fault }: { signedInAs?: string; fault?: { method: string; path: string; status: number } } = {},
) {
  const sandbox = await sandboxApi({ signedInAs });
  if (fault) await sandbox.client.post('/__sandbox/faults', { json: { ...fault, times: 1 } });
  const router = await renderInRouter(sandbox, () => screenElement, { path: '/start' });
  const posts = () => sandbox.calls.filter((call) => call.startsWith('POST /account/'));
  return { router, posts, user: userEvent.setup() };
}

const passwordInput = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the change-password screen', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values: { old: string; password: string; repeat: string }) {
    await user.type(passwordInput('oldPassword'), values.old);
    await user.type(passwordInput('password'), values.password);
    await user.type(passwordInput('repeatPassword'), values.repeat);
  }

  it('refuses a repetition that does not match without sending anything', async () => {
    const { posts, user } = await renderScreen(<ChangePasswordScreen />);
    await fill(user, { old: 'Demo-Portal-2026!', password: 'Neu-Passwort-2027!', repeat: 'Neu-Passwort-2028!' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(descriptionOf(passwordInput('repeatPassword'))).toContain('The passwords do not match.');
    expect(posts()).toEqual([]);
  });

  it('a wrong old password: the message at the old password, with the focus; the new password is kept', async () => {
    const { posts, user, router } = await renderScreen(<ChangePasswordScreen />);
    await fill(user, { old: 'Falsch-2026!', password: 'Neu-Passwort-2027!', repeat: 'Neu-Passwort-2027!' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(descriptionOf(passwordInput('oldPassword'))).toContain('This password is not correct.'));
    expect(passwordInput('oldPassword')).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput('oldPassword')).toHaveFocus();
    expect(passwordInput('password')).toHaveValue('Neu-Passwort-2027!');
    expect(passwordInput('repeatPassword')).toHaveValue('Neu-Passwort-2027!');
    expect(posts()).toEqual(['POST /account/new-password']);
    // Typing again checks the field with its own rule: the server's message goes.
    await user.clear(passwordInput('oldPassword'));
    await user.type(passwordInput('oldPassword'), 'Demo-Portal-2026!');
    expect(descriptionOf(passwordInput('oldPassword'))).not.toContain('This password is not correct.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/app/dashboard/account?notice=passwordChanged'));
    expect(posts()).toEqual(['POST /account/new-password', 'POST /account/new-password']);
  });

  it('a failure of the server: the alert, and everything typed is still there', async () => {
    const { user } = await renderScreen(<ChangePasswordScreen />, { fault: { method: 'POST', path: '/account/new-password', status: 500 } });
    await fill(user, { old: 'Demo-Portal-2026!', password: 'Neu-Passwort-2027!', repeat: 'Neu-Passwort-2027!' });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password could not be changed');
    expect(passwordInput('oldPassword')).toHaveValue('Demo-Portal-2026!');
    expect(passwordInput('password')).toHaveValue('Neu-Passwort-2027!');
  });
});

describe('the delete-account screen', () => {
  it('sends an account that may not be deleted to the not-possible page, without a password step', async () => {
    const { router, posts } = await renderScreen(<DeleteAccountScreen />, { signedInAs: 'undeletable@example.com' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard/account/delete/not-possible'));
    expect(passwordInput('password')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('a wrong password: passwordIncorrect at the field after the dialog, the account stays', async () => {
    const { posts, user } = await renderScreen(<DeleteAccountScreen />);
    await waitFor(() => expect(passwordInput('password')).not.toBeNull());
    await user.type(passwordInput('password'), 'Falsch-2026!');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete your account for good?');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(descriptionOf(passwordInput('password'))).toContain('This password is not correct.'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(passwordInput('password')).toHaveValue('Falsch-2026!');
    expect(posts()).toEqual(['POST /account/delete']);
  });

  it('a failure of the server: deleteFailed as the destructive alert, the password kept', async () => {
    const { user } = await renderScreen(<DeleteAccountScreen />, { fault: { method: 'POST', path: '/account/delete', status: 500 } });
    await waitFor(() => expect(passwordInput('password')).not.toBeNull());
    await user.type(passwordInput('password'), 'Demo-Portal-2026!');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be deleted');
    expect(passwordInput('password')).toHaveValue('Demo-Portal-2026!');
  });
});
