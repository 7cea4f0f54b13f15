import { expect } from '@playwright/test';

import { changePasswordMachine } from '#machines/change-password/change-password.machine';
import { selectChangePasswordView } from '#machines/change-password/change-password.selectors';
import { change, eventsFor, machine, passwordIncorrect, serialize, tooManyAttempts, unavailable } from '../../tests/machines/change-password.model';
import { type Locale, newCustomer, pressEnterOn } from '../support';
import { endingLast } from './ending-last';
import { openFromMyData, signInToMyData } from './my-data';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { expectTooManyAttempts, refuseCalls } from './too-many-attempts';
import { localeOf } from './tour-locale';

/**
 * Changing the password in the browser, from its machine. The events are the machine model's
 * (tests/machines/change-password.model.ts): a wrong old password is the sandbox's own answer (the
 * customer types one); a new password the server refuses, a 500, no connection and the 429 of too
 * many wrong old passwords (too-many-attempts.ts) are made in the page's network (the form's own
 * rules let no weak password through). Left out: the 503, which
 * goes to /maintenance before the machine sees it.
 *
 * Data: each tour has a customer of its own (the change ends with a new password), whose password
 * is the model's old one; the new one is the model's too.
 */

type Machine = typeof changePasswordMachine;

interface Run {
  locale: Locale;
  /** The customer's password (the model's old one). */
  password: string;
  /** The next change is sent with a wrong old password (the sandbox answers passwordIncorrect). */
  wrongOldPassword: boolean;
}

const wrongPassword = 'Falsch-Passwort-2026!';

const texts = {
  'de-DE': {
    account: 'Meine Daten',
    way: 'Passwort ändern',
    title: 'Passwort ändern',
    intro: 'Hier bleiben Sie angemeldet; in anderen Browsern und auf anderen Geräten werden Sie abgemeldet.',
    oldPassword: /^Aktuelles Passwort/,
    newPassword: /^Neues Passwort(?! wiederholen)/,
    repeat: /^Neues Passwort wiederholen/,
    submit: 'Passwort ändern',
    cancel: 'Abbrechen',
    incorrect: 'Dieses Passwort ist nicht richtig.',
    failed: 'Ihr Passwort konnte nicht geändert werden',
    failedText: 'Ihr Passwort ist unverändert.',
    changed: 'Ihr Passwort wurde geändert',
  },
  'en-US': {
    account: 'My data',
    way: 'Change password',
    title: 'Change password',
    intro: 'You stay signed in here; other browsers and devices where you are signed in are signed out.',
    oldPassword: /^Current password/,
    newPassword: /^New password/,
    repeat: /^Repeat new password/,
    submit: 'Change password',
    cancel: 'Cancel',
    incorrect: 'This password is not correct.',
    failed: 'Your password could not be changed',
    failedText: 'Your password is unchanged.',
    changed: 'Your password has been changed',
  },
};

const passwordPage = '/app/dashboard/account/password';
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

export const changePasswordBrowser: BrowserModel<Machine, Run> = {
  machine: changePasswordMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => !('error' in event && event.error === unavailable)),
    ),
  serialize,
  screen: (snapshot) => JSON.stringify(selectChangePasswordView(snapshot)),
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const { email, password } = await newCustomer(page);
    await signInToMyData(page, email, locale);
    return { locale, password, wrongOldPassword: false };
  },

  async visit(page, run) {
    await openFromMyData(page, texts[run.locale].way, passwordPage);
  },

  async arrange(page, event, run) {
    if (event.type !== 'xstate.error.actor.changePassword') return undefined;
    if (event.error === passwordIncorrect) {
      run.wrongOldPassword = true;
      return undefined;
    }
    if (event.error === tooManyAttempts) return refuseCalls(page, 'POST', '/account/new-password');
    return failCalls(page, 'POST', '/account/new-password', event.error);
  },

  async act(page, event, run) {
    if (event.type !== 'password.change') return;
    const words = texts[run.locale];
    await page.getByLabel(words.oldPassword).fill(run.wrongOldPassword ? wrongPassword : run.password);
    await page.getByLabel(words.newPassword).fill(event.change.newPassword);
    await page.getByLabel(words.repeat).fill(event.change.newPassword);
    run.wrongOldPassword = false;
    await pressEnterOn(page, page.getByRole('button', { name: words.submit }));
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectChangePasswordView(snapshot);
    if (view.step === 'done') {
      // The flow's showAccountPage: My data with the notice, still signed in.
      await expect(page).toHaveURL('/app/dashboard/account?notice=passwordChanged');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.account);
      await expect(page.getByRole('status').filter({ hasText: words.changed })).toBeVisible();
      return;
    }
    await expect(page).toHaveURL(passwordPage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
    await expect(page.getByText(words.intro)).toBeVisible();
    await expect(page.getByRole('button', { name: words.submit })).toBeEnabled();
    await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', '/app/dashboard/account');
    const alert = page.getByRole('heading', { level: 2, name: words.failed });
    await expect(alert).toHaveCount(view.error === 'changeFailed' ? 1 : 0);
    if (view.error === 'changeFailed') await expect(page.getByText(words.failedText)).toBeVisible();
    await expectTooManyAttempts(page, run.locale, view.error === 'tooManyAttempts');
    const oldField = page.getByLabel(words.oldPassword);
    const newField = page.getByLabel(words.newPassword);
    const atOld = view.fieldErrors.some((error) => error.field === 'oldPassword');
    const atNew = view.fieldErrors.some((error) => error.field === 'password');
    // A wrong old password: the message at its field, with the focus; a refused new one: that field marked, with the focus.
    if (atOld) {
      await expect(oldField).toHaveAccessibleDescription(containing(words.incorrect));
      await expect(oldField).toBeFocused();
    } else if (atNew) {
      await expect(newField).toBeFocused();
    }
    for (const [field, marked] of [
      [oldField, atOld],
      [newField, atNew],
    ] as const) {
      await (marked ? expect(field) : expect(field).not).toHaveAttribute('aria-invalid', 'true');
    }
    // What was typed stays after every failure.
    await expect(newField).toHaveValue(view.error === undefined ? '' : change.newPassword);
  },
};
