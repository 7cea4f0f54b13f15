import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { products } from '#src/domain/product';
import { type AccountStepProps, AccountStep } from '#src/flows/order-wizard/steps/account-step';
import { WizardServicesProvider } from '#src/flows/order-wizard/steps/wizard-services';
import { AriaLocaleProvider } from '#src/ui/aria-locale-provider';
import { renderUi } from '../ui/render-ui';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The sandbox's check-email (sandbox/handlers/auth.ts): deuti@example.com is taken. */
function fakeApi(answer?: (email: string) => Promise<Response>) {
  const checked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/v2/auth/register/check-email' && request.method === 'POST') {
      const { email } = (await request.json()) as { email: string };
      checked.push(email);
      if (answer) return answer(email);
      return json({ is_already_in_use: email === 'deuti@example.com' });
    }
    return json({ status: 404, title: 'Not found' }, 404);
  };
  const api = createApiClient({ baseUrl: 'https://api.example.com', onMaintenance: () => undefined, readCookies: () => 'XSRF-TOKEN=t', fetch });
  return { api, queries: createQueries(api), checked };
}

function renderStep(props: Partial<AccountStepProps> = {}, answer?: (email: string) => Promise<Response>, locale: 'en-US' | 'de-DE' = 'en-US') {
  const { api, queries, checked } = fakeApi(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSubmit = vi.fn();
  const onBack = vi.fn();
  const onSignInInstead = vi.fn();
  function Services({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <WizardServicesProvider api={api} queries={queries}>
          <AriaLocaleProvider>{children}</AriaLocaleProvider>
        </WizardServicesProvider>
      </QueryClientProvider>
    );
  }
  const user = userEvent.setup();
  const element = (extra: Partial<AccountStepProps> = {}) => (
    <Services>
      <AccountStep
        defaultValues={undefined}
        onSubmit={onSubmit}
        onBack={onBack}
        onSignInInstead={onSignInInstead}
        product={products.deuti}
        {...props}
        {...extra}
      />
    </Services>
  );
  const view = renderUi(element(), { locale });
  return { user, onSubmit, onBack, onSignInInstead, checked, rerender: (extra: Partial<AccountStepProps>) => view.rerender(element(extra)) };
}

const taken = 'An account with this email address exists already. Please sign in instead.';
const email = () => screen.getByRole('textbox', { name: /Email address/ });
const password = () => screen.getByLabelText(/^Password/);
const repeat = () => screen.getByLabelText(/^Repeat password/);
const privacy = () => screen.getByRole('checkbox', { name: /I accept the privacy statement/ });

async function fillValid(user: ReturnType<typeof userEvent.setup>, address = 'new@example.com') {
  await user.type(email(), address);
  await user.type(password(), 'Strong-Pass1');
  await user.type(repeat(), 'Strong-Pass1');
  await user.click(privacy());
}

describe('AccountStep', () => {
  it('is an h2-titled form with labelled fields, autocomplete hints and a way to sign in instead', async () => {
    const { user, onSignInInstead } = renderStep();
    const heading = screen.getByRole('heading', { level: 2, name: 'Your customer account' });
    expect(screen.getByRole('form', { name: 'Your customer account' })).toHaveAttribute('aria-labelledby', heading.id);
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(email()).toBeRequired();
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(repeat()).toHaveAttribute('autocomplete', 'new-password');
    expect(privacy()).toBeRequired();
    expect(screen.getByRole('checkbox', { name: /news and offers/ })).not.toBeRequired();
    expect(screen.getByRole('link', { name: /privacy statement/ })).toHaveAttribute('href', '/legal/privacy-policy');

    expect(screen.getByText(/Already a customer\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(onSignInInstead).toHaveBeenCalledTimes(1);
  });

  it('checks on blur whether the email address is taken and offers to sign in instead', async () => {
    const { user, onSignInInstead, checked } = renderStep();
    await user.type(email(), 'deuti@example.com');
    expect(screen.queryByText(taken)).not.toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(email()).toBeInvalid());
    const error = screen.getByText(/An account with this email address exists already/);
    expect(error).toHaveTextContent(taken);
    expect(checked).toEqual(['deuti@example.com']);

    await user.click(within(error.closest('[slot="errorMessage"]') ?? error.parentElement!).getByRole('link', { name: 'Sign in' }));
    expect(onSignInInstead).toHaveBeenCalledTimes(1);

    // Another address takes the error away as soon as it is typed.
    await user.type(email(), 'x');
    expect(screen.queryByText(/exists already/)).not.toBeInTheDocument();
  });

  it('checks the pattern on blur and does not ask the API about a malformed address', async () => {
    const { user, checked } = renderStep();
    await user.type(email(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(checked).toEqual([]);

    await user.clear(email());
    await user.type(email(), 'free@example.com');
    await user.tab();
    await waitFor(() => expect(checked).toEqual(['free@example.com']));
    expect(email()).not.toBeInvalid();
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('lists the password rules still missing as the customer types, and as the error after blur', async () => {
    const { user } = renderStep();
    const rules = () => document.querySelector('[data-password-rules]')!;
    expect(rules()).toHaveAttribute('aria-live', 'polite');
    expect(within(rules() as HTMLElement).getAllByRole('listitem')).toHaveLength(5);

    await user.type(password(), 'abc');
    const missing = within(rules() as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual(['At least 8 characters.', 'Add an uppercase letter.', 'Add a digit.', 'Add a special character.']);
    expect(password()).not.toBeInvalid();

    await user.tab();
    expect(password()).toBeInvalid();
    expect(rules().closest('[slot="errorMessage"]')).not.toBeNull();
    expect(within(rules() as HTMLElement).getAllByRole('listitem')).toHaveLength(4);

    await user.type(password(), 'DEF1!');
    expect(password()).not.toBeInvalid();
    expect(rules()).toHaveTextContent('Your password meets every rule.');
  });

  it('says when the repeated password does not match, and re-checks when the password changes', async () => {
    const { user } = renderStep();
    await user.type(password(), 'Strong-Pass1');
    await user.type(repeat(), 'Strong-Pass2');
    await user.tab();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(repeat()).toBeInvalid();

    await user.clear(password());
    await user.type(password(), 'Strong-Pass2');
    expect(screen.queryByText('The passwords do not match.')).not.toBeInTheDocument();
    expect(repeat()).not.toBeInvalid();
  });

  it('requires the privacy statement and shows every missing field on submit', async () => {
    const { user, onSubmit } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please accept the privacy statement.')).toBeInTheDocument();
    expect(privacy()).toBeInvalid();
    expect(email()).toBeInvalid();
    expect(repeat()).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email(), 'new@example.com');
    await user.type(password(), 'Strong-Pass1');
    await user.type(repeat(), 'Strong-Pass1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please accept the privacy statement.')).toBeInTheDocument();
  });

  it('submits the valid values (address trimmed, marketing as chosen)', async () => {
    const { user, onSubmit } = renderStep();
    await fillValid(user, '  new@example.com ');
    await user.click(screen.getByRole('checkbox', { name: /news and offers/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      mailAddress: 'new@example.com',
      password: 'Strong-Pass1',
      repeatPassword: 'Strong-Pass1',
      isPrivacyStatementAccepted: true,
      isMarketingInformationAccepted: true,
    });
  });

  it('goes on at once with an address the check has already found free, without asking again (issue 14)', async () => {
    const { user, onSubmit, checked } = renderStep();
    await fillValid(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled'));
    expect(checked).toEqual(['new@example.com']);
    fireEvent.submit(screen.getByRole('form', { name: 'Your customer account' }));
    // No await between: the submit round that asks the check would call onSubmit only later.
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(checked).toEqual(['new@example.com']);
  });

  it('does not go on with a taken address', async () => {
    const { user, onSubmit } = renderStep();
    await fillValid(user, 'deuti@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ignores a second submit while the address is still being checked', async () => {
    const pending: (() => void)[] = [];
    const { user, onSubmit, checked } = renderStep({}, () => new Promise((resolve) => pending.push(() => resolve(json({ is_already_in_use: false })))));
    await user.type(password(), 'Strong-Pass1');
    await user.type(repeat(), 'Strong-Pass1');
    await user.click(privacy());
    await user.type(email(), 'slow@example.com');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: /Next/ })).toHaveAttribute('aria-disabled', 'true');
    pending.splice(0).forEach((release) => release());
    expect(checked.length).toBeGreaterThan(0);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s mailAddressAlreadyExists on the email field until another address is typed', async () => {
    const { user, onSubmit } = renderStep({
      serverError: 'mailAddressAlreadyExists',
      defaultValues: { mailAddress: 'late@example.com', isPrivacyStatementAccepted: true, isMarketingInformationAccepted: true },
    });
    expect(email()).toBeInvalid();
    expect(screen.getByText(/exists already/)).toHaveTextContent(taken);

    await user.type(password(), 'Strong-Pass1');
    await user.type(repeat(), 'Strong-Pass1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(email());
    await user.type(email(), 'other@example.com');
    expect(screen.queryByText(/exists already/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ mailAddress: 'other@example.com', isMarketingInformationAccepted: true })),
    );
  });

  describe('when the address cannot be checked (issue 13, item 9)', () => {
    const cannotCheck = 'Your email address could not be checked';

    it('no answer (offline): says so, keeps the step and every value, and goes on once a check answers', async () => {
      let offline = true;
      const { user, onSubmit, checked } = renderStep({}, async () => {
        if (offline) throw new TypeError('Failed to fetch');
        return json({ is_already_in_use: false });
      });
      await fillValid(user, 'new@example.com');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(cannotCheck);
      expect(alert).toHaveTextContent('Please check your internet connection and select Next again.');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(email()).toHaveValue('new@example.com');
      expect(password()).toHaveValue('Strong-Pass1');
      expect(privacy()).toBeChecked();

      offline = false;
      const before = checked.length;
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(checked.length).toBeGreaterThan(before);
      expect(screen.queryByText(cannotCheck)).not.toBeInTheDocument();
    });

    it('a server error (500): the same', async () => {
      const { user, onSubmit } = renderStep({}, async () => json({ status: 500, title: 'Internal Server Error' }, 500));
      await fillValid(user, 'new@example.com');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(cannotCheck);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('another address takes the alert away; it is checked on its own', async () => {
      const { user } = renderStep({}, async () => {
        throw new TypeError('Failed to fetch');
      });
      await user.type(email(), 'new@example.com');
      await user.tab();
      expect(await screen.findByRole('alert')).toHaveTextContent(cannotCheck);
      await user.type(email(), 'x');
      expect(screen.queryByText(cannotCheck)).not.toBeInTheDocument();
    });

    it('is in German too', async () => {
      const { user } = renderStep(
        {},
        async () => {
          throw new TypeError('Failed to fetch');
        },
        'de-DE',
      );
      await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'neu@example.com');
      await user.tab();
      expect(await screen.findByRole('alert')).toHaveTextContent('Ihre E-Mail-Adresse konnte nicht geprüft werden');
    });
  });

  it('shows the server error when the wizard passes it later', async () => {
    const { user, rerender } = renderStep();
    await user.type(email(), 'late@example.com');
    rerender({ serverError: 'mailAddressAlreadyExists' });
    expect(await screen.findByText(/exists already/)).toBeInTheDocument();
  });
});
