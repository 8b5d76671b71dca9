// What several `server` verbs share: their flags and the parsing of them (a bad value is a usage error, exit 2).
import { InvalidArgumentError, Option } from 'commander';
import { resolveDataDir } from '../../local-service/data-dir.js';
import type { Context } from '../context.js';

export const dataDirOption = () =>
  new Option('--data-dir <dir>', 'data directory (default: $XDG_DATA_HOME/practice)');

export function dataDirOf(options: { dataDir?: string }, ctx: Context): string {
  return resolveDataDir(options.dataDir, ctx.env);
}

export function integerIn(min: number, max: number, what: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`expected ${what}: a whole number from ${min} to ${max}.`);
    }
    return number;
  };
}
