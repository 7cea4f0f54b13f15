import { Trans } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';

import type { SessionErrorCode } from '#machines/session/session.machine';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Shown instead of an /app page when the session failed or ended (a refresh was refused, another
 * tab signed out, a sign-in callback was refused): a message and a way back to where the customer was.
 */
export function SessionEndedNotice() {
  const session = useRouteContext({ from: '__root__' }).session.get();
  const error = useSelector(session, (state) => state.context.error);
  return (
    <>
      <PageHeading>
        <Trans id="common:session.ended.title">Please sign in again</Trans>
      </PageHeading>
      <Alert variant={error === 'callbackRefused' ? 'destructive' : 'warning'} title={<ErrorTitle code={error} />} announce>
        <ErrorText code={error} />
      </Alert>
      <Button variant="primary" onPress={() => session.send({ type: 'session.signIn' })}>
        <Trans id="common:session.signInAgain">Sign in again</Trans>
      </Button>
    </>
  );
}

function ErrorTitle({ code }: { code: SessionErrorCode | undefined }) {
  switch (code) {
    case 'callbackRefused':
      return <Trans id="common:session.errors.callbackRefused.title">The sign-in could not be completed</Trans>;
    case 'authorizeFailed':
      return <Trans id="common:session.errors.authorizeFailed.title">The sign-in could not start</Trans>;
    default:
      return <Trans id="common:session.errors.ended.title">Your session has ended</Trans>;
  }
}

function ErrorText({ code }: { code: SessionErrorCode | undefined }) {
  switch (code) {
    case 'callbackRefused':
      return (
        <Trans id="common:session.errors.callbackRefused.description">
          The answer of the sign-in page did not belong to this browser tab, so it was refused for your safety. Please sign in again.
        </Trans>
      );
    case 'authorizeFailed':
      return (
        <Trans id="common:session.errors.authorizeFailed.description">
          This browser could not prepare a secure sign-in: it needs the portal's https address and must let the page store data for this tab. Please try again,
          or use another browser.
        </Trans>
      );
    case 'refreshFailed':
      return <Trans id="common:session.errors.refreshFailed.description">Your session could not be renewed. Sign in again to continue where you were.</Trans>;
    case 'sessionEnded':
      return <Trans id="common:session.errors.sessionEnded.description">You were signed out, perhaps in another window. Sign in again to continue.</Trans>;
    default:
      return <Trans id="common:session.errors.generic.description">Something went wrong while signing you in. Please try again.</Trans>;
  }
}
