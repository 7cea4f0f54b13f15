import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { citySchema } from '#src/domain/address';
import { firstNameSchema } from '#src/domain/personal-fields';
import { validatorOf } from '#src/forms/field-validation';
import { FormFrame } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { type ServerFieldError, type ServerFieldErrorOptions, useServerFieldErrors } from '#src/forms/server-field-errors';
import { renderUi } from '../ui/render-ui';

function ServerErrorsForm({ fieldErrors, options }: { fieldErrors: readonly ServerFieldError[]; options?: ServerFieldErrorOptions }) {
  const form = useAppForm({ defaultValues: { firstName: 'John', city: 'Berlin' }, onSubmit: vi.fn() });
  useServerFieldErrors(form, fieldErrors, options);
  return (
    <FormFrame form={form} aria-labelledby="title">
      <h2 id="title">Server errors</h2>
      <form.AppField name="firstName" validators={{ onChange: validatorOf(firstNameSchema) }}>
        {(field) => <field.TextField label="First name" />}
      </form.AppField>
      <form.AppField name="city" validators={{ onChange: validatorOf(citySchema) }}>
        {(field) => <field.TextField label="City" />}
      </form.AppField>
    </FormFrame>
  );
}

const nameFormat = 'Please use Latin letters; separate parts with a hyphen or a space.';
const nameTooLong = 'At most 50 characters.';
const cityFormat = 'Please use Latin letters, hyphens, brackets, dots and spaces.';

const firstName = () => screen.getByRole('textbox', { name: 'First name' });
const city = () => screen.getByRole('textbox', { name: 'City' });

/** The server's field errors at the form's fields (src/forms/server-field-errors.ts), one home for every flow. */
describe('form kit: the server field errors', () => {
  it('shows each code at its field at once, without the field having been left, and focuses the first', () => {
    renderUi(
      <ServerErrorsForm
        fieldErrors={[
          { field: 'city', code: 'textFormatCity' },
          { field: 'firstName', code: 'textFormatName' },
        ]}
      />,
    );
    expect(city()).toBeInvalid();
    expect(city()).toHaveAccessibleDescription(cityFormat);
    expect(firstName()).toHaveAccessibleDescription(nameFormat);
    expect(city()).toHaveFocus();
  });

  it('leaves out a field the form does not have, also for the focus', () => {
    renderUi(
      <ServerErrorsForm
        fieldErrors={[
          { field: 'iban', code: 'required' },
          { field: 'firstName', code: 'textFormatName' },
        ]}
      />,
    );
    expect(firstName()).toHaveAccessibleDescription(nameFormat);
    expect(firstName()).toHaveFocus();
    expect(city()).not.toBeInvalid();
  });

  it('checks the field with its own rule again at the next change', async () => {
    const user = userEvent.setup();
    renderUi(<ServerErrorsForm fieldErrors={[{ field: 'firstName', code: 'textFormatName' }]} />);
    expect(firstName()).toBeInvalid();
    await user.type(firstName(), 'a');
    expect(firstName()).not.toBeInvalid();
    expect(screen.queryByText(nameFormat)).not.toBeInTheDocument();
  });

  it('puts a new answer over the one before, and an equal answer changes nothing', async () => {
    const user = userEvent.setup();
    const { rerender } = renderUi(<ServerErrorsForm fieldErrors={[{ field: 'firstName', code: 'textFormatName' }]} />);
    expect(firstName()).toHaveAccessibleDescription(nameFormat);

    await user.click(city());
    rerender(<ServerErrorsForm fieldErrors={[{ field: 'firstName', code: 'textFormatName' }]} />);
    expect(city()).toHaveFocus();

    rerender(<ServerErrorsForm fieldErrors={[{ field: 'firstName', code: 'maxLimit.firstName' }]} />);
    expect(firstName()).toHaveAccessibleDescription(nameTooLong);
    expect(firstName()).toHaveFocus();

    // No answer (the flow left its error state): what is shown stays until the field changes.
    rerender(<ServerErrorsForm fieldErrors={[]} />);
    expect(firstName()).toHaveAccessibleDescription(nameTooLong);
  });

  it('leaves the focus where it is when told', () => {
    renderUi(<ServerErrorsForm fieldErrors={[{ field: 'city', code: 'textFormatCity' }]} options={{ focus: 'none' }} />);
    expect(city()).toHaveAccessibleDescription(cityFormat);
    expect(city()).not.toHaveFocus();
  });

  it('focuses one frame later when told (after a dialog has given the focus back)', async () => {
    renderUi(<ServerErrorsForm fieldErrors={[{ field: 'city', code: 'textFormatCity' }]} options={{ focus: 'firstAfterFrame' }} />);
    expect(city()).toHaveAccessibleDescription(cityFormat);
    expect(city()).not.toHaveFocus();
    await waitFor(() => expect(city()).toHaveFocus());
  });
});
