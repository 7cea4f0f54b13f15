// @vitest-environment node
import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import { nextIdempotencyKey } from '#machines/order-wizard/order-wizard.machine';
import { buildSubmitPayload, companyIdOf, travelerOf } from '#machines/order-wizard/order-wizard.payload';
import type { OrderWizardData } from '#machines/order-wizard/order-wizard.types';
import { registrationSchema } from '#src/domain/account-rules';
import { billingAddressSchema, startDateTravelerSchema } from '#src/domain/address';
import type { ProductName } from '#src/domain/product';
import { nextStep, wizard } from './order-wizard.fakes';
import { account, accepted, billing, companyOf, inputOf, otherTraveler, paid, password, standard, startValues } from './order-wizard.model';

/**
 * The mapping from the collected data to the contract's submit payload (SPEC.md 3), the step values
 * as the domain schemas put them out, and the idempotency keys.
 */

describe('buildSubmitPayload (SPEC.md 3, the contract)', () => {
  const data = (product: ProductName, isTraveler: boolean): OrderWizardData => ({
    ...(companyOf[product][0] ? { company: { ...companyOf[product][0]!, companyId: ` ${companyOf[product][0]!.companyId} ` } } : {}),
    startAndTraveler: startValues(isTraveler),
    billing: { ...billing, addition: 'Hinterhaus' },
    account,
    summary: accepted,
    quote: product === 'deuti' ? standard : paid,
  });

  it('joti: the exact snake_case fields, the company and the subscriber as traveler', () => {
    const payload: components['schemas']['OrderSubmitRequest'] = buildSubmitPayload(data('joti', true), 'joti', 'partner-7');
    expect(payload).toEqual({
      billing_address: {
        gender: 'Female',
        first_name: 'Erika',
        last_name: 'Mustermann',
        street: 'Hauptstraße',
        house_number: '5',
        city: 'Berlin',
        zip_code: '10115',
        addition: 'Hinterhaus',
        birthdate: '1980-05-01',
        country: 'DE',
      },
      traveler: { birthdate: '1980-05-01', first_name: 'Erika', last_name: 'Mustermann', gender: 'Female' },
      company_user_info: { company_id: 'TDX9960', staff_number: 'P-100234' },
      has_agreed_to_tariff_terms_and_conditions: true,
      has_agreed_to_agb: true,
      subscription_starts_at: '2026-08-01',
      affiliate: 'partner-7',
      product: 'joti',
      quoteId: 'q-paid',
    });
    expect(JSON.stringify(payload)).not.toContain(password);
  });

  it('deuti by default: another traveler, no company_user_info (the server takes DEU4900), no empty addition', () => {
    const payload = buildSubmitPayload({ ...data('deuti', false), billing });
    expect(Object.keys(payload).sort()).toEqual([
      'billing_address',
      'has_agreed_to_agb',
      'has_agreed_to_tariff_terms_and_conditions',
      'product',
      'quoteId',
      'subscription_starts_at',
      'traveler',
    ]);
    expect(payload.product).toBe('deuti');
    expect(payload.traveler).toEqual({ birthdate: '2010-01-01', first_name: 'Max', last_name: 'Mustermann', gender: 'Male' });
    expect(Object.keys(payload.billing_address).sort()).toEqual([
      'birthdate',
      'city',
      'country',
      'first_name',
      'gender',
      'house_number',
      'last_name',
      'street',
      'zip_code',
    ]);
    expect(payload.quoteId).toBe('q-deu4900');
  });

  it('refuses incomplete data', () => {
    expect(() => buildSubmitPayload({ billing })).toThrow();
    expect(() => buildSubmitPayload({ ...data('joti', true), company: undefined }, 'joti')).toThrow();
    expect(() => buildSubmitPayload({ ...data('deuti', true), summary: { areConditionsOfTransportAccepted: true, areAgbAccepted: false } })).toThrow();
  });

  it('the company of the order and its traveler', () => {
    expect(companyIdOf(data('joti', true), 'joti')).toBe('TDX9960');
    expect(companyIdOf(data('deuti', true), 'deuti')).toBe('DEU4900');
    expect(companyIdOf({}, 'seti')).toBe('DEU4900');
    expect(travelerOf(data('deuti', false))).toEqual(otherTraveler);
    expect(travelerOf({ startAndTraveler: startValues(true) })).toBeUndefined();
  });
});

describe('the step values are what the domain schemas put out (no casts between the layers)', () => {
  it('billing address, start date and traveler, registration', async () => {
    const today = new Date('2026-07-20T12:00:00');
    const parsedBilling = v.parse(billingAddressSchema(today), { ...billing, firstName: ' Erika ' });
    const parsedStart = v.parse(startDateTravelerSchema(today), {
      startDate: '2026-08-01',
      isTraveler: false,
      firstName: ' Max ',
      lastName: 'Mustermann',
      gender: 'Male',
      birthdate: '01.01.2010',
    });
    const parsedAccount = v.parse(registrationSchema, { ...account, isMarketingInformationAccepted: undefined });
    const { actor } = wizard(inputOf('deuti', true));
    await nextStep(actor, { type: 'step.next', step: 'startAndTraveler', values: parsedStart });
    actor.send({ type: 'step.next', step: 'billing', values: parsedBilling });
    actor.send({ type: 'step.next', step: 'account', values: parsedAccount });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(actor.getSnapshot().context.data).toMatchObject({
      startAndTraveler: { startDate: '2026-08-01', isTraveler: false, firstName: 'Max', birthdate: '2010-01-01' },
      billing: { firstName: 'Erika' },
      account: { isMarketingInformationAccepted: false },
    });
  });
});

describe('idempotency keys', () => {
  it.each([
    ['5f0c6a44-3b6e-4d4b-9a1e-2f9d7c1b8e10', '5f0c6a44-3b6e-4d4b-9a1e-2f9d7c1b8e10.2'],
    ['k.2', 'k.3'],
    ['k.9', 'k.10'],
  ])('%s → %s', (key, expected) => {
    expect(nextIdempotencyKey(key)).toBe(expected);
  });
});
