import { type Context, Hono } from 'hono';
import * as v from 'valibot';

import type { PaymentMethod } from '#src/domain/payment-methods';
import { accountHolderSchema, paymentInformationSchema } from '#src/domain/payment-rules';
import { one, run } from '../db/database';
import {
  isBlacklistedIban,
  isSessionExpired,
  loadPaymentSession,
  maskCardNumber,
  maskIban,
  type PaymentSessionRow,
  returnUrl,
  sessionAllowedMethods,
} from '../handlers/payment';
import { html, type Reply, toResponse } from '../http';
import type { SandboxDeps } from '../sandbox-routes';
import { csrfTokenFits, makeCsrfToken, randomToken } from '../security';
import { escapeHtml, page, sandboxPageHeaders, scriptSourceOf } from './layout';

/**
 * The payment provider's hosted page (GET/POST /sandbox/pay/:id), which the portal shows in its
 * payment frame. A tester pays by SEPA direct debit or card, or simulates a declined payment or a
 * provider error. Plain HTML (one script on the leaving page), German (default) and English (`?lang=en-US`, which the
 * upsert's `locale` puts into the redirectUrl; decision 19).
 *
 * The customer stays inside the portal's frame until the payment has an outcome: the forms post
 * to the page itself, in the frame, and a refused entry (a blacklisted IBAN, a wrong check digit,
 * an expired card) renders the page again in the frame, with the message at the field and an error
 * summary, what was typed kept, the portal's header and footer still around it. Only a final
 * outcome (paid, declined, provider error) leaves the frame: the answer is a short "leaving" page
 * whose one script, allowed by its hash, sends the portal's whole window to the portal's return
 * URL (as a real provider's page does); its link (target="_top") does the same where the script
 * cannot. Each form carries a token signed for this payment session (forged posts are refused).
 * See docs/decisions/0009-hosted-payment-page.md.
 */

type Lang = 'de-DE' | 'en-US';

/** The final outcomes of a payment session: each leaves the frame for the portal's return URL. */
type LeavingOutcome = 'paid' | 'declined' | 'providerError';

function langOf(value: string | undefined): Lang {
  return value?.toLowerCase().startsWith('en') ? 'en-US' : 'de-DE';
}

/** Card numbers a tester can use: this one is declined by the "bank". */
export const declinedCardNumber = '4000000000000002';

const texts = {
  'de-DE': {
    title: 'Zahlung',
    titleEdit: 'Zahlungsart ändern',
    provider: 'Sandbox-Zahlungsanbieter – es wird kein echtes Geld bewegt.',
    languageNav: 'Sprache',
    other: { lang: 'en-US' as Lang, label: 'English' },
    orderNumber: 'Bestellnummer',
    product: 'Produkt',
    amount: 'Betrag pro Monat',
    editNote: 'Es wird jetzt nichts abgebucht. Künftige Zahlungen laufen über die neue Zahlungsart.',
    errorSummary: 'Bitte korrigieren Sie die folgenden Angaben:',
    sepa: 'SEPA-Lastschrift',
    accountHolder: 'Kontoinhaber/in',
    iban: 'IBAN',
    ibanHint: 'Leerzeichen sind erlaubt, z. B. DE02 1203 0000 0000 2020 51.',
    bic: 'BIC',
    bicHint: '8 oder 11 Großbuchstaben oder Ziffern, z. B. BYLADEM1001.',
    mandate: 'Ich ermächtige den Verkehrsverbund, Zahlungen von meinem Konto mittels Lastschrift einzuziehen (SEPA-Lastschriftmandat).',
    paySepa: 'Mit Lastschrift bezahlen',
    saveSepa: 'Lastschrift speichern',
    card: 'Kreditkarte',
    cardHolder: 'Karteninhaber/in',
    cardNumber: 'Kartennummer',
    cardNumberHint: 'Testkarte: 4242 4242 4242 4242.',
    cardValidity: 'Gültig bis (MM/JJ)',
    cardValidityHint: 'Zum Beispiel 12/29.',
    payCard: 'Mit Karte bezahlen',
    saveCard: 'Karte speichern',
    cardOnly: 'Bei einer Bestellung für eine andere reisende Person ist nur die Zahlung mit Kreditkarte möglich.',
    simulate: 'Testfunktionen',
    simulateNote: 'Simuliert eine Antwort des Zahlungsanbieters, ohne Daten einzugeben.',
    simulateDeclined: 'Ablehnung simulieren',
    simulateProviderError: 'Anbieterfehler simulieren',
    testData: 'Testdaten anzeigen',
    testDataRows: [
      ['DE02 1203 0000 0000 2020 51', 'IBAN, wird akzeptiert'],
      ['DE89 3704 0044 0532 0130 00', 'IBAN, gesperrt (Blacklist)'],
      ['DE89 3704 0044 0532 0130 01', 'IBAN, falsche Prüfziffer'],
      ['4242 4242 4242 4242', 'Karte (VISA), wird akzeptiert'],
      ['5555 5555 5555 4444', 'Karte (Mastercard), wird akzeptiert'],
      ['4000 0000 0000 0002', 'Karte, wird von der Bank abgelehnt'],
    ],
    required: 'Pflichtfeld',
    notFoundTitle: 'Zahlung nicht gefunden',
    notFound: 'Diese Zahlungssitzung gibt es nicht. Bitte starten Sie die Zahlung im Portal neu.',
    expiredTitle: 'Zahlung abgelaufen',
    expired: 'Diese Zahlungssitzung ist abgelaufen. Bitte starten Sie die Zahlung im Portal neu.',
    doneTitle: 'Zahlung bereits abgeschlossen',
    done: 'Diese Zahlungssitzung ist bereits abgeschlossen.',
    backToPortal: 'Zurück zum Portal',
    leaving: {
      paid: 'Zahlungsdaten übermittelt',
      declined: 'Zahlung abgelehnt',
      providerError: 'Zahlung nicht abgeschlossen',
    } satisfies Record<LeavingOutcome, string>,
    leavingText: 'Sie werden zum Portal zurückgeleitet. Falls das nicht geschieht, wählen Sie „Zurück zum Portal“.',
    forgedTitle: 'Anfrage abgelehnt',
    forged: 'Das Formular ist ungültig oder gehört nicht zu dieser Zahlung. Bitte laden Sie die Seite neu.',
    errors: {
      required: 'Bitte füllen Sie dieses Feld aus.',
      textFormatAccountHolder: 'Bitte verwenden Sie nur lateinische Buchstaben.',
      'maxLimit.accountHolder': 'Bitte höchstens 100 Zeichen eingeben.',
      ibanCountry: 'IBANs aus diesem Land werden nicht akzeptiert (erlaubt: AT, BE, CH, CZ, DE, DK, FR, LU, NL, PL).',
      invalidIban: 'Diese IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.',
      ibanBlacklist: 'Diese IBAN kann nicht für Lastschriften verwendet werden. Bitte geben Sie ein anderes Konto an oder zahlen Sie mit Karte.',
      bicFormat: 'Die BIC besteht aus 8 oder 11 Großbuchstaben oder Ziffern.',
      sepaMandate: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
      cardNumber: 'Diese Kartennummer ist ungültig.',
      cardValidity: 'Bitte geben Sie das Ablaufdatum als MM/JJ an, z. B. 12/29.',
      cardExpired: 'Diese Karte ist abgelaufen.',
      methodNotAllowed: 'Bei einer Bestellung für eine andere reisende Person ist nur die Zahlung mit Kreditkarte möglich.',
    } as Record<string, string>,
  },
  'en-US': {
    title: 'Payment',
    titleEdit: 'Change payment method',
    provider: 'Sandbox payment provider – no real money moves.',
    languageNav: 'Language',
    other: { lang: 'de-DE' as Lang, label: 'Deutsch' },
    orderNumber: 'Order number',
    product: 'Product',
    amount: 'Amount per month',
    editNote: 'Nothing is charged now. Future payments use the new payment method.',
    errorSummary: 'Please correct the following:',
    sepa: 'SEPA direct debit',
    accountHolder: 'Account holder',
    iban: 'IBAN',
    ibanHint: 'Spaces are allowed, e.g. DE02 1203 0000 0000 2020 51.',
    bic: 'BIC',
    bicHint: '8 or 11 uppercase letters or digits, e.g. BYLADEM1001.',
    mandate: 'I authorize the transport association to collect payments from my account by direct debit (SEPA direct debit mandate).',
    paySepa: 'Pay by direct debit',
    saveSepa: 'Save direct debit',
    card: 'Credit card',
    cardHolder: 'Cardholder',
    cardNumber: 'Card number',
    cardNumberHint: 'Test card: 4242 4242 4242 4242.',
    cardValidity: 'Valid until (MM/YY)',
    cardValidityHint: 'For example 12/29.',
    payCard: 'Pay by card',
    saveCard: 'Save card',
    cardOnly: 'An order for a different traveler can only be paid by credit card.',
    simulate: 'Test functions',
    simulateNote: 'Simulates an answer of the payment provider without entering data.',
    simulateDeclined: 'Simulate failure',
    simulateProviderError: 'Simulate provider error',
    testData: 'Show test data',
    testDataRows: [
      ['DE02 1203 0000 0000 2020 51', 'IBAN, accepted'],
      ['DE89 3704 0044 0532 0130 00', 'IBAN, blocked (blacklist)'],
      ['DE89 3704 0044 0532 0130 01', 'IBAN, wrong check digits'],
      ['4242 4242 4242 4242', 'Card (VISA), accepted'],
      ['5555 5555 5555 4444', 'Card (Mastercard), accepted'],
      ['4000 0000 0000 0002', 'Card, declined by the bank'],
    ],
    required: 'required',
    notFoundTitle: 'Payment not found',
    notFound: 'This payment session does not exist. Please start the payment again in the portal.',
    expiredTitle: 'Payment expired',
    expired: 'This payment session has expired. Please start the payment again in the portal.',
    doneTitle: 'Payment already completed',
    done: 'This payment session is already completed.',
    backToPortal: 'Back to the portal',
    leaving: {
      paid: 'Payment details sent',
      declined: 'Payment declined',
      providerError: 'Payment not completed',
    } satisfies Record<LeavingOutcome, string>,
    leavingText: 'You are being taken back to the portal. If that does not happen, choose “Back to the portal”.',
    forgedTitle: 'Request refused',
    forged: 'The form is invalid or does not belong to this payment. Please reload the page.',
    errors: {
      required: 'Please fill in this field.',
      textFormatAccountHolder: 'Please use Latin letters only.',
      'maxLimit.accountHolder': 'Please enter at most 100 characters.',
      ibanCountry: 'IBANs of this country are not accepted (allowed: AT, BE, CH, CZ, DE, DK, FR, LU, NL, PL).',
      invalidIban: 'This IBAN is invalid. Please check its length and check digits.',
      ibanBlacklist: 'This IBAN cannot be used for direct debit. Please enter another account or pay by card.',
      bicFormat: 'The BIC has 8 or 11 uppercase letters or digits.',
      sepaMandate: 'Please give the SEPA direct debit mandate.',
      cardNumber: 'This card number is invalid.',
      cardValidity: 'Please enter the expiry date as MM/YY, e.g. 12/29.',
      cardExpired: 'This card has expired.',
      methodNotAllowed: 'An order for a different traveler can only be paid by credit card.',
    } as Record<string, string>,
  },
} as const;

type Texts = (typeof texts)[Lang];

// ---------------------------------------------------------------- card rules (the provider's, not the portal's)

/** Luhn check of a card number of 12 to 19 digits. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardIssuer(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  return 'CARD';
}

/** `MM/YY` (or `MM/YYYY`) normalized to `MM/YY`, or a code: cardValidity, cardExpired. */
export function checkCardValidity(value: string, now = new Date()): { validity: string } | { code: 'cardValidity' | 'cardExpired' } {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return { code: 'cardValidity' };
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + month - 1 < currentMonth) return { code: 'cardExpired' };
  return { validity: `${match[1]}/${String(year % 100).padStart(2, '0')}` };
}

// ---------------------------------------------------------------- rendering

interface FieldError {
  /** The form field's name. */
  field: string;
  code: string;
}

interface FormState {
  method?: PaymentMethod;
  values: Record<string, string>;
  errors: FieldError[];
}

const fieldIds: Record<string, string> = {
  accountHolder: 'sepa-account-holder',
  iban: 'sepa-iban',
  bic: 'sepa-bic',
  sepaMandate: 'sepa-mandate',
  cardHolder: 'card-holder',
  cardNumber: 'card-number',
  cardValidity: 'card-validity',
  method: 'payment-methods',
};

function tokenFor(secret: string, sessionId: string): string {
  return makeCsrfToken(secret, `payment-page:${sessionId}`);
}

function messageOf(t: Texts, error: FieldError): string {
  if (error.field === 'sepaMandate' && error.code === 'required') return t.errors.sepaMandate ?? error.code;
  return t.errors[error.code] ?? error.code;
}

function labelOf(t: Texts, field: string): string {
  const labels: Record<string, string> = {
    accountHolder: t.accountHolder,
    iban: t.iban,
    bic: t.bic,
    sepaMandate: t.sepa,
    cardHolder: t.cardHolder,
    cardNumber: t.cardNumber,
    cardValidity: t.cardValidity,
    method: t.title,
  };
  return labels[field] ?? field;
}

function textField(
  t: Texts,
  state: FormState,
  options: { name: string; label: string; hint?: string; autocomplete: string; inputmode?: string; maxlength?: number },
): string {
  const id = fieldIds[options.name] ?? options.name;
  const error = state.errors.find((e) => e.field === options.name);
  const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${escapeHtml(options.label)} <span aria-hidden="true">*</span></label>
${options.hint ? `<p class="note" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
${error ? `<p class="error" id="${id}-error">${escapeHtml(messageOf(t, error))}</p>` : ''}
<input id="${id}" name="${options.name}" type="text" required autocomplete="${options.autocomplete}" spellcheck="false"${
    options.inputmode ? ` inputmode="${options.inputmode}"` : ''
  }${options.maxlength ? ` maxlength="${options.maxlength}"` : ''} value="${escapeHtml(state.values[options.name] ?? '')}"${
    describedBy ? ` aria-describedby="${describedBy}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>`;
}

function hidden(token: string, method: string): string {
  return `<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="method" value="${method}">`;
}

interface PageInfo {
  session: PaymentSessionRow;
  amount: number | undefined;
  productText: string;
}

function renderPaymentPage(lang: Lang, info: PageInfo, token: string, state: FormState): string {
  const t = texts[lang];
  const { session } = info;
  const action = `/sandbox/pay/${encodeURIComponent(session.id)}?lang=${lang}`;
  const allowed = sessionAllowedMethods(session);
  const isEdit = session.purpose === 'edit';
  const title = isEdit ? t.titleEdit : t.title;
  const money = info.amount === undefined ? '' : new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(info.amount);

  const summary =
    state.errors.length > 0
      ? `<div class="error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title" style="border:2px solid #b00020;border-radius:4px;padding:0.75rem 1rem;margin:1rem 0">
<h2 id="error-summary-title" style="font-size:1.125rem;margin:0">${escapeHtml(t.errorSummary)}</h2>
<ul>${state.errors.map((e) => `<li><a href="#${fieldIds[e.field] ?? 'payment-methods'}">${escapeHtml(labelOf(t, e.field))}: ${escapeHtml(messageOf(t, e))}</a></li>`).join('')}</ul>
</div>`
      : '';

  const mandateError = state.errors.find((e) => e.field === 'sepaMandate');
  const sepa = allowed.includes('BANKACCOUNT')
    ? `<section aria-labelledby="sepa-title">
<h2 id="sepa-title">${escapeHtml(t.sepa)}</h2>
<form method="post" action="${action}">
${hidden(token, 'BANKACCOUNT')}
${textField(t, state.method === 'BANKACCOUNT' ? state : { values: {}, errors: [] }, { name: 'accountHolder', label: t.accountHolder, autocomplete: 'name', maxlength: 100 })}
${textField(t, state.method === 'BANKACCOUNT' ? state : { values: {}, errors: [] }, { name: 'iban', label: t.iban, hint: t.ibanHint, autocomplete: 'off', maxlength: 42 })}
${textField(t, state.method === 'BANKACCOUNT' ? state : { values: {}, errors: [] }, { name: 'bic', label: t.bic, hint: t.bicHint, autocomplete: 'off', maxlength: 11 })}
${mandateError && state.method === 'BANKACCOUNT' ? `<p class="error" id="sepa-mandate-error">${escapeHtml(messageOf(t, mandateError))}</p>` : ''}
<div style="display:flex;gap:0.5rem;align-items:flex-start;margin-top:1rem">
<input type="checkbox" id="sepa-mandate" name="sepaMandate" value="true" required style="margin-top:0.35rem"${
        state.method === 'BANKACCOUNT' && state.values.sepaMandate === 'true' ? ' checked' : ''
      }${mandateError && state.method === 'BANKACCOUNT' ? ' aria-invalid="true" aria-describedby="sepa-mandate-error"' : ''}>
<label for="sepa-mandate" style="margin-top:0;font-weight:400">${escapeHtml(t.mandate)} <span aria-hidden="true">*</span></label>
</div>
<button type="submit">${escapeHtml(isEdit ? t.saveSepa : t.paySepa)}</button>
</form>
</section>`
    : `<p class="note" id="payment-methods">${escapeHtml(t.cardOnly)}</p>`;

  const cardState = state.method === 'CREDITCARD' ? state : { values: {}, errors: [] };
  const card = `<section aria-labelledby="card-title">
<h2 id="card-title">${escapeHtml(t.card)}</h2>
<form method="post" action="${action}">
${hidden(token, 'CREDITCARD')}
${textField(t, cardState, { name: 'cardHolder', label: t.cardHolder, autocomplete: 'cc-name', maxlength: 100 })}
${textField(t, cardState, { name: 'cardNumber', label: t.cardNumber, hint: t.cardNumberHint, autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 })}
${textField(t, cardState, { name: 'cardValidity', label: t.cardValidity, hint: t.cardValidityHint, autocomplete: 'cc-exp', maxlength: 7 })}
<button type="submit">${escapeHtml(isEdit ? t.saveCard : t.payCard)}</button>
</form>
</section>`;

  const simulate = `<section aria-labelledby="simulate-title">
<h2 id="simulate-title">${escapeHtml(t.simulate)}</h2>
<p class="note">${escapeHtml(t.simulateNote)}</p>
<form method="post" action="${action}">
${hidden(token, 'simulate')}
<div style="display:flex;gap:0.75rem;flex-wrap:wrap">
<button type="submit" class="secondary" name="outcome" value="declined">${escapeHtml(t.simulateDeclined)}</button>
<button type="submit" class="secondary" name="outcome" value="provider-error">${escapeHtml(t.simulateProviderError)}</button>
</div>
</form>
<details style="margin-top:1rem">
<summary>${escapeHtml(t.testData)}</summary>
<table><tbody>${t.testDataRows.map(([value, meaning]) => `<tr><td><code>${escapeHtml(value)}</code></td><td>${escapeHtml(meaning)}</td></tr>`).join('')}</tbody></table>
</details>
</section>`;

  const facts = `<dl style="display:grid;grid-template-columns:auto 1fr;gap:0.25rem 1rem;margin:0">
<dt>${escapeHtml(t.orderNumber)}</dt><dd style="margin:0" data-testid="order-number">${escapeHtml(session.order_number ?? '')}</dd>
${info.productText ? `<dt>${escapeHtml(t.product)}</dt><dd style="margin:0">${escapeHtml(info.productText)}</dd>` : ''}
${!isEdit && money ? `<dt>${escapeHtml(t.amount)}</dt><dd style="margin:0" data-testid="amount">${escapeHtml(money)}</dd>` : ''}
</dl>${isEdit ? `<p class="note">${escapeHtml(t.editNote)}</p>` : ''}`;

  return page({
    lang,
    title: `${state.errors.length > 0 ? (lang === 'de-DE' ? 'Fehler: ' : 'Error: ') : ''}${title}`,
    body: `<main>
${languageSwitch(lang, `/sandbox/pay/${encodeURIComponent(session.id)}`)}
<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(t.provider)}</p>
${facts}
${summary}
${sepa}
${card}
${simulate}
</main>`,
  });
}

function languageSwitch(lang: Lang, path: string): string {
  const t = texts[lang];
  const other = t.other;
  return `<nav aria-label="${escapeHtml(t.languageNav)}" style="text-align:right"><a href="${escapeHtml(`${path}?lang=${other.lang}`)}" lang="${other.lang}" hreflang="${other.lang}">${escapeHtml(other.label)}</a></nav>`;
}

function messagePage(lang: Lang, title: string, message: string, link?: { href: string; label: string }): string {
  return page({
    lang,
    title,
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}" target="_top">${escapeHtml(link.label)}</a></p>` : ''}
</main>`,
  });
}

/**
 * The one script of the sandbox's pages: it moves the portal's window (the frame's top) to the
 * return link. Its text never changes (the URL is in the link), so the policy allows it by hash.
 */
export const leavingScript =
  "(function(){var link=document.getElementById('portal-return');if(!link)return;try{window.top.location.assign(link.href);}catch(error){link.focus();}})();";
const leavingScriptSource = scriptSourceOf(leavingScript);

/** What the provider answers to a final outcome: a page that sends the portal's window to its return URL. */
function leavingPage(lang: Lang, outcome: LeavingOutcome, href: string): string {
  const t = texts[lang];
  return page({
    lang,
    title: t.leaving[outcome],
    body: `<main>
<h1>${escapeHtml(t.leaving[outcome])}</h1>
<p>${escapeHtml(t.leavingText)}</p>
<p><a id="portal-return" href="${escapeHtml(href)}" target="_top" data-outcome="${outcome}">${escapeHtml(t.backToPortal)}</a></p>
</main>
<script>${leavingScript}</script>`,
  });
}

// ---------------------------------------------------------------- routes

/**
 * The page may be framed by the portal only (its origin, nothing else: no X-Frame-Options, which
 * cannot name it); forms post to the page itself, in the frame. No script, except the leaving
 * page's one (by its hash).
 */
function securityHeaders(portalOrigin: string, leaving: boolean): Record<string, string> {
  const portal = new URL(portalOrigin).origin;
  return sandboxPageHeaders({
    formAction: ["'self'"],
    frameAncestors: [portal],
    styleAttributes: true,
    referrerPolicy: 'same-origin',
    ...(leaving ? { scriptSources: [leavingScriptSource] } : {}),
  });
}

function withHeaders(reply: Reply, portalOrigin: string, leaving = false): Reply {
  return { ...reply, headers: { ...reply.headers, ...securityHeaders(portalOrigin, leaving) } };
}

async function pageInfo(deps: SandboxDeps, session: PaymentSessionRow): Promise<PageInfo> {
  const order = session.order_id
    ? await one<{ customer_price: number }>(deps.db, 'SELECT customer_price FROM orders WHERE id = ?', [session.order_id])
    : undefined;
  let productText = '';
  try {
    const payload = JSON.parse(session.payload) as { productText?: unknown };
    if (typeof payload.productText === 'string') productText = payload.productText;
  } catch {
    // an unreadable payload only loses the product text
  }
  return { session, amount: order ? Number(order.customer_price) : undefined, productText };
}

/** The page for a session that can no longer be paid: not found, expired or done. */
function closedSessionPage(deps: SandboxDeps, lang: Lang, session: PaymentSessionRow | undefined): Reply | undefined {
  const t = texts[lang];
  if (!session) return html(messagePage(lang, t.notFoundTitle, t.notFound), 404);
  if (session.status !== 'open') {
    const href =
      session.status === 'failed'
        ? returnUrl(deps.config, session, { kind: 'declined' })
        : returnUrl(deps.config, session, {
            kind: session.status === 'error' ? 'providerError' : 'paid',
            transactionId: session.transaction_id ?? '',
            paymentMethod: (session.payment_method ?? 'CREDITCARD') as PaymentMethod,
            paymentInstrumentId: session.payment_instrument_id ?? '',
          });
    return html(messagePage(lang, t.doneTitle, t.done, { href, label: t.backToPortal }), 409);
  }
  if (isSessionExpired(session)) return html(messagePage(lang, t.expiredTitle, t.expired), 410);
  return undefined;
}

export function paymentPageRoutes(deps: SandboxDeps): Hono {
  const routes = new Hono();
  const respond = (c: Context, reply: Reply) => toResponse(c, withHeaders(reply, deps.config.portalOrigin));
  /** A final outcome: the leaving page, which sends the portal's window to the return URL. */
  const leave = (c: Context, lang: Lang, outcome: LeavingOutcome, href: string) =>
    toResponse(c, withHeaders(html(leavingPage(lang, outcome, href)), deps.config.portalOrigin, true));

  routes.get('/sandbox/pay/:id', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const session = await loadPaymentSession(deps.db, c.req.param('id'));
    const closed = closedSessionPage(deps, lang, session);
    if (closed || !session) return respond(c, closed ?? html('', 404));
    return respond(c, html(renderPaymentPage(lang, await pageInfo(deps, session), tokenFor(deps.config.secret, session.id), { values: {}, errors: [] })));
  });

  routes.post('/sandbox/pay/:id', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const t = texts[lang];
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    // Forgery: the token must be signed for this very payment session; a cross-site post is refused too.
    if (c.req.header('Sec-Fetch-Site') === 'cross-site' || !csrfTokenFits(deps.config.secret, `payment-page:${id}`, field('token'))) {
      return respond(c, html(messagePage(lang, t.forgedTitle, t.forged), 403));
    }
    const session = await loadPaymentSession(deps.db, id);
    const closed = closedSessionPage(deps, lang, session);
    if (closed || !session) return respond(c, closed ?? html('', 404));

    const method = field('method');
    const transactionId = `tx-${randomToken(12)}`;

    if (method === 'simulate') {
      const outcome = field('outcome') === 'provider-error' ? 'providerError' : 'declined';
      if (outcome === 'declined') {
        await run(deps.db, "UPDATE payment_sessions SET status = 'failed' WHERE id = ? AND status = 'open'", [session.id]);
        return leave(c, lang, 'declined', returnUrl(deps.config, session, { kind: 'declined' }));
      }
      const paymentMethod = sessionAllowedMethods(session).at(-1) ?? 'CREDITCARD';
      await run(deps.db, "UPDATE payment_sessions SET status = 'error', transaction_id = ?, payment_method = ? WHERE id = ? AND status = 'open'", [
        transactionId,
        paymentMethod,
        session.id,
      ]);
      return leave(c, lang, 'providerError', returnUrl(deps.config, session, { kind: 'providerError', transactionId, paymentMethod }));
    }

    if (method !== 'BANKACCOUNT' && method !== 'CREDITCARD') return respond(c, html(messagePage(lang, t.forgedTitle, t.forged), 400));
    const values = Object.fromEntries(
      ['accountHolder', 'iban', 'bic', 'sepaMandate', 'cardHolder', 'cardNumber', 'cardValidity'].map((name) => [name, field(name)]),
    );
    const errors: FieldError[] = [];
    const invalid = async () =>
      respond(c, html(renderPaymentPage(lang, await pageInfo(deps, session), tokenFor(deps.config.secret, session.id), { method, values, errors }), 400));

    if (!sessionAllowedMethods(session).includes(method)) {
      errors.push({ field: 'method', code: 'methodNotAllowed' });
      return invalid();
    }

    let instrument: { type: PaymentMethod; holder: string; iban?: string; bic?: string; issuer?: string; number?: string; validity?: string };
    if (method === 'BANKACCOUNT') {
      const parsed = v.safeParse(paymentInformationSchema, {
        account_name: values.accountHolder,
        iban: values.iban,
        bic: values.bic,
        has_agreed_to_sepa: values.sepaMandate === 'true',
      });
      if (!parsed.success) {
        const formField: Record<string, string> = { account_name: 'accountHolder', iban: 'iban', bic: 'bic', has_agreed_to_sepa: 'sepaMandate' };
        for (const issue of parsed.issues) errors.push({ field: formField[v.getDotPath(issue) ?? ''] ?? 'method', code: issue.message });
        return invalid();
      }
      if (await isBlacklistedIban(deps.db, parsed.output.iban)) {
        errors.push({ field: 'iban', code: 'ibanBlacklist' });
        return invalid();
      }
      instrument = { type: 'BANKACCOUNT', holder: parsed.output.account_name, iban: maskIban(parsed.output.iban), bic: parsed.output.bic };
    } else {
      const holder = v.safeParse(accountHolderSchema, values.cardHolder);
      if (!holder.success) errors.push({ field: 'cardHolder', code: holder.issues[0].message });
      const number = (values.cardNumber ?? '').replace(/[\s-]/g, '');
      if (number === '') errors.push({ field: 'cardNumber', code: 'required' });
      else if (!isValidCardNumber(number)) errors.push({ field: 'cardNumber', code: 'cardNumber' });
      const validity = (values.cardValidity ?? '').trim() === '' ? ({ code: 'required' } as const) : checkCardValidity(values.cardValidity ?? '');
      if ('code' in validity) errors.push({ field: 'cardValidity', code: validity.code });
      if (!holder.success || errors.length > 0 || 'code' in validity) return invalid();
      if (number === declinedCardNumber) {
        await run(deps.db, "UPDATE payment_sessions SET status = 'failed' WHERE id = ? AND status = 'open'", [session.id]);
        return leave(c, lang, 'declined', returnUrl(deps.config, session, { kind: 'declined' }));
      }
      instrument = { type: 'CREDITCARD', holder: holder.output, issuer: cardIssuer(number), number: maskCardNumber(number), validity: validity.validity };
    }

    const instrumentId = `pi-${randomToken(12)}`;
    const now = new Date().toISOString();
    const [, paid] = await deps.db.batch(
      [
        {
          sql: `INSERT INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, issuer, number, validity, status, created_at)
                VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, 'Ok', ?)`,
          args: [
            instrumentId,
            session.user_id,
            instrument.type,
            instrument.holder,
            instrument.iban ?? null,
            instrument.bic ?? null,
            instrument.issuer ?? null,
            instrument.number ?? null,
            instrument.validity ?? null,
            now,
          ],
        },
        {
          sql: "UPDATE payment_sessions SET status = 'paid', transaction_id = ?, payment_method = ?, payment_instrument_id = ? WHERE id = ? AND status = 'open'",
          args: [transactionId, instrument.type, instrumentId, session.id],
        },
      ],
      'write',
    );
    // Two posts of the same open session raced: only one may pay.
    if (paid?.rowsAffected !== 1) {
      await run(deps.db, 'DELETE FROM payment_instruments WHERE id = ?', [instrumentId]);
      return respond(c, closedSessionPage(deps, lang, await loadPaymentSession(deps.db, session.id)) ?? html('', 409));
    }
    return leave(
      c,
      lang,
      'paid',
      returnUrl(deps.config, session, { kind: 'paid', transactionId, paymentMethod: instrument.type, paymentInstrumentId: instrumentId }),
    );
  });

  return routes;
}
