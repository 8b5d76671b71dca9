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
  /** The `practice` command lines that answer the call; several answers are joined under their keys. */
  commands(args: z.output<z.ZodObject<Shape>>): string[] | Record<string, string[]>;
}

/** The flags of the arguments given, in order: `{ '--date': 'fri', '--yes': true }` -> ['--date', 'fri', '--yes']. */
export function flags(values: Record<string, string | number | boolean | undefined>): string[] {
  return Object.entries(values).flatMap(([flag, value]) => {
    if (value === undefined || value === false) return [];
    return value === true ? [flag] : [flag, String(value)];
  });
}

export const tool = <Shape extends ZodRawShape>(definition: PracticeTool<Shape>): PracticeTool => definition as unknown as PracticeTool;
