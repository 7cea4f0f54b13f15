import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import * as v from 'valibot';

import { emailSchema, isValidEmail, passwordProblems, passwordSchema, registrationSchema } from '#src/domain/account-rules';
import { validationMessage } from '#src/i18n/validation-messages';
import { Checkbox } from '#src/ui/checkbox';
import { Link } from '#src/ui/link';
import { TextField } from '#src/ui/text-field';
import * as styles from './account-step.css';
import { bindTextField, codeOf, errorCode, revalidateOnBlur, type StepProps, StepForm, useFieldError, useWizardServices } from './step-form';

/** The values of the registration step (SPEC.md 3, account registration). */
export interface AccountValues {
  /** Trimmed. */
  mailAddress: string;
  password: string;
  repeatPassword: string;
  isPrivacyStatementAccepted: true;
  isMarketingInformationAccepted: boolean;
}

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
 */
export function AccountStep({ defaultValues, onSubmit, onBack, onSignInInstead, serverError }: AccountStepProps) {
  const { t, i18n } = useLingui();
  const { api } = useWizardServices();
  /** Answers of the email check by address, so a submit does not ask again for the same one. */
  const inUse = useRef(new Map<string, boolean>());

  const initial: AccountFormValues = {
    mailAddress: defaultValues?.mailAddress ?? '',
    password: defaultValues?.password ?? '',
    repeatPassword: defaultValues?.repeatPassword ?? '',
    isPrivacyStatementAccepted: defaultValues?.isPrivacyStatementAccepted ?? false,
    isMarketingInformationAccepted: defaultValues?.isMarketingInformationAccepted ?? false,
  };
  const form = useForm({
    defaultValues: initial,
    onSubmit: ({ value, formApi }) => {
      if (serverErrorFor !== undefined && value.mailAddress.trim() === serverErrorFor) return;
      const result = v.safeParse(registrationSchema, value);
      if (!result.success) {
        for (const issue of result.issues) {
          const name = v.getDotPath(issue);
          if (name && name in value) {
            formApi.setFieldMeta(name as keyof AccountFormValues, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onChange: issue.message } }));
          }
        }
        return;
      }
      onSubmit(result.output);
    },
  });
  const fieldError = useFieldError(form);
  const mailAddress = useStore(form.store, (state) => state.values.mailAddress);
  const password = useStore(form.store, (state) => state.values.password);

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
        const { data } = await api.POST('/api/v2/auth/register/check-email', { body: { email }, signal });
        if (!data) return undefined;
        used = data.is_already_in_use;
        inUse.current.set(email, used);
      } catch {
        // Unknown: the registration itself answers 409 for a taken address.
        return undefined;
      }
    }
    return used ? alreadyExists : undefined;
  };

  const signInLink = (
    <Link onPress={onSignInInstead}>{t({ id: 'registration:step.signIn', message: 'Sign in' })}</Link>
  );

  return (
    <StepForm form={form} title={t({ id: 'registration:step.title', message: 'Your customer account' })} onBack={onBack}>
      <p className={styles.signIn}>
        <Trans id="registration:step.alreadyCustomer">Already a customer?</Trans> {signInLink}
      </p>

      <form.Field
        name="mailAddress"
        validators={{ onChange: codeOf(emailSchema), onBlurAsync: checkInUse }}
        listeners={{
          ...revalidateOnBlur,
          // The in-use answer belongs to the address it was given for.
          onChange: ({ fieldApi }) => fieldApi.setErrorMap({ onBlur: undefined }),
        }}
      >
        {(field) => {
          const shown = fieldError(field);
          const taken = serverErrorShown || (shown.isInvalid && errorCode(field.state.meta.errors) === alreadyExists);
          return (
            <TextField
              label={t({ id: 'registration:step.mailAddress', message: 'Email address' })}
              description={t({ id: 'registration:step.mailAddress.description', message: 'Your order confirmation and your ticket are sent here.' })}
              name={field.name}
              type="email"
              autoComplete="email"
              isRequired
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              isInvalid={shown.isInvalid || taken}
              errorMessage={
                taken ? (
                  <>
                    {validationMessage(i18n, alreadyExists)} {signInLink}
                  </>
                ) : (
                  shown.errorMessage
                )
              }
            />
          );
        }}
      </form.Field>

      <form.Field name="password" validators={{ onChange: codeOf(passwordSchema) }} listeners={revalidateOnBlur}>
        {(field) => {
          const shown = fieldError(field);
          const rules = <PasswordRules password={password} />;
          return (
            <TextField
              label={t({ id: 'registration:step.password', message: 'Password' })}
              name={field.name}
              type="password"
              autoComplete="new-password"
              isRequired
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              description={rules}
              isInvalid={shown.isInvalid}
              errorMessage={shown.isInvalid ? rules : undefined}
            />
          );
        }}
      </form.Field>

      <form.Field
        name="repeatPassword"
        validators={{
          onChangeListenTo: ['password'],
          onChange: ({ value, fieldApi }) =>
            value === '' ? 'required' : value !== fieldApi.form.getFieldValue('password') ? 'passwordMismatch' : undefined,
        }}
        listeners={revalidateOnBlur}
      >
        {(field) => (
          <TextField
            label={t({ id: 'registration:step.repeatPassword', message: 'Repeat password' })}
            name={field.name}
            type="password"
            autoComplete="new-password"
            isRequired
            {...bindTextField(field, fieldError(field))}
          />
        )}
      </form.Field>

      <p className={styles.privacyText}>
        <Trans id="registration:step.privacy.read">
          Please read our <Link href="/legal/privacy-policy" external>privacy statement</Link>.
        </Trans>
      </p>
      <form.Field
        name="isPrivacyStatementAccepted"
        validators={{ onChange: ({ value }) => (value ? undefined : 'privacyStatementRequired') }}
        listeners={revalidateOnBlur}
      >
        {(field) => (
          <Checkbox
            name={field.name}
            isRequired
            isSelected={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            {...fieldError(field)}
          >
            {t({ id: 'registration:step.privacy.accept', message: 'I accept the privacy statement.' })}
          </Checkbox>
        )}
      </form.Field>

      <form.Field name="isMarketingInformationAccepted">
        {(field) => (
          <Checkbox name={field.name} isSelected={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur}>
            {t({ id: 'registration:step.marketing', message: 'Yes, I would like to receive news and offers by email. I can unsubscribe at any time.' })}
          </Checkbox>
        )}
      </form.Field>
    </StepForm>
  );
}

/** The password rules still missing, updated as the customer types (a polite live region). */
function PasswordRules({ password }: { password: string }) {
  const { t, i18n } = useLingui();
  const missing = passwordProblems(password).filter((code) => code !== 'required');
  return (
    <span className={styles.rules} aria-live="polite" data-password-rules="">
      {missing.length === 0 ? (
        t({ id: 'registration:step.password.ok', message: 'Your password meets every rule.' })
      ) : (
        <>
          {t({ id: 'registration:step.password.missing', message: 'Your password is not complete yet:' })}
          <span role="list" className={styles.rulesList}>
            {missing.map((code) => (
              <span role="listitem" key={code} className={styles.rule}>
                {validationMessage(i18n, code)}
              </span>
            ))}
          </span>
        </>
      )}
    </span>
  );
}
