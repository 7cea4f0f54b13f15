import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { retryAtOf } from '#machines/shared/too-many-attempts';
import { dataWithRetryAt } from '#src/api/retry-at';
import { hasStatus } from '#src/domain/failure';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { TooManyAttempts } from '#src/ui/too-many-attempts';
import * as styles from './account.css';

/**
 * My data's "send the confirmation email again" (SPEC.md 7.5 resend-email-confirmation-link), shown
 * while the address is not confirmed: the link goes to the address on file, and the page says so
 * (announced) or that it failed, or, past the limit of links (decision 28), how long to wait. A second
 * press while it is sent is ignored (the button's loading state).
 */
export function ResendConfirmation({ userId, email }: { userId: string; email: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const resend = useMutation({
    mutationFn: async () => void dataWithRetryAt(await api.POST('/account/resend-email-confirmation-link', { body: { user_id: userId } })),
  });
  const limited = resend.isError && hasStatus(resend.error, 429);
  return (
    <div className={styles.resend}>
      <Button variant="secondary" size="sm" isLoading={resend.isPending} onPress={() => resend.mutate()}>
        {t({ id: 'account:email.resend', message: 'Send the confirmation email again' })}
      </Button>
      {resend.isSuccess ? (
        <Alert variant="success" headingLevel={3} announce title={t({ id: 'account:email.resend.sent', message: 'The email is on its way' })}>
          <Trans id="account:email.resend.sent.text">We have sent a new confirmation link to {email}. It may take a few minutes to arrive.</Trans>
        </Alert>
      ) : null}
      {limited ? <TooManyAttempts retryAt={retryAtOf(resend.error)} /> : null}
      {resend.isError && !limited ? (
        <Alert variant="destructive" headingLevel={3} announce title={t({ id: 'account:email.resend.failed', message: 'The email could not be sent' })}>
          <Trans id="account:email.resend.failed.text">Please try again in a moment.</Trans>
        </Alert>
      ) : null}
    </div>
  );
}
