import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useRef, useState } from 'react';

import type { AccountValues } from '#machines/order-wizard/order-wizard.types';
import { emailSchema, isValidEmail, registrationSchema } from '#src/domain/account-rules';
import { notAnswered, outputOrShowIssues, type RememberingCheck, validatorOf } from '#src/forms/field-validation';
import { useAppForm } from '#src/forms/form-hook';
import { NewPasswordFields, newPasswordFields } from '#src/forms/new-password-fields';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import * as styles from './account-step.css';
import { type StepProps, StepForm, useEntriesReport, withEntries } from './step-form';
import { useWizardServices } from './wizard-services';

export interface AccountStepProps extends StepProps<AccountValues> {
  /** "Already a customer? Sign in": the wizard keeps its data through the sign-in round trip. */
  onSignInInstead: () => void;
  /** The registration answered 409: shown on the email field until the address is changed. */
  serverError?: 'mailAddressAlreadyExists' | undefined;
}

interface AccountFormValues {
  mailAddress: string;
  password: string;
  repeatPassword: string;
  isPrivacyStatementAccepted: boolean;
  isMarketingInformationAccepted: boolean;
}

const alreadyExists = 'mailAddressAlreadyExists';

/**
 * The registration step of the order wizard (registration variant, SPEC.md 2.3, 5.2): email
 * (pattern on blur, then whether it is in use), password with the rules still missing as a live
 * list, its repetition, the privacy statement (required) and marketing (optional).
 *
 * "The address is free" and "we could not check" differ (decision 18): when the check gets no
 * answer (offline) or a server error, an alert says so and Next stays on the step, with every value
 * kept, until a check answers; Next checks again. (The registration's 409 still catches a taken
 * address the check did not see.)
 */
export function AccountStep({ defaultValues, entries, onEntriesChange, onSubmit, onBack, onSignInInstead, serverError }: AccountStepProps) {
  const { t } = useLingui();
  const { api } = useWizardServices();
  /** Answers of the email check by address, so a submit does not ask again for the same one. */
  const inUse = useRef(new Map<string, boolean>());
  /** The address whose last check got no answer: the step does not go on with it. */
  const uncheckedRef = useRef<string | undefined>(undefined);
  const [unchecked, setUnchecked] = useState<string | undefined>(undefined);
  const markUnchecked = (address: string | undefined) => {
    uncheckedRef.current = address;
    setUnchecked(address);
  };

  const initial: AccountFormValues = {
    mailAddress: defaultValues?.mailAddress ?? '',
    password: defaultValues?.password ?? '',
    repeatPassword: defaultValues?.repeatPassword ?? '',
    isPrivacyStatementAccepted: defaultValues?.isPrivacyStatementAccepted ?? false,
    isMarketingInformationAccepted: defaultValues?.isMarketingInformationAccepted ?? false,
  };
  const form = useAppForm({
    defaultValues: withEntries(initial, entries),
    onSubmit: ({ value, formApi }) => {
      if (serverErrorFor !== undefined && value.mailAddress.trim() === serverErrorFor) return;
      // Submitting checked the address again (its blur check runs on submit): no answer, no next step.
      if (uncheckedRef.current !== undefined && value.mailAddress.trim() === uncheckedRef.current) return;
      const output = outputOrShowIssues(formApi, registrationSchema, value);
      if (output) onSubmit(output);
    },
  });
  useEntriesReport(form, onEntriesChange);
  const mailAddress = useStore(form.store, (state) => state.values.mailAddress);

  // The address the server refused (409); the error stays until the customer types another one.
  const [serverErrorFor, setServerErrorFor] = useState(serverError ? mailAddress.trim() : undefined);
  const [lastServerError, setLastServerError] = useState(serverError);
  if (serverError !== lastServerError) {
    setLastServerError(serverError);
    setServerErrorFor(serverError ? mailAddress.trim() : undefined);
  }
  const serverErrorShown = serverErrorFor !== undefined && mailAddress.trim() === serverErrorFor;

  const checkInUse = async ({ value, signal }: { value: string; signal: AbortSignal }): Promise<string | undefined> => {
    const email = value.trim();
    if (!isValidEmail(email)) return undefined;
    let used = inUse.current.get(email);
    if (used === undefined) {
      try {
        const { data, response } = await api.POST('/api/v2/auth/register/check-email', { body: { email }, signal });
        if (!data) {
          // A server error: not checked (a 503 also leaves for /maintenance). Another answer (4xx)
          // says nothing about the address: the registration itself answers 409 for a taken one.
          if (response.status >= 500) markUnchecked(email);
          return undefined;
        }
        used = data.is_already_in_use;
        inUse.current.set(email, used);
      } catch {
        // No answer (offline); unless the check was called off because the address changed.
        if (!signal.aborted) markUnchecked(email);
        return undefined;
      }
    }
    if (uncheckedRef.current === email) markUnchecked(undefined);
    return used ? alreadyExists : undefined;
  };

  // An answer already there (the check ran when the field was left) needs no second request: Next
  // goes on at once with it (the form kit's `passesAtOnce`).
  checkInUse.answered = (value: string): ReturnType<RememberingCheck<string>['answered']> => {
    const email = value.trim();
    const used = inUse.current.get(email);
    if (!isValidEmail(email) || used === undefined || uncheckedRef.current === email) return notAnswered;
    return used ? alreadyExists : undefined;
  };

  const signInLink = <Link onPress={onSignInInstead}>{t({ id: 'registration:step.signIn', message: 'Sign in' })}</Link>;

  return (
    <StepForm form={form} title={t({ id: 'registration:step.title', message: 'Your customer account' })} onBack={onBack}>
      <p className={styles.signIn}>
        <Trans id="registration:step.alreadyCustomer">Already a customer?</Trans> {signInLink}
      </p>

      <form.AppField
        name="mailAddress"
        validators={{ onChange: validatorOf(emailSchema), onBlurAsync: checkInUse }}
        listeners={{
          // The in-use answer belongs to the address it was given for.
          onChange: ({ fieldApi }) => fieldApi.setErrorMap({ onBlur: undefined }),
        }}
      >
        {(field) => (
          <field.TextField
            label={t({ id: 'registration:step.mailAddress', message: 'Email address' })}
            description={t({ id: 'registration:step.mailAddress.description', message: 'Your order confirmation and your ticket are sent here.' })}
            type="email"
            autoComplete="email"
            isRequired
            serverError={serverErrorShown ? alreadyExists : undefined}
            renderError={(message: string, code: string): ReactNode =>
              code === alreadyExists ? (
                <>
                  {message} {signInLink}
                </>
              ) : (
                message
              )
            }
          />
        )}
      </form.AppField>

      {unchecked !== undefined && unchecked === mailAddress.trim() ? (
        <Alert variant="destructive" title={t({ id: 'registration:emailCheck.failed.title', message: 'Your email address could not be checked' })}>
          {t({
            id: 'registration:emailCheck.failed.description',
            message:
              'We cannot reach our service right now. Please check your internet connection and select Next again. Everything you entered is still here.',
          })}
        </Alert>
      ) : null}

      <NewPasswordFields
        form={form}
        fields={newPasswordFields}
        passwordLabel={t({ id: 'registration:step.password', message: 'Password' })}
        repeatLabel={t({ id: 'registration:step.repeatPassword', message: 'Repeat password' })}
      />

      <p className={styles.privacyText}>
        <Trans id="registration:step.privacy.read">
          Please read our{' '}
          <Link href="/legal/privacy-policy" external>
            privacy statement
          </Link>
          .
        </Trans>
      </p>
      <form.AppField name="isPrivacyStatementAccepted" validators={{ onChange: ({ value }) => (value ? undefined : 'privacyStatementRequired') }}>
        {(field) => <field.Checkbox isRequired>{t({ id: 'registration:step.privacy.accept', message: 'I accept the privacy statement.' })}</field.Checkbox>}
      </form.AppField>

      <form.AppField name="isMarketingInformationAccepted">
        {(field) => (
          <field.Checkbox>
            {t({ id: 'registration:step.marketing', message: 'Yes, I would like to receive news and offers by email. I can unsubscribe at any time.' })}
          </field.Checkbox>
        )}
      </form.AppField>
    </StepForm>
  );
}
