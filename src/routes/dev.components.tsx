import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

/**
 * The design-system gallery: every component in every state, where axe runs on them. It exists
 * in development only; in a production build `import.meta.env.DEV` is false, the lazy import is
 * dropped and the path is a 404.
 */
const ComponentGallery = import.meta.env.DEV
  ? lazy(() => import('../ui/gallery/component-gallery').then((module) => ({ default: module.ComponentGallery })))
  : null;

export const Route = createFileRoute('/dev/components')({
  beforeLoad: () => {
    if (!ComponentGallery) throw notFound();
  },
  component: GalleryRoute,
});

function GalleryRoute() {
  if (!ComponentGallery) return null;
  return (
    <Suspense fallback={null}>
      <ComponentGallery />
    </Suspense>
  );
}
