// Whether output is coloured, and the few styles the CLI uses. Off when piped, with NO_COLOR or
// --no-color; on with CLICOLOR_FORCE even when piped (https://no-color.org, https://bixense.com/clicolors).
export interface Palette {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, flag: boolean): boolean {
  if (!flag || (env.NO_COLOR ?? '') !== '') return false;
  if ((env.CLICOLOR_FORCE ?? '0') !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

const sgr = (enabled: boolean, open: number, close: number) =>
  enabled ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m` : (text: string) => text;

export function palette(enabled: boolean): Palette {
  return {
    enabled,
    bold: sgr(enabled, 1, 22),
    dim: sgr(enabled, 2, 22),
    red: sgr(enabled, 31, 39),
    green: sgr(enabled, 32, 39),
    yellow: sgr(enabled, 33, 39),
  };
}
