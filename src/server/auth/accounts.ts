// User accounts of the embedded auth service (auth.users), read and written as the owner role,
// and the user object Supabase Auth answers with (PROTOCOL.md section 6).
import type { OwnerTransaction } from '../db/database.js';

export interface Account {
  id: string;
  email: string;
  encryptedPassword: string;
  emailConfirmedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface AccountRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The database itself or one of its transactions: both query as the owner. */
type Queryable = Pick<OwnerTransaction, 'query'>;

const COLUMNS = 'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, created_at, updated_at';
// Deliberately loose, as Supabase's is: one @, something on each side, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

// Both drivers hand timestamptz back as a Date; a string is accepted as well, whichever it is.
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    encryptedPassword: row.encrypted_password,
    emailConfirmedAt: isoOrNull(row.email_confirmed_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Emails are compared and stored trimmed and in lower case, as Supabase Auth does. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const isValidEmail = (email: string) => email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);

/** A confirmed account (the embedded service auto-confirms), or null when the email is taken. */
export async function createAccount(tx: OwnerTransaction, email: string, encryptedPassword: string): Promise<Account | null> {
  const [row] = await tx.query<AccountRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at)
     values ($1, $2, now(), now())
     on conflict (email) do nothing
     returning ${COLUMNS}`,
    [email, encryptedPassword],
  );
  return row ? toAccount(row) : null;
}

export async function findAccountByEmail(db: Queryable, email: string): Promise<Account | null> {
  const [row] = await db.query<AccountRow>(`select ${COLUMNS} from auth.users where email = $1`, [email]);
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: Queryable, id: string): Promise<Account | null> {
  const [row] = await db.query<AccountRow>(`select ${COLUMNS} from auth.users where id = $1`, [id]);
  return row ? toAccount(row) : null;
}

export async function recordSignIn(tx: OwnerTransaction, id: string): Promise<Account> {
  const [row] = await tx.query<AccountRow>(
    `update auth.users set last_sign_in_at = now() where id = $1 returning ${COLUMNS}`,
    [id],
  );
  return toAccount(row!);
}

/** The user object of Supabase Auth, with the fields an email-and-password account has. */
export function userJson(account: Account) {
  return {
    id: account.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: account.email,
    email_confirmed_at: account.emailConfirmedAt,
    phone: '',
    confirmed_at: account.emailConfirmedAt,
    last_sign_in_at: account.lastSignInAt,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    is_anonymous: false,
  };
}
