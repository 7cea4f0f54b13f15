import { all, type Database, run } from './db/database';

export interface Mail {
  id: number;
  to: string;
  kind: 'verify-email' | 'reset-password' | 'change-email' | 'order-confirmation' | 'other';
  subject: string;
  body: string;
  link: string | null;
  createdAt: string;
}

/** The emails the sandbox "sends": kept in the database, readable at /__sandbox/outbox. */
export class Outbox {
  constructor(private readonly db: Database) {}

  async send(mail: Omit<Mail, 'id' | 'createdAt'>): Promise<void> {
    await run(this.db, 'INSERT INTO outbox (to_address, kind, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      mail.to,
      mail.kind,
      mail.subject,
      mail.body,
      mail.link,
      new Date().toISOString(),
    ]);
  }

  /** Newest first; optionally only one recipient's. */
  async list(to?: string): Promise<Mail[]> {
    const rows = await all<{ id: number; to_address: string; kind: Mail['kind']; subject: string; body: string; link: string | null; created_at: string }>(
      this.db,
      to ? 'SELECT * FROM outbox WHERE to_address = ? COLLATE NOCASE ORDER BY id DESC' : 'SELECT * FROM outbox ORDER BY id DESC',
      to ? [to] : [],
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      kind: row.kind,
      subject: row.subject,
      body: row.body,
      link: row.link,
      createdAt: row.created_at,
    }));
  }
}
