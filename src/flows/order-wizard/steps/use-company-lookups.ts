import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { components } from '#openapi/schema.gen';
import type { ApiClient } from '#src/api/client';
import type { Queries } from '#src/api/queries';
import { companyQuery } from '#src/api/queries/account';
import { startDatesQuery, studentDataCheckQuery } from '#src/api/queries/order-form';
import { quoteQuery } from '#src/api/queries/quote';
import { hasStatus } from '#src/domain/failure';
import type { ProductRules } from '#src/domain/product';
import { useWizardServices } from './wizard-services';

type StaffTextField = components['schemas']['CompanyFormField']['textField'];

/** SPEC.md 5.3 and 9: the company id is looked up this long after the last keystroke. */
export const companyLookupDebounceMs = 500;

/** A company the server knows for this product, with its staff-number field. */
export interface KnownCompany {
  id: string;
  staffField: StaffTextField | undefined;
}

type LookupResult = { ok: true; company: KnownCompany } | { ok: false; code: 'companyIdNotFound' | 'companyInfoStep.error' };

/** getCompanyForm: 404 is an unknown id (or one of another product); other failures are load errors. */
async function lookupCompany(api: ApiClient, companyId: string, product: ProductRules, signal?: AbortSignal): Promise<LookupResult> {
  try {
    const result = await api.POST('/api/v1/order/form', { body: { company_id: companyId, product: product.name }, ...(signal ? { signal } : {}) });
    if (result.response.status === 404) return { ok: false, code: 'companyIdNotFound' };
    if (!result.response.ok || !result.data) return { ok: false, code: 'companyInfoStep.error' };
    return { ok: true, company: { id: companyId, staffField: result.data.find((field) => field.textField.name === 'staffNumber')?.textField } };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, code: 'companyInfoStep.error' };
  }
}

export type StudentCheck = 'ok' | 'staffNumberTaken' | 'staffNumberUnknown' | { firstNameMatches: boolean; lastNameMatches: boolean };

export interface StudentToCheck {
  universityId: string;
  matriculationNumber: string;
  firstName: string;
  lastName: string;
}

/**
 * checkStudentData (seti, SPEC.md 5.3): 409 is staffNumberTaken, any other failure
 * staffNumberUnknown, else whether the names match. Shared through React Query, so the three fields
 * that ask (number, first name, last name) make one request.
 */
async function checkStudent(queryClient: ReturnType<typeof useQueryClient>, queries: Queries, input: StudentToCheck): Promise<StudentCheck> {
  const query = {
    matriculationNumber: input.matriculationNumber,
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName ? { lastName: input.lastName } : {}),
  };
  try {
    const result = await queryClient.fetchQuery({
      ...studentDataCheckQuery(queries, input.universityId, query),
      staleTime: 30_000,
      retry: false,
    });
    if (result.firstNameMatches && result.lastNameMatches) return 'ok';
    return result;
  } catch (error) {
    return hasStatus(error, 409) ? 'staffNumberTaken' : 'staffNumberUnknown';
  }
}

/**
 * The company step's field-level lookups (SPEC.md 4.2, 5.3): the company behind a typed id (its
 * staff-number rules and name), the student record (seti), and the company's price for the first
 * offered month, shown as soon as the company is known. What the step's Next does is the wizard's
 * (the machine quotes the company); these only help the customer fill the fields.
 *
 * `typedCompanyId` is the company id as the form has it now (trimmed): a company looked up for
 * another id is not the known one.
 */
export function useCompanyLookups(product: ProductRules, typedCompanyId: string) {
  const { api, queries } = useWizardServices();
  const queryClient = useQueryClient();
  const [company, setCompany] = useState<KnownCompany | undefined>(undefined);
  const knownCompany = company !== undefined && company.id === typedCompanyId ? company : undefined;

  const startDates = useQuery(startDatesQuery(queries, product.name));
  const firstStart = startDates.data?.start_dates[0];
  const quote = useQuery({
    ...quoteQuery(queries, knownCompany?.id ?? '', firstStart ?? ''),
    enabled: knownCompany !== undefined && firstStart !== undefined,
  });
  const companyName = useQuery({
    ...companyQuery(queries, knownCompany?.id ?? ''),
    enabled: knownCompany !== undefined,
  });

  /** The company id's async validator: an error code, or undefined once the company is known. */
  const lookUp = async (companyId: string, signal: AbortSignal): Promise<string | undefined> => {
    const result = await lookupCompany(api, companyId, product, signal);
    if (!result.ok) return result.code;
    // Keep the known company as it is when nothing changed: its identity drives re-checks.
    setCompany((known) => (known && known.id === result.company.id && JSON.stringify(known) === JSON.stringify(result.company) ? known : result.company));
    return undefined;
  };

  return {
    knownCompany,
    /** The company's name, once known. */
    foundName: knownCompany ? companyName.data?.name : undefined,
    price: { quote: quote.data, failed: quote.isError || startDates.isError },
    lookUp,
    checkStudent: (student: StudentToCheck) => checkStudent(queryClient, queries, student),
  };
}
