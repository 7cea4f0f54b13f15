import { expect } from '@playwright/test';

import { deleteAccountMachine } from '#machines/delete-account/delete-account.machine';
import { selectDeleteAccountView } from '#machines/delete-account/delete-account.selectors';
import {
  eventsFor,
  machine,
  notAllowed,
  notDeleted,
  offline,
  serialize,
  tooManyAttempts,
  unavailable,
  wrongPassword,
} from '../../tests/machines/delete-account.model';
import { type Locale, newCustomer, pressEnterOn } from '../support';
import { endingLast } from './ending-last';
import { openFromMyData, signInToMyData } from './my-data';
import { answerCalls, failCalls } from './network';
import type { BrowserModel } from './run';
import { expectTooManyAttempts, refuseCalls } from './too-many-attempts';
import type { Tour } from './tours';
import { localeOf } from './tour-locale';

/**
 * Deleting the account in the browser, from its machine. The events are the machine model's
 * (tests/machines/delete-account.model.ts). The sandbox's own answers: the pre-check (yes for a
 * customer of its own, no for the seeded undeletable@example.com), a wrong password (the customer
 * types one) and the deletion. Made in the page's network: a failed pre-check, a deletion that
 * answers "not deleted" (the sandbox says so only for an account whose pre-check says no), a 400
 * passwordIncorrect, the 429 of too many wrong passwords (too-many-attempts.ts), a 500 and no connection. Left out: the 503 (it goes to /maintenance before
 * the machine sees it) and the end of the session failing (see `excluded`).
 *
 * Data: each tour that may delete has a customer of its own; the not-possible page is
 * undeletable@example.com's, only read.
 */

type Machine = typeof deleteAccountMachine;

interface Run {
  locale: Locale;
  /** The password the customer types at each request to delete, in order: the right one, or a wrong one where the sandbox is to refuse it. */
  passwords: string[];
  /** What the password field holds now. */
  typed: string;
}

const otherPassword = 'Falsch-Passwort-2026!';

const texts = {
  'de-DE': {
    way: 'Konto löschen',
    title: 'Konto löschen',
    consequence: 'werden Ihre Abonnements dadurch nicht gekündigt',
    password: 'Ihr Passwort',
    submit: 'Konto löschen',
    cancel: 'Abbrechen',
    incorrect: 'Dieses Passwort ist nicht richtig.',
    failed: 'Ihr Konto konnte nicht gelöscht werden',
    failedText: 'Ihr Konto besteht weiter.',
    checkFailed: 'Wir konnten nicht prüfen, ob Ihr Konto gelöscht werden kann',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Daten',
    dialog: 'Ihr Konto endgültig löschen?',
    dialogText: 'Sie können sich danach nicht mehr anmelden',
    keep: 'Konto behalten',
    confirm: 'Ja, mein Konto löschen',
    deleted: 'Ihr Konto wurde gelöscht',
    signedOut: 'Sie wurden in allen Browsern abgemeldet.',
    home: 'Zur Startseite',
    notPossible: 'Ihr Konto kann derzeit nicht gelöscht werden',
    nothingDeleted: 'Es wurde nichts gelöscht; Ihr Konto bleibt, wie es ist.',
  },
  'en-US': {
    way: 'Delete account',
    title: 'Delete account',
    consequence: 'your subscriptions are not terminated by it',
    password: 'Your password',
    submit: 'Delete account',
    cancel: 'Cancel',
    incorrect: 'This password is not correct.',
    failed: 'Your account could not be deleted',
    failedText: 'Your account still exists.',
    checkFailed: 'We could not check whether your account can be deleted',
    retry: 'Try again',
    back: 'Back to my data',
    dialog: 'Delete your account for good?',
    dialogText: 'You can no longer sign in, and this cannot be undone.',
    keep: 'Keep my account',
    confirm: 'Yes, delete my account',
    deleted: 'Your account has been deleted',
    signedOut: 'You have been signed out in every browser.',
    home: 'To the start page',
    notPossible: 'Your account cannot be deleted at the moment',
    nothingDeleted: 'Nothing has been deleted; your account stays as it is.',
  },
};

const accountPage = '/app/dashboard/account';
const deletePage = '/app/dashboard/account/delete';
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Per request to delete, the password typed for it: a wrong one where the deletion that follows answers "password incorrect". */
function passwordsOf(tour: Tour<Machine>, password: string): string[] {
  const events = tour.steps.map((step) => step.event);
  return events.flatMap((event, index) => {
    if (event.type !== 'deletion.request') return [];
    const answer = events
      .slice(index + 1)
      .find(
        (next) =>
          next.type === 'deletion.request' ||
          next.type.startsWith('xstate.done.actor.deleteAccount') ||
          next.type.startsWith('xstate.error.actor.deleteAccount'),
      );
    return [answer !== undefined && 'output' in answer && answer.output === wrongPassword ? otherPassword : password];
  });
}

export const deleteAccountBrowser: BrowserModel<Machine, Run> = {
  machine: deleteAccountMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => {
        const { type, error } = event as { type: string; error?: unknown };
        return error !== unavailable && !(type === 'xstate.error.actor.endSession' && error === offline);
      }),
    ),
  serialize,
  // The not-possible page is a page of its own (the selector's view of it is the pre-check's).
  screen: (snapshot) => (snapshot.matches('notPossible') ? 'notPossible' : JSON.stringify(selectDeleteAccountView(snapshot))),
  // The flow has two ends (deleted, not possible): a tour to each, the failures on the way, rather
  // than another tour that signs in again.
  maxSteps: 22,
  excluded: {
    'deleteAccount.signingOut|xstate.error.actor.endSession|0':
      'the end of the session fails only when the sign-out has not finished within 10 s (a delay; a failed sign-out call signs out all the same): the machine test covers it',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const check = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.checkAccountDelete');
    if (check !== undefined && 'output' in check && check.output === notAllowed) {
      await signInToMyData(page, 'undeletable@example.com', locale);
      return { locale, passwords: [], typed: '' };
    }
    const { email, password } = await newCustomer(page);
    await signInToMyData(page, email, locale);
    return { locale, passwords: passwordsOf(tour, password), typed: '' };
  },

  async visit(page, run) {
    await openFromMyData(page, texts[run.locale].way, deletePage);
  },

  async arrange(page, event) {
    if (event.type === 'xstate.error.actor.checkAccountDelete') return failCalls(page, 'GET', '/account/check-account-delete', event.error);
    if (event.type === 'xstate.error.actor.deleteAccount') {
      return event.error === tooManyAttempts ? refuseCalls(page, 'POST', '/account/delete') : failCalls(page, 'POST', '/account/delete', event.error);
    }
    if (event.type === 'xstate.done.actor.deleteAccount' && event.output === notDeleted) {
      return answerCalls(page, 'POST', '/account/delete', { success: false, passwordCorrect: true });
    }
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'check.retry':
        return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
      case 'deletion.request': {
        run.typed = run.passwords.shift() ?? '';
        await page.getByLabel(words.password).fill(run.typed);
        return pressEnterOn(page, page.getByRole('button', { name: words.submit }));
      }
      case 'deletion.cancel':
        // The dialog opens on the safe choice: Enter keeps the account.
        return pressEnterOn(page, page.getByRole('alertdialog').getByRole('button', { name: words.keep }));
      case 'deletion.confirm':
        return pressEnterOn(page, page.getByRole('alertdialog').getByRole('button', { name: words.confirm }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    if (snapshot.matches('notPossible')) {
      // The flow's showNotPossiblePage.
      await expect(page).toHaveURL(`${deletePage}/not-possible`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.notPossible);
      await expect(page.getByText(words.nothingDeleted)).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@/);
      await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', accountPage);
      return;
    }
    const view = selectDeleteAccountView(snapshot);
    switch (view.step) {
      case 'checkFailed':
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
        await expect(page.getByRole('heading', { level: 2, name: words.checkFailed })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', accountPage);
        return;
      case 'password': {
        const dialog = page.getByRole('alertdialog');
        if (view.dialogOpen) {
          // A modal: the page behind it is hidden from the customer's tools.
          await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(words.dialog);
          await expect(dialog.getByText(words.dialogText)).toBeVisible();
          await expect(dialog.getByRole('button', { name: words.keep })).toBeFocused();
          await expect(dialog.getByRole('button', { name: words.confirm })).toBeEnabled();
          return;
        }
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(deletePage);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
        await expect(page.getByText(words.consequence)).toBeVisible();
        await expect(page.getByRole('button', { name: words.submit })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', accountPage);
        await expect(page.getByRole('heading', { level: 2, name: words.failed })).toHaveCount(view.error === 'deleteFailed' ? 1 : 0);
        if (view.error === 'deleteFailed') await expect(page.getByText(words.failedText)).toBeVisible();
        await expectTooManyAttempts(page, run.locale, view.error === 'tooManyAttempts');
        const field = page.getByLabel(words.password);
        // What was typed stays; a wrong password is said at the field, which gets the focus back from the dialog.
        await expect(field).toHaveValue(run.typed);
        if (view.error === 'passwordIncorrect') {
          await expect(field).toHaveAccessibleDescription(containing(words.incorrect));
          await expect(field).toBeFocused();
          await expect(field).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
        return;
      }
      case 'deleted':
        // The flow's showDeletedPage, after the session ended: the public success page.
        await expect(page).toHaveURL('/account-deleted');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.deleted);
        await expect(page.getByText(words.signedOut)).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: words.home, exact: true })).toHaveAttribute('href', '/');
        return;
      case 'checking':
        return;
    }
  },
};
