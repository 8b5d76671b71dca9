// Questions at the terminal (@inquirer/prompts, loaded on the first question). Only when stdin and
// stdout are terminals and --no-input is absent; otherwise asking is a usage error naming the flag.
import type { Readable, Writable } from 'node:stream';
import { BadInputError, CancelledError } from './errors.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** What to pass instead of answering, for the error when nobody can be asked. */
interface Ask {
  /** The flag (or input) that supplies the answer without a prompt, e.g. `--email`. */
  flag: string;
}

/** Why no question can be put: stdin or stdout is no terminal, or --no-input; null when one can. */
export type Silence = 'no terminal' | '--no-input' | null;

/** Why a question cannot be put, as the end of a refusal: `Cannot ask "Name" with --no-input.` */
export function unaskable(silence: Silence): string {
  return silence === '--no-input' ? 'with --no-input' : 'without a terminal';
}

export class Prompter {
  constructor(
    private readonly streams: { stdin: Readable; stderr: Writable },
    private readonly silence: Silence,
  ) {}

  async text(message: string, ask: Ask & { default?: string; validate?: (value: string) => string | true }): Promise<string> {
    const { input } = await this.prompts(message, ask);
    return this.run(() => input({ message, default: ask.default, validate: ask.validate, required: true }, this.context()));
  }

  async password(message: string, ask: Ask): Promise<string> {
    const { password } = await this.prompts(message, ask);
    return this.run(() => password({ message, mask: true, validate: (value) => value !== '' || 'Type a password.' }, this.context()));
  }

  async confirm(message: string, ask: Ask & { default?: boolean }): Promise<boolean> {
    const { confirm } = await this.prompts(message, ask);
    return this.run(() => confirm({ message, default: ask.default ?? false }, this.context()));
  }

  async select<T>(message: string, choices: readonly Choice<T>[], ask: Ask): Promise<T> {
    const { select } = await this.prompts(message, ask);
    return this.run(() => select<T>({ message, choices: [...choices] }, this.context()));
  }

  private async prompts(message: string, ask: Ask) {
    if (this.silence !== null) throw new BadInputError(`Cannot ask "${message}" ${unaskable(this.silence)}.`, `Pass ${ask.flag}.`);
    return import('@inquirer/prompts');
  }

  /** Questions go to stderr, so stdout carries only data even while asking. */
  private context() {
    return { input: this.streams.stdin, output: this.streams.stderr };
  }

  private async run<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (err) {
      // Ctrl-C at a question: inquirer's own error, exit 130 as for any command stopped with Ctrl-C.
      if ((err as Error).name === 'ExitPromptError') throw new CancelledError('Cancelled.');
      throw err;
    }
  }
}
