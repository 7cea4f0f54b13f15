import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';

import { passwordSchema } from '#src/domain/account-rules';
import { citySchema } from '#src/domain/address';
import { firstNameSchema } from '#src/domain/personal-fields';
import { notAnswered, outputOrShowIssues, type RememberingCheck, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { renderUi } from '../ui/render-ui';

/** The kit's one validation style and its submit, on the smallest form that shows them. */
interface KitFormProps {
  onSubmit: (values: { firstName: string; city: string }) => void;
  slowCity?: Promise<void>;
  /** Something outside the form keeps it from going on. */
  busy?: boolean;
}

function KitForm({ onSubmit, slowCity, busy = false }: KitFormProps) {
  const form = useAppForm({
    defaultValues: { firstName: '', city: '' },
    onSubmit: ({ value }) => onSubmit(value),
  });
  return (
    <FormFrame form={form} aria-labelledby="title" isBusy={busy}>
      <h2 id="title">Kit</h2>
      <form.AppField name="firstName" validators={{ onChange: validatorOf(firstNameSchema) }}>
        {(field) => <field.TextField label="First name" isRequired />}
      </form.AppField>
      <form.AppField
        name="city"
        validators={{
          onChange: validatorOf(citySchema),
          ...(slowCity ? { onChangeAsyncDebounceMs: 0, onChangeAsync: async () => slowCity.then(() => undefined) } : {}),
        }}
      >
        {(field) => <field.TextField label="City" isRequired />}
      </form.AppField>
      <SubmitButton>Save</SubmitButton>
    </FormFrame>
  );
}

const latinOnly = 'Please use Latin letters; separate parts with a hyphen or a space.';
const required = 'Please fill in this field.';

describe('form kit: when errors show', () => {
  it('shows an error only after the field was left, then follows every change', async () => {
    const user = userEvent.setup();
    renderUi(<KitForm onSubmit={vi.fn()} />);
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    await user.type(firstName, 'J0hn');
    expect(firstName).not.toBeInvalid();
    expect(screen.queryByText(latinOnly)).not.toBeInTheDocument();

    await user.tab();
    expect(firstName).toBeInvalid();
    expect(firstName).toHaveAccessibleDescription(latinOnly);

    await user.clear(firstName);
    await user.type(firstName, 'John');
    expect(firstName).not.toBeInvalid();
    await user.type(firstName, '1');
    expect(firstName).toHaveAccessibleDescription(latinOnly);
  });

  it('says a field left empty is required, and names the field by its form name', async () => {
    const user = userEvent.setup();
    renderUi(<KitForm onSubmit={vi.fn()} />);
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(firstName).toHaveAttribute('name', 'firstName');
    await user.click(firstName);
    await user.tab();
    expect(firstName).toHaveAccessibleDescription(required);
    expect(screen.getByRole('textbox', { name: /City/ })).not.toBeInvalid();
  });

  it('shows every error on submit and does not submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderUi(<KitForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(required)).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: /City/ })).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Erika', city: 'Berlin' }));
  });

  it('ignores a submit while a field is still validating; the button shows it is loading', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    let release = () => {};
    const slowCity = new Promise<void>((resolve) => (release = resolve));
    renderUi(<KitForm onSubmit={onSubmit} slowCity={slowCity} />);
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin');
    const save = screen.getByRole('button', { name: /Save/ });
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    await user.keyboard('{Enter}');
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('ignores a submit while the frame is busy with something else', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const view = renderUi(<KitForm onSubmit={onSubmit} busy />);
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin');
    expect(screen.getByRole('button', { name: /Save/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.submit(screen.getByRole('form', { name: 'Kit' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();

    view.rerender(<KitForm onSubmit={onSubmit} />);
    fireEvent.submit(screen.getByRole('form', { name: 'Kit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});

/**
 * A form whose submit checks more than its fields do: `onSubmit`'s schema refuses a city other
 * than Berlin (zipCode, for a code with a message); `checkCity` is the city's server check.
 */
function CheckedForm({
  onSubmit,
  checkCity,
}: {
  onSubmit: (values: { city: string }) => void;
  checkCity?: (() => Promise<string | undefined>) | RememberingCheck<string>;
}) {
  const form = useAppForm({
    defaultValues: { city: '' },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(
        formApi,
        v.object({
          city: v.pipe(
            citySchema,
            v.check((city) => city === 'Berlin', 'zipCode'),
          ),
        }),
        value,
      );
      if (output) onSubmit(output);
    },
  });
  return (
    <FormFrame form={form} aria-labelledby="checked">
      <h2 id="checked">Checked</h2>
      <form.AppField name="city" validators={{ onChange: validatorOf(citySchema), ...(checkCity ? { onBlurAsync: checkCity } : {}) }}>
        {(field) => <field.TextField label="City" isRequired />}
      </form.AppField>
      <SubmitButton>Save</SubmitButton>
    </FormFrame>
  );
}

describe('form kit: a submit that passes every check goes on at once (issue 14)', () => {
  it('calls onSubmit in the submit itself, without the loading round', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderUi(<KitForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin');
    fireEvent.submit(screen.getByRole('form', { name: 'Kit' }));
    // No await between: TanStack's handleSubmit would call onSubmit only after its validation round.
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ firstName: 'Erika', city: 'Berlin' });
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled');
  });

  it("shows what only onSubmit's own check finds, as a failed submit does", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderUi(<CheckedForm onSubmit={onSubmit} />);
    const city = screen.getByRole('textbox', { name: /City/ });
    await user.type(city, 'Hamburg');
    fireEvent.submit(screen.getByRole('form', { name: 'Checked' }));
    await waitFor(() => expect(city).toHaveAccessibleDescription('Please enter a valid postcode.'));
    expect(city).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(city);
    await user.type(city, 'Berlin');
    fireEvent.submit(screen.getByRole('form', { name: 'Checked' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ city: 'Berlin' }));
  });

  it("does not skip a field's asynchronous check", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const checkCity = vi.fn(async () => 'alreadyExists');
    renderUi(<CheckedForm onSubmit={onSubmit} checkCity={checkCity} />);
    const city = screen.getByRole('textbox', { name: /City/ });
    await user.type(city, 'Berlin');
    fireEvent.submit(screen.getByRole('form', { name: 'Checked' }));
    await waitFor(() => expect(city).toHaveAccessibleDescription('This email address is already in use.'));
    expect(checkCity).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  /** A check that knows its answer for Berlin (free) and would ask for any other city. */
  const rememberingCheck = () => {
    const ask = vi.fn(async () => undefined);
    return { ask, check: Object.assign(ask, { answered: (city: string) => (city === 'Berlin' ? undefined : notAnswered) }) as RememberingCheck<string> };
  };

  it('goes on at once when an asynchronous check already knows the value passes, without asking again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { ask, check } = rememberingCheck();
    renderUi(<CheckedForm onSubmit={onSubmit} checkCity={check} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Berlin');
    fireEvent.submit(screen.getByRole('form', { name: 'Checked' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ city: 'Berlin' });
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks an asynchronous check that has no answer for the value as it stands', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { ask, check } = rememberingCheck();
    renderUi(<CheckedForm onSubmit={onSubmit} checkCity={check} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Bernau');
    fireEvent.submit(screen.getByRole('form', { name: 'Checked' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(ask).toHaveBeenCalled());
  });
});

function PasswordForm() {
  const form = useAppForm({ defaultValues: { password: '' } });
  return (
    <FormFrame form={form}>
      <form.AppField name="password" validators={{ onChange: validatorOf(passwordSchema) }}>
        {(field) => <field.PasswordField label="Password" autoComplete="new-password" isRequired />}
      </form.AppField>
    </FormFrame>
  );
}

describe('form kit: the password field (SPEC.md 5.2)', () => {
  it('lists the rules still missing as the customer types, and as its error once left', async () => {
    const user = userEvent.setup();
    renderUi(<PasswordForm />);
    const password = screen.getByLabelText(/^Password/);
    const rules = () => document.querySelector<HTMLElement>('[data-password-rules]')!;
    expect(password).toHaveAttribute('type', 'password');
    expect(rules()).toHaveAttribute('aria-live', 'polite');
    expect(within(rules()).getAllByRole('listitem')).toHaveLength(5);

    await user.type(password, 'abc');
    expect(
      within(rules())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['At least 8 characters.', 'Add an uppercase letter.', 'Add a digit.', 'Add a special character.']);
    expect(password).not.toBeInvalid();

    await user.tab();
    expect(password).toBeInvalid();
    expect(rules().closest('[slot="errorMessage"]')).not.toBeNull();

    await user.type(password, 'DEF1!');
    expect(password).not.toBeInvalid();
    expect(rules()).toHaveTextContent('Your password meets every rule.');
  });
});
