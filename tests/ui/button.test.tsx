import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Button, buttonSizes, buttonVariants } from '#src/ui/button';
import { button as buttonRecipe } from '../../src/ui/button.css';
import { renderUi } from './render-ui';

describe('Button', () => {
  it('calls onPress when pressed', async () => {
    const onPress = vi.fn();
    renderUi(<Button onPress={onPress}>Pay now</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores presses while loading and tells screen readers it is loading', async () => {
    const onPress = vi.fn();
    renderUi(
      <Button isLoading onPress={onPress}>
        Pay now
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Pay now/ });
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onPress).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('data-pending', 'true');
    // Still focusable, so the announcement reaches keyboard users.
    expect(button).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(within(button).getByText('Loading')).toBeInTheDocument();
  });

  it('announces its loading state as text while focused, never as an image labelled by its id (issue 13)', async () => {
    const { rerender } = renderUi(<Button isLoading={false}>Next</Button>);
    const button = screen.getByRole('button', { name: 'Next' });
    button.focus();
    const region = () => document.querySelector('[aria-live="polite"][data-button-status]');
    expect(region()).toBeEmptyDOMElement();
    rerender(<Button isLoading>Next</Button>);
    expect(region()).toHaveTextContent('Loading');
    // react-aria's pending button announced `role="img" aria-labelledby="<the button's id>"`: empty
    // once the button is gone (the wizard's next step), an axe role-img-alt violation.
    rerender(<></>);
    expect(document.body.querySelectorAll('[role="img"][aria-labelledby]')).toHaveLength(0);
  });

  it('announces nothing while loading without focus, and has no live region unless it can load', () => {
    const region = () => document.querySelector('[aria-live="polite"][data-button-status]');
    const { rerender } = renderUi(<Button isLoading>Next</Button>);
    expect(region()).toBeEmptyDOMElement();
    rerender(<Button>Next</Button>);
    expect(region()).toBeNull();
  });

  it('does not render the loading text when not loading', () => {
    renderUi(<Button>Pay now</Button>);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('translates the loading text', () => {
    renderUi(<Button isLoading>Jetzt bezahlen</Button>, { locale: 'de-DE' });
    expect(screen.getByRole('progressbar', { name: 'Wird geladen' })).toBeInTheDocument();
  });

  it('defaults to primary md', () => {
    renderUi(<Button>Default</Button>);
    const button = screen.getByRole('button', { name: 'Default' });
    for (const cls of buttonRecipe({ variant: 'primary', size: 'md' }).split(' ')) expect(button).toHaveClass(cls);
  });

  describe.each(buttonVariants)('variant %s', (variant) => {
    it.each(buttonSizes)('size %s renders its recipe classes', (size) => {
      renderUi(
        <Button variant={variant} size={size}>
          Label
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Label' });
      const expected = buttonRecipe({ variant, size }).split(' ');
      for (const cls of expected) expect(button).toHaveClass(cls);
      expect(button).toHaveAttribute('data-variant', variant);
      expect(button).toHaveAttribute('data-size', size);
      // The classes of the other variants and size are not applied.
      for (const other of buttonVariants.filter((v) => v !== variant)) {
        const otherOnly = buttonRecipe({ variant: other, size })
          .split(' ')
          .filter((cls) => !expected.includes(cls));
        for (const cls of otherOnly) expect(button).not.toHaveClass(cls);
      }
    });
  });
});
