import { fromPromise } from 'xstate';

import type { RegisterInput, RegisterOutput, SubmitOrderInput, SubmitOrderOutput } from '#machines/order-wizard/order-wizard.machine';
import type { ApiClient } from '#src/api/client';
import type { Problem } from '#src/api/errors';
import type { RuntimeConfig } from '#src/config/runtime-config';

const formEncode = (body: unknown) => new URLSearchParams(Object.entries(body as Record<string, string | boolean>).map(([k, v]) => [k, String(v)])).toString();

/** A failed call as the machine reads it: `{ status, code }` (openapi-fetch does not throw). */
function failure(response: Response, error: unknown): { status: number; code?: string } {
  const code = typeof error === 'object' && error !== null ? (error as Problem).code : undefined;
  return { status: response.status, ...(code ? { code } : {}) };
}

/**
 * The wizard's services over the typed client (DESIGN.md section 1: flows provide the machine's
 * actors). Register and submit carry the machine's Idempotency-Key, which a retry or a restored
 * snapshot reuses (SPEC.md 4.1: register once, submit once).
 */
export interface WizardDeps {
  api: ApiClient;
  config: RuntimeConfig;
  /** The auto sign-in through the session machine; rejects when it fails. */
  signInWithCode: (code: string) => Promise<void>;
}

export function wizardActors(deps: WizardDeps) {
  return {
    register: fromPromise<RegisterOutput, RegisterInput>(async ({ input }) => {
      const result = await deps.api.POST('/api/v2/auth/register', {
        params: { header: { 'Idempotency-Key': input.idempotencyKey }, query: input.affiliate ? { affiliate: input.affiliate } : {} },
        body: {
          username: input.account.mailAddress,
          password: input.account.password,
          client_id: deps.config.oauth.clientId,
          grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
          has_agreed_to_privacy_policy: true,
          has_agreed_to_newsletter: input.account.isMarketingInformationAccepted,
          company_id: input.companyId,
        },
        bodySerializer: formEncode,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      if (!result.data) throw failure(result.response, result.error);
      return { userId: result.data.user_id, autoSignInCode: result.data.auto_sign_in_code };
    }),
    autoSignIn: fromPromise<unknown, { code: string }>(({ input }) => deps.signInWithCode(input.code)),
    submitOrder: fromPromise<SubmitOrderOutput, SubmitOrderInput>(async ({ input }) => {
      const result = await deps.api.POST('/api/v3/order/orders/submit', {
        params: { header: { 'Idempotency-Key': input.idempotencyKey } },
        body: input.payload,
      });
      if (!result.data) throw failure(result.response, result.error);
      return { orderNumber: result.data.order_number };
    }),
  };
}
