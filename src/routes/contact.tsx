import { Trans } from '@lingui/react/macro';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { Link } from '#src/ui/link';
import { LegalPage } from './-shell/legal-page';
import { OperatorAddress, PhoneLink } from './-shell/operator';

export const Route = createFileRoute('/contact')({ component: ContactPage });

/**
 * How to reach customer service (linked from every page's footer, beside the imprint): email, phone
 * and post from config.json, and what helps us answer; the things a customer can do alone are
 * linked, ending a contract without signing in among them (§ 312k BGB).
 */
function ContactPage() {
  const { config } = useRouteContext({ from: '__root__' });
  const { operator } = config;
  return (
    <LegalPage
      sample={false}
      title={<Trans id="contact:title">Contact</Trans>}
      sections={[
        {
          id: 'email',
          title: <Trans id="contact:email.title">By email</Trans>,
          body: (
            <p>
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
              <br />
              <Trans id="contact:email.text">We answer within two working days.</Trans>
            </p>
          ),
        },
        {
          id: 'phone',
          title: <Trans id="contact:phone.title">By phone</Trans>,
          body: (
            <p>
              <PhoneLink phone={operator.phone} />
              <br />
              <Trans id="contact:phone.text">Monday to Friday, 8 am to 6 pm, at the usual rate of the German landline network.</Trans>
            </p>
          ),
        },
        {
          id: 'post',
          title: <Trans id="contact:post.title">By post</Trans>,
          body: <OperatorAddress operator={operator} />,
        },
        {
          id: 'before',
          title: <Trans id="contact:before.title">So that we can help at once</Trans>,
          body: (
            <>
              <p>
                <Trans id="contact:before.text">
                  Please give your order or subscription number (for example A-100001) and the email address of your customer account. Never send your password
                  or your full bank details.
                </Trans>
              </p>
              <p>
                <Trans id="contact:before.self">Much can be done at once in the portal:</Trans>
              </p>
              <ul>
                <li>
                  <Link href="/app/dashboard/tickets">
                    <Trans id="contact:before.tickets">My tickets: download a ticket, change the traveler or the billing address</Trans>
                  </Link>
                </li>
                <li>
                  <Link href="/app/dashboard/account">
                    <Trans id="contact:before.account">My data: email address, password, bank details</Trans>
                  </Link>
                </li>
                <li>
                  <Link href="/cancel-contract">
                    <Trans id="contact:before.cancel">End a contract without signing in</Trans>
                  </Link>
                </li>
              </ul>
            </>
          ),
        },
      ]}
    />
  );
}
