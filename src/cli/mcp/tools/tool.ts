// What a tool is here: a name, words a model can act on, a zod input shape, and the verbs' run
// functions its arguments are passed to, as typed options. Writing tools are marked, so a read-only
// server can refuse them.
import type { z, ZodRawShape } from 'zod';
import type { NameOf } from '../../errors.js';
import type { Answer } from '../invoke.js';

export interface PracticeTool<Shape extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Changes the practice's records: only served with --allow-writes. */
  writes: boolean;
  /** The CLI flag each argument stands for, so a refusal about that flag names the argument instead. */
  flagOf: Partial<Record<keyof Shape & string, string>>;
  /** What answers the call: a verb run with the arguments as its options; several answers are joined under their keys. */
  answer(args: z.output<z.ZodObject<Shape>>): Answer | Record<string, Answer>;
}

export const tool = <Shape extends ZodRawShape>(definition: PracticeTool<Shape>): PracticeTool => definition as unknown as PracticeTool;

/** A switch: an argument whose default is a boolean (`anyway`), said `anyway: true` where the CLI says `--yes`. */
const isSwitch = (schema: z.ZodType) => typeof schema.safeParse(undefined).data === 'boolean';

/**
 * How `practiceTool` names the flags a refusal is about, so a model knows which argument to change:
 * `--start` -> "`start`", `--yes` -> "`anyway: true`"; a flag it has no argument for as the CLI spells it.
 */
export function argumentNames(practiceTool: PracticeTool): NameOf {
  const names = new Map(Object.entries(practiceTool.flagOf).flatMap(([name, flag]) =>
    flag === undefined ? [] : [[flag, `\`${isSwitch(practiceTool.input[name] as z.ZodType) ? `${name}: true` : name}\``] as const]));
  return (flag) => names.get(flag) ?? flag;
}
