import fc from 'fast-check';
import * as v from 'valibot';

import { allowedPaymentMethods, isOrderForOtherTraveler, paymentDueDate, type PaymentPeople } from '#src/domain/payment-methods';
import {
  accountHolderSchema,
  allowedIbanCountries,
  bicSchema,
  checkIban,
  errorInstrumentStatuses,
  ibanSchema,
  instrumentBadge,
  normalizeIban,
  paymentInformationSchema,
} from '#src/domain/payment-rules';

/** The message codes a schema gives for a value (empty when valid). */
function codesOf(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

/** Valid IBANs of every allowed country (the registry's examples and well-known test accounts). */
const validIbans: Record<(typeof allowedIbanCountries)[number], string> = {
  AT: 'AT611904300234573201',
  LU: 'LU280019400644750000',
  BE: 'BE68539007547034',
  CH: 'CH9300762011623852957',
  CZ: 'CZ6508000000192000145399',
  DE: 'DE02120300000000202051',
  DK: 'DK5000400440116243',
  FR: 'FR1420041010050500013M02606',
  NL: 'NL91ABNA0417164300',
  PL: 'PL61109010140000071219812874',
};

describe('IBAN (SPEC.md 5.2)', () => {
  it('has a valid example for every allowed country, and only those countries', () => {
    expect(Object.keys(validIbans).sort()).toEqual([...allowedIbanCountries].sort());
  });

  it.each(Object.entries(validIbans))('accepts a valid %s IBAN', (_country, iban) => {
    expect(checkIban(iban)).toBe('Valid');
    expect(v.parse(ibanSchema, iban)).toBe(iban);
  });

  it.each([
    // input, check, field code
    ['DE89 3704 0044 0532 0130 00', 'Valid', undefined],
    ['  de02 1203 0000 0000 2020 51 ', 'Valid', undefined],
    ['DE89370400440532013001', 'InvalidChecksum', 'invalidIban'],
    ['DE98370400440532013000', 'InvalidChecksum', 'invalidIban'],
    ['DE8937040044053201300', 'InvalidLength', 'invalidIban'],
    ['DE893704004405320130000', 'InvalidLength', 'invalidIban'],
    ['AT61190430023457320', 'InvalidLength', 'invalidIban'],
    ['NL91ABNA04171643001', 'InvalidLength', 'invalidIban'],
    ['DE89370400440532O13000', 'InvalidFormat', 'invalidIban'],
    ['GB29NWBK60161331926819', 'CountryNotAllowed', 'ibanCountry'],
    ['ES9121000418450200051332', 'CountryNotAllowed', 'ibanCountry'],
    ['IT60X0542811101000000123456', 'CountryNotAllowed', 'ibanCountry'],
    ['XX00', 'CountryNotAllowed', 'ibanCountry'],
    ['', 'Empty', 'required'],
    ['   ', 'Empty', 'required'],
  ] as const)('%j is %s', (input, check, code) => {
    expect(checkIban(input)).toBe(check);
    expect(codesOf(ibanSchema, input)).toEqual(code ? [code] : []);
  });

  it('removes spaces: the schema outputs the electronic format', () => {
    expect(v.parse(ibanSchema, 'DE02 1203 0000 0000 2020 51')).toBe('DE02120300000000202051');
  });

  it('property: spacing and letter case never change the result', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(validIbans)), fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (iban, cuts, lower) => {
        let spaced = iban;
        for (const cut of cuts) {
          const at = cut % (spaced.length + 1);
          spaced = `${spaced.slice(0, at)} ${spaced.slice(at)}`;
        }
        if (lower) spaced = spaced.toLowerCase();
        expect(normalizeIban(spaced)).toBe(iban);
        expect(checkIban(spaced)).toBe('Valid');
      }),
    );
  });

  it('property: changing any one digit of a valid IBAN makes it invalid (mod 97)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(validIbans)), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, position, delta) => {
        const digits = [...iban].flatMap((char, index) => (index >= 2 && /\d/.test(char) ? [index] : []));
        const at = digits[position % digits.length]!;
        const changed = `${iban.slice(0, at)}${(Number(iban[at]) + delta) % 10}${iban.slice(at + 1)}`;
        expect(checkIban(changed)).not.toBe('Valid');
      }),
    );
  });

  it('property: swapping two different adjacent digits of a valid IBAN makes it invalid', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(validIbans)), fc.nat(), (iban, position) => {
        const pairs = [...iban].flatMap((char, index) => {
          const next = iban[index + 1];
          return index >= 2 && next !== undefined && /\d/.test(char) && /\d/.test(next) && char !== next ? [index] : [];
        });
        fc.pre(pairs.length > 0);
        const at = pairs[position % pairs.length]!;
        const swapped = `${iban.slice(0, at)}${iban[at + 1]}${iban[at]}${iban.slice(at + 2)}`;
        expect(checkIban(swapped)).not.toBe('Valid');
      }),
    );
  });

  it('property: an IBAN of a country outside the list is refused for its country', () => {
    const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const country = fc
      .tuple(letters, letters)
      .map(([a, b]) => a + b)
      .filter((c) => !(allowedIbanCountries as readonly string[]).includes(c));
    fc.assert(
      fc.property(country, fc.stringMatching(/^[0-9]{2}[A-Z0-9]{11,30}$/), (code, rest) => {
        expect(checkIban(code + rest)).toBe('CountryNotAllowed');
        expect(codesOf(ibanSchema, code + rest)).toEqual(['ibanCountry']);
      }),
    );
  });
});

describe('BIC (SPEC.md 5.2)', () => {
  it.each([
    ['COBADEFFXXX', []],
    ['COBADEFF', []],
    ['BYLADEM1001', []],
    [' COBADEFF ', []],
    ['cobadeffxxx', ['bicFormat']],
    ['COBADEF', ['bicFormat']],
    ['COBADEFFXX', ['bicFormat']],
    ['COBADEFFXXXX', ['bicFormat']],
    ['COBA-DEFF', ['bicFormat']],
    ['', ['required']],
  ])('%j gives %j', (input, codes) => {
    expect(codesOf(bicSchema, input)).toEqual(codes);
  });

  it('property: exactly 8 or 11 uppercase letters or digits are valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,14}$/), (bic) => {
        expect(codesOf(bicSchema, bic)).toEqual(bic.length === 8 || bic.length === 11 ? [] : ['bicFormat']);
      }),
    );
  });

  it('property: a lowercase letter makes a BIC invalid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{7}$/), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.nat(7), (rest, lower, at) => {
        expect(codesOf(bicSchema, rest.slice(0, at) + lower + rest.slice(at))).toEqual(['bicFormat']);
      }),
    );
  });
});

describe('account holder (SPEC.md 5.2: Latin text)', () => {
  it.each([
    ['Erika Mustermann', []],
    ['  Jürgen Groß-Köhler ', []],
    ["Zoë O'Neill", []],
    ['François Lefèvre', []],
    ['Müller & Söhne GmbH', []],
    ['Łukasz Żółć', []],
    ['Иван Иванов', ['textFormatAccountHolder']],
    ['Γιώργος', ['textFormatAccountHolder']],
    ['山田太郎', ['textFormatAccountHolder']],
    ['Erika <script>', ['textFormatAccountHolder']],
    ['1234', ['textFormatAccountHolder']],
    ['', ['required']],
    ['   ', ['required']],
    ['A'.repeat(101), ['maxLimit.accountHolder']],
  ])('%j gives %j', (input, codes) => {
    expect(codesOf(accountHolderSchema, input)).toEqual(codes);
  });

  it('trims', () => {
    expect(v.parse(accountHolderSchema, '  Erika Mustermann  ')).toBe('Erika Mustermann');
  });

  it('property: Latin words separated by spaces or hyphens are valid', () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüßéèàçñ]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '-'), (words, separator) => {
        expect(codesOf(accountHolderSchema, words.join(separator))).toEqual([]);
      }),
    );
  });

  it('property: a letter of another script makes it invalid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,10}$/), fc.constantFrom('Ж', 'λ', '山', 'ש', 'ع', 'ก'), (latin, foreign) => {
        expect(codesOf(accountHolderSchema, `${latin} ${foreign}`)).toEqual(['textFormatAccountHolder']);
      }),
    );
  });
});

describe('payment information (SPEC.md 3 and 5.2)', () => {
  const good = { account_name: 'Erika Mustermann', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', has_agreed_to_sepa: true };

  it('accepts good information and outputs it normalized', () => {
    expect(v.parse(paymentInformationSchema, good)).toEqual({ ...good, iban: 'DE02120300000000202051' });
  });

  it.each([
    ['account_name', { account_name: 'Иван' }, 'textFormatAccountHolder'],
    ['iban', { iban: 'DE02120300000000202052' }, 'invalidIban'],
    ['iban', { iban: 'GB29NWBK60161331926819' }, 'ibanCountry'],
    ['bic', { bic: 'BYLA' }, 'bicFormat'],
    ['has_agreed_to_sepa', { has_agreed_to_sepa: false }, 'required'],
  ])('refuses a bad %s with its code', (field, change, code) => {
    const result = v.safeParse(paymentInformationSchema, { ...good, ...change });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([[field, code]]);
  });

  it('requires the SEPA mandate (missing is refused)', () => {
    const { has_agreed_to_sepa: _omitted, ...withoutMandate } = good;
    expect(v.safeParse(paymentInformationSchema, withoutMandate).success).toBe(false);
  });
});

describe('payment instrument badge (SPEC.md 4.6)', () => {
  it.each([
    ['Ok', 'success'],
    ['Expired', 'error'],
    ['PaymentFailed', 'error'],
    ['SecurityCheckPending', 'error'],
    [undefined, 'error'],
  ] as const)('%s shows %s', (status, badge) => {
    expect(instrumentBadge(status)).toBe(badge);
  });

  it('property: every status other than the three error ones is ok', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !(errorInstrumentStatuses as readonly string[]).includes(s)),
        (status) => {
          expect(instrumentBadge(status)).toBe('success');
        },
      ),
    );
  });
});

describe('payment methods (SPEC.md 6.1)', () => {
  const self: PaymentPeople = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthdate: '1980-04-12',
    travelerFirstName: 'Erika',
    travelerLastName: 'Mustermann',
    travelerBirthdate: '1980-04-12',
  };

  it.each([
    ['the billing person travels', {}, ['BANKACCOUNT', 'CREDITCARD']],
    ['names differ only in case and spaces', { travelerFirstName: ' erika ', travelerLastName: 'MUSTERMANN' }, ['BANKACCOUNT', 'CREDITCARD']],
    ['another first name', { travelerFirstName: 'Max' }, ['CREDITCARD']],
    ['another last name', { travelerLastName: 'Musterfrau' }, ['CREDITCARD']],
    ['another birthdate', { travelerBirthdate: '2012-01-01' }, ['CREDITCARD']],
  ])('%s: %j allows %j', (_case, change, methods) => {
    expect(allowedPaymentMethods({ ...self, ...change })).toEqual(methods);
  });

  it('property: a traveler with a different birthdate is always another traveler (credit card only)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1901-01-03'), max: new Date('2020-12-31'), noInvalidDate: true }), (date) => {
        const birthdate = date.toISOString().slice(0, 10);
        fc.pre(birthdate !== self.birthdate);
        const people = { ...self, travelerBirthdate: birthdate };
        expect(isOrderForOtherTraveler(people)).toBe(true);
        expect(allowedPaymentMethods(people)).toEqual(['CREDITCARD']);
      }),
    );
  });
});

describe('payment due date (SPEC.md 4.6 and 9)', () => {
  it.each([
    // start date, today, due date
    ['2026-07-01', '2026-06-15', '2026-07-05'], // start in the future: start + 4
    ['2026-07-01', '2026-07-01', '2026-07-05'], // start today
    ['2026-07-01', '2026-07-10', '2026-07-14'], // start earlier than today: today + 4
    ['2026-02-26', '2026-02-01', '2026-03-02'], // across the end of February
    ['2028-02-27', '2028-02-01', '2028-03-02'], // leap year
    ['2026-12-30', '2026-12-01', '2027-01-03'], // across the year
    ['2026-03-27', '2026-03-01', '2026-03-31'], // across the start of summer time: still whole days
  ])('start %s, today %s: due %s', (start, today, due) => {
    expect(paymentDueDate(start, today)).toBe(due);
  });

  it.each([['2026-02-30'], ['2026-13-01'], ['01.07.2026'], ['']])('refuses %j as a date', (bad) => {
    expect(() => paymentDueDate(bad, '2026-07-01')).toThrow(RangeError);
    expect(() => paymentDueDate('2026-07-01', bad)).toThrow(RangeError);
  });

  const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-27'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

  it('property: due exactly 4 days after the later of start date and today', () => {
    fc.assert(
      fc.property(day, day, (start, today) => {
        const due = paymentDueDate(start, today);
        const later = start > today ? start : today;
        expect(daysBetween(later, due)).toBe(4);
        expect(daysBetween(start, due)).toBeGreaterThanOrEqual(4);
        expect(daysBetween(today, due)).toBeGreaterThanOrEqual(4);
      }),
    );
  });

  it('property: a start date in the past never matters', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [earlier, later] = a < b ? [a, b] : [b, a];
        expect(paymentDueDate(earlier, later)).toBe(paymentDueDate(later, later));
      }),
    );
  });
});
