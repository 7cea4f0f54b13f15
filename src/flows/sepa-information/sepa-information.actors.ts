import { fromPromise } from 'xstate';

import {
  sepaInformationMachine,
  type SepaInformationValues,
  type SepaSaveResult,
  type StoredSepaInformation,
} from '#machines/sepa-information/sepa-information.machine';
import { dataOf } from '#src/api/failure';
import { maskStoredIban } from '#src/domain/sepa-information';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The SEPA information machine with the app's actors, over the typed client. Neither call goes
 * through React Query: the GET answers the stored IBAN in full, and the portal keeps no copy of it
 * (no cache, no storage); the actor masks it before it reaches the machine. The PUT sends the IBAN
 * from the actor's input into the request body and nowhere else. A failure rejects with an
 * ApiFailure (src/api/failure.ts) whose status or field errors the machine's guards read.
 */
export function provideSepaInformation({ api }: FlowServices) {
  return sepaInformationMachine.provide({
    actors: {
      load: fromPromise<StoredSepaInformation, void>(async () => {
        const stored = dataOf(await api.GET('/api/v2/payment/paymentinformation'));
        return { accountName: stored.account_name, maskedIban: maskStoredIban(stored.iban), bic: stored.bic };
      }),
      save: fromPromise<SepaSaveResult, SepaInformationValues>(async ({ input }) => {
        const result = dataOf(
          await api.PUT('/api/v2/payment/paymentinformation', {
            body: { account_name: input.accountName, iban: input.iban, bic: input.bic, has_agreed_to_sepa: true },
          }),
        );
        return {
          isValid: result.is_valid,
          ibanValidationResult: result.iban_validation_result,
          saved: { accountName: input.accountName, maskedIban: maskStoredIban(input.iban), bic: input.bic },
        };
      }),
    },
  });
}
