import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { PageHeading } from './-shell/page-heading';

export const Route = createFileRoute('/')({
  component: StartPage,
});

function StartPage() {
  return (
    <>
      <PageHeading>
        <Trans id="common:start.title">Your ticket for all of Germany</Trans>
      </PageHeading>
      <p>
        <Trans id="common:start.lead">
          One subscription for buses, trams, underground and regional trains, every month.
        </Trans>
      </p>
    </>
  );
}
