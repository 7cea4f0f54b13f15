import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import type { EditContactData, EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { countriesQuery } from '#src/api/queries/countries';
import { billingAddressSchema, defaultCountry } from '#src/domain/address';
import { parseDate } from '#src/domain/personal-fields';
import { AddressFields, addressFields, type AddressFieldValues } from '#src/forms/address-fields';
import { outputOrShowIssues } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { personFields, PersonFields, type PersonFieldValues } from '#src/forms/person-fields';
import { useServerFieldErrors } from '#src/forms/server-field-errors';
import { useFlowServices } from '#src/flows/use-flow';
import { ActionRow } from '#src/ui/action-row';
import { Button } from '#src/ui/button';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { SaveErrorAlert, styles } from './edit-contact-parts';
import type { ContactOwner } from './edit-contact.actors';
import { useChangeBillingAddress } from './use-edit-contact';

type BillingData = Extract<EditContactData, { kind: 'billingAddress' }>;
type BillingFormValues = PersonFieldValues & AddressFieldValues;

const today = () => new Date();

/** The form's first values: what the customer sent last (kept across a failure), else the current billing person. */
function initialValues(data: BillingData, values: EditContactValues | undefined): BillingFormValues {
  const contact = values?.kind === 'billingAddress' ? values.contact : data.current;
  return {
    gender: contact.gender,
    // Read-only names (seti) are always the current ones.
    firstName: data.namesChangeable ? contact.firstName : data.current.firstName,
    lastName: data.namesChangeable ? contact.lastName : data.current.lastName,
    birthdate: parseDate(contact.birthdate) ?? contact.birthdate,
    zipCode: contact.zipCode,
    city: contact.city,
    street: contact.street,
    houseNumber: contact.houseNumber,
    addition: contact.addition ?? '',
    country: contact.country || defaultCountry,
  };
}

/**
 * Change the billing address (SPEC.md 2.3, 5.1, 8): the subscriber of a subscription or the orderer
 * of an order not yet started, with the order wizard's billing fields (the form kit's person and
 * address blocks; for seti the names are read-only). form.errors.loading when it cannot be loaded,
 * a destructive alert when saving fails; Save, and Cancel, which goes back. Renders the flow's view
 * and sends its events, nothing else.
 */
export function ChangeBillingAddressScreen({ owner, id }: { owner: ContactOwner; id: string }) {
  const { view, send } = useChangeBillingAddress(owner, id);
  const { t } = useLingui();

  switch (view.step) {
    case 'loading':
    case 'done':
    case 'cancelled':
      return (
        <LoadingStatus>
          <Trans id="changeBillingAddress:form.loadingStatus">Loading your billing address…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'changeBillingAddress:form.errors.loading', message: 'Your billing address could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={
            <Button variant="secondary" onPress={() => send({ type: 'edit.cancel' })}>
              <Trans id="changeBillingAddress:form.cancel">Cancel</Trans>
            </Button>
          }
        >
          <Trans id="changeBillingAddress:form.errors.loading.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'form':
      if (view.data.kind !== 'billingAddress') return null;
      return (
        <div className={styles.screen}>
          <BillingForm
            data={view.data}
            values={view.values}
            saving={view.saving}
            canSave={view.canSave}
            error={view.error}
            fieldErrors={view.fieldErrors}
            onSave={(contact) => send({ type: 'changes.save', values: { kind: 'billingAddress', contact } })}
            onCancel={() => send({ type: 'edit.cancel' })}
          />
        </div>
      );
  }
}

type FormView = Extract<ReturnType<typeof useChangeBillingAddress>['view'], { step: 'form' }>;

interface BillingFormProps {
  data: BillingData;
  values: EditContactValues | undefined;
  saving: boolean;
  canSave: boolean;
  error: FormView['error'];
  fieldErrors: FormView['fieldErrors'];
  onSave: (contact: Extract<EditContactValues, { kind: 'billingAddress' }>['contact']) => void;
  onCancel: () => void;
}

function BillingForm({ data, values, saving, canSave, error, fieldErrors, onSave, onCancel }: BillingFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  const { queries } = useFlowServices();
  const form = useAppForm({
    defaultValues: initialValues(data, values),
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, billingAddressSchema(today()), value);
      if (output) onSave(output);
    },
  });
  useServerFieldErrors(form, fieldErrors, { focus: 'none' });
  const countries = useQuery(countriesQuery(queries));

  return (
    <>
      <SaveErrorAlert
        error={error}
        failed={{
          title: t({ id: 'changeBillingAddress:form.errors.submit.title', message: 'Your billing address could not be changed' }),
          description: <Trans id="changeBillingAddress:form.errors.submit.description">Nothing has been changed. Please try again in a moment.</Trans>,
        }}
      />
      <h2 id={titleId}>
        <Trans id="changeBillingAddress:form.title">Billing address</Trans>
      </h2>
      <FormFrame form={form} aria-labelledby={titleId} isBusy={saving || !canSave}>
        <PersonFields form={form} fields={personFields} role="subscriber" today={today} namesReadOnly={!data.namesChangeable} />
        <AddressFields form={form} fields={addressFields} countries={countries.data} />
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="changeBillingAddress:form.save">Save</Trans>
          </SubmitButton>
          <Button variant="secondary" isDisabled={saving} onPress={onCancel}>
            <Trans id="changeBillingAddress:form.cancel">Cancel</Trans>
          </Button>
        </ActionRow>
      </FormFrame>
    </>
  );
}
