import { type Database, run } from '../db/database';
import { hashPassword } from '../security';

/** The password of every demo account (README.md). */
export const demoPassword = 'Demo-Portal-2026!';

let demoHash: Promise<string> | undefined;
/**
 * The demo password's hash, made once per process: scrypt takes tens of milliseconds, and the tests
 * seed a sandbox and make test customers by the hundred.
 */
export function demoPasswordHash(): Promise<string> {
  return (demoHash ??= hashPassword(demoPassword));
}

export interface SeededUsers {
  deuti: string;
  joti: string;
  seti: string;
  undeletable: string;
}

interface DemoUser {
  id: string;
  email: string;
  product: 'deuti' | 'joti' | 'seti';
  firstName: string;
  lastName: string;
  companyId: string | null;
  staffNumber: string | null;
  canDelete: boolean;
  canChangeEmail?: boolean;
}

export const demoUsers: DemoUser[] = [
  {
    id: 'user-deuti',
    email: 'deuti@example.com',
    product: 'deuti',
    firstName: 'Erika',
    lastName: 'Mustermann',
    companyId: 'DEU4900',
    staffNumber: null,
    canDelete: true,
  },
  {
    id: 'user-joti',
    email: 'joti@example.com',
    product: 'joti',
    firstName: 'Jonas',
    lastName: 'Becker',
    companyId: 'TDX9960',
    staffNumber: 'P-100234',
    canDelete: true,
  },
  {
    id: 'user-seti',
    email: 'seti@example.com',
    product: 'seti',
    firstName: 'Sophie',
    lastName: 'Wagner',
    companyId: 'UNI0001',
    staffNumber: '4711001',
    canDelete: true,
  },
  // An account whose deletion is not allowed (an open payment keeps it).
  {
    id: 'user-undeletable',
    email: 'undeletable@example.com',
    product: 'deuti',
    firstName: 'Udo',
    lastName: 'Unlöschbar',
    companyId: 'DEU4900',
    staffNumber: null,
    canDelete: false,
  },
  // An account that may not change its email address (its address is managed by the employer).
  {
    id: 'user-fixed-email',
    email: 'fixed-email@example.com',
    product: 'joti',
    firstName: 'Frieda',
    lastName: 'Festmail',
    companyId: 'TDX9960',
    staffNumber: 'P-100777',
    canDelete: true,
    canChangeEmail: false,
  },
];

export async function seedUsers(db: Database): Promise<SeededUsers> {
  const passwordHash = await demoPasswordHash();
  const now = new Date().toISOString();
  for (const user of demoUsers) {
    await run(
      db,
      `INSERT INTO users (id, email, password_hash, email_verified, product, company_id, staff_number, first_name, last_name,
         has_agreed_to_privacy_policy, can_delete, can_change_email, created_at)
       VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      [
        user.id,
        user.email,
        passwordHash,
        user.product,
        user.companyId,
        user.staffNumber,
        user.firstName,
        user.lastName,
        user.canDelete ? 1 : 0,
        user.canChangeEmail === false ? 0 : 1,
        now,
      ],
    );
  }
  return { deuti: 'user-deuti', joti: 'user-joti', seti: 'user-seti', undeletable: 'user-undeletable' };
}
