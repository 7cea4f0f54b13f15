import { Trans, useLingui } from '@lingui/react/macro';

import type { StoredSepaInformation } from '#machines/sepa-information/sepa-information.machine';
import type { SepaInformationView } from '#machines/sepa-information/sepa-information.selectors';
import { accountHolderSchema, sepaAgreementSchema } from '#src/domain/payment-rules';
import {
  bicFieldSchema,
  groupIban,
  ibanFieldCodes,
  ibanFieldSchema,
  type SepaInformationFormValues,
  sepaInformationFormSchema,
} from '#src/domain/sepa-information';
import { accountHref, BackLabel, BackLink } from '#src/flows/back-link';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { FormattedTextField } from '#src/forms/formatted-text-field';
import { useServerFieldErrors } from '#src/forms/server-field-errors';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { DonePage } from '#src/ui/done-page';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import * as styles from './sepa-information-screen.css';
import { useSepaInformation } from './use-sepa-information';

type Send = ReturnType<typeof useSepaInformation>['send'];
type FormView = Extract<SepaInformationView, { step: 'form' }>;

function Title() {
  return (
    <PageHeading>
      <Trans id="payment:sepaInformation.title">Direct-debit information</Trans>
    </PageHeading>
  );
}

/**
 * The direct-debit (SEPA) information (SPEC.md 5.2, 7.4, 8; issue 12 item 2): what is stored (the
 * IBAN masked), the form with the SEPA mandate, the confirmation. Renders the flow's view and sends
 * its events, nothing else; each new state takes the focus to its heading (SPEC.md 4.8). The IBAN
 * lives in the form only: no draft, no storage, no URL.
 */
export function SepaInformationScreen() {
  const { view, send } = useSepaInformation();
  const { t } = useLingui();
  useStepFocus(view.step);

  switch (view.step) {
    case 'loading':
      return (
        <>
          <Title />
          <LoadingStatus>
            <Trans id="payment:sepaInformation.loading">Loading your direct-debit information…</Trans>
          </LoadingStatus>
        </>
      );
    case 'loadFailed':
      return (
        <>
          <Title />
          <LoadFailed
            title={t({ id: 'payment:sepaInformation.loadError', message: 'Your direct-debit information could not be loaded' })}
            canRetry={view.canRetry}
            onRetry={() => send({ type: 'load.retry' })}
            back={<BackLink to={accountHref} />}
          >
            <Trans id="payment:sepaInformation.loadError.description">Nothing has changed. Please try again in a moment.</Trans>
          </LoadFailed>
        </>
      );
    case 'form':
      return (
        <>
          <Title />
          <SepaForm view={view} send={send} />
        </>
      );
    case 'done':
      return (
        <DonePage
          title={t({ id: 'payment:sepaInformation.done.title', message: 'Your direct-debit information has been saved' })}
          linkHref={accountHref}
          linkLabel={<BackLabel to={accountHref} />}
        >
          <p className={styles.text}>
            <Trans id="payment:sepaInformation.done.description">Your bank details and your SEPA direct-debit mandate are stored.</Trans>
          </p>
          {view.saved ? <StoredDetails stored={view.saved} /> : null}
        </DonePage>
      );
  }
}

/** Account holder, the masked IBAN and the BIC as a list of terms. */
function StoredDetails({ stored }: { stored: StoredSepaInformation }) {
  return (
    <dl className={styles.details}>
      <dt>
        <Trans id="payment:sepaInformation.accountHolder">Account holder</Trans>
      </dt>
      <dd>{stored.accountName}</dd>
      <dt>
        <Trans id="payment:sepaInformation.iban">IBAN</Trans>
      </dt>
      <dd className={styles.iban}>{stored.maskedIban}</dd>
      <dt>
        <Trans id="payment:sepaInformation.bic">BIC</Trans>
      </dt>
      <dd>{stored.bic}</dd>
    </dl>
  );
}

function SepaForm({ view, send }: { view: FormView; send: Send }) {
  const { t } = useLingui();
  const defaultValues: SepaInformationFormValues = {
    accountName: view.stored?.accountName ?? '',
    iban: '',
    bic: view.stored?.bic ?? '',
    hasAgreedToSepa: false,
  };
  const form = useAppForm({
    defaultValues,
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, sepaInformationFormSchema, value);
      if (output) send({ type: 'information.save', information: { accountName: output.accountName, iban: output.iban, bic: output.bic } });
    },
  });
  useServerFieldErrors(form, view.fieldErrors);

  const ibanMessage = (code: string) => {
    switch (code) {
      case ibanFieldCodes.length:
        return t({ id: 'payment:sepaInformation.ibanLength', message: 'This IBAN is too short or too long for its country.' });
      case ibanFieldCodes.format:
        return t({ id: 'payment:sepaInformation.ibanFormat', message: 'This IBAN contains characters its country does not use.' });
      case ibanFieldCodes.checksum:
        return t({ id: 'payment:sepaInformation.ibanChecksum', message: 'This IBAN is not correct: please check every digit.' });
      case ibanFieldCodes.country:
        return t({
          id: 'payment:sepaInformation.ibanCountry',
          message: 'IBANs from this country are not accepted. Accepted: AT, BE, CH, CZ, DE, DK, FR, LU, NL, PL.',
        });
      default:
        return undefined;
    }
  };

  return (
    <>
      <p className={styles.text}>
        <Trans id="payment:sepaInformation.intro">Your payments are collected by SEPA direct debit from the bank account you enter here.</Trans>
      </p>
      <section className={styles.section} aria-labelledby="sepa-stored-title">
        <h2 id="sepa-stored-title" className={styles.sectionTitle}>
          <Trans id="payment:sepaInformation.stored.title">Stored now</Trans>
        </h2>
        {view.stored ? (
          <>
            <StoredDetails stored={view.stored} />
            <p className={styles.text}>
              <Trans id="payment:sepaInformation.stored.masked">
                For your security only part of the IBAN is shown. To change your bank details, enter the IBAN in full.
              </Trans>
            </p>
          </>
        ) : (
          <p className={styles.text}>
            <Trans id="payment:sepaInformation.stored.none">No direct-debit information is stored yet.</Trans>
          </p>
        )}
      </section>
      <SaveErrorAlert view={view} onRetry={() => void form.handleSubmit()} />
      <section className={styles.section} aria-labelledby="sepa-form-title">
        <h2 id="sepa-form-title" className={styles.sectionTitle}>
          {view.stored ? (
            <Trans id="payment:sepaInformation.form.titleChange">New bank details</Trans>
          ) : (
            <Trans id="payment:sepaInformation.form.titleNew">Your bank details</Trans>
          )}
        </h2>
        <FormFrame form={form} isBusy={view.saving} aria-labelledby="sepa-form-title" className={styles.form}>
          <form.AppField name="accountName" validators={{ onChange: validatorOf(accountHolderSchema) }}>
            {(field) => (
              <field.TextField label={t({ id: 'payment:sepaInformation.accountHolder', message: 'Account holder' })} autoComplete="name" isRequired />
            )}
          </form.AppField>
          <form.AppField name="iban" validators={{ onChange: validatorOf(ibanFieldSchema) }}>
            {() => (
              <FormattedTextField
                format={groupIban}
                label={t({ id: 'payment:sepaInformation.iban', message: 'IBAN' })}
                description={t({
                  id: 'payment:sepaInformation.iban.description',
                  message: 'From a bank in AT, BE, CH, CZ, DE, DK, FR, LU, NL or PL; spaces are allowed.',
                })}
                translateError={ibanMessage}
                autoComplete="off"
                spellCheck="false"
                isRequired
              />
            )}
          </form.AppField>
          <form.AppField name="bic" validators={{ onChange: validatorOf(bicFieldSchema) }}>
            {() => (
              <FormattedTextField
                format={(value) => value.trim().toUpperCase()}
                label={t({ id: 'payment:sepaInformation.bic', message: 'BIC' })}
                description={t({ id: 'payment:sepaInformation.bic.description', message: '8 or 11 letters and digits, for example COBADEFFXXX.' })}
                autoComplete="off"
                spellCheck="false"
                isRequired
              />
            )}
          </form.AppField>
          <p className={styles.mandate} id="sepa-mandate-text">
            <Trans id="payment:sepaInformation.mandate">
              SEPA direct-debit mandate: I authorise the transport association to collect payments from my account by direct debit. At the same time I instruct
              my bank to pay the direct debits drawn on my account by the transport association. I can demand a refund of the amount debited within eight weeks
              of the debit date; the conditions agreed with my bank apply.
            </Trans>
          </p>
          <form.AppField name="hasAgreedToSepa" validators={{ onChange: validatorOf(sepaAgreementSchema) }}>
            {(field) => (
              <field.Checkbox
                isRequired
                translateError={(code) =>
                  code === 'required' ? t({ id: 'payment:sepaInformation.mandate.required', message: 'Please give the SEPA direct-debit mandate.' }) : undefined
                }
              >
                <Trans id="payment:sepaInformation.mandate.agree">I give the SEPA direct-debit mandate.</Trans>
              </field.Checkbox>
            )}
          </form.AppField>
          <ActionRow>
            <SubmitButton variant="primary">
              <Trans id="payment:sepaInformation.save">Save bank details</Trans>
            </SubmitButton>
            <BackLink to={accountHref}>
              <Trans id="payment:sepaInformation.cancel">Cancel</Trans>
            </BackLink>
          </ActionRow>
        </FormFrame>
      </section>
    </>
  );
}

/** The alert of a failed save: fields the server refused (at their fields), or any other failure with its retry. */
function SaveErrorAlert({ view, onRetry }: { view: FormView; onRetry: () => void }) {
  const { t } = useLingui();
  if (view.error === 'invalidFields') {
    return (
      <Alert
        variant="destructive"
        headingLevel={2}
        className={notice}
        title={t({ id: 'payment:sepaInformation.invalidFields.title', message: 'Please check the marked fields' })}
      >
        <Trans id="payment:sepaInformation.invalidFields.description">
          Some entries were not accepted. Nothing has been saved; your entries are still here.
        </Trans>
      </Alert>
    );
  }
  if (view.error !== 'saveFailed') return null;
  return (
    <Alert
      variant="destructive"
      headingLevel={2}
      className={notice}
      title={t({ id: 'payment:sepaInformation.saveError.title', message: 'Your bank details could not be saved' })}
    >
      <p>
        <Trans id="payment:sepaInformation.saveError.description">Nothing has been saved; your entries are still here. Please try again in a moment.</Trans>
      </p>
      <Button isDisabled={!view.canSave} onPress={onRetry}>
        {t({ id: 'common:retry', message: 'Try again' })}
      </Button>
    </Alert>
  );
}
