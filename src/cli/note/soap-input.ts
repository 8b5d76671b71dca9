// The four parts of a SOAP note, read the same way by `note add`, `amend` and `update`: from -S/-O/-A/-P,
// from $EDITOR on a template (--edit), from a draft file (--draft), as JSON on a piped stdin, or asked
// for one by one at a terminal. Text typed in the editor or at the prompts is in a draft file until
// the note is written (draft-file.ts), and is asked for only after every other question. How the text
// of the editor or a draft is read is soap-text.ts's.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { readStdinText } from '../shared/stdin.js';
import { SOAP_PARTS, type SoapPart } from '../../model/record-values.js';
import { newDraftFile, readDraftFile } from './draft-file.js';
import { checkEditorTerminal, runEditor } from './editor.js';
import { SOAP_FLAGS } from './shared.js';
import { holdsWords, parseSoapText, readingNotice, soapTemplate, type SoapText } from './soap-text.js';

export type SoapOptions = Partial<Record<SoapPart, string>> & { edit?: boolean; draft?: string };
export type Soap = Partial<Record<SoapPart, string>>;
/** The parts the user gave: text, or null for a part left empty (the editor's template starts from one too). */
export type Draft = Partial<Record<SoapPart, string | null>>;
/** What was read, and the draft file that holds it when it was typed and holds words (null otherwise). */
export interface Read<T> {
  parts: T;
  draftFile: string | null;
}

const HELP = {
  subjective: 'what the client reports',
  objective: 'what you observed and measured',
  assessment: 'your assessment',
  plan: 'treatment and next steps',
};

const HOW_TO_GIVE = 'Pass -S, -O, -A or -P, use --edit or --draft <file>, or pipe JSON like {"subjective": "..."}.';

export function addSoapOptions(command: Command): Command {
  for (const part of SOAP_PARTS) command.addOption(new Option(`-${part[0]!.toUpperCase()}, --${part} <text>`, HELP[part]));
  return command
    .option('--edit', 'write the note in $EDITOR on a SOAP template (the flags given fill it in)')
    .option('--draft <file>', 'start from a note kept after a failed write (with --edit, edit it first)')
    .addHelpText('after', `
In the editor or a --draft file, a heading may be any level and case (# Subjective, ## plan), a letter
(## S), or a name or letter before a colon with the part's first line after it (S: Sore neck). Text
above every heading is the subjective part, and other lines starting with # are left out; a notice
says so. A note that is not written (empty, refused, the service down) stays in its draft file, and
the command that sends it again (--draft <file>) is printed.`);
}

/**
 * What must hold before any question or request: a terminal for the editor, a readable --draft.
 * True when the note is then typed by the user (editor or prompts), which comes after every question.
 */
export async function checkSoapSource(options: SoapOptions, ctx: Context): Promise<boolean> {
  if (options.edit) checkEditorTerminal(ctx);
  if (options.draft !== undefined) await readDraftFile(options.draft);
  return Boolean(options.edit) || (options.draft === undefined && !SOAP_PARTS.some((part) => options[part] !== undefined) && Boolean(ctx.io.stdin.isTTY));
}

/**
 * The parts the user wrote, empty ones left out. A note with nothing to keep is refused as empty (exit 2)
 * before anything is sent; one in a draft file is refused by `writtenParts` where that file is kept.
 */
export async function readSoap(options: SoapOptions, ctx: Context, template: Draft = {}): Promise<Read<Soap>> {
  const { parts, draftFile } = await readSoapChanges(options, ctx, template);
  const written: Soap = Object.fromEntries(SOAP_PARTS.filter((part) => typeof parts[part] === 'string').map((part) => [part, parts[part]]));
  if (draftFile === null) writtenParts(written);
  return { parts: written, draftFile };
}

/** `parts`, refused as an empty note when none is written. */
export function writtenParts(parts: Soap): Soap {
  if (!SOAP_PARTS.some((part) => parts[part] !== undefined)) throw emptyNote();
  return parts;
}

/**
 * The parts the user gave, each as text or null when left empty; parts not given are absent. The
 * editor gives the whole note, stdin the keys it names, the prompts the parts not skipped with -.
 */
export async function readSoapChanges(options: SoapOptions, ctx: Context, template: Draft = {}): Promise<Read<Draft>> {
  const flags: Soap = Object.fromEntries(SOAP_PARTS.filter((part) => options[part] !== undefined).map((part) => [part, options[part]]));
  const draft = options.draft === undefined ? undefined : readText(ctx, await readDraftFile(options.draft), options.draft).parts;
  let parts: Draft;
  let draftFile: string | null = options.draft ?? null;
  if (options.edit) {
    draftFile ??= await newDraftFile(ctx, '');
    const read = await fromEditor(ctx, draftFile, { ...template, ...draft, ...flags }, options.draft === undefined);
    parts = read.parts;
    // A template left as it was holds no typed word: nothing to keep.
    if (!holdsWords(read) && options.draft === undefined) {
      await rm(draftFile, { force: true });
      draftFile = null;
    }
  } else if (draft !== undefined) {
    parts = { ...draft, ...flags };
  } else if (Object.keys(flags).length > 0) {
    // A flag's text is kept as typed, so a blank one is refused under its own flag by the schema.
    return { parts: flags, draftFile: null };
  } else if (!ctx.io.stdin.isTTY) {
    parts = await fromStdin(ctx);
  } else {
    parts = await fromPrompts(ctx);
    if (SOAP_PARTS.some((part) => parts[part]?.trim())) draftFile = await newDraftFile(ctx, soapTemplate(parts));
  }
  return { parts: Object.fromEntries(SOAP_PARTS.filter((part) => parts[part] !== undefined).map((part) => [part, parts[part]?.trim() || null])), draftFile };
}

/** The refusal of a note without any part written (exit 2). */
export function emptyNote(): UsageError {
  return new UsageError('The note is empty: write at least one of subjective, objective, assessment, plan.', `${HOW_TO_GIVE} In the editor, write under a heading such as "## Plan" or after "P:".`);
}

async function fromStdin(ctx: Context): Promise<Draft> {
  const text = await readStdinText(ctx);
  if (text.trim() === '') throw new UsageError('No note given: stdin is empty.', HOW_TO_GIVE);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError('stdin: expected a JSON object like {"subjective": "...", "plan": "..."}.');
  }
  const { soapPartsSchema } = await inputSchemas();
  return checkInput(soapPartsSchema, json, Object.fromEntries(SOAP_PARTS.map((part) => [part, `stdin "${part}"`]))) as Draft;
}

async function fromPrompts(ctx: Context): Promise<Soap> {
  const parts: Soap = {};
  try {
    for (const part of SOAP_PARTS) {
      const answer = await ctx.prompt.text(`${part[0]!.toUpperCase()}${part.slice(1)}: ${HELP[part]} (- to skip)`, { flag: `${SOAP_FLAGS[part]} (or --edit, or JSON on stdin)`, default: '-' });
      if (answer.trim() !== '-') parts[part] = answer;
    }
  } catch (error) {
    // Stopped half-way (Ctrl-C): the parts answered so far are kept, as a write that fails keeps them.
    if (SOAP_PARTS.some((part) => parts[part]?.trim())) {
      const file = await newDraftFile(ctx, soapTemplate(parts));
      ctx.out.note(`What you answered is kept in ${file}; send it with --draft ${file}.`);
    }
    throw error;
  }
  return parts;
}

/** The text of a note read, with a notice of anything not read as written (`source` names where it is). */
function readText(ctx: Context, text: string, source: string): SoapText {
  const read = parseSoapText(text);
  const notice = readingNotice(read, source);
  if (notice !== null) ctx.out.note(notice);
  return read;
}

/**
 * The note as the editor leaves `file`, which starts as the template of `soap` and stays as the draft;
 * `own`: the file is this command's, removed when the editor fails before a word is in it.
 */
async function fromEditor(ctx: Context, file: string, soap: Draft, own: boolean): Promise<SoapText> {
  await writeFile(file, soapTemplate(soap), { mode: 0o600 });
  try {
    await runEditor(ctx, file);
  } catch (error) {
    if (holdsWords(parseSoapText(await readFile(file, 'utf8')))) ctx.out.note(`What the editor left is kept in ${file}; send it with --draft ${file}.`);
    else if (own) await rm(file, { force: true });
    throw error;
  }
  return readText(ctx, await readFile(file, 'utf8'), file);
}
