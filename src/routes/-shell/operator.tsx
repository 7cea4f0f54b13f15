import type { RuntimeConfig } from '#src/config/runtime-config';

/** The operator's postal address (config.json `operator`), as the imprint and the contact page show it. */
export function OperatorAddress({ operator }: { operator: RuntimeConfig['operator'] }) {
  return (
    <address>
      {operator.name}
      <br />
      {operator.street}
      <br />
      {operator.postalCode} {operator.city}
    </address>
  );
}

/** The operator's phone number as a link a phone can call (digits and a leading + only in the `tel:` address). */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>;
}
