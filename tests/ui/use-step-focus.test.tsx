import { render, waitFor } from '@testing-library/react';
import { vi } from 'vitest';

import { useStepFocus } from '#src/ui/use-step-focus';

/** SPEC.md 4.8: a step change scrolls to the top and moves focus to the new step's heading. */
function Steps({ step, target }: { step: string; target?: string }) {
  useStepFocus(step, target ? { target } : {});
  return (
    <>
      <h1 tabIndex={-1} data-page-heading="">
        Step {step}
      </h1>
      <section data-step-heading="">
        <h2>Part of {step}</h2>
      </section>
      <button type="button">Next</button>
    </>
  );
}

describe('useStepFocus', () => {
  it('does nothing on the first render or while the step stays', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { getByRole, rerender } = render(<Steps step="loading" />);
    getByRole('button').focus();
    rerender(<Steps step="loading" />);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(getByRole('button')).toHaveFocus();
  });

  it('on a step change scrolls to the top and focuses the page heading', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { getByRole, rerender } = render(<Steps step="loading" />);
    getByRole('button').focus();
    rerender(<Steps step="provider" />);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    await waitFor(() => expect(getByRole('heading', { level: 1 })).toHaveFocus());
    expect(getByRole('heading', { level: 1 })).toHaveTextContent('Step provider');
  });

  it('focuses another heading when told, which takes focus without entering the tab order', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { getByRole, rerender } = render(<Steps step="billing" target="[data-step-heading] h2" />);
    rerender(<Steps step="account" target="[data-step-heading] h2" />);
    const heading = getByRole('heading', { level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
