import type { ReactNode } from 'react';

/**
 * The page's one h1 comes from the screen (the route's PageHeading): a flow does not import a
 * route, so the screens hand it in.
 */
export type HeadingComponent = (props: { children: ReactNode }) => ReactNode;
