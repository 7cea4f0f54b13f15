import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

import type { TerminationChoice, TerminationIdentity } from '#machines/cancel-contract/cancel-contract.machine';
import { emailSchema } from '#src/domain/account-rules';
import { birthdateSchema, firstNameSchema, lastNameSchema } from '#src/domain/personal-fields';
import { contractNumberSchema, terminationIdentitySchema } from '#src/domain/termination-request';
import { BirthdateField } from '#src/forms/birthdate-field';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import * as layout from '#src/forms/form-layout.css';
import { useAppForm } from '#src/forms/form-hook';
import { formatDate } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { ActionRow } from '#src/ui/action-row';
import { Button } from '#src/ui/button';
import { Radio } from '#src/ui/radio-group';
import * as styles from './cancel-contract-screen.css';

const today = () => new Date();

const emptyIdentity: TerminationIdentity = { number: '', firstName: '', lastName: '', birthdate: '', email: '' };

/**
 * The identification (decision 22): number, names and date of birth as in the order confirmation,
 * and the email for the confirmation. It starts with what was sent last, so a failure loses nothing.
 */
export function IdentifyForm({
  identity,
  busy,
  onSubmit,
}: {
  identity: TerminationIdentity | undefined;
  busy: boolean;
  onSubmit: (identity: TerminationIdentity) => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const form = useAppForm({
    defaultValues: identity ?? emptyIdentity,
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, terminationIdentitySchema(today()), value);
      if (output) onSubmit(output);
    },
  });
  return (
    <>
      <h2 id={titleId}>{t({ id: 'terminationRequest:cancelContract.identify.title', message: 'Your contract' })}</h2>
      <FormFrame form={form} isBusy={busy} aria-labelledby={titleId} className={styles.form}>
        <form.AppField name="number" validators={{ onChange: validatorOf(contractNumberSchema) }}>
          {(field) => (
            <field.TextField
              label={t({ id: 'terminationRequest:cancelContract.number', message: 'Order or subscription number' })}
              description={t({
                id: 'terminationRequest:cancelContract.number.description',
                message: 'As in your order confirmation, e.g. A-100001 or S-A100001.',
              })}
              translateError={(code) =>
                code === 'tooLong' ? t({ id: 'terminationRequest:cancelContract.number.tooLong', message: 'At most 32 characters.' }) : undefined
              }
              autoComplete="off"
              isRequired
            />
          )}
        </form.AppField>
        <div className={layout.row}>
          <form.AppField name="firstName" validators={{ onChange: validatorOf(firstNameSchema) }}>
            {(field) => (
              <field.TextField label={t({ id: 'terminationRequest:cancelContract.firstName', message: 'First name' })} autoComplete="given-name" isRequired />
            )}
          </form.AppField>
          <form.AppField name="lastName" validators={{ onChange: validatorOf(lastNameSchema) }}>
            {(field) => (
              <field.TextField label={t({ id: 'terminationRequest:cancelContract.lastName', message: 'Last name' })} autoComplete="family-name" isRequired />
            )}
          </form.AppField>
        </div>
        <form.AppField name="birthdate" validators={{ onChange: ({ value }) => validatorOf(birthdateSchema(today()))({ value }) }}>
          {() => (
            <BirthdateField label={t({ id: 'terminationRequest:cancelContract.birthdate', message: 'Date of birth' })} autoComplete="bday" today={today} />
          )}
        </form.AppField>
        <form.AppField name="email" validators={{ onChange: validatorOf(emailSchema) }}>
          {(field) => (
            <field.TextField
              type="email"
              label={t({ id: 'terminationRequest:cancelContract.email', message: 'Email address for the confirmation' })}
              autoComplete="email"
              isRequired
            />
          )}
        </form.AppField>
        <ActionRow>
          <SubmitButton variant="primary">{t({ id: 'terminationRequest:cancelContract.next', message: 'Continue' })}</SubmitButton>
        </ActionRow>
      </FormFrame>
    </>
  );
}

export interface ChooseDateFormProps {
  dates: readonly string[];
  choice: TerminationChoice;
  locale: Locale;
  'aria-labelledby': string;
  onSubmit: (choice: TerminationChoice) => void;
  onBack: () => void;
}

/** The next possible date, or one of the later possible dates; `next` stands for the first. */
export function ChooseDateForm({ dates, choice, locale, onSubmit, onBack, ...props }: ChooseDateFormProps) {
  const { t } = useLingui();
  const [first, ...later] = dates;
  const form = useAppForm({
    defaultValues: { choice: choice === first ? 'next' : choice },
    onSubmit: ({ value }) => onSubmit(value.choice),
  });
  const firstDate = first ? formatDate(first, locale) : '';
  return (
    <FormFrame form={form} aria-labelledby={props['aria-labelledby']} className={styles.form}>
      <form.AppField name="choice">
        {(field) => (
          <field.RadioGroup label={t({ id: 'terminationRequest:cancelContract.choose.label', message: 'When should your subscription end?' })} isRequired>
            <Radio value="next">{t({ id: 'terminationRequest:cancelContract.choose.next', message: `At the next possible date: ${firstDate}` })}</Radio>
            {later.map((date) => {
              const formatted = formatDate(date, locale);
              return (
                <Radio key={date} value={date}>
                  {t({ id: 'terminationRequest:cancelContract.choose.date', message: `On ${formatted}` })}
                </Radio>
              );
            })}
          </field.RadioGroup>
        )}
      </form.AppField>
      <ActionRow>
        <SubmitButton variant="primary">{t({ id: 'terminationRequest:cancelContract.next', message: 'Continue' })}</SubmitButton>
        <Button variant="secondary" onPress={onBack}>
          {t({ id: 'terminationRequest:cancelContract.back', message: 'Back' })}
        </Button>
      </ActionRow>
    </FormFrame>
  );
}
