import * as v from 'valibot';

import { accountHolderSchema, bicSchema, checkIban, normalizeIban, paymentFieldCodes, sepaAgreementSchema } from './payment-rules';

/**
 * The form of the direct-debit (SEPA) information (SPEC.md 5.2, 7.4; issue 12 item 2) on top of the
 * shared payment rules (payment-rules.ts, the ones the sandbox checks with): each refusal of an
 * IBAN gets its own code, so the customer reads why (country, length, format, check digits), and
 * the IBAN and BIC are shown as a bank prints them. Codes, never sentences.
 */

/** The IBAN's field codes, one per refusal of `checkIban`. */
export const ibanFieldCodes = {
  required: paymentFieldCodes.required,
  country: paymentFieldCodes.ibanCountry,
  length: 'ibanLength',
  format: 'ibanFormat',
  checksum: 'ibanChecksum',
} as const;

/** The IBAN field: spaces removed and upper-cased (SPEC.md 5.2), then the code of its refusal. */
export const ibanFieldSchema = v.pipe(
  v.string(paymentFieldCodes.required),
  v.transform(normalizeIban),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    switch (checkIban(dataset.value)) {
      case 'Valid':
        return;
      case 'Empty':
        addIssue({ message: ibanFieldCodes.required });
        return;
      case 'CountryNotAllowed':
        addIssue({ message: ibanFieldCodes.country });
        return;
      case 'InvalidLength':
        addIssue({ message: ibanFieldCodes.length });
        return;
      case 'InvalidFormat':
        addIssue({ message: ibanFieldCodes.format });
        return;
      case 'InvalidChecksum':
        addIssue({ message: ibanFieldCodes.checksum });
        return;
    }
  }),
);

/** The BIC field: trimmed and upper-cased as typed, then 8 or 11 upper-case letters or digits. */
export const bicFieldSchema = v.pipe(v.string(paymentFieldCodes.required), v.trim(), v.toUpperCase(), bicSchema);

/** The form's values as typed (the form field names). */
export interface SepaInformationFormValues {
  accountName: string;
  iban: string;
  bic: string;
  hasAgreedToSepa: boolean;
}

/** The whole form: its output is the PUT body's content (IBAN in electronic format, BIC upper-case). */
export const sepaInformationFormSchema = v.object({
  accountName: accountHolderSchema,
  iban: ibanFieldSchema,
  bic: bicFieldSchema,
  hasAgreedToSepa: sepaAgreementSchema,
});
export type SepaInformationFormOutput = v.InferOutput<typeof sepaInformationFormSchema>;

/** "de02 1203 0000..." → "DE02 1203 0000 0000 2020 51": upper-case, in groups of four, as printed on a bank card. */
export function groupIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * "DE02 **** **** **** 2051": what the portal shows of a stored IBAN (country, check digits and the
 * last four). The portal keeps no more of it than this.
 */
export function maskStoredIban(iban: string): string {
  const electronic = normalizeIban(iban);
  if (electronic.length < 8) return '****';
  return `${electronic.slice(0, 4)} **** **** **** ${electronic.slice(-4)}`;
}
