import { useLingui } from '@lingui/react/macro';

import { AriaLocaleProvider } from '../aria-locale-provider';
import { ButtonGallery, LinkGallery, StatusGallery } from './gallery-actions';
import { ChoiceGallery, FormGallery, NumberAndDateGallery, TextFieldGallery } from './gallery-fields';
import { DialogGallery, DisclosureGallery, HeroGallery, NavigationGallery, PopoverGallery } from './gallery-overlays';
import { useGalleryCatalog } from './gallery-catalog';
import * as styles from './gallery.css';

/**
 * The design-system gallery (dev server only, `/dev/components`): every component in its states,
 * in the active language, for review and for the axe run of `e2e/gallery.spec.ts`.
 * Hover and keyboard focus cannot be shown statically; tab through the page to see focus rings.
 */
export function ComponentGallery() {
  const ready = useGalleryCatalog();
  return ready ? <GalleryContent /> : null;
}

function GalleryContent() {
  const { t } = useLingui();
  return (
    <AriaLocaleProvider>
      <div className={styles.page}>
        <div className={styles.stack}>
          <h1 tabIndex={-1} data-page-heading="">
            {t({ id: 'gallery:title', message: 'Component gallery' })}
          </h1>
          <p className={styles.intro}>
            {t({
              id: 'gallery:intro',
              message:
                'Every component of the design system in its states: default, required, invalid, disabled and loading. Use the Tab key to see the focus rings.',
            })}
          </p>
        </div>
        <ButtonGallery />
        <LinkGallery />
        <TextFieldGallery />
        <NumberAndDateGallery />
        <ChoiceGallery />
        <FormGallery />
        <DialogGallery />
        <PopoverGallery />
        <DisclosureGallery />
        <NavigationGallery />
        <StatusGallery />
        <HeroGallery />
      </div>
    </AriaLocaleProvider>
  );
}
