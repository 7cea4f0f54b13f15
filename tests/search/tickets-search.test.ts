import * as v from 'valibot';

import { ticketsSearchSchema } from '#src/search/search-schemas';

/** /app/dashboard/tickets?notice=: the confirmation a flow leaves there (the email change, SPEC.md 2.2); anything else is dropped, never an error page. */
describe('?notice= of the tickets page', () => {
  it.each([
    [{ notice: 'emailChanged' }, { notice: 'emailChanged' }],
    [{}, {}],
    [{ notice: 'passwordChanged' }, { notice: undefined }],
    [{ notice: 1 }, { notice: undefined }],
    [{ notice: ['emailChanged'] }, { notice: undefined }],
  ])('%j → %j', (search, expected) => {
    const result = v.safeParse(ticketsSearchSchema, search);
    expect(result.success).toBe(true);
    expect(result.output).toStrictEqual(expected);
  });
});
