import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';

import type { VerifyEmailInput } from '#machines/verify-email/verify-email.machine';
import type { TestCustomer } from '#sandbox/seed/test-customers';
import { VerifyEmailScreen } from '#src/flows/verify-email/verify-email-screen';
import { provideVerifyEmail } from '#src/flows/verify-email/verify-email.actors';
import type { SessionActor } from '#src/flows/session/session-actor';
import { loadedSession } from '#src/flows/session/session-handle';
import type { FlowServices } from '#src/flows/use-flow';
import type { RouterContext } from '#src/router-context';
import { sandboxApi } from '../support/sandbox-api';
import { renderUi } from '../ui/render-ui';

/**
 * The email verification's screen over the in-process sandbox, in React's StrictMode as the app runs
 * in development (its effects run twice): the mail's link is checked with one request, and the failed
 * page's button sends one request however often it is pressed. The machine's branches are
 * tests/machines/verify-email.machine.test.ts; the journey in the browser is e2e/verify-email.spec.ts.
 */
async function renderScreen(input: (customer: TestCustomer, link: URL) => VerifyEmailInput, locale: 'en-US' | 'de-DE' = 'en-US') {
  const { api, queries, queryClient, client, sandbox, calls } = await sandboxApi();
  const customer = (await client.post('/__sandbox/customers', { json: { verified: false }, unchecked: true })).body as TestCustomer;
  const [mail] = await sandbox.outbox.list(customer.email);
  const link = new URL(mail!.link!);
  const session = { send: vi.fn() };
  const root = createRootRouteWithContext<RouterContext>()({ component: () => <VerifyEmailScreen input={input(customer, link)} /> });
  const context = { api, queries, queryClient, session: loadedSession(session as unknown as SessionActor) } as unknown as RouterContext;
  const router = createRouter({ routeTree: root, context, history: createMemoryHistory({ initialEntries: [link.pathname + link.search] }) });
  await act(() => router.load());
  calls.length = 0;
  renderUi(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
    { locale },
  );
  return { customer, link, calls, session, sandbox };
}

describe('the email verification screen', () => {
  it('checks the link of the mail with one request and shows the success page with the way to sign in (StrictMode)', async () => {
    const { link, calls, session } = await renderScreen((customer, url) => ({
      page: 'verify',
      userId: customer.userId,
      token: url.searchParams.get('token') ?? undefined,
      signedIn: false,
    }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirming your email address');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email address is confirmed' })).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('GET /account/verify-email'))).toEqual([`GET /account/verify-email${link.search}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.send).toHaveBeenCalledWith({ type: 'session.signIn', returnTo: '/app/dashboard' });
  });

  it('the failed page sends one new link for a double click and says it is on its way, in German', async () => {
    const { customer, calls, sandbox } = await renderScreen(
      (created) => ({ page: 'failed', userId: created.userId, token: undefined, signedIn: false }),
      'de-DE',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ihre E-Mail-Adresse konnte nicht bestätigt werden');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Neuen Link senden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ein neuer Link ist unterwegs' })).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /account/resend-email-confirmation-link']);
    expect((await sandbox.outbox.list(customer.email)).map((mail) => mail.kind)).toEqual(['verify-email', 'verify-email']);
  });

  it("React StrictMode's second start of the flow does not check the link a second time (it would find it used)", async () => {
    const { api, queries, queryClient, client, sandbox, calls } = await sandboxApi();
    const customer = (await client.post('/__sandbox/customers', { json: { verified: false }, unchecked: true })).body as TestCustomer;
    const link = new URL((await sandbox.outbox.list(customer.email))[0]!.link!);
    const services = { api, queries, queryClient, navigate: vi.fn(), session: { send: vi.fn() } } as unknown as FlowServices;
    const input: VerifyEmailInput = { page: 'verify', userId: customer.userId, token: link.searchParams.get('token') ?? undefined, signedIn: false };
    function Flow() {
      const actor = useActorRef(provideVerifyEmail(services), { input });
      return <p>{String(useSelector(actor, (snapshot) => snapshot.value))}</p>;
    }
    calls.length = 0;
    render(
      <StrictMode>
        <Flow />
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByText('confirmed')).toBeInTheDocument());
    expect(calls.filter((call) => call.startsWith('GET /account/verify-email'))).toHaveLength(1);
    expect(services.navigate).not.toHaveBeenCalled();
  });
});
