import type { components } from '#openapi/schema.gen';
import { createTestCustomer } from '#sandbox/seed/test-customers';
import type { Scenario } from '../harness';

type Schemas = components['schemas'];

/**
 * Contract scenarios of the anonymous termination (decision 22): every answer the three calls give,
 * checked against the contract by the harness. Changes happen on fresh test customers; the rules
 * (same answer for every wrong detail, the attempt limit, the mail) are in anonymous-termination.test.ts.
 */
export const terminationsScenarios: Scenario[] = [
  {
    name: 'getTerminationPolicy: the attempt limit, and the anonymous CSRF cookie with it',
    run: async ({ client }) => {
      const answer = await client.get('/api/v2/subscription/terminations/policy');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ maxFailedAttempts: 5, windowSeconds: 900 });
      expect(client.cookie('XSRF-TOKEN')).toBeTruthy();
    },
  },
  {
    name: 'findTerminationDates and requestTermination: 200, 201, then 400 isAlreadyTerminated; 404, 400 invalidTerminationDate, 403 without CSRF',
    run: async ({ sandbox, client }) => {
      const customer = await createTestCustomer(sandbox.db);
      await client.get('/api/v2/subscription/terminations/policy');
      const identity = { number: customer.orders.active.number, firstName: 'Tessa', lastName: 'Probst', birthdate: '1980-05-17' };

      const options = await client.post('/api/v2/subscription/terminations/dates', { json: identity });
      expect(options.status).toBe(200);
      const { terminationDates } = options.body as Schemas['TerminationOptions'];

      const wrongDate = await client.post('/api/v2/subscription/terminations', { json: { ...identity, email: customer.email, date: '2000-01-31' } });
      expect(wrongDate.status).toBe(400);
      expect(wrongDate.body).toMatchObject({ code: 'invalidTerminationDate', errors: [{ field: 'date', code: 'invalidTerminationDate' }] });

      const noCsrf = await client.post('/api/v2/subscription/terminations', { json: { ...identity, email: customer.email }, csrf: false });
      expect(noCsrf.status).toBe(403);

      const done = await client.post('/api/v2/subscription/terminations', { json: { ...identity, email: customer.email, date: terminationDates[1] } });
      expect(done.status).toBe(201);
      expect(done.body).toMatchObject({ terminateDate: terminationDates[1], subscriptionNumber: customer.orders.active.subscriptionNumber });

      for (const path of ['/api/v2/subscription/terminations/dates', '/api/v2/subscription/terminations']) {
        const again = await client.post(path, { json: { ...identity, email: customer.email } });
        expect(again.status, path).toBe(400);
        expect(again.body, path).toMatchObject({ code: 'isAlreadyTerminated' });
      }

      const unknown = await client.post('/api/v2/subscription/terminations', { json: { ...identity, number: 'A-999999', email: customer.email } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'contractNotFound' });
      const unknownDates = await client.post('/api/v2/subscription/terminations/dates', { json: { ...identity, number: 'A-999999' } });
      expect(unknownDates.status).toBe(404);
    },
  },
  {
    name: 'findTerminationDates and requestTermination: 429 tooManyAttempts with Retry-After',
    run: async ({ client }) => {
      await client.get('/api/v2/subscription/terminations/policy');
      const identity = { number: 'A-999999', firstName: 'Nobody', lastName: 'Here', birthdate: '1990-01-01' };
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await client.post('/api/v2/subscription/terminations/dates', { json: identity })).status).toBe(404);
      }
      const refused = await client.post('/api/v2/subscription/terminations/dates', { json: identity });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await client.post('/api/v2/subscription/terminations', { json: { ...identity, email: 'x@example.com' } })).status).toBe(429);
    },
  },
];
