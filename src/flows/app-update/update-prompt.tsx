import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';

import { selectAppUpdateView } from '#machines/app-update/app-update.selectors';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ActionRow } from '#src/ui/action-row';
import { PageNotice } from '#src/ui/page-notice';
import type { AppUpdateActor } from './app-update.actors';

/**
 * "New version available – reload" (issue 29, item 3): shown while a newer version of the portal
 * waits, never acted on without the customer. What was typed in the order wizard is kept across
 * the reload (its draft, docs/architecture.md#data-and-state); the prompt says so.
 */
export function UpdatePrompt({ actor }: { actor: AppUpdateActor }) {
  const { t } = useLingui();
  const view = useSelector(actor, selectAppUpdateView);
  if (view.prompt === 'none') return null;
  const elsewhere = view.prompt === 'takenOverElsewhere';
  return (
    <PageNotice label={t({ id: 'common:update.region', message: 'New version' })}>
      <Alert
        announce
        variant={view.prompt === 'offered' && view.failed ? 'warning' : 'info'}
        headingLevel={2}
        title={
          elsewhere
            ? t({ id: 'common:update.elsewhere.title', message: 'A new version of the portal is active' })
            : t({ id: 'common:update.title', message: 'New version available' })
        }
      >
        <p>
          {elsewhere ? (
            <Trans id="common:update.elsewhere.text">It was loaded in another tab. Please reload this page; what you entered in the order form is kept.</Trans>
          ) : view.failed ? (
            <Trans id="common:update.failed">The new version could not be started. Please try again, or close every tab of the portal and open it again.</Trans>
          ) : (
            <Trans id="common:update.text">Reload to use it. What you entered in the order form is kept.</Trans>
          )}
        </p>
        <ActionRow>
          <Button variant="primary" size="sm" isLoading={view.prompt === 'offered' && view.busy} onPress={() => actor.send({ type: 'update.accept' })}>
            <Trans id="common:update.reload">Reload</Trans>
          </Button>
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'update.dismiss' })}>
            <Trans id="common:update.later">Later</Trans>
          </Button>
        </ActionRow>
      </Alert>
    </PageNotice>
  );
}
