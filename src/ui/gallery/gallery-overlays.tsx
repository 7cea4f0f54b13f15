import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';

import { AlertDialog } from '../alert-dialog';
import { Breadcrumbs, type BreadcrumbSeparator } from '../breadcrumbs';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { Accordion, Disclosure } from '../disclosure';
import { HeroBanner } from '../hero-banner';
import { Panel } from '../panel';
import { PopoverDialog } from '../popover';
import { TextField } from '../text-field';
import { GallerySection, Specimen } from './gallery-section';
import * as styles from './gallery.css';

export function DialogGallery() {
  const { t } = useLingui();
  const [lastChoice, setLastChoice] = useState<string | null>(null);
  return (
    <GallerySection id="gallery-dialogs" title={t({ id: 'gallery:dialog.title', message: 'Dialogs' })}>
      <div className={styles.row}>
        <DialogTrigger>
          <Button variant="accent">{t({ id: 'gallery:dialog.open', message: 'Change email address' })}</Button>
          <Dialog
            title={t({ id: 'gallery:dialog.heading', message: 'Change your email address' })}
            actions={({ close }) => (
              <>
                <Button variant="secondary" onPress={close}>
                  {t({ id: 'gallery:dialog.cancel', message: 'Cancel' })}
                </Button>
                <Button onPress={close}>{t({ id: 'gallery:dialog.save', message: 'Save address' })}</Button>
              </>
            )}
          >
            <div className={styles.stack}>
              <p className={styles.paragraph}>{t({ id: 'gallery:dialog.text', message: 'We will send a confirmation link to the new address.' })}</p>
              <TextField type="email" label={t({ id: 'gallery:dialog.newEmail', message: 'New email address' })} isRequired />
            </div>
          </Dialog>
        </DialogTrigger>
        <DialogTrigger>
          <Button variant="secondary">{t({ id: 'gallery:alertDialog.open', message: 'Pause subscription' })}</Button>
          <AlertDialog
            title={t({ id: 'gallery:alertDialog.heading', message: 'Pause your subscription?' })}
            confirmLabel={t({ id: 'gallery:alertDialog.confirm', message: 'Pause subscription' })}
            onConfirm={() => setLastChoice(t({ id: 'gallery:alertDialog.paused', message: 'Subscription paused.' }))}
          >
            {t({ id: 'gallery:alertDialog.text', message: 'You will not get a ticket next month. You can resume at any time.' })}
          </AlertDialog>
        </DialogTrigger>
        <DialogTrigger>
          <Button variant="primary">{t({ id: 'gallery:destructiveDialog.open', message: 'End subscription' })}</Button>
          <AlertDialog
            variant="destructive"
            title={t({ id: 'gallery:destructiveDialog.heading', message: 'End your subscription?' })}
            confirmLabel={t({ id: 'gallery:destructiveDialog.confirm', message: 'End subscription' })}
            cancelLabel={t({ id: 'gallery:destructiveDialog.cancel', message: 'Keep subscription' })}
            onConfirm={() => setLastChoice(t({ id: 'gallery:destructiveDialog.ended', message: 'Subscription ended.' }))}
          >
            {t({
              id: 'gallery:destructiveDialog.text',
              message: 'Your ticket stays valid until the end of the month. This cannot be undone.',
            })}
          </AlertDialog>
        </DialogTrigger>
      </div>
      <p role="status" className={styles.note}>
        {lastChoice}
      </p>
    </GallerySection>
  );
}

export function PopoverGallery() {
  const { t } = useLingui();
  return (
    <GallerySection id="gallery-popovers" title={t({ id: 'gallery:popover.title', message: 'Popover and panel' })}>
      <div className={styles.row}>
        <DialogTrigger>
          <Button variant="ghost">{t({ id: 'gallery:popover.open', message: 'What does it cost?' })}</Button>
          <PopoverDialog title={t({ id: 'gallery:popover.heading', message: 'Price' })}>
            <p className={styles.paragraph}>
              {t({ id: 'gallery:popover.text', message: 'The ticket costs the same in every region and is charged monthly.' })}
            </p>
          </PopoverDialog>
        </DialogTrigger>
      </div>
      <Panel title={t({ id: 'gallery:panel.heading', message: 'Your order' })}>
        <p className={styles.paragraph}>{t({ id: 'gallery:panel.text', message: 'Germany ticket, from March 2027.' })}</p>
      </Panel>
    </GallerySection>
  );
}

export function DisclosureGallery() {
  const { t } = useLingui();
  return (
    <GallerySection id="gallery-disclosures" title={t({ id: 'gallery:disclosure.title', message: 'Disclosure and accordion' })}>
      <Specimen title={t({ id: 'gallery:disclosure.single', message: 'Single disclosure' })} layout="stack">
        <Disclosure headingLevel={4} title={t({ id: 'gallery:disclosure.q1', message: 'Where is the ticket valid?' })}>
          <p className={styles.paragraph}>{t({ id: 'gallery:disclosure.a1', message: 'On all local and regional public transport in Germany.' })}</p>
        </Disclosure>
      </Specimen>
      <Specimen title={t({ id: 'gallery:disclosure.accordion', message: 'Accordion (one open at a time)' })} layout="stack">
        <Accordion defaultExpandedKeys={['q2']}>
          <Disclosure id="q2" headingLevel={4} title={t({ id: 'gallery:disclosure.q2', message: 'When is the price charged?' })}>
            <p className={styles.paragraph}>{t({ id: 'gallery:disclosure.a2', message: 'On the first working day of each month.' })}</p>
          </Disclosure>
          <Disclosure id="q3" headingLevel={4} title={t({ id: 'gallery:disclosure.q3', message: 'How do I end the subscription?' })}>
            <p className={styles.paragraph}>
              {t({ id: 'gallery:disclosure.a3', message: 'In your account, by the 10th of a month for the end of that month.' })}
            </p>
          </Disclosure>
          <Disclosure id="q4" headingLevel={4} isDisabled title={t({ id: 'gallery:disclosure.q4', message: 'Disabled question' })}>
            <p className={styles.paragraph}>{t({ id: 'gallery:disclosure.a4', message: 'This answer cannot be opened.' })}</p>
          </Disclosure>
        </Accordion>
      </Specimen>
    </GallerySection>
  );
}

export function NavigationGallery() {
  const { t } = useLingui();
  const trail = [
    { href: '/', label: t({ id: 'gallery:breadcrumbs.home', message: 'Start page' }) },
    { href: '/app', label: t({ id: 'gallery:breadcrumbs.account', message: 'My account' }) },
    { label: t({ id: 'gallery:breadcrumbs.tickets', message: 'Tickets' }) },
  ];
  const separators: { separator: BreadcrumbSeparator; title: string }[] = [
    { separator: '>', title: t({ id: 'gallery:breadcrumbs.default', message: 'Separator > (default)' }) },
    { separator: '<', title: t({ id: 'gallery:breadcrumbs.lt', message: 'Separator <' }) },
    { separator: '/', title: t({ id: 'gallery:breadcrumbs.slash', message: 'Separator /' }) },
  ];
  return (
    <GallerySection id="gallery-breadcrumbs" title={t({ id: 'gallery:breadcrumbs.title', message: 'Breadcrumbs' })}>
      {separators.map(({ separator, title }) => (
        <Specimen key={separator} title={title}>
          <Breadcrumbs
            items={trail}
            separator={separator}
            aria-label={t({ id: 'gallery:breadcrumbs.label', message: `Breadcrumbs, example with ${separator}` })}
          />
        </Specimen>
      ))}
    </GallerySection>
  );
}

export function HeroGallery() {
  const { t } = useLingui();
  return (
    <GallerySection id="gallery-hero" title={t({ id: 'gallery:hero.title', message: 'Hero banner' })}>
      <HeroBanner
        headingLevel={3}
        title={t({ id: 'gallery:hero.heading', message: 'One ticket for all of Germany' })}
        action={<Button variant="primary">{t({ id: 'gallery:hero.action', message: 'Order now' })}</Button>}
      >
        {t({ id: 'gallery:hero.text', message: 'Buses, trams, underground and regional trains, for one monthly price.' })}
      </HeroBanner>
    </GallerySection>
  );
}
