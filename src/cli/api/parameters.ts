// The parameters of `practice api`: `-f key=value` (text), `-F key=value` (typed like gh's: true,
// false, null, numbers, @file), `-q key=value` (query), `-H "Name: value"`. Bad ones are usage errors.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { UsageError } from '../errors.js';

export function keyValue(flag: string, text: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`${flag} needs key=value, not "${text}".`);
  return [text.slice(0, equals), text.slice(equals + 1)];
}

export function header(text: string): [string, string] {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new UsageError(`-H needs "Name: value", not "${text}".`);
  return [text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim()];
}

/** A -F value: true/false/null, a number, `@file` (its contents, `@-` for stdin), else the text itself. */
export async function typedValue(value: string, readStdin: () => Promise<string>): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) {
    // JSON has no infinity: 1e999 would be sent as null, a silent change of what was typed.
    const number = Number(value);
    if (!Number.isFinite(number)) throw new UsageError(`-F: ${value} is too large for a JSON number; send it as text with -f if the field takes it.`);
    return number;
  }
  if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      return path === '-' ? await readStdin() : await fsp.readFile(path, 'utf8');
    } catch (err) {
      throw new UsageError(`Cannot read ${path}: ${(err as Error).message}`);
    }
  }
  return value;
}
