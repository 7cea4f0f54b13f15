import { Trans, useLingui } from '@lingui/react/macro';

import { Alert } from '../alert';
import { Badge } from '../badge';
import { Button, type ButtonSize, type ButtonVariant, buttonSizes, buttonVariants } from '../button';
import { Link } from '../link';
import { VisuallyHidden } from '../visually-hidden';
import { GallerySection, Specimen } from './gallery-section';
import * as styles from './gallery.css';

export function ButtonGallery() {
  const { t } = useLingui();
  const variantNames: Record<ButtonVariant, string> = {
    primary: t({ id: 'gallery:button.primary', message: 'Primary' }),
    accent: t({ id: 'gallery:button.accent', message: 'Accent' }),
    secondary: t({ id: 'gallery:button.secondary', message: 'Secondary' }),
    ghost: t({ id: 'gallery:button.ghost', message: 'Ghost' }),
    text: t({ id: 'gallery:button.text', message: 'Text' }),
    textGrey: t({ id: 'gallery:button.textGrey', message: 'Text grey' }),
  };
  const sizeTitles: Record<ButtonSize, string> = {
    sm: t({ id: 'gallery:button.sizeSm', message: 'Size sm (32 px high)' }),
    md: t({ id: 'gallery:button.sizeMd', message: 'Size md (44 px high)' }),
  };
  return (
    <GallerySection id="gallery-buttons" title={t({ id: 'gallery:button.title', message: 'Buttons' })}>
      {buttonSizes.map((size) => (
        <Specimen key={size} title={sizeTitles[size]}>
          {buttonVariants.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {variantNames[variant]}
            </Button>
          ))}
        </Specimen>
      ))}
      <Specimen title={t({ id: 'gallery:button.disabled', message: 'Disabled' })}>
        {buttonVariants.map((variant) => (
          <Button key={variant} variant={variant} isDisabled>
            {variantNames[variant]}
          </Button>
        ))}
      </Specimen>
      <Specimen title={t({ id: 'gallery:button.loading', message: 'Loading (presses are ignored)' })}>
        <Button variant="primary" isLoading>
          {t({ id: 'gallery:button.pay', message: 'Pay now' })}
        </Button>
        <Button variant="secondary" size="sm" isLoading>
          {t({ id: 'gallery:button.save', message: 'Save' })}
        </Button>
      </Specimen>
    </GallerySection>
  );
}

export function LinkGallery() {
  const { t } = useLingui();
  return (
    <GallerySection id="gallery-links" title={t({ id: 'gallery:link.title', message: 'Links' })}>
      <Specimen title={t({ id: 'gallery:link.inText', message: 'In running text' })}>
        <p className={styles.paragraph}>
          <Trans id="gallery:link.sentence">
            Read the <Link href="/">start page</Link> or the <Link href="https://www.bahn.de/">timetable of Deutsche Bahn</Link>.
          </Trans>
        </p>
      </Specimen>
      <Specimen title={t({ id: 'gallery:link.standalone', message: 'Standalone' })}>
        <Link href="/" standalone>
          {t({ id: 'gallery:link.home', message: 'Back to the start page' })}
        </Link>
        <Link href="/agb.pdf" external standalone>
          {t({ id: 'gallery:link.externalProp', message: 'Terms and conditions (PDF)' })}
        </Link>
      </Specimen>
      <Specimen title={t({ id: 'gallery:visuallyHidden.title', message: 'Visually hidden text' })}>
        <p className={styles.note}>
          {t({
            id: 'gallery:visuallyHidden.note',
            message: 'The next sentence is only for screen readers; external links above use the same helper.',
          })}
          <VisuallyHidden>{t({ id: 'gallery:visuallyHidden.hidden', message: 'This text is visually hidden.' })}</VisuallyHidden>
        </p>
      </Specimen>
    </GallerySection>
  );
}

export function StatusGallery() {
  const { t } = useLingui();
  return (
    <>
      <GallerySection id="gallery-alerts" title={t({ id: 'gallery:alert.title', message: 'Alerts' })}>
        <div className={styles.stack}>
          <Alert variant="info" title={t({ id: 'gallery:alert.infoTitle', message: 'Your ticket renews every month' })}>
            {t({ id: 'gallery:alert.infoText', message: 'You can end the subscription by the 10th of a month.' })}
          </Alert>
          <Alert variant="success" announce title={t({ id: 'gallery:alert.successTitle', message: 'Your address has been saved' })}>
            {t({ id: 'gallery:alert.successText', message: 'This alert is a status region: it is announced politely.' })}
          </Alert>
          <Alert variant="warning" title={t({ id: 'gallery:alert.warningTitle', message: 'Your ticket starts this month' })}>
            {t({ id: 'gallery:alert.warningText', message: 'After the 10th, the first month is charged in full.' })}
          </Alert>
          <Alert variant="destructive" title={t({ id: 'gallery:alert.destructiveTitle', message: 'The payment failed' })}>
            {t({ id: 'gallery:alert.destructiveText', message: 'Please check your bank details and try again.' })}
          </Alert>
        </div>
      </GallerySection>
      <GallerySection id="gallery-badges" title={t({ id: 'gallery:badge.title', message: 'Badges' })}>
        <div className={styles.row}>
          <Badge variant="success">{t({ id: 'gallery:badge.success', message: 'Active' })}</Badge>
          <Badge variant="error">{t({ id: 'gallery:badge.error', message: 'Payment failed' })}</Badge>
        </div>
      </GallerySection>
    </>
  );
}
