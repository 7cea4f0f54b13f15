import { createHmac } from 'node:crypto';

import type { components } from '#openapi/schema.gen';
import { products } from '#src/domain/product';
import { type Database, one } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers } from '../handler';
import { json, problem, type Reply } from '../http';
import { addMonths, firstDayOf, monthOf, type Product, todayIso } from '../tickets/subscription-lifecycle';

type Schemas = components['schemas'];

/**
 * The public order data of the contract's "orders" and "quote" areas (SPEC.md 7.1, 7.2): companies and
 * their staff-number form, quotes, start dates, countries and the seti student check.
 */

export interface CompanyRow {
  id: string;
  name: string;
  product: Product;
  customer_price: number;
  employer_price: number;
  total_price: number;
  staff_min_length: number | null;
  staff_max_length: number | null;
  staff_pattern: string | null;
  staff_hint_de: string | null;
  staff_hint_en: string | null;
  university_id: string | null;
  collected_by_company: number;
}

export async function companyById(db: Database, id: string): Promise<CompanyRow | undefined> {
  return one<CompanyRow>(db, 'SELECT * FROM companies WHERE id = ?', [id.trim()]);
}

/**
 * The quote of a company for a start date. The quoteId is signed (HMAC over company, start date and
 * prices), so the order submit can check that it fits without storing quotes; it changes when the
 * prices do.
 */
export function quoteFor(company: CompanyRow, startsOn: string, secret: string): Schemas['Quote'] {
  const customerPrice = company.collected_by_company ? 0 : company.customer_price;
  const content = ['quote', company.id, startsOn, company.customer_price, company.employer_price, company.total_price, customerPrice].join('|');
  const quoteId = `q_${createHmac('sha256', secret).update(content).digest('base64url').slice(0, 24)}`;
  return {
    customerRealPrice: company.customer_price,
    totalPrice: company.total_price,
    customerPrice,
    employerPrice: company.employer_price,
    quoteId,
  };
}

/**
 * The start dates offered (first days of months): deuti and seti from this month (SPEC.md 4.1 warns
 * when this month is chosen after the 10th) and the next 3; joti from next month, as the employer
 * confirms the job ticket first.
 */
export function startDatesFor(product: Product, today: string): string[] {
  const current = monthOf(today);
  const offsets = product === 'joti' ? [1, 2, 3] : [0, 1, 2, 3];
  return offsets.map((offset) => firstDayOf(addMonths(current, offset)));
}

/** Countries of addresses; `enabled` are those an address may be in (the others are listed but not offered). */
export const countries: { code: string; enabled: boolean }[] = [
  { code: 'DE', enabled: true },
  { code: 'AT', enabled: true },
  { code: 'CH', enabled: true },
  { code: 'NL', enabled: true },
  { code: 'BE', enabled: true },
  { code: 'LU', enabled: true },
  { code: 'FR', enabled: true },
  { code: 'DK', enabled: true },
  { code: 'PL', enabled: true },
  { code: 'CZ', enabled: true },
  { code: 'IT', enabled: false },
  { code: 'LI', enabled: false },
];
export const enabledCountries = new Set(countries.filter((country) => country.enabled).map((country) => country.code));

const staffLabels: Record<Product, Schemas['LocalizedText']> = {
  deuti: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
  joti: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
  seti: { 'de-DE': 'Matrikelnummer', 'en-US': 'Matriculation number' },
};

export function staffRules(company: CompanyRow) {
  return { minLength: company.staff_min_length ?? undefined, maxLength: company.staff_max_length ?? undefined, pattern: company.staff_pattern ?? undefined };
}

export function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de-DE') === b.trim().toLocaleLowerCase('de-DE');
}

/** The student record behind a seti company's university, or why there is none. */
export async function studentOf(db: Database, universityOrCompanyId: string, matriculationNumber: string) {
  const id = universityOrCompanyId.trim();
  const company = await one<{ university_id: string | null }>(db, "SELECT university_id FROM companies WHERE id = ? AND product = 'seti'", [id]);
  const universityId = company?.university_id ?? id;
  return one<{ university_id: string; matriculation_number: string; first_name: string; last_name: string; taken_by_user_id: string | null }>(
    db,
    'SELECT * FROM students WHERE university_id = ? AND matriculation_number = ?',
    [universityId, matriculationNumber],
  );
}

async function getCompanyForm(ctx: HandlerContext): Promise<Reply> {
  const body = bodyOf<'getCompanyForm'>(ctx);
  const company = await companyById(ctx.db, body.company_id);
  if (!company || (body.product !== undefined && company.product !== body.product)) {
    return problem(404, 'companyIdNotFound', 'No such company', { errors: [{ field: 'company_id', code: 'companyIdNotFound' }] });
  }
  if (!products[company.product].hasCompanies) return json(200, []);
  const field: Schemas['CompanyFormField'] = {
    textField: {
      name: 'staffNumber',
      label: staffLabels[company.product],
      ...(company.staff_min_length !== null ? { minLength: company.staff_min_length } : {}),
      ...(company.staff_max_length !== null ? { maxLength: company.staff_max_length } : {}),
      ...(company.staff_pattern
        ? { customValidation: { value: company.staff_pattern, errorHint: { 'de-DE': company.staff_hint_de ?? '', 'en-US': company.staff_hint_en ?? '' } } }
        : {}),
    },
  };
  return json(200, [field]);
}

function getStartDates(ctx: HandlerContext): Reply {
  const product = (ctx.request.query.product as Product | undefined) ?? 'deuti';
  return json(200, { start_dates: startDatesFor(product, todayIso()) });
}

function listCountries(ctx: HandlerContext): Reply {
  const enabled = ctx.request.query.enabled as unknown;
  const onlyEnabled = enabled === true || enabled === 'true';
  return json(
    200,
    countries.filter((country) => !onlyEnabled || country.enabled).map((country) => country.code),
  );
}

/**
 * seti (SPEC.md 5.3): 404 staffNumberUnknown for an unknown university or matriculation number,
 * 409 staffNumberTaken when another subscription uses it, else whether the names match (a name not
 * asked about counts as matching).
 */
async function checkStudentData(ctx: HandlerContext): Promise<Reply> {
  const query = ctx.request.query as { matriculationNumber?: string; firstName?: string; lastName?: string };
  const student = await studentOf(ctx.db, String(ctx.request.params.universityId), String(query.matriculationNumber ?? ''));
  if (!student) return problem(404, 'staffNumberUnknown', 'The matriculation number is not known');
  if (student.taken_by_user_id) return problem(409, 'staffNumberTaken', 'The matriculation number is already used by another subscription');
  const result: Schemas['StudentDataCheck'] = {
    firstNameMatches: query.firstName === undefined || sameText(query.firstName, student.first_name),
    lastNameMatches: query.lastName === undefined || sameText(query.lastName, student.last_name),
  };
  return json(200, result);
}

async function getQuote(ctx: HandlerContext): Promise<Reply> {
  const company = await companyById(ctx.db, String(ctx.request.params.companyId));
  if (!company) return problem(404, 'companyIdNotFound', 'No such company');
  const startsOn = String(ctx.request.query.subscriptionStartsOn);
  if (!startsOn.endsWith('-01')) {
    return problem(400, 'invalidStartDate', 'A subscription starts on the first day of a month', {
      errors: [{ field: 'query.subscriptionStartsOn', code: 'invalidStartDate' }],
    });
  }
  return json(200, quoteFor(company, startsOn, ctx.config.secret));
}

/** The public order data operations (no session needed). */
export const orderCatalogHandlers: Handlers = {
  getCompanyForm,
  getStartDates,
  listCountries,
  checkStudentData,
  getQuote,
};
