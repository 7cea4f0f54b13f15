import { expect } from '@playwright/test';

import { changeStaffNumberMachine, type StaffNumberToChange } from '#machines/change-staff-number/change-staff-number.machine';
import { selectChangeStaffNumberView } from '#machines/change-staff-number/change-staff-number.selectors';
import { eventsFor, machine, newNumber, offline, serialize, taken } from '../../tests/machines/change-staff-number.model';
import { type Locale, newCustomer, pressEnterOn } from '../support';
import { endingLast } from './ending-last';
import { openFromMyData, signInToMyData } from './my-data';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * Changing the staff number in the browser, from its machine (decision 32). The events are the
 * machine model's (tests/machines/change-staff-number.model.ts): a taken number is the sandbox's own
 * answer (the customer types fixed-email@example.com's P-100777, of the same company); a number the
 * server refuses, the 403, a 500 and a failing load (of the company form) are made in the page's network (the form's own
 * rules let no bad number through). Left out: no connection, which is the 500's screen.
 *
 * Data: each tour has a customer of its own, a joti account of TDX9960 (`{ product: 'joti' }`); the
 * tour whose load finds the product may not change the number is a deuti customer, whose My data
 * offers no link, so it opens the page by its address.
 */

type Machine = typeof changeStaffNumberMachine;

interface Run {
  locale: Locale;
  staffNumber: string;
  /** The next change types the taken number (the sandbox answers staffNumberTaken). */
  typeTaken: boolean;
}

const takenNumber = 'P-100777';

const texts = {
  'de-DE': {
    account: 'Meine Daten',
    way: 'Personalnummer ändern',
    title: 'Personalnummer ändern',
    intro: 'Ihr Jobticket ist mit Ihrer Personalnummer bei',
    label: /^Personalnummer/,
    hint: 'Die Personalnummer hat die Form P-123456.',
    submit: 'Personalnummer ändern',
    cancel: 'Abbrechen',
    taken: 'Diese Personalnummer nutzt bereits eine andere Person Ihres Unternehmens.',
    failed: 'Ihre Personalnummer konnte nicht geändert werden',
    loadError: 'Ihre Personalnummer konnte nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Daten',
    notChangeable: 'Ihre Personalnummer kann hier nicht geändert werden',
    changed: 'Ihre Personalnummer wurde geändert',
  },
  'en-US': {
    account: 'My data',
    way: 'Change staff number',
    title: 'Change staff number',
    intro: 'Your job ticket is linked to your staff number at',
    label: /^Staff number/,
    hint: 'The staff number has the form P-123456.',
    submit: 'Change staff number',
    cancel: 'Cancel',
    taken: 'Another employee of your company already uses this staff number.',
    failed: 'Your staff number could not be changed',
    loadError: 'Your staff number could not be loaded',
    retry: 'Try again',
    back: 'Back to my data',
    notChangeable: 'Your staff number cannot be changed here',
    changed: 'Your staff number has been changed',
  },
};

const staffNumberPage = '/app/dashboard/account/staff-number';
const companyUserInfo = '/api/v2/payment/company-user-info';

export const changeStaffNumberBrowser: BrowserModel<Machine, Run> = {
  machine: changeStaffNumberMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => !('error' in event && event.error === offline)),
    ),
  serialize,
  screen: (snapshot) => JSON.stringify(selectChangeStaffNumberView(snapshot)),
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadStaffNumber');
    const deuti = firstLoad !== undefined && 'output' in firstLoad && !(firstLoad.output as StaffNumberToChange).changeable;
    const customer = await newCustomer(page, deuti ? {} : { product: 'joti' });
    await signInToMyData(page, customer.email, locale);
    const staffNumber = (await (await page.request.get(companyUserInfo)).json().catch(() => ({}))) as { staff_number?: string };
    return { locale, staffNumber: staffNumber.staff_number ?? '', typeTaken: false };
  },

  async visit(page, run) {
    if (run.staffNumber === '') {
      await page.goto(staffNumberPage);
      return;
    }
    await openFromMyData(page, texts[run.locale].way, staffNumberPage);
  },

  async arrange(page, event, run) {
    // My data has read the company user info already (it is cached); the company form is read each time.
    if (event.type === 'xstate.error.actor.loadStaffNumber') return failCalls(page, 'POST', '/api/v1/order/form', event.error);
    if (event.type !== 'xstate.error.actor.changeStaffNumber') return undefined;
    if (event.error === taken) {
      run.typeTaken = true;
      return undefined;
    }
    return failCalls(page, 'PUT', companyUserInfo, event.error);
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    if (event.type === 'load.retry') return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
    if (event.type !== 'staffNumber.change') return;
    await page.getByLabel(words.label).fill(run.typeTaken ? takenNumber : event.staffNumber);
    run.typeTaken = false;
    await pressEnterOn(page, page.getByRole('button', { name: words.submit }));
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectChangeStaffNumberView(snapshot);
    switch (view.step) {
      case 'done':
        // The flow's showAccountPage: My data with the notice and the new number.
        await expect(page).toHaveURL('/app/dashboard/account?notice=staffNumberChanged');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.account);
        await expect(page.getByRole('status').filter({ hasText: words.changed })).toBeVisible();
        await expect(page.getByTestId('account-staff-number')).toHaveText(newNumber);
        return;
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/account');
        return;
      case 'notChangeable':
        await expect(page.getByRole('heading', { level: 2, name: words.notChangeable })).toBeVisible();
        await expect(page.getByRole('button', { name: words.submit })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/account');
        return;
      case 'form': {
        await expect(page).toHaveURL(staffNumberPage);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
        await expect(page.getByText(words.intro)).toContainText('TDX9960');
        await expect(page.getByRole('button', { name: words.submit })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', '/app/dashboard/account');
        await expect(page.getByRole('heading', { level: 2, name: words.failed })).toHaveCount(view.error === 'changeFailed' ? 1 : 0);
        const field = page.getByLabel(words.label);
        await (view.fieldErrors.length > 0 ? expect(field) : expect(field).not).toHaveAttribute('aria-invalid', 'true');
        if (view.error === 'staffNumberTaken') {
          await expect(field).toHaveAccessibleDescription(words.taken);
          await expect(field).toBeFocused();
        } else if (view.error === 'staffNumberRejected') {
          await expect(field).toHaveAccessibleDescription(words.hint);
        }
        // What was typed stays after every failure; before the first change it is the current number.
        await expect(field).toHaveValue(view.error === undefined ? run.staffNumber : view.error === 'staffNumberTaken' ? takenNumber : newNumber);
        return;
      }
      case 'loading':
        return;
    }
  },
};
