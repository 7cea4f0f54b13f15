// @vitest-environment node
import * as v from 'valibot';

import { bicFieldSchema, groupIban, ibanFieldSchema, maskStoredIban, sepaInformationFormSchema } from '#src/domain/sepa-information';

const codeOf = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;

describe('the SEPA information form rules (SPEC.md 5.2)', () => {
  it.each([
    ['DE02 1203 0000 0000 2020 51', undefined],
    ['de02120300000000202051', undefined],
    ['', 'required'],
    ['GB29 NWBK 6016 1331 9268 19', 'ibanCountry'],
    ['DE02 1203 0000 0000 2020 5', 'ibanLength'],
    ['DE02 1203 0000 0000 2020 511', 'ibanLength'],
    ['DE02 1203 0000 0000 2O20 51', 'ibanFormat'],
    ['DE02 1204 0000 0000 2020 51', 'ibanChecksum'],
    ['DE03 1203 0000 0000 2020 51', 'ibanChecksum'],
  ])('IBAN %j → %s', (value, code) => {
    expect(codeOf(ibanFieldSchema, value)).toBe(code);
  });

  it.each([
    ['COBADEFFXXX', undefined],
    ['cobadeff', undefined],
    [' BYLADEM1001 ', undefined],
    ['', 'required'],
    ['COBADEF', 'bicFormat'],
    ['COBADEFFXX', 'bicFormat'],
    ['COBA-DEFF', 'bicFormat'],
  ])('BIC %j → %s', (value, code) => {
    expect(codeOf(bicFieldSchema, value)).toBe(code);
  });

  it('puts out the PUT body: the IBAN in electronic format, the BIC upper-case; the mandate must be given', () => {
    expect(
      v.parse(sepaInformationFormSchema, { accountName: ' Erika Mustermann ', iban: 'de02 1203 0000 0000 2020 51', bic: 'byladem1001', hasAgreedToSepa: true }),
    ).toEqual({
      accountName: 'Erika Mustermann',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      hasAgreedToSepa: true,
    });
    expect(codeOf(sepaInformationFormSchema, { accountName: 'Erika', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', hasAgreedToSepa: false })).toBe(
      'required',
    );
  });

  it('groups an IBAN in fours, upper-case; masks a stored one to country, check digits and the last four', () => {
    expect(groupIban(' fr14 2004101005 0500013m02606')).toBe('FR14 2004 1010 0505 0001 3M02 606');
    expect(groupIban('')).toBe('');
    expect(maskStoredIban('DE02120300000000202051')).toBe('DE02 **** **** **** 2051');
    expect(maskStoredIban('DE02')).toBe('****');
  });
});
