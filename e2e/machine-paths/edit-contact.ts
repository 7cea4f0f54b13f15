import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';

import { editContactMachine, type EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { selectEditContactView } from '#machines/edit-contact/edit-contact.selectors';
import { withInput } from '#tools/machines/model-coverage';
import { billingData, editContactModel, serialize } from '../../tests/machines/edit-contact.model';
import { type Locale, orderItem, pressEnterOn, rememberLocale, signInAsNewCustomer } from '../support';
import { endingLast } from './ending-last';
import { pressEnterNearby, tabToNearby } from './keyboard';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { generateTours, isActorResult } from './tours';
import { localeOf } from './tour-locale';

/**
 * Changing the traveler and the billing address in the browser, from their one machine. The
 * machine model's two variants (tests/machines/edit-contact.model.ts) are the two screens, the
 * starts of the tours (a subscription's), told apart by the input's id; the goals are the flow's
 * together. An order's screens differ only in their texts, their calls and the billing address's
 * end (My tickets instead of the confirmation): e2e/edit-contact.spec.ts changes both. The events
 * are the model's, the failures made in the page's network, except what the screen does not offer:
 * a second save while one is sent (the button is busy), and on the traveler's screen the machine's
 * `edit.cancel` (its Cancel and its way back are links to My tickets; the billing address's are
 * buttons that send it).
 *
 * Data: a customer of its own; its active subscription. The first tour of each
 * start comes from My tickets, by the keyboard; the others open the page by its address, as from a
 * bookmark (the list costs a second a tour).
 */

type Machine = typeof editContactMachine;
type Snapshot = SnapshotFrom<Machine>;
type Kind = 'traveler' | 'billingAddress';

interface Run {
  locale: Locale;
  kind: Kind;
  subscriptionId: string;
  /** The subscription's number (the title's), and its order's (My tickets'). */
  subscriptionNumber: string;
  orderNumber: string;
  fromTickets: boolean;
  /** What this tour has checked once already (see `firstLook`). */
  looked: Set<string>;
}

/** The starts: the input's id names the screen (the run has the subscription's real id). */
const starts = [
  { name: 'traveler', id: 'traveler' },
  { name: 'billing address', id: 'billingAddress' },
].map(({ name, id }) => ({ name, logic: withInput(editContactMachine, { id }) }));
const kindOf = (snapshot: Snapshot) => snapshot.context.id as Kind;
/** The billing person a fresh customer has (the model's loaded one). */
const seededBilling = (() => {
  if (billingData.kind !== 'billingAddress') throw new Error("the model's billing data is a billing address");
  return billingData.current;
})();
const modelEvents = Object.fromEntries(editContactModel.variants.map((variant) => [variant.name, variant.events])) as Record<
  Kind,
  (snapshot: Snapshot) => readonly unknown[]
>;

const texts = {
  'de-DE': {
    links: { traveler: 'Reisende Person ändern', billingAddress: 'Rechnungsadresse ändern' },
    title: {
      traveler: (number: string) => `Reisende Person des Abonnements ${number} ändern`,
      billingAddress: (number: string) => `Rechnungsadresse des Abonnements ${number} ändern`,
    },
    titleWithout: { traveler: 'Reisende Person ändern', billingAddress: 'Rechnungsadresse ändern' },
    info: 'Der Name auf dem Ticket ändert sich',
    infoText: 'auch das Ticket dieses Monats',
    travelerTitle: 'Wer mit dem Ticket fährt',
    self: 'Ich fahre selbst',
    other: 'Eine andere Person',
    firstName: 'Vorname der reisenden Person',
    lastName: 'Nachname der reisenden Person',
    gender: 'Geschlecht der reisenden Person',
    male: 'Männlich',
    birthdate: 'Geburtsdatum der reisenden Person',
    birthdateKeys: (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`,
    billingTitle: 'Rechnungsadresse',
    billingFirstName: 'Vorname',
    zip: 'Postleitzahl',
    city: 'Ort',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    ms: 'Frau',
    save: 'Speichern',
    cancel: 'Abbrechen',
    invalidFields: 'Bitte prüfen Sie die markierten Felder',
    countryFormat: 'Diese Postleitzahl passt nicht zum gewählten Land.',
    changedMeanwhile: 'Das kann hier nicht mehr geändert werden',
    currentState: 'Den aktuellen Stand in meinen Tickets ansehen',
    saveFailed: { traveler: 'Die reisende Person konnte nicht geändert werden', billingAddress: 'Ihre Rechnungsadresse konnte nicht geändert werden' },
    loadError: { traveler: 'Die reisende Person konnte nicht geladen werden', billingAddress: 'Ihre Rechnungsadresse konnte nicht geladen werden' },
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Tickets',
    tickets: 'Meine Tickets',
    confirmed: 'Der Abonnent wurde geändert',
    confirmedText: 'Ihre neue Rechnungsadresse ist gespeichert.',
    toTickets: 'Zu meinen Tickets',
  },
  'en-US': {
    links: { traveler: 'Change traveler', billingAddress: 'Change billing address' },
    title: {
      traveler: (number: string) => `Change the traveler of subscription ${number}`,
      billingAddress: (number: string) => `Change the billing address of subscription ${number}`,
    },
    titleWithout: { traveler: 'Change the traveler', billingAddress: 'Change the billing address' },
    info: 'The name on the ticket changes',
    infoText: 'that you show or download carries the new name',
    travelerTitle: 'Who travels with the ticket',
    self: 'I travel myself',
    other: 'Another person',
    firstName: 'First name of the traveler',
    lastName: 'Last name of the traveler',
    gender: 'Gender of the traveler',
    male: 'Male',
    birthdate: 'Date of birth of the traveler',
    birthdateKeys: (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`,
    billingTitle: 'Billing address',
    billingFirstName: 'First name',
    zip: 'Postcode',
    city: 'City',
    street: 'Street',
    houseNumber: 'House number',
    ms: 'Ms',
    save: 'Save',
    cancel: 'Cancel',
    invalidFields: 'Please check the marked fields',
    countryFormat: 'This postcode does not fit the selected country.',
    changedMeanwhile: 'This can no longer be changed here',
    currentState: 'See the current state in my tickets',
    saveFailed: { traveler: 'The traveler could not be changed', billingAddress: 'Your billing address could not be changed' },
    loadError: { traveler: 'The traveler could not be loaded', billingAddress: 'Your billing address could not be loaded' },
    retry: 'Try again',
    back: 'Back to my tickets',
    tickets: 'My tickets',
    confirmed: 'The subscriber has been changed',
    confirmedText: 'Your new billing address is saved.',
    toTickets: 'Go to my tickets',
  },
};

const ticketsPath = '/app/dashboard/tickets';

/** The screen's address, and the calls its load and its save make (src/flows/edit-contact/edit-contact.actors.ts). */
function pathsOf({ kind, subscriptionId: id }: Pick<Run, 'kind' | 'subscriptionId'>) {
  if (kind === 'traveler') {
    const traveler = `/api/v3/subscription/subscriptions/${id}/traveler`;
    return { page: `/app/dashboard/subscription/${id}/traveler`, load: traveler, save: { method: 'PUT', path: traveler } };
  }
  return {
    page: `/app/dashboard/subscription/${id}/subscriber`,
    load: `/api/v2/subscription/subscriptions/${id}/details`,
    save: { method: 'POST', path: '/api/v2/subscription/subscriptions/change-subscriber' },
  };
}

/** The first tour of each start (they come from My tickets): the tours as the spec generates them. */
let firstTours: Set<number> | undefined;
function firstToursOfStarts(): Set<number> {
  firstTours ??= new Set(
    generateTours(editContactBrowser)
      .tours.filter((tour, index, tours) => index === 0 || tours[index - 1]!.start !== tour.start)
      .map((tour) => tour.index),
  );
  return firstTours;
}

/** Whether a tour looks at this for the first time: what does not change on a screen is checked once. */
function firstLook(run: Run, what: string): boolean {
  if (run.looked.has(what)) return false;
  run.looked.add(what);
  return true;
}

/** Fills the form with the values, as a customer types them. */
async function fillIn(page: Page, run: Run, values: EditContactValues): Promise<void> {
  const words = texts[run.locale];
  if (values.kind === 'traveler') {
    const { traveler } = values;
    if (traveler.isTraveler) throw new Error('the model changes the traveler to another person');
    const other = page.getByRole('radio', { name: words.other });
    if (!(await other.isChecked())) {
      // Keyboard: into the group (on "I travel myself"), one down.
      await tabToNearby(page, page.getByRole('radio', { name: words.self }));
      await page.keyboard.press('ArrowDown');
    }
    await expect(other).toBeChecked();
    await page.getByRole('textbox', { name: words.firstName }).fill(traveler.firstName);
    await page.getByRole('textbox', { name: words.lastName }).fill(traveler.lastName);
    await page.getByRole('radiogroup', { name: words.gender }).getByText(words.male, { exact: true }).click();
    await expect(page.getByRole('radio', { name: words.male, exact: true })).toBeChecked();
    const birthdate = page.getByRole('group', { name: words.birthdate }).getByRole('spinbutton');
    await tabToNearby(page, birthdate.first());
    await page.keyboard.type(words.birthdateKeys(traveler.birthdate));
    await expect(birthdate.last()).toHaveAttribute('aria-valuenow', traveler.birthdate.slice(0, 4));
    return;
  }
  const { contact } = values;
  await page.getByRole('textbox', { name: words.zip }).fill(contact.zipCode);
  await page.getByRole('textbox', { name: words.city }).fill(contact.city);
  await page.getByRole('textbox', { name: words.street }).fill(contact.street);
  await page.getByRole('textbox', { name: words.houseNumber }).fill(contact.houseNumber);
}

export const editContactBrowser: BrowserModel<Machine, Run> = {
  machine: editContactMachine,
  logic: starts,
  events: (snapshot) => {
    const kind = kindOf(snapshot);
    const offered = (modelEvents[kind](snapshot) as ReturnType<BrowserModel<Machine, Run>['events']>).filter(
      (event) => isActorResult(event) || (snapshot.can(event) && !(kind === 'traveler' && event.type === 'edit.cancel')),
    );
    return endingLast(editContactMachine, snapshot, offered);
  },
  serialize,
  // The values are the sandbox's. The changed-meanwhile alert is the same on both screens; the rest
  // is each screen's own, but for My tickets, where a saved traveler and a cancel lead.
  screen: (snapshot) => {
    const kind = kindOf(snapshot);
    const view = selectEditContactView(snapshot);
    if (view.step === 'form') return JSON.stringify(view.error === 'changedMeanwhile' ? [view.step, view.error] : [kind, view.step, view.error ?? null]);
    if (view.step === 'done') return kind === 'billingAddress' ? 'subscriber confirmation' : 'my tickets';
    if (view.step === 'cancelled') return 'my tickets';
    return view.step === 'loading' ? view.step : JSON.stringify([kind, view.step]);
  },
  excluded: {},
  maxSteps: 16,

  async prepare(page, tour) {
    const { orders } = await signInAsNewCustomer(page);
    const locale = localeOf(tour);
    await rememberLocale(page, locale);
    // `recent` has no payment instrument: `active` pays by direct debit, which keeps its traveler the subscriber (creditCardRequired).
    const { subscriptionId, subscriptionNumber, number } = orders.recent;
    const fromTickets = firstToursOfStarts().has(tour.index);
    return {
      locale,
      kind: kindOf(tour.initial),
      subscriptionId: subscriptionId ?? '',
      subscriptionNumber: subscriptionNumber ?? '',
      orderNumber: number,
      fromTickets,
      looked: new Set(),
    };
  },

  async visit(page, run) {
    if (!run.fromTickets) {
      await page.goto(pathsOf(run).page);
      return;
    }
    await page.goto(ticketsPath);
    const link = orderItem(page, run.orderNumber).getByRole('link', { name: texts[run.locale].links[run.kind] });
    await expect(link).toHaveAttribute('href', pathsOf(run).page);
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    const paths = pathsOf(run);
    if (event.type === 'xstate.error.actor.load') return failCalls(page, 'GET', paths.load, event.error);
    if (event.type === 'xstate.error.actor.save') return failCalls(page, paths.save.method, paths.save.path, event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'load.retry':
        return pressEnterNearby(page, page.getByRole('button', { name: words.retry }));
      case 'edit.cancel':
        return pressEnterNearby(page, page.getByRole('button', { name: words.cancel, exact: true }));
      case 'changes.save':
        await fillIn(page, run, event.values);
        return pressEnterNearby(page, page.getByRole('button', { name: words.save, exact: true }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectEditContactView(snapshot);
    const heading = page.getByRole('heading', { level: 1 });
    switch (view.step) {
      case 'form': {
        const alerts = page.getByRole('heading', {
          level: 2,
          name: new RegExp(`${words.invalidFields}|${words.changedMeanwhile}|${words.saveFailed[run.kind]}`),
        });
        await expect(alerts).toHaveCount(view.error ? 1 : 0);
        if (view.error === 'invalidFields') await expect(alerts).toContainText(words.invalidFields);
        if (view.error === 'changedMeanwhile') {
          await expect(alerts).toContainText(words.changedMeanwhile);
          await expect(page.getByRole('link', { name: words.currentState })).toHaveAttribute('href', ticketsPath);
        }
        if (view.error === 'saveFailed') await expect(alerts).toContainText(words.saveFailed[run.kind]);
        await expect(page.getByRole('button', { name: words.save, exact: true })).toBeEnabled();
        // What does not change while the form is shown, once a tour.
        if (firstLook(run, 'form')) {
          await expect(page).toHaveURL(pathsOf(run).page);
          await expect(heading).toHaveText(words.title[run.kind](run.subscriptionNumber));
          if (run.kind === 'traveler') {
            await expect(page.getByRole('heading', { level: 2, name: words.info })).toBeVisible();
            await expect(page.getByText(words.infoText)).toBeVisible();
            await expect(page.getByRole('heading', { level: 2, name: words.travelerTitle })).toBeVisible();
            await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', ticketsPath);
          } else {
            await expect(page.getByRole('heading', { level: 2, name: words.billingTitle, exact: true })).toBeVisible();
            await expect(page.getByRole('button', { name: words.cancel, exact: true })).toBeEnabled();
            await expect(page.getByRole('textbox', { name: words.billingFirstName, exact: true })).toHaveValue(seededBilling.firstName);
            await expect(page.getByRole('radio', { name: words.ms })).toBeChecked();
          }
        }
        if (run.kind === 'traveler') {
          // The current traveler (the customer travels), or what was sent last, kept across a failure.
          const sent = view.values?.kind === 'traveler' ? view.values.traveler : undefined;
          if (!sent || sent.isTraveler) {
            await expect(page.getByRole('radio', { name: words.self })).toBeChecked();
            await expect(page.getByRole('textbox', { name: words.firstName })).toHaveCount(0);
            return;
          }
          await expect(page.getByRole('radio', { name: words.other })).toBeChecked();
          await expect(page.getByRole('textbox', { name: words.firstName })).toHaveValue(sent.firstName);
          await expect(page.getByRole('textbox', { name: words.lastName })).toHaveValue(sent.lastName);
          await expect(page.getByRole('radio', { name: words.male, exact: true })).toBeChecked();
          return;
        }
        // The current billing address (the customer's seeded one), or what was sent last.
        const contact = view.values?.kind === 'billingAddress' ? view.values.contact : seededBilling;
        await expect(page.getByRole('textbox', { name: words.zip })).toHaveValue(contact.zipCode);
        await expect(page.getByRole('textbox', { name: words.city })).toHaveValue(contact.city);
        if (view.error === 'invalidFields') await expect(page.getByRole('textbox', { name: words.zip })).toHaveAccessibleDescription(words.countryFormat);
        return;
      }
      case 'loadFailed':
        await expect(heading).toHaveText(words.titleWithout[run.kind]);
        await expect(page.getByRole('heading', { level: 2, name: words.loadError[run.kind] })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        if (run.kind === 'traveler') await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', ticketsPath);
        else await expect(page.getByRole('button', { name: words.cancel, exact: true })).toBeEnabled();
        return;
      case 'done':
        if (run.kind === 'billingAddress') {
          // The subscriber's confirmation replaces the form in the history.
          await expect(page).toHaveURL(`${pathsOf(run).page}/confirmation`);
          await expect(page.getByRole('heading', { level: 1, name: words.confirmed })).toBeVisible();
          await expect(page.getByText(words.confirmedText)).toBeVisible();
          await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
          return;
        }
        await expect(page).toHaveURL(ticketsPath);
        await expect(heading).toHaveText(words.tickets);
        return;
      case 'cancelled':
        // Back where the customer came from (My tickets), or to My tickets when the page was opened by its address.
        await expect(page).toHaveURL(ticketsPath);
        await expect(heading).toHaveText(words.tickets);
        return;
      case 'loading':
        return;
    }
  },
};
