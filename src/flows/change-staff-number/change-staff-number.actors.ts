import { fromPromise } from 'xstate';

import { changeStaffNumberMachine, type StaffNumberToChange } from '#machines/change-staff-number/change-staff-number.machine';
import { dataOf } from '#src/api/failure';
import { companyQuery, userInfoQuery } from '#src/api/queries/account';
import { companyUserInfoQuery } from '#src/api/queries/payment';
import { resolveProduct } from '#src/domain/product';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The change-staff-number machine with the app's actors and navigation. The reads go through React
 * Query (My data has usually filled them): the product decides (SPEC.md 6.1 `staffNumberChangeable`),
 * then the company user info and the company's staff field from the company form, as the order
 * wizard's company step reads it. The write is PUT /api/v2/payment/company-user-info (decision 32);
 * a failure rejects with an ApiFailure whose status, code and field errors the machine's guards read.
 */
export function provideChangeStaffNumber({ api, queries, queryClient, navigate }: FlowServices) {
  return changeStaffNumberMachine.provide({
    actors: {
      loadStaffNumber: fromPromise<StaffNumberToChange>(async () => {
        const user = await queryClient.fetchQuery(userInfoQuery(queries));
        const product = resolveProduct(user.product);
        if (!product.staffNumberChangeable) return { changeable: false };
        const info = await queryClient.fetchQuery(companyUserInfoQuery(queries));
        const [form, company] = await Promise.all([
          api.POST('/api/v1/order/form', { body: { company_id: info.company_id, product: product.name } }).then(dataOf),
          queryClient.fetchQuery(companyQuery(queries, info.company_id)).catch(() => undefined),
        ]);
        return {
          changeable: true,
          companyId: info.company_id,
          companyName: company?.name,
          staffNumber: info.staff_number,
          field: form.find((item) => item.textField.name === 'staffNumber')?.textField,
        };
      }),
      changeStaffNumber: fromPromise<void, { staffNumber: string }>(async ({ input }) => {
        const changed = dataOf(await api.PUT('/api/v2/payment/company-user-info', { body: { staff_number: input.staffNumber } }));
        queryClient.setQueryData(companyUserInfoQuery(queries).queryKey, changed);
      }),
    },
    actions: {
      showAccountPage: () => void navigate({ to: '/app/dashboard/account', search: { notice: 'staffNumberChanged' }, replace: true }),
    },
  });
}
