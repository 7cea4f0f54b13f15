import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';

import { staffNumberRulesOf, staffNumberSchema } from '#src/domain/staff-number';
import { accountHref, BackLink } from '#src/flows/back-link';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { useServerFieldErrors } from '#src/forms/server-field-errors';
import { useLocale } from '#src/i18n/use-locale';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import type { ChangeStaffNumberView } from '#machines/change-staff-number/change-staff-number.selectors';
import { useChangeStaffNumber } from './use-change-staff-number';
import * as styles from './change-staff-number-screen.css';

/**
 * Changing the staff number (SPEC.md 6.1, joti; decision 32): renders the flow's view and sends its
 * events, nothing else. The route puts the page heading above it. The form checks the company's
 * staff-number rules as the order wizard's company step does; a refused number keeps what was typed.
 */
export function ChangeStaffNumberScreen() {
  const { view, send } = useChangeStaffNumber();
  const { t } = useLingui();

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="accountJoti:changeStaffNumber.loading">Loading your staff number…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'accountJoti:changeStaffNumber.error', message: 'Your staff number could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={accountHref} />}
        >
          <Trans id="accountJoti:changeStaffNumber.error.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'form':
      return <StaffNumberForm view={view} onChange={(staffNumber) => send({ type: 'staffNumber.change', staffNumber })} />;
    case 'notChangeable':
      return (
        <>
          <Alert
            variant="warning"
            headingLevel={2}
            announce
            className={notice}
            title={t({ id: 'accountJoti:changeStaffNumber.notChangeable.title', message: 'Your staff number cannot be changed here' })}
          >
            <Trans id="accountJoti:changeStaffNumber.notChangeable.description">
              Only a job ticket's staff number can be changed in the portal. Our customer service can help with other changes.
            </Trans>
          </Alert>
          <ActionRow>
            <BackLink to={accountHref} />
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <LoadingStatus>
          <Trans id="accountJoti:changeStaffNumber.done">Your staff number has been changed. Taking you back to your data…</Trans>
        </LoadingStatus>
      );
  }
}

type FormView = Extract<ChangeStaffNumberView, { step: 'form' }>;

function StaffNumberForm({ view, onChange }: { view: FormView; onChange: (staffNumber: string) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const schema = staffNumberSchema(staffNumberRulesOf(view.field));
  const form = useAppForm({
    defaultValues: { staffNumber: view.staffNumber },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, v.object({ staffNumber: schema }), value);
      if (output) onChange(output.staffNumber);
    },
  });
  useServerFieldErrors(form, view.fieldErrors);
  const hint = view.field?.customValidation?.errorHint[locale];
  const company = view.companyName ? `${view.companyName} (${view.companyId})` : view.companyId;

  return (
    <>
      <p className={styles.text}>
        <Trans id="accountJoti:changeStaffNumber.intro">
          Your job ticket is linked to your staff number at {company}. If your employer has given you a new staff number, enter it here.
        </Trans>
      </p>
      {view.error === 'changeFailed' ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'accountJoti:changeStaffNumber.failed.title', message: 'Your staff number could not be changed' })}
        >
          <Trans id="accountJoti:changeStaffNumber.failed.description">
            Your staff number is unchanged. Please try again in a moment; what you entered is still here.
          </Trans>
        </Alert>
      ) : null}
      <FormFrame form={form} isBusy={view.changing} className={styles.form}>
        <form.AppField name="staffNumber" validators={{ onChange: validatorOf(schema) }}>
          {(field) => (
            <field.TextField
              label={view.field?.label[locale] ?? t({ id: 'accountJoti:changeStaffNumber.label', message: 'New staff number' })}
              description={hint}
              autoComplete="off"
              isRequired
              translateError={(code) =>
                code === 'customValidation' && hint
                  ? hint
                  : code === 'staffNumberTaken'
                    ? t({ id: 'accountJoti:changeStaffNumber.taken', message: 'Another employee of your company already uses this staff number.' })
                    : undefined
              }
            />
          )}
        </form.AppField>
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="accountJoti:changeStaffNumber.submit">Change staff number</Trans>
          </SubmitButton>
          <BackLink to={accountHref}>
            <Trans id="accountJoti:changeStaffNumber.cancel">Cancel</Trans>
          </BackLink>
        </ActionRow>
      </FormFrame>
    </>
  );
}
