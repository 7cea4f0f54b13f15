import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { seededOrders } from '#sandbox/seed/ids';
import { decodeAztec, pdfImages, rasterizeBarcodeSvg } from '../tests/support/aztec';
import { expectNoAxeViolations, orderItem, signIn, rememberLocale } from './support';

/**
 * "My tickets" (issue 10): every seeded order of deuti@example.com (README's table) shows exactly
 * the actions its state allows, with the agreed hrefs, and its payment badge; the ticket downloads
 * as a named PDF, shows on screen with a scannable Aztec code, and the subscription has its details.
 * Read-only: the demo account is shared with other tests. The rules themselves are Vitest's
 * (tests/domain/ticket-actions.test.ts); the pages behind the links are other flows' tests.
 */

const month = (() => {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
})();

const texts = {
  'en-US': {
    download: 'Download ticket (PDF)',
    actions: {
      showTicket: 'Show ticket',
      details: 'Subscription details',
      terminate: 'End subscription',
      withdrawTermination: 'Withdraw termination',
      pause: 'Pause subscription',
      resume: 'Resume subscription',
      changeTraveler: 'Change traveler',
      changeBillingAddress: 'Change billing address',
      paymentDetails: 'Payment method',
      cancelOrder: 'Cancel order',
      newOrder: 'Order a new ticket',
    },
    payment: {
      ok: 'Direct debit Valid',
      cardOk: 'Credit card Valid',
      expired: 'Credit card Expired',
      failed: 'Direct debit Payment failed',
      none: 'None stored',
    },
    endedSubscription: 'This subscription has ended.',
    endedOrder: 'This order was not carried out.',
    price: '€63.00',
  },
  'de-DE': {
    download: 'Ticket herunterladen (PDF)',
    actions: {
      showTicket: 'Ticket anzeigen',
      details: 'Abo-Details',
      terminate: 'Abonnement kündigen',
      withdrawTermination: 'Kündigung zurücknehmen',
      pause: 'Abonnement pausieren',
      resume: 'Abonnement fortsetzen',
      changeTraveler: 'Reisende Person ändern',
      changeBillingAddress: 'Rechnungsadresse ändern',
      paymentDetails: 'Zahlungsart',
      cancelOrder: 'Bestellung stornieren',
      newOrder: 'Neues Ticket bestellen',
    },
    payment: {
      ok: 'Lastschrift Gültig',
      cardOk: 'Kreditkarte Gültig',
      expired: 'Kreditkarte Abgelaufen',
      failed: 'Lastschrift Zahlung fehlgeschlagen',
      none: 'Keines hinterlegt',
    },
    endedSubscription: 'Dieses Abonnement ist beendet.',
    endedOrder: 'Diese Bestellung wurde nicht ausgeführt.',
    price: '63,00 €',
  },
} as const;

type Action = keyof (typeof texts)['en-US']['actions'];
type Payment = keyof (typeof texts)['en-US']['payment'];

interface Expected {
  number: string;
  download: boolean;
  links: [Action, string][];
  payment: Payment;
  badge: 'success' | 'error' | null;
  ended: 'subscription' | 'order' | null;
}

const sub = (key: keyof typeof seededOrders) => `/app/dashboard/subscription/${seededOrders[key].subscriptionId}`;
const order = (key: keyof typeof seededOrders) => `/app/dashboard/order/${seededOrders[key].id}`;
const ticketOf = (key: keyof typeof seededOrders) => `/app/dashboard/ticket/ticket-${seededOrders[key].subscriptionNumber}-${month}`;
const ordered = (key: keyof typeof seededOrders): Expected => ({
  number: seededOrders[key].number,
  download: false,
  links: [
    ['changeTraveler', `${order(key)}/traveler`],
    ['changeBillingAddress', `${order(key)}/billing-address`],
    ['paymentDetails', `${order(key)}/payment`],
    ['cancelOrder', `${order(key)}/cancel`],
  ],
  payment: 'none',
  badge: null,
  ended: null,
});

/** README's table, as the list must show it. */
const expected: Expected[] = [
  {
    number: 'A-100001',
    download: true,
    links: [
      ['showTicket', ticketOf('deutiActive')],
      ['details', `${sub('deutiActive')}/details`],
      ['terminate', `${sub('deutiActive')}/terminate`],
      ['pause', `${sub('deutiActive')}/pause`],
      ['changeTraveler', `${sub('deutiActive')}/traveler`],
      ['changeBillingAddress', `${sub('deutiActive')}/subscriber`],
      ['paymentDetails', `${order('deutiActive')}/payment`],
    ],
    payment: 'ok',
    badge: 'success',
    ended: null,
  },
  {
    number: 'A-100002',
    download: true,
    links: [
      ['showTicket', ticketOf('deutiTerminatedWithdrawable')],
      ['details', `${sub('deutiTerminatedWithdrawable')}/details`],
      ['withdrawTermination', `${sub('deutiTerminatedWithdrawable')}/withdraw-termination`],
      ['changeTraveler', `${sub('deutiTerminatedWithdrawable')}/traveler`],
      ['changeBillingAddress', `${sub('deutiTerminatedWithdrawable')}/subscriber`],
      ['paymentDetails', `${order('deutiTerminatedWithdrawable')}/payment`],
    ],
    payment: 'cardOk',
    badge: 'success',
    ended: null,
  },
  {
    number: 'A-100003',
    download: true,
    links: [
      ['showTicket', ticketOf('deutiTerminatedFinal')],
      ['details', `${sub('deutiTerminatedFinal')}/details`],
      ['changeTraveler', `${sub('deutiTerminatedFinal')}/traveler`],
      ['changeBillingAddress', `${sub('deutiTerminatedFinal')}/subscriber`],
      ['paymentDetails', `${order('deutiTerminatedFinal')}/payment`],
    ],
    payment: 'expired',
    badge: 'error',
    ended: null,
  },
  ordered('deutiInProgress'),
  ordered('deutiSubmitted'),
  ordered('deutiVerified'),
  ordered('deutiApproved'),
  ordered('deutiAccepted'),
  { number: 'A-100009', download: false, links: [], payment: 'none', badge: null, ended: 'order' },
  {
    number: 'A-100010',
    download: false,
    links: [
      ['details', `${sub('deutiRevoked')}/details`],
      ['paymentDetails', `${order('deutiRevoked')}/payment`],
      ['newOrder', '/app/order'],
    ],
    payment: 'failed',
    badge: 'error',
    ended: 'subscription',
  },
  {
    number: 'A-100011',
    download: false,
    links: [
      ['details', `${sub('deutiCanceled')}/details`],
      ['paymentDetails', `${order('deutiCanceled')}/payment`],
      ['newOrder', '/app/order'],
    ],
    payment: 'none',
    badge: null,
    ended: 'subscription',
  },
];

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`every seeded order shows exactly the actions its state allows, and its payment badge (${locale})`, async ({ page }) => {
    const text = texts[locale];
    await signIn(page);
    await rememberLocale(page, locale);
    await page.goto('/app/dashboard/tickets');
    // Other tests of the run may order as deuti@example.com meanwhile (new numbers): each seeded order is
    // there once, as described, whatever else the list holds.
    for (const entry of expected) {
      const entryItem = orderItem(page, entry.number);
      await expect(entryItem).toHaveCount(1);
      const actions = entryItem.getByRole('list', { name: new RegExp(entry.number) });
      // Links: exactly these, in this order, with these hrefs.
      await expect(entryItem.getByRole('link')).toHaveText(entry.links.map(([action]) => text.actions[action]));
      for (const [action, href] of entry.links) await expect(entryItem.getByRole('link', { name: text.actions[action] })).toHaveAttribute('href', href);
      await expect(entryItem.getByRole('button', { name: text.download })).toHaveCount(entry.download ? 1 : 0);
      if (entry.links.length === 0 && !entry.download) await expect(actions).toHaveCount(0);
      // The payment instrument: its kind and status, the badge's variant.
      await expect(entryItem.getByText(text.payment.none)).toHaveCount(entry.payment === 'none' ? 1 : 0);
      if (entry.badge) {
        await expect(entryItem.getByTestId('payment-badge')).toHaveText(text.payment[entry.payment]);
        await expect(entryItem.locator(`[data-variant="${entry.badge}"]`)).toHaveCount(1);
      }
      // Revoked and canceled: shown as ended, never a termination.
      await expect(entryItem.getByTestId('ended')).toHaveText(
        entry.ended === 'subscription' ? text.endedSubscription : entry.ended === 'order' ? text.endedOrder : [],
      );
      await expect(entryItem.getByRole('link', { name: text.actions.terminate })).toHaveCount(entry.number === 'A-100001' ? 1 : 0);
      await expect(entryItem).toContainText(text.price);
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`tickets-${locale}.png`), fullPage: true });
  });
}

test('downloads the ticket PDF with a sensible name; it is the sandbox’s ticket (en-US)', async ({ page }) => {
  await signIn(page);
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');
  const button = orderItem(page, 'A-100001').getByRole('button', { name: texts['en-US'].download });
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Deutschlandticket-S-A100001-${month}.pdf`);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The same ticket as the API gives: the same Aztec code (the PDF's creation date may differ by a second).
  const ticketId = `ticket-S-A100001-${month}`;
  const fromApi = Buffer.from(
    await (await page.request.get(`/api/subscription/v2/tickets/${ticketId}/download`, { headers: { Accept: 'application/pdf' } })).body(),
  );
  const codeOf = (pdf: Buffer) => {
    const [image] = pdfImages(pdf).filter((candidate) => candidate.hasMask);
    return decodeAztec(image!.luminance, image!.width, image!.height);
  };
  expect(codeOf(file)).toBe(codeOf(fromApi));
  const mask = (pdf: Buffer) =>
    pdf
      .toString('latin1')
      .replace(/\(D:\d{14}Z\)/g, '(D:date)')
      .replace(/\/ID \[[^\]]*\]/, '/ID');
  expect(mask(file)).toBe(mask(fromApi));
});

test('keyboard only: the list’s Show ticket opens the ticket, whose on-screen Aztec code is the PDF’s (de-DE)', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, 'A-100001').getByRole('link', { name: 'Ticket anzeigen' });
  for (let presses = 0; presses < 150 && !(await link.evaluate((element) => element === document.activeElement)); presses += 1)
    await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');

  const ticketId = `ticket-S-A100001-${month}`;
  await expect(page).toHaveURL(`/app/dashboard/ticket/${ticketId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Ticket' })).toBeVisible();
  await expect(page.getByText('Erika Mustermann')).toBeVisible();
  await expect(page.getByText(`S-A100001-${month.replace('-', '')}`)).toBeVisible();
  const barcode = page.getByRole('img', { name: new RegExp(`^Aztec-Code des Tickets S-A100001-${month.replace('-', '')} für Erika Mustermann, gültig im `) });
  await expect(barcode).toBeVisible();
  const box = (await barcode.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(250);
  expect(box.height).toBeGreaterThanOrEqual(250);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('ticket-de-DE.png'), fullPage: true });

  // What the screen draws decodes to the PDF's code.
  const svg = await barcode.evaluate((element) => element.outerHTML);
  const drawn = rasterizeBarcodeSvg(svg.replace(/<svg[^>]*viewBox="([^"]+)"[^>]*>/, '<svg viewBox="$1">'), 0.5);
  const onScreen = decodeAztec(drawn.luminance, drawn.width, drawn.height);
  const pdf = Buffer.from(
    await (await page.request.get(`/api/subscription/v2/tickets/${ticketId}/download`, { headers: { Accept: 'application/pdf' } })).body(),
  );
  const [image] = pdfImages(pdf).filter((candidate) => candidate.hasMask);
  expect(onScreen).toBe(decodeAztec(image!.luminance, image!.width, image!.height));
  expect(onScreen).toContain('|Mustermann|Erika|');

  await expect(page.getByRole('link', { name: 'Zurück zu meinen Tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
});

test('the ticket screen in English, with its download (en-US)', async ({ page }) => {
  await signIn(page);
  await rememberLocale(page, 'en-US');
  const ticketId = `ticket-S-A100001-${month}`;
  await page.goto(`/app/dashboard/ticket/${ticketId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Aztec code of ticket S-A100001-\d{6} for Erika Mustermann, valid in / })).toBeVisible();
  await expect(page.getByText('Deutschlandticket', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download ticket (PDF)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('ticket-en-US.png'), fullPage: true });

  await page.goto('/app/dashboard/ticket/ticket-nobody');
  await expect(page.getByRole('heading', { level: 2, name: /This ticket does not exist/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`subscription details of A-100001 and A-100003 (${locale})`, async ({ page }) => {
    const de = locale === 'de-DE';
    await signIn(page);
    await rememberLocale(page, locale);
    await page.goto('/app/dashboard/tickets');
    await orderItem(page, 'A-100001').getByRole('link', { name: texts[locale].actions.details }).click();
    await expect(page).toHaveURL(`${sub('deutiActive')}/details`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de ? 'Abonnement S-A100001' : 'Subscription S-A100001');
    const details = page.getByTestId('subscription-details');
    await expect(details).toContainText(de ? 'Abo-NummerS-A100001' : 'Subscription numberS-A100001');
    await expect(details).toContainText(de ? 'StatusAktiv' : 'StatusActive');
    await expect(details).toContainText(texts[locale].price);
    await expect(details).toContainText(de ? 'Reisende PersonErika Mustermann' : 'TravelerErika Mustermann');
    await expect(details).toContainText(de ? 'RechnungsempfängerErika Mustermann' : 'Billing nameErika Mustermann');
    await expect(details.getByTestId('payment-badge')).toHaveText(texts[locale].payment.ok);
    await expect(page.getByRole('link', { name: texts[locale].actions.terminate })).toHaveAttribute('href', `${sub('deutiActive')}/terminate`);
    await expect(page.getByRole('link', { name: texts[locale].actions.details })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`details-${locale}.png`), fullPage: true });

    await page.goto(`${sub('deutiTerminatedFinal')}/details`);
    await expect(page.getByTestId('subscription-details')).toContainText(de ? 'StatusGekündigt' : 'StatusTerminated');
    await expect(page.getByTestId('subscription-details')).toContainText(de ? 'Ende' : 'End');
    await expect(page.getByTestId('payment-badge')).toHaveText(texts[locale].payment.expired);
    await expect(page.getByRole('link', { name: texts[locale].actions.terminate })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`a customer without orders gets a friendly way to order (${locale})`, async ({ page }) => {
    await signIn(page, 'fixed-email@example.com');
    await rememberLocale(page, locale);
    await page.goto('/app/dashboard/tickets');
    const empty = page.getByTestId('tickets-empty');
    await expect(empty.getByRole('heading', { level: 2 })).toHaveText(locale === 'de-DE' ? 'Sie haben noch keine Tickets' : 'You have no tickets yet');
    await expect(empty.getByRole('link', { name: locale === 'de-DE' ? 'Ticket bestellen' : 'Order a ticket' })).toHaveAttribute('href', '/app/order');
    await expect(page.getByTestId('order-item')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('a customer with 45 orders sees 20, and the next ones by keyboard; the focus lands on the first new one (de-DE)', async ({ page }) => {
  const response = await page.request.post('/__sandbox/customers', { data: { orders: 45 } });
  expect(response.status()).toBe(201);
  const customer = (await response.json()) as { email: string };
  await signIn(page, customer.email);
  await rememberLocale(page, 'de-DE');
  await page.goto('/app/dashboard/tickets');
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(20);
  await expect(page.getByTestId('tickets-shown')).toHaveText('20 von 45 angezeigt');
  const more = page.getByRole('button', { name: '20 weitere anzeigen' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(40);
  await expect(items.nth(20).getByRole('heading', { level: 2 })).toBeFocused();
  await page.getByRole('button', { name: '5 weitere anzeigen' }).press('Enter');
  await expect(items).toHaveCount(45);
  await expect(page.getByRole('button', { name: /weitere anzeigen/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
