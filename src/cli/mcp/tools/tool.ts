// What a tool is here: a name, words a model can act on, a zod input shape, and the command line its
// arguments stand for. Writing tools are marked, so a read-only server can refuse them.
import type { z, ZodRawShape } from 'zod';

export interface PracticeTool<Shape extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Changes the practice's records: only served with --allow-writes. */
  writes: boolean;
  /** The CLI flag each argument passed as a flag stands for: the command line, and the CLI's words reworded. */
  flagOf: Partial<Record<keyof Shape & string, string>>;
  /**
   * The `practice` command lines that answer the call; several answers are joined under their keys.
   * Positional values go after `--`, so a value like `--yes` is never read as a flag.
   */
  commands(args: z.output<z.ZodObject<Shape>>): string[] | Record<string, string[]>;
}

export const tool = <Shape extends ZodRawShape>(definition: PracticeTool<Shape>): PracticeTool => definition as unknown as PracticeTool;

/** The flags of the arguments given, in `flagOf`'s order: a true switch alone, a value after its flag. */
export function flags(args: Record<string, unknown>, flagOf: Record<string, string | undefined>): string[] {
  return Object.entries(flagOf).flatMap(([name, flag]) => {
    const value = args[name];
    if (flag === undefined || value === undefined || value === false) return [];
    return value === true ? [flag] : [flag, String(value)];
  });
}

/** A switch: an argument whose default is a boolean (`anyway`), said `anyway: true` where the CLI says `--yes`. */
const isSwitch = (schema: z.ZodType) => typeof schema.safeParse(undefined).data === 'boolean';

/**
 * The CLI's words about its flags in the tool's terms, so a model knows which argument to change:
 * `--start: expected a time` -> "`start`: expected a time", `Pass --yes.` -> "Pass `anyway: true`.".
 */
export function inArgumentTerms(practiceTool: PracticeTool, text: string): string {
  return Object.entries(practiceTool.flagOf).reduce((reworded, [name, flag]) => {
    if (flag === undefined) return reworded;
    const said = isSwitch(practiceTool.input[name] as z.ZodType) ? `${name}: true` : name;
    return reworded.replace(new RegExp(`(?<![\\w-])${flag}(?![\\w-])`, 'g'), `\`${said}\``);
  }, text);
}
