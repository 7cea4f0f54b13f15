import { Trans } from '@lingui/react/macro';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { LegalPage } from '../-shell/legal-page';

export const Route = createFileRoute('/legal/accessibility')({ component: AccessibilityPage });

/** The accessibility statement an online shop owes under the BFSG (German Accessibility Strengthening Act). */
function AccessibilityPage() {
  const { config } = useRouteContext({ from: '__root__' });
  return (
    <LegalPage
      title={<Trans id="legal:accessibility.title">Accessibility statement</Trans>}
      sections={[
        {
          id: 'status',
          title: <Trans id="legal:accessibility.status.title">State of compatibility</Trans>,
          body: (
            <p>
              <Trans id="legal:accessibility.status.text">
                This portal aims to meet WCAG 2.2 at level AA (EN 301 549). Every page is tested automatically with axe and can be used with the keyboard alone.
              </Trans>
            </p>
          ),
        },
        {
          id: 'limits',
          title: <Trans id="legal:accessibility.limits.title">Known limitations</Trans>,
          body: (
            <p>
              <Trans id="legal:accessibility.limits.text">
                The payment page of our payment provider is embedded in the portal; its accessibility is the provider's responsibility.
              </Trans>
            </p>
          ),
        },
        {
          id: 'feedback',
          title: <Trans id="legal:accessibility.feedback.title">Feedback and contact</Trans>,
          body: (
            <p>
              <Trans id="legal:accessibility.feedback.text">Tell us about barriers you meet:</Trans>{' '}
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </p>
          ),
        },
        {
          id: 'enforcement',
          title: <Trans id="legal:accessibility.enforcement.title">Enforcement</Trans>,
          body: (
            <p>
              <Trans id="legal:accessibility.enforcement.text">
                If we do not answer satisfactorily, you can turn to the market surveillance authority of the federal states for the BFSG.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
