import { expect, type Page, test } from '@playwright/test';

import { demoPassword, expectNoAxeViolations, gotoInLocale, holdChunk, type Locale, signIn, signInOnSandboxPage, uniqueEmail } from './support';
import { acceptTerms, chooseStart, countCalls, fillAccount, fillBilling, next, text, useProduct } from './order-steps';

/**
 * More of the order wizard against the production build and the sandbox (SPEC.md 2.3, 4.1, 4.2,
 * 5.3, 6.1): the joti price texts, seti's student check, the start-month warning, reloads, the
 * sign-in detour, a held Enter on the order button, and axe on the steps not covered elsewhere.
 * No faults are injected here (faults.spec.ts does that, alone).
 */

const en = text['en-US'];

const more = {
  'de-DE': {
    employerTitle: 'Ihr Arbeitgeber',
    universityTitle: 'Ihre Hochschule',
    companyId: 'Firmennummer',
    companySearch: 'Arbeitgeber nach Namen suchen',
    universityId: 'Hochschulnummer',
    staffNumber: 'Personalnummer',
    matriculationNumber: 'Matrikelnummer',
    firstName: 'Vorname',
    lastName: 'Nachname',
    required: 'Bitte füllen Sie dieses Feld aus.',
    conditionsRequired: 'Bitte akzeptieren Sie die Beförderungsbedingungen.',
  },
  'en-US': {
    employerTitle: 'Your employer',
    universityTitle: 'Your university',
    companyId: 'Company number',
    companySearch: 'Find your employer by name',
    universityId: 'University number',
    staffNumber: 'Staff number',
    matriculationNumber: 'Matriculation number',
    firstName: 'First name',
    lastName: 'Last name',
    required: 'Please fill in this field.',
    conditionsRequired: 'Please accept the conditions of transport.',
  },
} as const;

const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
/**
 * The price sentence of SPEC.md 4.2 (a polite status region, on the company, start and summary
 * steps) of the step on screen: the steps next to it are in the page too, hidden (decision 23).
 */
const priceSentence = (page: Page) => page.locator('[role="status"][data-price-text]').filter({ visible: true });
const orderButton = (page: Page, locale: Locale = 'en-US') => page.getByRole('button', { name: text[locale].order });

/** How the wizard names a month (formatMonth): "November 2025". */
function monthName(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

/** A deuti visitor from /order to the summary (second start month, billing, account). */
async function deutiVisitorToSummary(page: Page, locale: Locale, email: string): Promise<void> {
  await gotoInLocale(page, '/order', locale);
  await chooseStart(page, locale);
  await next(page, locale);
  await fillBilling(page, locale);
  await next(page, locale);
  await fillAccount(page, locale, email);
  await next(page, locale);
  await expect(h2(page, text[locale].summary)).toBeVisible();
}

// ---------------------------------------------------------------- joti: the price texts (SPEC.md 4.2)

// The text of each kind is a rule (tests/flows/company-step.test.tsx, tests/domain/price.test.ts);
// the journey shows one company's text on every step and a staff number refused by its rule.
const company = {
  companyId: 'TDX9960',
  companyName: 'Rheinwerk Energie AG',
  staffNumber: 'P-123456',
  badStaffNumber: { value: 'P-12345A', hint: 'The staff number has the form P-123456.' },
  kind: 'specialPartlySubsidized',
  price: 'With the subsidy agreed with your employer you pay only €38.00 a month instead of €63.00.',
} as const;

test(`joti ${company.companyId}, found by name: the ${company.kind} price text on every step, then on to the payment page with the link's affiliate`, async ({
  page,
}) => {
  const calls = countCalls(page);
  const submitted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/v3/order/orders/submit'));
  await useProduct(page, 'joti');
  await signIn(page, 'joti@example.com');
  await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
  // A partner's link (SPEC.md 7.5): the wizard keeps the affiliate after its steps have replaced the URL.
  await page.goto('/app/order?affiliate=partner-e2e');
  await expect(h2(page, more['en-US'].employerTitle)).toBeVisible();

  // The company found by a part of its name (issue 30): choosing it fills the company number.
  await page.getByRole('combobox', { name: more['en-US'].companySearch }).fill(company.companyName.slice(0, 9));
  await page.getByRole('option', { name: `${company.companyName} (${company.companyId})` }).click();
  const companyId = page.getByRole('textbox', { name: 'Company number' });
  await expect(companyId).toHaveValue(company.companyId);
  // The lookup names the company: its staff-number rules are known from here on.
  await expect(companyId).toHaveAccessibleDescription(`Company: ${company.companyName}`);
  await expect(priceSentence(page)).toHaveText(company.price);
  await expect(priceSentence(page)).toHaveAttribute('data-price-text', company.kind);

  const staffNumber = page.getByRole('textbox', { name: 'Staff number' });
  await staffNumber.fill(company.badStaffNumber.value);
  await staffNumber.blur();
  await expect(staffNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(staffNumber).toHaveAccessibleDescription(company.badStaffNumber.hint);
  await next(page, 'en-US');
  await expect(h2(page, more['en-US'].employerTitle)).toBeVisible();
  await staffNumber.fill(company.staffNumber);
  // Leaving the field checks it again.
  await staffNumber.press('Tab');
  await expect(staffNumber).not.toHaveAttribute('aria-invalid', 'true');
  await next(page, 'en-US');

  // The start step quotes the company for the chosen month: the same sentence.
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Who will travel with the ticket?' })).toHaveCount(0);
  await chooseStart(page, 'en-US');
  await expect(priceSentence(page)).toHaveText(company.price);
  await next(page, 'en-US');
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');

  await acceptTerms(page, 'en-US');
  await expect(h2(page, en.accountTitle)).toHaveCount(0);
  await expect(priceSentence(page)).toHaveText(company.price);
  await expect(page.getByRole('region', { name: 'Company' })).toContainText(company.companyId);
  await expect(page.getByRole('region', { name: 'Company' })).toContainText(company.staffNumber);
  await expect(page.getByText('Direct debit or credit card, chosen in the next step')).toBeVisible();
  await orderButton(page).click();

  await expect(page).toHaveURL(/\/app\/payment\/B-\d+$/);
  await expect(page.frameLocator('iframe').getByTestId('order-number')).toHaveText(/B-\d+/);
  expect(calls).toEqual({ register: 0, submit: 1 });
  expect((await submitted).postDataJSON()).toMatchObject({ affiliate: 'partner-e2e', company_user_info: { company_id: company.companyId } });
});

test('joti: after an empty Next, a corrected staff number loses its error as it is typed, and one click on Next goes on', async ({ page }) => {
  await useProduct(page, 'joti');
  await gotoInLocale(page, '/order', 'en-US');
  await expect(h2(page, 'Your employer')).toBeVisible();
  await next(page, 'en-US');
  const companyId = page.getByRole('textbox', { name: 'Company number' });
  const staffNumber = page.getByRole('textbox', { name: 'Staff number' });
  await expect(staffNumber).toHaveAccessibleDescription('Please fill in this field.');
  await companyId.fill('TDX9966');
  await expect(priceSentence(page)).toBeVisible();
  await staffNumber.fill('AB1234');
  // SPEC.md 5.4 and step-form.tsx: a fixed entry loses its error as the customer types.
  await expect(staffNumber).not.toHaveAttribute('aria-invalid', 'true');
  await expect(staffNumber).toHaveAccessibleDescription('');
  await next(page, 'en-US');
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
});

// ---------------------------------------------------------------- seti: the student check (SPEC.md 5.3, 6.1)

async function fillUniversity(page: Page, student: { firstName: string; lastName: string; number: string }): Promise<void> {
  const t = more['en-US'];
  await expect(h2(page, t.universityTitle)).toBeVisible();
  const universityId = page.getByRole('textbox', { name: t.universityId });
  await universityId.fill('UNI0001');
  await expect(universityId).toHaveAccessibleDescription('University: Universität Musterstadt');
  await page.getByRole('textbox', { name: t.firstName }).fill(student.firstName);
  await page.getByRole('textbox', { name: t.lastName }).fill(student.lastName);
  await page.getByRole('textbox', { name: t.matriculationNumber }).fill(student.number);
}

test('seti visitor: a good matriculation number orders to the confirmation, the billing names come read-only from the student record', async ({ page }) => {
  const calls = countCalls(page);
  await useProduct(page, 'seti');
  await gotoInLocale(page, '/order', 'en-US');
  await fillUniversity(page, { firstName: 'Max', lastName: 'Schneider', number: '4711002' });
  await next(page, 'en-US');

  await expect(h2(page, 'Start date and traveler')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Who will travel with the ticket?' })).toHaveCount(0);
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');

  await expect(h2(page, en.billingTitle)).toBeVisible();
  const firstName = page.getByRole('textbox', { name: en.firstName });
  const lastName = page.getByRole('textbox', { name: en.lastName });
  await expect(firstName).toHaveValue('Max');
  await expect(lastName).toHaveValue('Schneider');
  await expect(firstName).not.toBeEditable();
  await expect(lastName).not.toBeEditable();
  await expect(firstName).toHaveAccessibleDescription('As in your student record; it cannot be changed here.');
  await fillBilling(page, 'en-US', { namesReadOnly: true });
  await next(page, 'en-US');

  await fillAccount(page, 'en-US', uniqueEmail('seti'));
  await next(page, 'en-US');
  await acceptTerms(page, 'en-US');
  const billing = page.getByRole('region', { name: 'Billing address' });
  await expect(billing).toContainText('Max Schneider');
  await expect(page.getByRole('region', { name: 'Company' })).toContainText('4711002');
  await expect(page.getByText('You pay nothing here: your share is collected with your semester fee. No payment details are needed.')).toBeVisible();
  await orderButton(page).click();

  await expect(page).toHaveURL(/\/app\/order\/confirmation\?orderNumber=C-\d+$/);
  await expect(page.getByTestId('order-number')).toHaveText(/^C-\d+$/);
  expect(calls).toEqual({ register: 1, submit: 1 });
});

test('seti visitor: an unknown matriculation number is refused with its message', async ({ page }) => {
  await useProduct(page, 'seti');
  await gotoInLocale(page, '/order', 'en-US');
  await fillUniversity(page, { firstName: 'Max', lastName: 'Schneider', number: '4719999' });
  await next(page, 'en-US');
  const number = page.getByRole('textbox', { name: 'Matriculation number' });
  await expect(number).toHaveAccessibleDescription('We could not find this matriculation number.');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(h2(page, more['en-US'].universityTitle)).toBeVisible();
  await expect(h2(page, 'Start date and traveler')).toHaveCount(0);
});

test('seti visitor: a first name that does not match the student record is refused with its message', async ({ page }) => {
  await useProduct(page, 'seti');
  await gotoInLocale(page, '/order', 'en-US');
  // 4711003 is Lena Fischer.
  await fillUniversity(page, { firstName: 'Max', lastName: 'Fischer', number: '4711003' });
  await next(page, 'en-US');
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toHaveAccessibleDescription('The first name does not match the student record.');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Last name' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Matriculation number' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(h2(page, more['en-US'].universityTitle)).toBeVisible();
  await expect(h2(page, 'Start date and traveler')).toHaveCount(0);

  // With the name of the record it goes on.
  await firstName.fill('Lena');
  await next(page, 'en-US');
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
});

// ---------------------------------------------------------------- the start-month warning (SPEC.md 4.1)

/**
 * The warning applies from the 11th of a month on: before that, the page's clock is moved to the
 * 15th of this month (the sandbox still offers this month as the first start).
 */
async function fromTheEleventh(page: Page): Promise<void> {
  const now = new Date();
  if (now.getDate() >= 11) return;
  await page.clock.setSystemTime(new Date(now.getFullYear(), now.getMonth(), 15, 12));
}

test('the current month after the 10th asks first: another month keeps the previous choice, confirming keeps it and Next goes on', async ({ page }) => {
  await fromTheEleventh(page);
  await gotoInLocale(page, '/order', 'en-US');
  const months = page.getByRole('radiogroup', { name: en.startMonth }).getByRole('radio');
  await expect(months).toHaveCount(4);
  const current = monthName(new Date(), 'en-US');
  await expect(months.first()).toHaveAccessibleName(current);

  // A later month asks nothing.
  await months.nth(1).check({ force: true });
  const dialog = page.getByRole('alertdialog', { name: 'Start in the current month?' });
  await expect(months.nth(1)).toBeChecked();
  await expect(dialog).toHaveCount(0);

  // The current month asks; "Choose another month" goes back to the month chosen before.
  await months.first().check({ force: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${current} has already begun.`);
  await dialog.getByRole('button', { name: 'Choose another month' }).click();
  await expect(dialog).toBeHidden();
  await expect(months.nth(1)).toBeChecked();
  await expect(months.first()).not.toBeChecked();

  // Asked again, and confirmed: the current month stays, and Next goes on without asking again.
  await months.first().check({ force: true });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: `Start in ${current}` }).click();
  await expect(dialog).toBeHidden();
  await expect(months.first()).toBeChecked();
  await expect(months.nth(1)).not.toBeChecked();
  await next(page, 'en-US');
  await expect(dialog).toHaveCount(0);
  await expect(h2(page, en.billingTitle)).toBeVisible();

  // The draft has the current month.
  await page.getByRole('button', { name: en.back, exact: true }).click();
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
  await expect(months.first()).toBeChecked();
});

test('the current month chosen first and then not wanted leaves no month chosen (Escape), and Next asks for one', async ({ page }) => {
  await fromTheEleventh(page);
  await gotoInLocale(page, '/order', 'en-US');
  const group = page.getByRole('radiogroup', { name: en.startMonth });
  const months = group.getByRole('radio');
  await months.first().check({ force: true });
  const dialog = page.getByRole('alertdialog', { name: 'Start in the current month?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  for (const month of await months.all()) await expect(month).not.toBeChecked();
  await next(page, 'en-US');
  await expect(group).toContainText(more['en-US'].required);
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
});

/**
 * The dialog's code is a chunk apart, which the start step loads once it shows
 * (src/flows/order-wizard/steps/start-traveler-step.tsx). Asked before it has come (a slow
 * network), the wizard's question opens as soon as it is there, with the focus in it.
 */
test('the start-month question asked before the dialog’s code has come opens once it is there', async ({ page }) => {
  await fromTheEleventh(page);
  const dialogCode = await holdChunk(page, 'alert-dialog');
  await gotoInLocale(page, '/order', 'en-US');
  const months = page.getByRole('radiogroup', { name: en.startMonth }).getByRole('radio');
  await expect(months).toHaveCount(4);
  await expect.poll(dialogCode.requested).toBe(true);

  await months.first().check({ force: true });
  const dialog = page.getByRole('alertdialog', { name: 'Start in the current month?' });
  await expect(dialog).toHaveCount(0);
  dialogCode.release();
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(months.first()).not.toBeChecked();
});

// ---------------------------------------------------------------- reloads (docs/architecture.md#data-and-state: the draft survives a reload)

test('deuti visitor: a reload on every step keeps the step and the values; after a reload on the summary the password is asked again', async ({ page }) => {
  const calls = countCalls(page);
  const email = uniqueEmail('reload-every-step');
  const startTitle = 'Start date and traveler';
  const months = page.getByRole('radiogroup', { name: en.startMonth }).getByRole('radio');
  const password = page.getByRole('textbox', { name: en.password, exact: true });
  const repeat = page.getByRole('textbox', { name: en.repeat });

  // The start step, before anything: the step stays.
  await gotoInLocale(page, '/order', 'en-US');
  await expect(h2(page, startTitle)).toBeVisible();
  await page.reload();
  await expect(h2(page, startTitle)).toBeVisible();
  await expect(page).toHaveURL(/\/order\?step=startAndTraveler$/);

  // Through every step once, so each one has values in the draft.
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');
  await fillAccount(page, 'en-US', email);
  await page.getByRole('checkbox', { name: /news and offers/ }).check({ force: true });
  await next(page, 'en-US');
  await expect(h2(page, en.summary)).toBeVisible();

  // Start step.
  await page.getByRole('button', { name: /^Change\s?: Start and traveler$/ }).click();
  await expect(h2(page, startTitle)).toBeVisible();
  await page.reload();
  await expect(h2(page, startTitle)).toBeVisible();
  await expect(page).toHaveURL(/step=startAndTraveler$/);
  await expect(months.nth(1)).toBeChecked();
  await expect(page.getByRole('radio', { name: 'I will' })).toBeChecked();
  await next(page, 'en-US');

  // Billing step.
  await expect(h2(page, en.billingTitle)).toBeVisible();
  await page.reload();
  await expect(h2(page, en.billingTitle)).toBeVisible();
  await expect(page).toHaveURL(/step=billing$/);
  await expect(page.getByRole('radio', { name: en.ms })).toBeChecked();
  await expect(page.getByRole('textbox', { name: en.firstName })).toHaveValue('Erika');
  await expect(page.getByRole('textbox', { name: en.lastName })).toHaveValue('Musterfrau');
  await expect(page.getByRole('group', { name: en.birthdate })).toContainText('1990');
  await expect(page.getByRole('textbox', { name: en.zip })).toHaveValue('10115');
  await expect(page.getByRole('textbox', { name: en.city })).toHaveValue('Berlin');
  await expect(page.getByRole('textbox', { name: en.street })).toHaveValue('Invalidenstraße');
  await expect(page.getByRole('textbox', { name: en.houseNumber })).toHaveValue('117');
  await next(page, 'en-US');

  // Account step: everything but the password.
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await page.reload();
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await expect(page).toHaveURL(/step=account$/);
  await expect(page.getByRole('textbox', { name: en.email })).toHaveValue(email);
  await expect(page.getByRole('checkbox', { name: en.privacy })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /news and offers/ })).toBeChecked();
  await expect(password).toHaveValue('');
  await expect(repeat).toHaveValue('');
  await password.fill(demoPassword);
  await repeat.fill(demoPassword);
  await next(page, 'en-US');

  // Summary: every value is there; a reload there sends the customer back for the password.
  await acceptTerms(page, 'en-US');
  const summaryBilling = page.getByRole('region', { name: 'Billing address' });
  await expect(summaryBilling).toContainText('Erika Musterfrau');
  await expect(summaryBilling).toContainText('Invalidenstraße 117');
  await expect(summaryBilling).toContainText('10115 Berlin');
  await expect(summaryBilling).toContainText('03/15/1990');
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText(email);
  await page.reload();
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await expect(page).toHaveURL(/step=account$/);
  await expect(page.getByRole('textbox', { name: en.email })).toHaveValue(email);
  await expect(password).toHaveValue('');
  const draft = await page.evaluate(() => window.sessionStorage.getItem('portal.orderWizard') ?? '');
  expect(draft).toContain(email);
  expect(draft).not.toContain(demoPassword);
  expect(calls).toEqual({ register: 0, submit: 0 });

  // With the password typed again, the order goes through, registering once.
  await password.fill(demoPassword);
  await repeat.fill(demoPassword);
  await next(page, 'en-US');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Erika Musterfrau');
  await acceptTerms(page, 'en-US');
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/app\/payment\/A-\d+$/);
  expect(calls).toEqual({ register: 1, submit: 1 });
});

test('deuti visitor: after a reload on the summary, the browser back button to the summary keeps asking for the password, with a reason', async ({ page }) => {
  const calls = countCalls(page);
  await deutiVisitorToSummary(page, 'en-US', uniqueEmail('reload-back'));
  await page.reload();
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await expect(page.getByText('Please enter your password again')).toBeVisible();
  await page.goBack();
  // The summary cannot come back without the password, which a reload dropped.
  await expect(page).toHaveURL(/step=account$/);
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await expect(page.getByRole('textbox', { name: en.password, exact: true })).toHaveValue('');
  expect(calls).toEqual({ register: 0, submit: 0 });
});

// ---------------------------------------------------------------- the sign-in detour (decision 11)

test('a visitor who signs in from the account step continues the draft at the summary without the account step, and orders', async ({ page }) => {
  const calls = countCalls(page);
  await gotoInLocale(page, '/order', 'en-US');
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');
  await expect(h2(page, en.accountTitle)).toBeVisible();
  await page.getByRole('form', { name: en.accountTitle }).getByRole('link', { name: 'Sign in', exact: true }).click();

  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page).toHaveURL(/\/app\/order\?step=summary$/);
  await expect(h2(page, en.summary)).toBeVisible();
  const billing = page.getByRole('region', { name: 'Billing address' });
  await expect(billing).toContainText('Erika Musterfrau');
  await expect(billing).toContainText('Invalidenstraße 117');
  await expect(billing).toContainText('10115 Berlin');
  await expect(page.getByRole('region', { name: 'Your account' })).toHaveCount(0);
  const steps = page.getByRole('list', { name: 'Steps of your order' }).getByRole('listitem');
  await expect(steps).toHaveText([/Start and traveler/, /Billing address/, /Summary/]);

  // Back goes to billing (no account step in between), with the values kept.
  await page.getByRole('button', { name: en.back, exact: true }).click();
  await expect(h2(page, en.billingTitle)).toBeVisible();
  await expect(page.getByRole('textbox', { name: en.city })).toHaveValue('Berlin');
  await next(page, 'en-US');

  await acceptTerms(page, 'en-US');
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/app\/payment\/A-\d+$/);
  await expect(page.frameLocator('iframe').getByTestId('order-number')).toHaveText(/A-\d+/);
  expect(calls).toEqual({ register: 0, submit: 1 });
});

// ---------------------------------------------------------------- a held Enter (SPEC.md 4.1: register once, submit once)

test('a held Enter on the order button registers once and submits once', async ({ page }) => {
  const calls = countCalls(page);
  await deutiVisitorToSummary(page, 'en-US', uniqueEmail('held-enter'));
  await acceptTerms(page, 'en-US');
  const order = orderButton(page);
  await order.focus();
  await expect(order).toBeFocused();
  // Key repeat: many Enters in quick succession, none awaited on its own.
  const presses: Promise<void>[] = [];
  for (let i = 0; i < 8; i++) presses.push(page.keyboard.press('Enter'));
  await Promise.all(presses);

  await expect(page).toHaveURL(/\/app\/payment\/A-\d+$/);
  await expect(page.frameLocator('iframe').getByTestId('order-number')).toBeVisible();
  expect(calls).toEqual({ register: 1, submit: 1 });
});

// ---------------------------------------------------------------- axe (WCAG 2.2 AA) in both languages

for (const locale of ['de-DE', 'en-US'] as const) {
  const t = more[locale];

  test(`axe: the joti company step with a price (${locale})`, async ({ page }) => {
    await useProduct(page, 'joti');
    await gotoInLocale(page, '/order', locale);
    await expect(h2(page, t.employerTitle)).toBeVisible();
    // The company found by name, with the keyboard (the open list is the design system's combo box,
    // axe-checked open in e2e/gallery.spec.ts: react-aria hides the page behind it by design).
    const search = page.getByRole('combobox', { name: t.companySearch });
    await search.fill('Rheinwerk');
    await expect(page.getByRole('option', { name: 'Rheinwerk Energie AG (TDX9960)' })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page.getByRole('textbox', { name: t.companyId })).toHaveValue('TDX9960');
    await expect(priceSentence(page)).toHaveAttribute('data-price-text', 'specialPartlySubsidized');
    await page.getByRole('textbox', { name: t.staffNumber }).fill('P-123456');
    await expectNoAxeViolations(page);
  });

  test(`axe: the seti company step with its errors (${locale})`, async ({ page }) => {
    await useProduct(page, 'seti');
    await gotoInLocale(page, '/order', locale);
    await expect(h2(page, t.universityTitle)).toBeVisible();
    await next(page, locale);
    await expect(page.getByRole('textbox', { name: t.universityId })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: t.matriculationNumber })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    // And with the university known and a name not matching the record.
    await page.getByRole('textbox', { name: t.universityId }).fill('UNI0001');
    await expect(priceSentence(page)).toBeVisible();
    await page.getByRole('textbox', { name: t.firstName }).fill('Max');
    await page.getByRole('textbox', { name: t.lastName }).fill('Fischer');
    await page.getByRole('textbox', { name: t.matriculationNumber }).fill('4711003');
    // Leave the field first, as a customer would.
    await page.getByRole('textbox', { name: t.matriculationNumber }).press('Tab');
    await next(page, locale);
    await expect(page.getByRole('textbox', { name: t.firstName })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });

  // react-aria's live announcements stay in the page for 7 seconds after a change: axe right
  // after each step change and each validation error sees them (issue 13: role-img-alt).
  test(`axe on every step, right after every step change and every validation error, with their messages (${locale})`, async ({ page }) => {
    const l = text[locale];
    await gotoInLocale(page, '/order', locale);
    await chooseStart(page, locale);
    await expectNoAxeViolations(page);
    await next(page, locale);
    await expect(h2(page, l.billingTitle)).toBeFocused();
    await expectNoAxeViolations(page);
    await next(page, locale);
    const city = page.getByRole('textbox', { name: l.city });
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(city).toHaveAccessibleDescription(t.required);
    await expect(page.getByRole('radiogroup', { name: l.salutation })).toContainText(t.required);
    await expectNoAxeViolations(page);
    await fillBilling(page, locale);
    await next(page, locale);
    await expect(h2(page, l.accountTitle)).toBeFocused();
    await expectNoAxeViolations(page);
    await next(page, locale);
    await expect(page.getByRole('textbox', { name: l.email })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await fillAccount(page, locale, uniqueEmail('axe-at-once'));
    await next(page, locale);
    await expect(h2(page, l.summary)).toBeFocused();
    await expectNoAxeViolations(page);
    await orderButton(page, locale).click();
    await expect(page.getByRole('checkbox', { name: l.conditions })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(t.conditionsRequired)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
