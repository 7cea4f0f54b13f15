import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Alert } from '#src/ui/alert';
import { PageHeading } from '#src/ui/page-heading';
import * as styles from './legal-page.css';

export interface LegalSection {
  id: string;
  title: ReactNode;
  body: ReactNode;
}

/**
 * A legal page with real structure: title, a note that the text is a sample, a table of contents
 * and numbered sections with anchors.
 */
export function LegalPage({ title, sections, sample = true }: { title: ReactNode; sections: LegalSection[]; sample?: boolean }) {
  return (
    <article className={styles.article}>
      <PageHeading>{title}</PageHeading>
      {sample && (
        <Alert variant="info" title={<Trans id="common:legal.sample.title">Sample text</Trans>}>
          <Trans id="common:legal.sample.description">
            This text shows the structure of the page. The operator replaces it with their legally binding text.
          </Trans>
        </Alert>
      )}
      <nav aria-labelledby="toc-heading" className={styles.toc}>
        <h2 id="toc-heading" className={styles.tocTitle}>
          <Trans id="common:legal.contents">Contents</Trans>
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
