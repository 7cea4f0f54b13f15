import * as v from 'valibot';

import { contractNumberSchema, terminationIdentitySchema } from '#src/domain/termination-request';

const today = new Date('2026-05-12T10:00:00Z');
const valid = { number: ' A-100001 ', firstName: ' Erika ', lastName: 'Mustermann', birthdate: '1964-08-12', email: ' erika@example.org ' };

describe('the anonymous termination form (decision 22)', () => {
  it('trims what it sends', () => {
    expect(v.parse(terminationIdentitySchema(today), valid)).toEqual({
      number: 'A-100001',
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthdate: '1964-08-12',
      email: 'erika@example.org',
    });
  });

  it('needs a number of at most 32 characters', () => {
    expect(v.safeParse(contractNumberSchema, '  ').issues?.[0]?.message).toBe('required');
    expect(v.safeParse(contractNumberSchema, 'A'.repeat(33)).issues?.[0]?.message).toBe('tooLong');
    expect(v.safeParse(contractNumberSchema, 'S-A100001').success).toBe(true);
  });

  it('checks the names, the birthdate and the email with the rules of SPEC.md 5.1 and 5.2', () => {
    const codes = (values: object) => v.safeParse(terminationIdentitySchema(today), { ...valid, ...values }).issues?.map((issue) => issue.message);
    expect(codes({ firstName: 'Anna1' })).toEqual(['textFormatName']);
    expect(codes({ birthdate: '2023-01-01' })).toEqual(['birthDateMax']);
    expect(codes({ email: 'no-address' })).toEqual(['invalidEmail']);
  });
});
