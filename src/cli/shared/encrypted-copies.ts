// Encrypted copies (`export --encrypt`, `server backup --encrypt`) in the age format
// (age-encryption.org/v1) through typage, the npm package age-encryption, loaded only when a copy is
// encrypted or decrypted: to a passphrase (asked twice on a terminal, or the first line of
// --passphrase-file) or to age recipients' public keys. Reading one back takes the passphrase the
// same way, or --identity, a file of age secret keys, whichever the copy's header says it is
// encrypted to. A wrong key, or the other kind's flag, is refused before anything is written or sent.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readInput } from './read-input.js';

export interface EncryptOptions {
  encrypt?: boolean;
  passphraseFile?: string;
  recipient?: string[];
}

export interface DecryptOptions {
  passphraseFile?: string;
  identity?: string;
}

const BINARY_HEADER = 'age-encryption.org/v1\n';
const ARMOR_HEADER = '-----BEGIN AGE ENCRYPTED FILE-----';

const passphraseFileOption = () => new Option('--passphrase-file <file>', 'the passphrase: the first line of this file (mode 0600, please)');

export function addEncryptOptions(command: Command): Command {
  return command
    .option('--encrypt', 'encrypt the copy with age: to a passphrase (asked, or --passphrase-file) or to --recipient keys')
    .addOption(passphraseFileOption())
    .addOption(new Option('--recipient <age1...>', 'encrypt to this age public key instead of a passphrase (repeatable)')
      .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]));
}

export function addDecryptOptions(command: Command): Command {
  return command
    .addOption(passphraseFileOption())
    .option('--identity <file>', 'for a copy encrypted to a recipient: the file of its age secret key (AGE-SECRET-KEY-1...)');
}

/** Whether `data` is an age file, binary or armored. */
export function isAgeEncrypted(data: Uint8Array | string): boolean {
  const start = typeof data === 'string' ? data.slice(0, 64) : Buffer.from(data.subarray(0, 64)).toString('latin1');
  return start.startsWith(BINARY_HEADER) || start.trimStart().startsWith(ARMOR_HEADER);
}

/** Refuses --passphrase-file and --recipient without --encrypt, and both together. */
export function checkEncryptOptions(options: EncryptOptions): void {
  if (!options.encrypt && (options.passphraseFile !== undefined || options.recipient !== undefined)) {
    throw new UsageError(`${options.recipient ? '--recipient' : '--passphrase-file'} needs --encrypt.`, 'Add --encrypt, or leave it out for a copy in the clear.');
  }
  if (options.passphraseFile !== undefined && options.recipient !== undefined) {
    throw new UsageError('--passphrase-file and --recipient: choose one.', 'A copy is encrypted to a passphrase or to recipients\' keys, not both.');
  }
}

async function firstLineOf(file: string, flag: string): Promise<string> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
  }
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  if (line === '') throw new UsageError(`${flag}: the first line of ${file} is empty.`);
  return line;
}

async function passphraseFor(ctx: Context, options: { passphraseFile?: string | undefined }, twice: boolean): Promise<string> {
  if (options.passphraseFile !== undefined) return firstLineOf(options.passphraseFile, '--passphrase-file');
  const ask = { flag: '--passphrase-file' };
  const passphrase = await ctx.prompt.password('Passphrase', ask);
  if (twice && (await ctx.prompt.password('The same passphrase again', ask)) !== passphrase) {
    throw new UsageError('The two passphrases differ; nothing was written.');
  }
  return passphrase;
}

/** Seals a copy: armored (ASCII) for a text copy, binary otherwise. */
export type Sealer = (data: Uint8Array | string, armored: boolean) => Promise<Uint8Array | string>;

/**
 * The sealer `options` ask for, its keys checked and its passphrase asked (or read) now: a command
 * calls this before it reads or snapshots anything, so a wrong key or passphrase file is refused
 * with nothing read, recorded or written.
 */
export async function sealerFor(ctx: Context, options: EncryptOptions): Promise<Sealer> {
  const age = await import('age-encryption');
  const encrypter = new age.Encrypter();
  if (options.recipient) {
    for (const recipient of options.recipient) {
      try {
        encrypter.addRecipient(recipient);
      } catch {
        throw new UsageError(`--recipient: '${recipient}' is not an age public key.`, 'An age recipient starts with age1 (`age-keygen -y key.txt` prints yours).');
      }
    }
  } else {
    encrypter.setPassphrase(await passphraseFor(ctx, options, true));
  }
  return async (data, armored) => {
    const sealed = await encrypter.encrypt(data);
    return armored ? age.armor.encode(sealed) : sealed;
  };
}

/**
 * What the copy's header says it is encrypted to: `scrypt` for a passphrase, a recipient type
 * (`X25519`, ...) for each key. Read by typage's own parser through an identity that opens nothing,
 * before any passphrase is asked; empty when the header cannot be read (decrypting then says why).
 */
async function recipientTypes(age: typeof import('age-encryption'), sealed: Uint8Array): Promise<string[]> {
  let types: string[] = [];
  const probe = new age.Decrypter();
  const namer: import('age-encryption').Identity = { unwrapFileKey: (stanzas) => ((types = stanzas.map((stanza) => stanza.args[0] ?? '')), null) };
  probe.addIdentity(namer);
  await probe.decrypt(sealed).catch(() => undefined);
  return types;
}

/**
 * A copy encrypted to a key cannot be opened with a passphrase, nor one encrypted to a passphrase
 * with a key: refused (exit 2) before a passphrase is asked, naming the flag that opens it. Whether
 * the identity is to be used: the kind the file names, when both flags are given.
 */
function keyOrPassphrase(types: readonly string[], options: DecryptOptions, file: string): boolean {
  if (types.length === 0) return options.identity !== undefined;
  const toPassphrase = types.includes('scrypt');
  if (toPassphrase && options.identity !== undefined && options.passphraseFile === undefined) {
    throw new UsageError(`Cannot decrypt ${file}: it is encrypted to a passphrase, not to an age key, so --identity cannot open it; nothing was changed.`,
      'Leave out --identity and give the passphrase it was encrypted with: --passphrase-file FILE, or at the prompt.', '--identity');
  }
  if (!toPassphrase && options.identity === undefined) {
    throw new UsageError(`Cannot decrypt ${file}: it is encrypted to an age key (${[...new Set(types)].join(', ')}), not to a passphrase; nothing was changed.`,
      'Pass --identity FILE: the file of the secret key it was encrypted to (AGE-SECRET-KEY-1..., as age-keygen writes it).', '--identity');
  }
  return !toPassphrase;
}

/** The plain bytes of an age copy; a wrong passphrase or key is a usage error, and nothing else happens. */
export async function decryptCopy(ctx: Context, options: DecryptOptions, data: Uint8Array | string, file: string): Promise<Uint8Array> {
  const age = await import('age-encryption');
  const sealed = typeof data === 'string' ? age.armor.decode(data) : data;
  const byIdentity = keyOrPassphrase(await recipientTypes(age, sealed), options, file);
  const decrypter = new age.Decrypter();
  if (byIdentity) {
    const keys = (await fsp.readFile(options.identity!, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(`--identity: cannot read ${options.identity} (${err.code ?? err.message}).`);
    })).split(/\r?\n/).filter((line) => line.startsWith('AGE-SECRET-KEY-'));
    if (keys.length === 0) throw new UsageError(`--identity: ${options.identity} holds no age secret key (AGE-SECRET-KEY-1...).`);
    for (const key of keys) decrypter.addIdentity(key);
  } else {
    decrypter.addPassphrase(await passphraseFor(ctx, options, false));
  }
  try {
    return await decrypter.decrypt(sealed);
  } catch (err) {
    throw new UsageError(`Cannot decrypt ${file}: ${byIdentity ? 'the identity does not fit it' : 'wrong passphrase'} (${(err as Error).message}); nothing was changed.`,
      byIdentity ? 'Pass the identity of a recipient it was encrypted to.' : 'Give the passphrase it was encrypted with (--passphrase-file, or at the prompt).');
  }
}

/** A text file or stdin (`-`), decrypted first when it is an armored age copy (`export --encrypt`). */
export async function readTextCopy(ctx: Context, file: string, options: DecryptOptions): Promise<string> {
  const text = await readInput(ctx, file);
  return isAgeEncrypted(text) ? Buffer.from(await decryptCopy(ctx, options, text, file === '-' ? 'stdin' : file)).toString('utf8') : text;
}
