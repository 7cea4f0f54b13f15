import { expect, type Page, test } from '@playwright/test';

import { offlineDatabaseName, offlineRecordKey, offlineStoreName } from '#src/flows/offline-ticket/ticket-store';
import { decodeAztec, pdfImages, rasterizeBarcodeSvg } from '../tests/support/aztec';
import { expectNoAxeViolations, type Locale, pressEnterOn, rememberLocale, signIn, tabTo } from './support';

/**
 * The ticket in your pocket (issue 29): signed in once, the dashboard opens on the ticket, and in
 * airplane mode the ticket, with its code, still opens from the copy kept on the device; after a
 * logout nothing of it is left in IndexedDB or the caches.
 */
test.use({ serviceWorkers: 'allow' });

const words = {
  'de-DE': {
    yourTicket: 'Ihr Ticket',
    show: 'Ticket zeigen',
    offline: 'Offline: so auf diesem Gerät gespeichert, Stand',
    offlineTitle: 'Sie sind offline',
    keptOnTicket: 'Offline: Ihr Ticket, wie es auf diesem Gerät gespeichert ist, Stand',
    noneKept: 'Auf diesem Gerät ist kein Ticket gespeichert.',
    logout: 'Abmelden',
    barcode: 'Aztec-Code des Tickets',
  },
  'en-US': {
    yourTicket: 'Your ticket',
    show: 'Show ticket',
    offline: 'Offline: as kept on this device, as of',
    offlineTitle: 'You are offline',
    keptOnTicket: 'Offline: your ticket as kept on this device, as of',
    noneKept: 'No ticket is kept on this device.',
    logout: 'Log out',
    barcode: 'Aztec code of ticket',
  },
} as const;

const month = (() => {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
})();
/** The seeded subscription of A-100001 (deuti@example.com): its ticket of this month. */
const ticketId = `ticket-S-A100001-${month}`;

/** Where the portal keeps the ticket (src/flows/offline-ticket/ticket-store.ts). */
const keptRecordAt = { database: offlineDatabaseName, store: offlineStoreName, key: offlineRecordKey };

/** What IndexedDB and the caches of the portal's origin hold that is not the app itself. */
async function keptOnDevice(page: Page): Promise<{ record: unknown; cachedUrls: string[] }> {
  return page.evaluate(async ({ database, store, key }) => {
    const record = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open(database);
      open.onerror = () => reject(open.error);
      open.onupgradeneeded = () => open.result.createObjectStore(store);
      open.onsuccess = () => {
        const read = open.result.transaction(store).objectStore(store).get(key);
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      };
    });
    const cachedUrls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) cachedUrls.push(new URL(request.url).pathname);
    return { record, cachedUrls };
  }, keptRecordAt);
}

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`offline, the dashboard and the ticket show A-100001's ticket with the PDF's code; after logout nothing is left (${locale})`, async ({
    page,
    context,
  }) => {
    const t = words[locale as Locale];
    await page.goto('/');
    await rememberLocale(page, locale);
    await signIn(page);
    const card = page.getByRole('region', { name: t.yourTicket });
    await expect(card.getByRole('link', { name: new RegExp(t.show) })).toHaveAttribute('href', `/app/dashboard/ticket/${ticketId}`);
    await expect(card).toContainText('Erika Mustermann');
    const pdf = Buffer.from(
      await (await page.request.get(`/api/subscription/v2/tickets/${ticketId}/download`, { headers: { Accept: 'application/pdf' } })).body(),
    );
    const [pdfCode] = pdfImages(pdf).filter((candidate) => candidate.hasMask);
    // Kept for this customer only, with the allowlist's fields: no token, password or IBAN.
    const { record } = await keptOnDevice(page);
    expect(JSON.stringify(record)).toContain(ticketId);
    expect(JSON.stringify(record)).not.toMatch(/iban|password|token|DE\d{20}/i);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Airplane mode, and the page loaded again.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: t.offlineTitle })).toBeVisible();
    await expect(card).toContainText('Erika Mustermann');
    await expect(card).toContainText(t.offline);
    await expectNoAxeViolations(page);

    // One press to the code, with the keyboard.
    const show = card.getByRole('link', { name: new RegExp(t.show) });
    await tabTo(page, show);
    await pressEnterOn(page, show);
    await expect(page).toHaveURL(`/app/dashboard/ticket/${ticketId}`);
    await expect(page.getByText(t.keptOnTicket)).toBeVisible();
    const barcode = page.getByRole('img', { name: new RegExp(`^${t.barcode} S-A100001-${month.replace('-', '')} `) });
    await expect(barcode).toBeVisible();
    const box = (await barcode.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(250);
    const svg = await barcode.evaluate((element) => element.outerHTML);
    const drawn = rasterizeBarcodeSvg(svg.replace(/<svg[^>]*viewBox="([^"]+)"[^>]*>/, '<svg viewBox="$1">'), 0.5);
    expect(decodeAztec(drawn.luminance, drawn.width, drawn.height)).toBe(decodeAztec(pdfCode!.luminance, pdfCode!.width, pdfCode!.height));
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`offline-ticket-${locale}.png`), fullPage: true });

    // Online again: logout removes it all; offline afterwards there is no ticket.
    await context.setOffline(false);
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: t.logout }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.setOffline(true);
    await page.goto('/app/dashboard');
    await expect(page.getByRole('region', { name: t.yourTicket })).toContainText(t.noneKept);
    const after = await keptOnDevice(page);
    expect(after.record).toBeUndefined();
    expect(
      after.cachedUrls.filter((url) => !/^\/(assets\/|icons\/|index\.html$|order\.html$|manifest\.webmanifest$|config\.json$|logo\.svg$|logos\/)/.test(url)),
    ).toEqual([]);
  });
}
