// @vitest-environment node
import {
  composeDataExport,
  dataExportFileName,
  dataExportFormat,
  maskCardNumber,
  maskIban,
  maskIbans,
  readableSections,
} from '#src/flows/data-export/data-export-document';
import { dataExportParts } from '#machines/data-export/data-export.machine';
import { collected, fullIban } from '../machines/data-export.model';

const createdAt = new Date(2026, 10, 28, 21, 5);

describe('the data export document (decision 31)', () => {
  it('masks an IBAN to its country code and last four, as printed in groups of four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE** **** **** **** **30 00');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE** **** **** **** **30 00');
    // The API's display masks (the payment instrument's) lose their check digits too; masking twice changes nothing.
    expect(maskIban('DE89 **** **** **** 3000')).toBe('DE** **** **** **** 3000');
    expect(maskIban(maskIban(fullIban))).toBe(maskIban(fullIban));
    expect(maskIban('AT12')).toBe('****');
    expect(maskCardNumber('4111 1111 1111 1111')).toBe('**** **** **** 1111');
  });

  it('masks every IBAN at any depth, whatever the part', () => {
    const masked = maskIbans({ directDebit: { iban: fullIban }, device: [{ value: { sepa: { IBAN: fullIban } } }], note: 'kept' });
    expect(masked).toEqual({
      directDebit: { iban: 'DE** **** **** **** **30 00' },
      device: [{ value: { sepa: { IBAN: 'DE** **** **** **** **30 00' } } }],
      note: 'kept',
    });
  });

  it('is a versioned document with every part, in which no IBAN appears in full', () => {
    const document = composeDataExport(collected, createdAt);
    expect(document).toMatchObject({ format: dataExportFormat, version: 1, createdAt: createdAt.toISOString() });
    expect(Object.keys(document)).toEqual(['format', 'version', 'createdAt', ...dataExportParts]);
    expect(document.account.userInfo.email).toBe('kim@example.com');
    expect(document.orders[0]?.order_number).toBe('A-200001');
    expect(document.directDebit).toEqual({ account_name: 'Kim Muster', iban: 'DE** **** **** **** **30 00', bic: 'COBADEFFXXX', has_agreed_to_sepa: true });
    expect(document.paymentInstruments[0]?.instrument?.iban).toBe('DE** **** **** **** **30 00');
    const file = JSON.stringify(document);
    expect(file).not.toContain(fullIban);
    expect(file).not.toContain('370400440532013000');
    // The sign-in's secret is named, never exported.
    expect(document.device.storage).toContainEqual({ storage: 'sessionStorage', key: 'portal.oauth.transaction', withheld: true });
  });

  it('masks a card number to its last four', () => {
    const card = {
      ...collected,
      paymentInstruments: [
        { orderNumber: 'A-1', instrument: { paymentInstrumentType: 'CREDITCARD' as const, instrumentStatus: 'Ok' as const, number: '4111111111111111' } },
      ],
    };
    expect(composeDataExport(card, createdAt).paymentInstruments[0]?.instrument?.number).toBe('**** **** **** 1111');
  });

  it('is named by the language and the local date', () => {
    expect(dataExportFileName(createdAt, 'de-DE')).toBe('meine-daten-2026-11-28.json');
    expect(dataExportFileName(createdAt, 'en-US')).toBe('my-data-2026-11-28.json');
  });

  it('reads as one section per part, one table per order or payment, nested fields by their dotted names', () => {
    const sections = readableSections(composeDataExport(collected, createdAt));
    expect(sections.map((section) => section.part)).toEqual([...dataExportParts]);
    const part = (name: string) => sections.find((section) => section.part === name)!.records;
    expect(part('company')).toEqual([]);
    expect(part('orders')).toEqual([expect.objectContaining({ title: 'A-200001' })]);
    expect(part('orders')[0]?.rows).toContainEqual(['order_items.1.buy_on', '2026-06-01']);
    expect(part('account')[0]?.rows).toContainEqual(['paymentAccount.contact', '–']);
    expect(part('directDebit')[0]?.rows).toContainEqual(['iban', 'DE** **** **** **** **30 00']);
    expect(part('device')[0]?.rows).toContainEqual(['storage.1.key', 'portal.locale']);
    expect(JSON.stringify(sections)).not.toContain(fullIban);
  });
});
