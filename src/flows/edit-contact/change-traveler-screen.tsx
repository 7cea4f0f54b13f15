import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@tanstack/react-form';
import { useId } from 'react';

import type { EditContactData, EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { travelerSchema } from '#src/domain/address';
import { outputOrShowIssues } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { personFields, PersonFields, type PersonFieldValues } from '#src/forms/person-fields';
import { useServerFieldErrors } from '#src/forms/server-field-errors';
import { BackLink, paymentDetailsHref, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { Radio, RadioGroup } from '#src/ui/radio-group';
import { SaveErrorAlert, styles } from './edit-contact-parts';
import type { ContactOwner } from './edit-contact.actors';
import { useChangeTraveler } from './use-edit-contact';

type TravelerData = Extract<EditContactData, { kind: 'traveler' }>;
type TravelerFormValues = PersonFieldValues & { isTraveler: boolean };

const today = () => new Date();

/** The form's first values: what the customer sent last (kept across a failure), else the current traveler. */
function initialValues(data: TravelerData, values: EditContactValues | undefined): TravelerFormValues {
  const person = values?.kind === 'traveler' ? values.traveler : data.current;
  const isTraveler = data.travelerMustBeSubscriber || person.isTraveler;
  const other = person.isTraveler ? undefined : person;
  return { isTraveler, firstName: other?.firstName ?? '', lastName: other?.lastName ?? '', gender: other?.gender ?? '', birthdate: other?.birthdate ?? '' };
}

/**
 * The traveler edit (SPEC.md 2.3, 3, 5.1): what changes, then the order wizard's traveler fields:
 * "I travel myself" or another person with first and last name, gender and birth date. Where the
 * traveler must be the subscriber (joti, seti) no choice is offered. An order paid by direct debit
 * says, once "Another person" is chosen, that this needs a credit card first (SPEC.md 6.1); the
 * server refuses it too (creditCardRequired). Save, and Cancel to the tickets list. Renders the flow's view and sends its events, nothing else.
 */
export function ChangeTravelerScreen({ owner, id }: { owner: ContactOwner; id: string }) {
  const { view, send } = useChangeTraveler(owner, id);
  const { t } = useLingui();

  switch (view.step) {
    case 'loading':
    case 'done':
    case 'cancelled':
      return (
        <LoadingStatus>
          <Trans id="traveler:form.loading">Loading the traveler…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'traveler:form.errors.loading', message: 'The traveler could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="traveler:form.errors.loading.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'form':
      if (view.data.kind !== 'traveler') return null;
      return (
        <div className={styles.screen}>
          <TravelerForm
            owner={owner}
            data={view.data}
            values={view.values}
            saving={view.saving}
            canSave={view.canSave}
            error={view.error}
            fieldErrors={view.fieldErrors}
            onSave={(traveler) => send({ type: 'changes.save', values: { kind: 'traveler', traveler } })}
          />
        </div>
      );
  }
}

type FormView = Extract<ReturnType<typeof useChangeTraveler>['view'], { step: 'form' }>;

interface TravelerFormProps {
  owner: ContactOwner;
  data: TravelerData;
  values: EditContactValues | undefined;
  saving: boolean;
  canSave: boolean;
  error: FormView['error'];
  fieldErrors: FormView['fieldErrors'];
  onSave: (traveler: Extract<EditContactValues, { kind: 'traveler' }>['traveler']) => void;
}

function TravelerForm({ owner, data, values, saving, canSave, error, fieldErrors, onSave }: TravelerFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  const form = useAppForm({
    defaultValues: initialValues(data, values),
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, travelerSchema(today()), data.travelerMustBeSubscriber ? { isTraveler: true } : value);
      if (output) onSave(output);
    },
  });
  useServerFieldErrors(form, fieldErrors, { focus: 'none' });
  const isTraveler = useStore(form.store, (state) => state.values.isTraveler);
  const choiceError = fieldErrors.find((item) => item.field === 'isTraveler');

  return (
    <>
      <Alert variant="info" headingLevel={2} title={t({ id: 'traveler:info.title', message: 'The name on the ticket changes' })}>
        {owner === 'subscription' ? (
          <Trans id="traveler:info.subscription">
            The ticket is personal: it carries the traveler&apos;s name. Once you save, every ticket of this subscription that you show or download carries the
            new name, this month&apos;s ticket included.
          </Trans>
        ) : (
          <Trans id="traveler:info.order">
            The ticket is personal: it carries the traveler&apos;s name. Once you save, the tickets of this order carry the new name from its first month on.
          </Trans>
        )}
      </Alert>

      <SaveErrorAlert
        error={error}
        failed={{
          title: t({ id: 'traveler:form.errors.submit.title', message: 'The traveler could not be changed' }),
          description: <Trans id="traveler:form.errors.submit.description">Nothing has been changed. Please try again in a moment.</Trans>,
        }}
      />

      <h2 id={titleId}>
        <Trans id="traveler:form.title">Who travels with the ticket</Trans>
      </h2>
      <FormFrame form={form} aria-labelledby={titleId} isBusy={saving || !canSave}>
        {data.travelerMustBeSubscriber ? (
          <p>
            <Trans id="traveler:form.mustBeSubscriber">With this ticket you travel yourself: it cannot be made out to another person.</Trans>
          </p>
        ) : (
          <>
            <form.Field name="isTraveler">
              {(field) => (
                <RadioGroup
                  name={field.name}
                  label={t({ id: 'traveler:form.isTraveler.label', message: 'Who will travel with the ticket?' })}
                  isRequired
                  value={field.state.value ? 'self' : 'other'}
                  onChange={(value) => field.handleChange(value === 'self')}
                  onBlur={field.handleBlur}
                  isInvalid={choiceError !== undefined}
                  errorMessage={
                    choiceError?.code === 'creditCardRequired'
                      ? t({ id: 'traveler:form.isTraveler.creditCardRequired', message: 'A ticket for another person can only be paid by credit card.' })
                      : choiceError
                        ? t({ id: 'traveler:form.isTraveler.error', message: 'This ticket cannot be made out to another person.' })
                        : undefined
                  }
                >
                  <Radio value="self">
                    <Trans id="traveler:form.isTraveler.self">I travel myself</Trans>
                  </Radio>
                  <Radio value="other">
                    <Trans id="traveler:form.isTraveler.other">Another person</Trans>
                  </Radio>
                </RadioGroup>
              )}
            </form.Field>
            {!isTraveler && data.paysByDirectDebit ? (
              <Alert
                variant="warning"
                headingLevel={3}
                title={t({ id: 'traveler:form.creditCardOnly.title', message: 'For another person, credit card only' })}
              >
                <p>
                  <Trans id="traveler:form.creditCardOnly.text">
                    This ticket is paid by direct debit. A ticket for another person can only be paid by credit card: please change the payment method first,
                    then the traveler.
                  </Trans>
                </p>
                <Link href={paymentDetailsHref(data.orderId)}>
                  <Trans id="traveler:form.creditCardOnly.link">Change the payment method</Trans>
                </Link>
              </Alert>
            ) : null}
            {isTraveler ? null : (
              <fieldset className={styles.group}>
                <legend className={styles.legend}>
                  <Trans id="traveler:form.legend">The traveler</Trans>
                </legend>
                <PersonFields form={form} fields={personFields} role="traveler" today={today} />
              </fieldset>
            )}
          </>
        )}
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="traveler:form.save">Save</Trans>
          </SubmitButton>
          <BackLink to={ticketsHref}>
            <Trans id="traveler:form.cancel">Cancel</Trans>
          </BackLink>
        </ActionRow>
      </FormFrame>
    </>
  );
}
