import { screen } from '@testing-library/react';

import { minutesUntil, TooManyAttempts } from '#src/ui/too-many-attempts';
import { renderUi } from './render-ui';

describe('TooManyAttempts (a guessing limit refused the call, decision 28)', () => {
  const now = () => Date.parse('2026-05-12T08:00:00Z');

  it('says how many whole minutes to wait, at least one', () => {
    expect(minutesUntil('2026-05-12T08:15:00.000Z', now())).toBe(15);
    expect(minutesUntil('2026-05-12T08:14:01.000Z', now())).toBe(15);
    expect(minutesUntil('2026-05-12T08:00:20.000Z', now())).toBe(1);
    expect(minutesUntil('2026-05-12T07:59:00.000Z', now())).toBe(1);
  });

  it('is an assertive alert with the wait in minutes, one minute, or later without a Retry-After', () => {
    const { rerender } = renderUi(<TooManyAttempts retryAt="2026-05-12T08:15:00.000Z" now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many unsuccessful attempts');
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 15 minutes.');
    rerender(<TooManyAttempts retryAt="2026-05-12T08:00:30.000Z" now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in one minute.');
    rerender(<TooManyAttempts retryAt={undefined} now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again later.');
  });
});
