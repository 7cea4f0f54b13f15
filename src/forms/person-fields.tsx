import { useLingui } from '@lingui/react/macro';

import { birthdateSchema, firstNameSchema, type Gender, genderSchema, lastNameSchema } from '#src/domain/personal-fields';
import { Radio } from '#src/ui/radio-group';
import { BirthdateField } from './birthdate-field';
import { validatorOf } from './field-validation';
import { withFieldGroup } from './form-hook';
import * as layout from './form-layout.css';

/** The person's fields as a form holds them: every field as typed ('' while empty). */
export interface PersonFieldValues {
  gender: Gender | '';
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, or what the birthdate field keeps of a half-typed date. */
  birthdate: string;
}

/** The `fields` of a form whose person fields are at its top level under their own names. */
export const personFields = { gender: 'gender', firstName: 'firstName', lastName: 'lastName', birthdate: 'birthdate' } as const;

/**
 * Whose fields these are: the subscriber (the billing names of the order and of the billing
 * address change) or the traveler (the order for someone else, the traveler change). It sets the
 * labels, the `name` attributes, the autocomplete tokens and the order of the fields.
 */
export type PersonRole = 'subscriber' | 'traveler';

export interface PersonFieldsProps {
  role: PersonRole;
  /** The current day, for the birthdate's bounds (SPEC.md 5.1). */
  today: () => Date;
  /** SPEC.md 5.1: the billing names are read-only where the product does not allow changing them (seti). */
  namesReadOnly?: boolean | undefined;
}

const emptyPerson: PersonFieldValues = { gender: '', firstName: '', lastName: '', birthdate: '' };

/**
 * The person block (SPEC.md 5.1): first and last name, gender and birth date, each checked with its
 * schema of `src/domain/personal-fields.ts`. `<PersonFields form={form} fields={personFields} role="traveler" today={today} />`.
 */
export const PersonFields = withFieldGroup({
  defaultValues: emptyPerson,
  props: {} as PersonFieldsProps,
  render: function PersonFieldsRender({ group, role, today, namesReadOnly = false }) {
    const { t } = useLingui();
    const traveler = role === 'traveler';
    const nameDescription = namesReadOnly
      ? t({ id: 'order:billing.nameFromRecord', message: 'As in your student record; it cannot be changed here.' })
      : undefined;

    const names = {
      firstName: {
        schema: firstNameSchema,
        label: traveler
          ? t({ id: 'order:traveler.firstName', message: 'First name of the traveler' })
          : t({ id: 'order:billing.firstName', message: 'First name' }),
        travelerName: 'travelerFirstName',
        autoComplete: 'given-name',
      },
      lastName: {
        schema: lastNameSchema,
        label: traveler
          ? t({ id: 'order:traveler.lastName', message: 'Last name of the traveler' })
          : t({ id: 'order:billing.lastName', message: 'Last name' }),
        travelerName: 'travelerLastName',
        autoComplete: 'family-name',
      },
    };
    const nameField = (key: keyof typeof names) => (
      <group.AppField name={key} validators={{ onChange: validatorOf(names[key].schema) }}>
        {(field) => (
          <field.TextField
            name={traveler ? names[key].travelerName : field.name}
            label={names[key].label}
            autoComplete={traveler ? 'off' : names[key].autoComplete}
            isRequired
            isReadOnly={namesReadOnly}
            description={nameDescription}
          />
        )}
      </group.AppField>
    );
    const firstName = nameField('firstName');
    const lastName = nameField('lastName');
    const gender = (
      <group.AppField name="gender" validators={{ onChange: validatorOf(genderSchema) }}>
        {(field) => (
          <field.RadioGroup
            name={traveler ? 'travelerGender' : field.name}
            label={traveler ? t({ id: 'order:traveler.gender', message: 'Gender of the traveler' }) : t({ id: 'order:billing.gender', message: 'Salutation' })}
            isRequired
            orientation="horizontal"
          >
            {traveler ? (
              <>
                <Radio value="Female">{t({ id: 'order:traveler.gender.female', message: 'Female' })}</Radio>
                <Radio value="Male">{t({ id: 'order:traveler.gender.male', message: 'Male' })}</Radio>
                <Radio value="NotSpecified">{t({ id: 'order:traveler.gender.notSpecified', message: 'Not specified' })}</Radio>
              </>
            ) : (
              <>
                <Radio value="Male">{t({ id: 'order:billing.gender.male', message: 'Mr' })}</Radio>
                <Radio value="Female">{t({ id: 'order:billing.gender.female', message: 'Ms' })}</Radio>
                <Radio value="NotSpecified">{t({ id: 'order:billing.gender.notSpecified', message: 'Not specified' })}</Radio>
              </>
            )}
          </field.RadioGroup>
        )}
      </group.AppField>
    );
    const birthdate = (
      <group.AppField name="birthdate" validators={{ onChange: ({ value }) => validatorOf(birthdateSchema(today()))({ value }) }}>
        {() =>
          traveler ? (
            <BirthdateField
              name="travelerBirthdate"
              label={t({ id: 'order:traveler.birthdate', message: 'Date of birth of the traveler' })}
              description={t({ id: 'order:traveler.birthdate.description', message: 'The traveler must be at least 6 years old.' })}
              today={today}
            />
          ) : (
            <BirthdateField label={t({ id: 'order:billing.birthdate', message: 'Date of birth' })} autoComplete="bday" today={today} />
          )
        }
      </group.AppField>
    );

    // The traveler's names come first, one under the other; the subscriber's salutation leads and
    // the names share a row.
    return traveler ? (
      <>
        {firstName}
        {lastName}
        {gender}
        {birthdate}
      </>
    ) : (
      <>
        {gender}
        <div className={layout.row}>
          {firstName}
          {lastName}
        </div>
        {birthdate}
      </>
    );
  },
});
