import { type Database, run } from '../db/database';

/**
 * The seeded catalog (README.md lists it): the standard ticket at 63.00 EUR a month, employer
 * (joti) companies with full, partial and no subsidy, the university (seti) and its students, the
 * insurers of the zip-code lookup and the blacklisted IBAN.
 */

/** SPEC.md: the monthly price of the standard ticket in euro. */
export const standardPrice = 63;

export interface SeedCompany {
  id: string;
  name: string;
  product: 'deuti' | 'joti' | 'seti';
  customerPrice: number;
  employerPrice: number;
  /** The employer or university collects the customer's share: no payment step (customerPrice 0). */
  collectedByCompany?: boolean;
  staff?: { minLength: number; maxLength: number; pattern: string; hintDe: string; hintEn: string };
  universityId?: string;
}

/** SPEC.md 4.2: the 15 ids with the special partly-subsidized text, TDX9960 to TDX9975 without TDX9966. */
export const specialPartlySubsidizedIds = Array.from({ length: 16 }, (_, i) => `TDX${9960 + i}`).filter((id) => id !== 'TDX9966');

const specialNames = [
  'Rheinwerk Energie AG',
  'Nordlicht Logistik GmbH',
  'Alpenblick Klinikum',
  'Hansekontor Versicherungen',
  'Spreewald Software GmbH',
  'Mainufer Bank AG',
  'Elbtal Maschinenbau',
  'Bodensee Medien GmbH',
  'Weserbergland Pharma',
  'Isartal Consulting',
  'Neckar Verkehrsbau',
  'Harzer Stadtwerke',
  'Ostsee Tourismus GmbH',
  'Moselland Kellerei',
  'Schwarzwald Uhrenwerk',
];

const pRule = {
  minLength: 8,
  maxLength: 8,
  pattern: 'P-[0-9]{6}',
  hintDe: 'Die Personalnummer hat die Form P-123456.',
  hintEn: 'The staff number has the form P-123456.',
};

export const seedCompanies: SeedCompany[] = [
  // The standard ticket: the default company of deuti, no subsidy.
  { id: 'DEU4900', name: 'Deutschlandticket', product: 'deuti', customerPrice: standardPrice, employerPrice: 0 },
  // joti: fully subsidized (customer price 0, no payment step).
  {
    id: 'TDX9950',
    name: 'Stadtwerke Musterstadt',
    product: 'joti',
    customerPrice: 0,
    employerPrice: standardPrice,
    staff: {
      minLength: 5,
      maxLength: 8,
      pattern: '[0-9]{5,8}',
      hintDe: 'Die Personalnummer hat 5 bis 8 Ziffern.',
      hintEn: 'The staff number has 5 to 8 digits.',
    },
  },
  // joti: no subsidy (the employer only arranges the job ticket).
  {
    id: 'TDX9951',
    name: 'Muster Logistik GmbH',
    product: 'joti',
    customerPrice: standardPrice,
    employerPrice: 0,
    staff: {
      minLength: 6,
      maxLength: 10,
      pattern: 'ML[0-9]{4,8}',
      hintDe: 'Die Personalnummer beginnt mit ML, dann 4 bis 8 Ziffern (z. B. ML2024).',
      hintEn: 'The staff number starts with ML, then 4 to 8 digits (e.g. ML2024).',
    },
  },
  // joti: partly subsidized, but not one of the 15 special ids (the ordinary partial text).
  {
    id: 'TDX9966',
    name: 'Beispiel Versicherung AG',
    product: 'joti',
    customerPrice: 47.25,
    employerPrice: 15.75,
    staff: {
      minLength: 4,
      maxLength: 12,
      pattern: '[A-Z0-9]{4,12}',
      hintDe: 'Die Personalnummer hat 4 bis 12 Großbuchstaben oder Ziffern.',
      hintEn: 'The staff number has 4 to 12 capital letters or digits.',
    },
  },
  // joti: the 15 special partly subsidized companies (SPEC.md 4.2).
  ...specialPartlySubsidizedIds.map((id, i): SeedCompany => ({
    id,
    name: specialNames[i] ?? id,
    product: 'joti',
    customerPrice: 38,
    employerPrice: 25,
    staff: pRule,
  })),
  // seti: the university; the share is paid with the semester fee (no payment step).
  {
    id: 'UNI0001',
    name: 'Universität Musterstadt',
    product: 'seti',
    customerPrice: 37.8,
    employerPrice: 25.2,
    collectedByCompany: true,
    universityId: 'UNI0001',
    staff: { minLength: 7, maxLength: 7, pattern: '[0-9]{7}', hintDe: 'Die Matrikelnummer hat 7 Ziffern.', hintEn: 'The matriculation number has 7 digits.' },
  },
];

/** Students of the university; 4711001 is taken by seti@example.com (user-seti). */
export const seedStudents = [
  { universityId: 'UNI0001', matriculationNumber: '4711001', firstName: 'Sophie', lastName: 'Wagner', takenByUserId: 'user-seti' },
  { universityId: 'UNI0001', matriculationNumber: '4711002', firstName: 'Max', lastName: 'Schneider', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711003', firstName: 'Lena', lastName: 'Fischer', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711004', firstName: 'Paul', lastName: 'Weber', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711005', firstName: 'Emma', lastName: 'Schulz', takenByUserId: null },
  // Free students for the generated browser tests (e2e/order-wizard-model/): each seti path that orders needs its own.
  { universityId: 'UNI0001', matriculationNumber: '4711006', firstName: 'Jonas', lastName: 'Becker', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711007', firstName: 'Mia', lastName: 'Hoffmann', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711008', firstName: 'Felix', lastName: 'Koch', takenByUserId: null },
  { universityId: 'UNI0001', matriculationNumber: '4711009', firstName: 'Hannah', lastName: 'Richter', takenByUserId: null },
];

/** Transport associations by zip-code prefix, for the insurer lookup of the payment area. */
export const seedInsurers = [
  { country: 'DE', zipPrefix: '10', name: 'Berliner Verkehrsbetriebe (BVG)', addressAndWeb: 'Holzmarktstraße 15-17, 10179 Berlin, www.bvg.de' },
  { country: 'DE', zipPrefix: '20', name: 'Hamburger Verkehrsverbund (HVV)', addressAndWeb: 'Steinstraße 7, 20095 Hamburg, www.hvv.de' },
  { country: 'DE', zipPrefix: '22', name: 'Hamburger Verkehrsverbund (HVV)', addressAndWeb: 'Steinstraße 7, 20095 Hamburg, www.hvv.de' },
  { country: 'DE', zipPrefix: '50', name: 'Kölner Verkehrs-Betriebe (KVB)', addressAndWeb: 'Scheidtweilerstraße 38, 50933 Köln, www.kvb.koeln' },
  { country: 'DE', zipPrefix: '51', name: 'Kölner Verkehrs-Betriebe (KVB)', addressAndWeb: 'Scheidtweilerstraße 38, 50933 Köln, www.kvb.koeln' },
  { country: 'DE', zipPrefix: '60', name: 'Rhein-Main-Verkehrsverbund (RMV)', addressAndWeb: 'Alte Bleiche 5, 65719 Hofheim am Taunus, www.rmv.de' },
  { country: 'DE', zipPrefix: '70', name: 'Verkehrs- und Tarifverbund Stuttgart (VVS)', addressAndWeb: 'Rotebühlstraße 121, 70178 Stuttgart, www.vvs.de' },
  { country: 'DE', zipPrefix: '80', name: 'Münchner Verkehrs- und Tarifverbund (MVV)', addressAndWeb: 'Thierschstraße 2, 80538 München, www.mvv-muenchen.de' },
];

/** The IBAN the payment checks answer with Blacklist (a well-known test IBAN). */
export const blacklistedIbans = ['DE89370400440532013000'];

export async function seedCatalog(db: Database): Promise<void> {
  for (const company of seedCompanies) {
    await run(
      db,
      `INSERT INTO companies (id, name, product, customer_price, employer_price, total_price, staff_min_length, staff_max_length, staff_pattern,
         staff_hint_de, staff_hint_en, university_id, collected_by_company)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        company.id,
        company.name,
        company.product,
        company.customerPrice,
        company.employerPrice,
        Math.round((company.customerPrice + company.employerPrice) * 100) / 100,
        company.staff?.minLength ?? null,
        company.staff?.maxLength ?? null,
        company.staff?.pattern ?? null,
        company.staff?.hintDe ?? null,
        company.staff?.hintEn ?? null,
        company.universityId ?? null,
        company.collectedByCompany ? 1 : 0,
      ],
    );
  }
  for (const student of seedStudents) {
    // The taking user is seeded after the catalog; students.taken_by_user_id has no foreign key.
    await run(db, 'INSERT INTO students (university_id, matriculation_number, first_name, last_name, taken_by_user_id) VALUES (?, ?, ?, ?, ?)', [
      student.universityId,
      student.matriculationNumber,
      student.firstName,
      student.lastName,
      student.takenByUserId,
    ]);
  }
  for (const insurer of seedInsurers) {
    await run(db, 'INSERT INTO insurers (zip_prefix, country, company_name, address_and_web) VALUES (?, ?, ?, ?)', [
      insurer.zipPrefix,
      insurer.country,
      insurer.name,
      insurer.addressAndWeb,
    ]);
  }
  for (const iban of blacklistedIbans) await run(db, 'INSERT INTO blacklisted_ibans (iban) VALUES (?)', [iban]);
}
