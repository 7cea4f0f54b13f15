import { readFile } from 'node:fs/promises';

import { expect } from '@playwright/test';

import { dataExportMachine } from '#machines/data-export/data-export.machine';
import { selectDataExportView } from '#machines/data-export/data-export.selectors';
import { eventsFor as modelEvents, partOf, serialize, serverError } from '../../tests/machines/data-export.model';
import { type Locale, pressEnterOn, rememberLocale, signIn } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * My data to take away in the browser (decision 31), from its machine. The events are the machine
 * model's (tests/machines/data-export.model.ts), with one failing part instead of every one: the
 * payments, whose call the page's network fails (network.ts); which part fails is the same screen
 * but for its name, and the model test covers every part. The export only reads, so the tours read
 * the demo account deuti@example.com (eleven orders, a direct debit). The ready screen downloads
 * the file once and reads it: the customer's email, an order number, and no IBAN in full.
 */

type Machine = typeof dataExportMachine;

interface Run {
  locale: Locale;
}

const customer = { email: 'deuti@example.com', orderNumber: 'A-100001', iban: 'DE02120300000000202051', maskedIban: 'DE** **** **** **** **20 51' };
const exportPath = '/app/dashboard/account/data-export';

const texts = {
  'de-DE': {
    way: 'Meine Daten herunterladen',
    intro: 'Laden Sie alles herunter, was dieses Portal über Sie speichert',
    start: 'Meine Daten zusammenstellen',
    failed: 'Ihre Daten konnten nicht vollständig zusammengestellt werden',
    payments: '„Zahlungen“',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Daten',
    ready: 'Ihre Daten sind bereit',
    download: 'Datei herunterladen (JSON)',
    print: 'Drucken',
    readable: 'Lesbare Fassung',
    file: /^meine-daten-\d{4}-\d{2}-\d{2}\.json$/,
  },
  'en-US': {
    way: 'Download my data',
    intro: 'Download everything this portal keeps about you',
    start: 'Collect my data',
    failed: 'Your data could not be collected completely',
    payments: '“Payments”',
    retry: 'Try again',
    back: 'Back to my data',
    ready: 'Your data is ready',
    download: 'Download file (JSON)',
    print: 'Print',
    readable: 'Readable version',
    file: /^my-data-\d{4}-\d{2}-\d{2}\.json$/,
  },
};

export const dataExportBrowser: BrowserModel<Machine, Run> = {
  machine: dataExportMachine,
  logic: dataExportMachine,
  // One part fails in the browser: the payments (the model fails each part, with each kind of failure).
  events: (snapshot) =>
    modelEvents(snapshot).filter(
      (event) => !event.type.startsWith('xstate.error.') || (partOf(snapshot) === 'payments' && 'error' in event && event.error === serverError),
    ),
  serialize,
  screen: (snapshot) => {
    const view = selectDataExportView(snapshot);
    return JSON.stringify({ step: view.step, failedPart: view.step === 'failed' ? view.failedPart : undefined });
  },
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    await signIn(page);
    await rememberLocale(page, locale);
    return { locale };
  },

  async visit(page, run) {
    // As a customer comes: from My data, by the keyboard.
    await page.goto('/app/dashboard/account');
    const link = page.getByRole('link', { name: texts[run.locale].way });
    await expect(link).toHaveAttribute('href', exportPath);
    await pressEnterOn(page, link);
  },

  async arrange(page, event) {
    if (event.type === 'xstate.error.actor.collectPart') return failCalls(page, 'GET', '/api/payment/v2/payments', event.error);
    return undefined;
  },

  async act(page, event, run) {
    switch (event.type) {
      case 'export.start':
        return pressEnterOn(page, page.getByRole('button', { name: texts[run.locale].start }));
      case 'export.retry':
        return pressEnterOn(page, page.getByRole('button', { name: texts[run.locale].retry }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectDataExportView(snapshot);
    switch (view.step) {
      case 'idle':
        await expect(page).toHaveURL(exportPath);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.way);
        await expect(page.getByText(words.intro)).toBeVisible();
        await expect(page.getByRole('button', { name: words.start })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/account');
        return;
      case 'failed':
        await expect(page.getByRole('heading', { level: 2, name: words.failed })).toBeVisible();
        await expect(page.getByRole('alert')).toContainText(words.payments);
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        // No file while a part is missing.
        await expect(page.getByRole('button', { name: words.download })).toHaveCount(0);
        return;
      case 'ready': {
        await expect(page.getByRole('heading', { level: 2, name: words.ready })).toBeVisible();
        await expect(page.getByRole('button', { name: words.print })).toBeEnabled();
        const readable = page.getByRole('region', { name: words.readable });
        await expect(readable.getByRole('table', { name: customer.orderNumber }).first()).toBeVisible();
        await expect(readable).toContainText(customer.maskedIban);
        await expect(readable).not.toContainText(customer.iban);
        // The file, once: the signed-in customer's, with their orders, and no IBAN in full.
        const downloading = page.waitForEvent('download');
        await pressEnterOn(page, page.getByRole('button', { name: words.download }));
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(words.file);
        const text = await readFile(await download.path(), 'utf8');
        const document = JSON.parse(text) as { format: string; version: number; account: { userInfo: { email: string } }; orders: { order_number: string }[] };
        expect(document).toMatchObject({ format: 'ticket-portal-data-export', version: 1, account: { userInfo: { email: customer.email } } });
        expect(document.orders.map((order) => order.order_number)).toContain(customer.orderNumber);
        expect(text).toContain(customer.maskedIban);
        expect(text).not.toContain(customer.iban);
        return;
      }
      case 'collecting':
        return;
    }
  },
};
