// A cursor over one parameter's text, and parseWith, which runs a rule over a whole parameter.
// Every rule reads each character a bounded number of times, so a parse is linear in the input, and
// only logic groups recurse (at most MAX_LOGIC_DEPTH deep), so no input can exhaust the stack.
import { haskellString, leftoverAt, parseError, Stop, tokenAt } from './parse-error.js';

const END = ['end of input'];

export class Scanner {
  at = 0;
  constructor(readonly text: string) {}

  peek(offset = 0): string | undefined {
    return this.text[this.at + offset];
  }

  startsWith(word: string, at = this.at): boolean {
    return this.text.startsWith(word, at);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at++;
  }

  stop(expected: readonly string[], at = this.at): Stop {
    return new Stop(at, tokenAt(this.text, at), expected);
  }

  /** Parsec's `string` fails at the word's start yet names the first character that differs. */
  mismatch(word: string, expected: readonly string[], at = this.at): Stop {
    let offset = 0;
    while (offset < word.length && this.text[at + offset] === word[offset]) offset++;
    return new Stop(at, tokenAt(this.text, at + offset), expected);
  }

  expectChar(ch: string): void {
    if (this.peek() !== ch) throw this.stop([haskellString(ch)]);
    this.at++;
  }

  /** The end of an item (Parsec's `pEnd`): only `,`, the end of the text or `closing` may follow. */
  expectItemEnd(expected: readonly string[], closing: string | null = null): void {
    if (this.at < this.text.length && this.peek() !== ',' && (closing === null || this.peek() !== closing)) {
      throw new Stop(this.at, leftoverAt(this.text, this.at), expected);
    }
  }
}

/**
 * Runs one parameter's parser over its whole text. Unlike PostgREST, which stops reading where its
 * grammar ends and ignores the rest (`and=(id.eq.1))` passes there), anything left over is an error
 * here: a silently dropped tail hides client bugs.
 */
export function parseWith<T>(source: string, text: string, parse: (s: Scanner) => T, end = END): T {
  const s = new Scanner(text);
  try {
    const result = parse(s);
    if (s.at < text.length) throw new Stop(s.at, leftoverAt(text, s.at), end);
    return result;
  } catch (failure) {
    if (failure instanceof Stop) throw parseError(source, text, failure);
    throw failure;
  }
}
