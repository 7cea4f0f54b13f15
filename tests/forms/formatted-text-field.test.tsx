import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { validatorOf } from '#src/forms/field-validation';
import { FormFrame } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { FormattedTextField } from '#src/forms/formatted-text-field';
import { bicFieldSchema } from '#src/domain/sepa-information';
import { renderUi } from '../ui/render-ui';

function BicForm() {
  const form = useAppForm({ defaultValues: { bic: '' }, onSubmit: vi.fn() });
  return (
    <FormFrame form={form} aria-labelledby="title">
      <h2 id="title">Bank</h2>
      <form.AppField name="bic" validators={{ onChange: validatorOf(bicFieldSchema) }}>
        {() => <FormattedTextField label="BIC" format={(value) => value.trim().toUpperCase()} />}
      </form.AppField>
    </FormFrame>
  );
}

/** The kit's text field that writes its value as it is printed once it is left (src/forms/formatted-text-field.tsx). */
describe('form kit: the formatted text field', () => {
  it('keeps what is typed while typing, and writes it formatted when the field is left', async () => {
    const user = userEvent.setup();
    renderUi(<BicForm />);
    const bic = screen.getByRole('textbox', { name: 'BIC' });
    expect(bic).toHaveAttribute('name', 'bic');
    await user.type(bic, ' cobadeffxxx');
    expect(bic).toHaveValue(' cobadeffxxx');
    await user.tab();
    expect(bic).toHaveValue('COBADEFFXXX');
    expect(bic).not.toBeInvalid();
  });

  it('checks the formatted value with the field rule once left', async () => {
    const user = userEvent.setup();
    renderUi(<BicForm />);
    const bic = screen.getByRole('textbox', { name: 'BIC' });
    await user.type(bic, 'cob');
    expect(bic).not.toBeInvalid();
    await user.tab();
    expect(bic).toHaveValue('COB');
    expect(bic).toBeInvalid();
  });
});
