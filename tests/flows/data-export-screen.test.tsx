import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DataExportScreen } from '#src/flows/data-export/data-export-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The data export screen over the in-process sandbox (decision 31): the demo customer's parts are
 * collected with their progress, the readable version shows them with the IBAN masked (and the full
 * IBAN is kept nowhere: not on the page, not in the query cache), and a failing part is named, with
 * no file, until the retry completes it. The download itself is in the browser tour
 * (e2e/machine-paths/data-export.ts).
 */

const seededIban = 'DE02120300000000202051';
const keptTickets = () => ({ savedAt: '2026-11-28T08:00:00.000Z', tickets: [] });

async function renderScreen({ locale = 'en-US', fault }: { locale?: 'en-US' | 'de-DE'; fault?: { method: string; path: string; status: number } } = {}) {
  const sandbox = await sandboxApi({ signedInAs: 'deuti@example.com' });
  if (fault) await sandbox.client.post('/__sandbox/faults', { json: { ...fault, times: 1 } });
  await renderInRouter(sandbox, () => <DataExportScreen keptTickets={keptTickets} />, { path: '/app/dashboard/account/data-export', locale });
  return { sandbox, user: userEvent.setup() };
}

afterEach(() => window.localStorage.clear());

describe('the data export screen', () => {
  it('collects every part, then shows the readable version with the IBAN masked and keeps the full IBAN nowhere (en-US)', async () => {
    window.localStorage.setItem('portal.locale', 'en-US');
    const { sandbox, user } = await renderScreen();
    // What it holds, before anything is asked of the API.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('Direct debit information');
    await user.click(await screen.findByRole('button', { name: 'Collect my data' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Your data is ready/ }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download file (JSON)' })).toBeEnabled();
    const readable = screen.getByRole('region', { name: 'Readable version' });
    expect(within(readable).getByRole('heading', { level: 3, name: 'Direct debit information' })).toBeVisible();
    expect(readable).toHaveTextContent('deuti@example.com');
    expect(within(readable).getAllByRole('table', { name: 'A-100001' }).length).toBeGreaterThan(0);
    expect(readable).toHaveTextContent('DE** **** **** **** **20 51');
    // What this device keeps: the portal's own keys, with their values.
    expect(readable).toHaveTextContent('portal.locale');
    expect(document.body.textContent).not.toContain(seededIban);
    expect(
      JSON.stringify(
        sandbox.queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(seededIban);
  });

  it('names the part that failed, offers no file, and completes on retry (de-DE)', async () => {
    const { sandbox, user } = await renderScreen({ locale: 'de-DE', fault: { method: 'GET', path: '/api/payment/v2/payments', status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Meine Daten zusammenstellen' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Ihre Daten konnten nicht vollständig zusammengestellt werden');
    expect(alert).toHaveTextContent('Der Teil „Zahlungen“ konnte nicht geladen werden');
    expect(screen.queryByRole('button', { name: 'Datei herunterladen (JSON)' })).toBeNull();
    const before = sandbox.calls.filter((call) => call === 'GET /api/v2/order/orders').length;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('button', { name: 'Datei herunterladen (JSON)' }, { timeout: 10_000 })).toBeEnabled();
    // The retry goes on from the failed part: the orders already collected are not asked again.
    expect(sandbox.calls.filter((call) => call === 'GET /api/v2/order/orders').length).toBe(before);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Lesbare Fassung' })).toHaveTextContent('Zahlungen'));
  });
});
