import { Trans } from '@lingui/react/macro';

/**
 * Shown instead of the portal when /config.json is missing or invalid: a clear page for the
 * operator, never a blank screen. It renders without the router and without the API.
 */
export function ConfigErrorPage({ problems }: { problems: string[] }) {
  return (
    <main style={{ maxWidth: '48rem', margin: '2rem auto', padding: '0 1rem' }}>
      <h1>
        <Trans id="error:config.title">The portal is not configured correctly</Trans>
      </h1>
      <p>
        <Trans id="error:config.description">
          The configuration file config.json could not be read. Please try again later. If you run this portal, correct these entries:
        </Trans>
      </p>
      <ul data-testid="config-problems">
        {problems.map((problem) => (
          <li key={problem}>
            <code>{problem}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
