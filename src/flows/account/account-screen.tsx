import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { companyQuery, userInfoQuery } from '#src/api/queries/account';
import { companyUserInfoQuery } from '#src/api/queries/payment';
import { resolveProduct } from '#src/domain/product';
import { BackLink, overviewHref } from '#src/flows/back-link';
import { useProductName } from '#src/i18n/product-name';
import { Alert } from '#src/ui/alert';
import { Badge } from '#src/ui/badge';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice as noticeStyle } from '#src/ui/notice.css';
import type { AccountNotice } from '#src/search/search-schemas';
import * as styles from './account.css';
import { ResendConfirmation } from './resend-confirmation';

/**
 * My data (SPEC.md 2.2, 2.3; issue 11): who the customer is (user-info: name, email and whether it
 * is confirmed), for joti and seti the employer or university with the staff or matriculation
 * number (company-user-info), and the ways to change the address, the password, the billing address,
 * the payment method and the direct debit information, to see the payments, and to delete the account. The route puts the heading above.
 */
export function AccountScreen({ notice }: { notice?: AccountNotice }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const productName = useProductName();
  const user = useQuery(userInfoQuery(queries));
  const product = user.data?.product;
  const linked = product === 'joti' || product === 'seti';
  const company = useQuery({ ...companyUserInfoQuery(queries), enabled: linked });
  const companyId = company.data?.company_id;
  const companyName = useQuery({
    ...companyQuery(queries, companyId ?? ''),
    enabled: Boolean(companyId),
  }).data?.name;

  if (user.isPending) {
    return (
      <LoadingStatus>
        <Trans id="account:loading">Loading your data…</Trans>
      </LoadingStatus>
    );
  }
  if (user.isError) {
    return (
      <LoadFailed
        title={t({ id: 'account:error', message: 'Your data could not be loaded' })}
        onRetry={() => void user.refetch()}
        back={<BackLink to={overviewHref} standalone={false} />}
      >
        <Trans id="account:error.description">Please try again in a moment.</Trans>
      </LoadFailed>
    );
  }

  const { given_name: firstName, family_name: lastName, email, email_verified: verified } = user.data;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  const student = product === 'seti';

  return (
    <>
      {notice ? <NoticeAlert notice={notice} /> : null}
      <p>
        <BackLink to={overviewHref} standalone={false} />
      </p>
      <section className={styles.section} aria-labelledby="account-person">
        <h2 id="account-person" className={styles.sectionTitle}>
          <Trans id="account:person.title">Your details</Trans>
        </h2>
        <dl className={styles.details} data-testid="account-details">
          {name ? <Row term={<Trans id="account:person.name">Name</Trans>}>{name}</Row> : null}
          <Row term={<Trans id="account:person.email">Email address</Trans>}>
            <span data-testid="account-email">{email}</span>
            {verified ? (
              <Badge variant="success">{t({ id: 'account:email.verified', message: 'Confirmed' })}</Badge>
            ) : (
              <Badge variant="error">{t({ id: 'account:email.notVerified', message: 'Not confirmed yet' })}</Badge>
            )}
          </Row>
          <Row term={<Trans id="account:person.product">Ticket</Trans>}>{productName(user.data.product)}</Row>
          {linked && company.data ? (
            <>
              <Row term={student ? <Trans id="account:company.university">University</Trans> : <Trans id="account:company.employer">Employer</Trans>}>
                {companyName ? `${companyName} (${company.data.company_id})` : company.data.company_id}
              </Row>
              <Row
                term={
                  student ? (
                    <Trans id="account:company.matriculationNumber">Matriculation number</Trans>
                  ) : (
                    <Trans id="account:company.staffNumber">Staff number</Trans>
                  )
                }
              >
                <span data-testid="account-staff-number">{company.data.staff_number}</span>
                {resolveProduct(product).staffNumberChangeable ? (
                  <Link href="/app/dashboard/account/staff-number">{t({ id: 'accountJoti:changeStaffNumber.link', message: 'Change staff number' })}</Link>
                ) : null}
              </Row>
            </>
          ) : null}
        </dl>
        {!verified ? (
          <p className={styles.wayText}>
            <Trans id="account:email.notVerified.hint">Please confirm your email address with the link in the email we sent you.</Trans>
          </p>
        ) : null}
        {!verified ? <ResendConfirmation userId={user.data.sub} email={email} /> : null}
        {linked && company.isError ? (
          <p className={styles.wayText}>
            {student ? (
              <Trans id="account:company.university.error">Your university's data cannot be shown right now.</Trans>
            ) : (
              <Trans id="account:company.employer.error">Your employer's data cannot be shown right now.</Trans>
            )}
          </p>
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="account-ways">
        <h2 id="account-ways" className={styles.sectionTitle}>
          <Trans id="account:ways.title">Change your data</Trans>
        </h2>
        <ul className={styles.ways}>
          <Way href="/app/dashboard/account/email" label={t({ id: 'account:ways.email', message: 'Change email address' })}>
            <Trans id="account:ways.email.text">We send a code to the new address; your sign-in changes once you confirm it.</Trans>
          </Way>
          <Way href="/app/dashboard/account/password" label={t({ id: 'account:ways.password', message: 'Change password' })}>
            <Trans id="account:ways.password.text">You stay signed in.</Trans>
          </Way>
          <Way href="/app/dashboard/tickets" label={t({ id: 'account:ways.billing', message: 'Billing address and traveler' })}>
            <Trans id="account:ways.billing.text">They belong to each subscription: change them under My tickets.</Trans>
          </Way>
          <Way href="/app/dashboard/tickets" label={t({ id: 'account:ways.paymentMethod', message: 'Payment method' })}>
            <Trans id="account:ways.paymentMethod.text">Each order has its own: see it, and change it where possible, under My tickets.</Trans>
          </Way>
          <Way href="/app/dashboard/account/payment-information" label={t({ id: 'account:ways.sepa', message: 'Direct debit information' })}>
            <Trans id="account:ways.sepa.text">Account holder, IBAN and BIC for the SEPA direct debit.</Trans>
          </Way>
          <Way href="/app/dashboard/payments" label={t({ id: 'account:ways.payments', message: 'My payments' })}>
            <Trans id="account:ways.payments.text">What was debited or charged, and when.</Trans>
          </Way>
          <Way href="/app/dashboard/account/data-export" label={t({ id: 'account:ways.dataExport', message: 'Download my data' })}>
            <Trans id="account:ways.dataExport.text">Everything we keep about you, as a file and as a page to print.</Trans>
          </Way>
          <Way href="/app/dashboard/account/delete" label={t({ id: 'account:ways.delete', message: 'Delete account' })}>
            <Trans id="account:ways.delete.text">First we check whether your account can be deleted; then you confirm with your password.</Trans>
          </Way>
        </ul>
      </section>
    </>
  );
}

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Way({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href}>{label}</Link>
      <p className={styles.wayText}>{children}</p>
    </li>
  );
}

function NoticeAlert({ notice }: { notice: AccountNotice }) {
  const { t } = useLingui();
  const title =
    notice === 'passwordChanged'
      ? t({ id: 'account:notice.passwordChanged', message: 'Your password has been changed' })
      : notice === 'staffNumberChanged'
        ? t({ id: 'accountJoti:notice.staffNumberChanged', message: 'Your staff number has been changed' })
        : t({ id: 'account:notice.emailVerified', message: 'Your email address is confirmed' });
  return <Alert variant="success" headingLevel={2} announce className={noticeStyle} title={title} />;
}
