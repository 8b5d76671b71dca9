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
  /** user_metadata: the user's own, set by sign-up's and PUT /user's `data`. */
  userMetadata: Record<string, unknown>;
  /** app_metadata: the service's, which the user cannot change. */
  appMetadata: Record<string, unknown>;
  /** identity_id of the account's one identity (its email). */
  identityId: string;
}

/** Metadata as both drivers hand back jsonb: parsed (postgres.js may give the text). */
type JsonObject = Record<string, unknown>;

interface AccountRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  raw_user_meta_data: JsonObject | string;
  raw_app_meta_data: JsonObject | string;
  email_identity_id: string;
}

/** The database itself or one of its transactions: both query as the owner. */
type Queryable = Pick<OwnerTransaction, 'query'>;

const COLUMNS = 'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, created_at, updated_at, raw_user_meta_data, raw_app_meta_data, email_identity_id';
// Deliberately loose, as Supabase's is: one @, something on each side, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

// Both drivers hand timestamptz back as a Date; a string is accepted as well, whichever it is.
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const jsonObject = (value: JsonObject | string): JsonObject => (typeof value === 'string' ? JSON.parse(value) as JsonObject : value);

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    encryptedPassword: row.encrypted_password,
    emailConfirmedAt: isoOrNull(row.email_confirmed_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    userMetadata: jsonObject(row.raw_user_meta_data),
    appMetadata: jsonObject(row.raw_app_meta_data),
    identityId: row.email_identity_id,
  };
}

/** Emails are compared and stored trimmed and in lower case, as Supabase Auth does. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const isValidEmail = (email: string) => email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);

/** A confirmed account (the embedded service auto-confirms), or null when the email is taken. */
export async function createAccount(
  tx: OwnerTransaction, email: string, encryptedPassword: string, userMetadata: JsonObject = {},
): Promise<Account | null> {
  const [row] = await tx.query<AccountRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
     values ($1, $2, now(), now(), $3::jsonb)
     on conflict (email) do nothing
     returning ${COLUMNS}`,
    [email, encryptedPassword, JSON.stringify(userMetadata)],
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

/** What PUT /auth/v1/user changes; absent fields stay as they are. */
export interface AccountChanges {
  email?: string;
  encryptedPassword?: string;
  /** Merged into user_metadata as Supabase Auth merges it: a null value removes its key. */
  userMetadata?: JsonObject;
}

const UNIQUE_VIOLATION = '23505';

/** The account after the changes, or null when the new email is another account's. */
export async function updateAccount(tx: OwnerTransaction, id: string, changes: AccountChanges): Promise<Account | null> {
  // The check in the statement sees committed accounts only; an account taking the same email at
  // this moment is caught by the unique index, and is the same answer.
  const rows = await tx.query<AccountRow>(
    `update auth.users set
       email = coalesce($2, email),
       encrypted_password = coalesce($3, encrypted_password),
       raw_user_meta_data = case when $4::jsonb is null then raw_user_meta_data
         else (raw_user_meta_data - array(select key from jsonb_each($4::jsonb) where value = 'null'::jsonb))
           || (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each($4::jsonb) where value <> 'null'::jsonb) end,
       updated_at = now()
     where id = $1
       and not exists (select from auth.users other where other.email = $2 and other.id <> $1)
     returning ${COLUMNS}`,
    [id, changes.email ?? null, changes.encryptedPassword ?? null, changes.userMetadata ? JSON.stringify(changes.userMetadata) : null],
  ).catch((err: unknown) => {
    if ((err as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return [];
    throw err;
  });
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The account's one identity, its email, as Supabase Auth lists identities (`identity_id`, `id` = sub). */
function emailIdentity(account: Account) {
  return {
    identity_id: account.identityId,
    id: account.id,
    user_id: account.id,
    identity_data: { email: account.email, email_verified: account.emailConfirmedAt !== null, phone_verified: false, sub: account.id },
    provider: 'email',
    last_sign_in_at: account.lastSignInAt,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    email: account.email,
  };
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
    app_metadata: account.appMetadata,
    user_metadata: account.userMetadata,
    identities: [emailIdentity(account)],
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    is_anonymous: false,
  };
}
