import type { ReactNode } from 'react';

import { Link } from './link';
import { PageHeading } from './page-heading';

export interface DonePageProps {
  /** The page's h1: what happened. */
  title: ReactNode;
  /** What it means for the customer: paragraphs or an alert, as they are. */
  children: ReactNode;
  /** Where to go next (one standalone link). */
  linkHref: string;
  linkLabel: ReactNode;
}

/** A page after something went through (or could not be found): heading, text and one link onwards. */
export function DonePage({ title, children, linkHref, linkLabel }: DonePageProps) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {children}
      <p>
        <Link href={linkHref} standalone>
          {linkLabel}
        </Link>
      </p>
    </>
  );
}
