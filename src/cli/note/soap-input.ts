// The four parts of a SOAP note, read the same way by `note add`, `amend` and `update`: from -S/-O/-A/-P,
// from $EDITOR on a template (--edit), from a draft file (--draft), as JSON on a piped stdin, or asked
// for one by one at a terminal. Text typed in the editor or at the prompts is in a draft file until
// the note is written (draft-file.ts), and is asked for only after every other question.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { SOAP_PARTS, type SoapPart } from '../../model/record-values.js';
import { newDraftFile, readDraftFile } from './draft-file.js';
import { checkEditorTerminal, runEditor } from './editor.js';
import { SOAP_FLAGS } from './shared.js';

export type SoapOptions = Partial<Record<SoapPart, string>> & { edit?: boolean; draft?: string };
export type Soap = Partial<Record<SoapPart, string>>;
/** The parts the user gave: text, or null for a part left empty (the editor's template starts from one too). */
export type Draft = Partial<Record<SoapPart, string | null>>;
/** What was read, and the draft file that holds it when it was typed (null otherwise). */
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
    .option('--draft <file>', 'start from a note kept after a failed write (with --edit, edit it first)');
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

/** The parts the user wrote; empty ones left out, and an empty note refused (exit 2) before anything is sent. */
export async function readSoap(options: SoapOptions, ctx: Context, template: Draft = {}): Promise<Read<Soap>> {
  const { parts, draftFile } = await readSoapChanges(options, ctx, template);
  const written = Object.fromEntries(SOAP_PARTS.filter((part) => typeof parts[part] === 'string').map((part) => [part, parts[part]]));
  if (Object.keys(written).length === 0) {
    // Nothing was written, so there is nothing to keep; a --draft given is the user's to remove.
    if (draftFile !== null && draftFile !== options.draft) await rm(draftFile, { force: true });
    throw emptyNote();
  }
  return { parts: written, draftFile };
}

/**
 * The parts the user gave, each as text or null when left empty; parts not given are absent. The
 * editor gives the whole note, stdin the keys it names, the prompts the parts not skipped with -.
 */
export async function readSoapChanges(options: SoapOptions, ctx: Context, template: Draft = {}): Promise<Read<Draft>> {
  const flags: Soap = Object.fromEntries(SOAP_PARTS.filter((part) => options[part] !== undefined).map((part) => [part, options[part]]));
  const draft = options.draft === undefined ? undefined : parseSoapText(await readDraftFile(options.draft));
  let parts: Draft;
  let draftFile: string | null = options.draft ?? null;
  if (options.edit) {
    draftFile ??= await newDraftFile(ctx, '');
    parts = await fromEditor(ctx, draftFile, { ...template, ...draft, ...flags });
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
  return new UsageError('The note is empty: write at least one of subjective, objective, assessment, plan.', HOW_TO_GIVE);
}

async function fromStdin(ctx: Context): Promise<Draft> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
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
  for (const part of SOAP_PARTS) {
    const answer = await ctx.prompt.text(`${part[0]!.toUpperCase()}${part.slice(1)}: ${HELP[part]} (- to skip)`, { flag: `${SOAP_FLAGS[part]} (or --edit, or JSON on stdin)`, default: '-' });
    if (answer.trim() !== '-') parts[part] = answer;
  }
  return parts;
}

const HEADING = /^##\s*(subjective|objective|assessment|plan)\s*$/i;

/** The template: a `## Part` heading for each part; other lines starting with # are instructions, dropped. */
function soapTemplate(soap: Draft): string {
  const sections = SOAP_PARTS.map((part) => `## ${part[0]!.toUpperCase()}${part.slice(1)}\n${soap[part] ?? ''}\n`);
  return `# Write under each heading; leave a part empty for none. Lines starting with # are ignored.\n\n${sections.join('\n')}`;
}

/** Every part: the editor holds the whole note, so a part left empty there is null. */
function parseSoapText(text: string): Draft {
  const parts: Soap = {};
  let current: SoapPart | null = null;
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) current = heading[1]!.toLowerCase() as SoapPart;
    else if (current && !line.startsWith('#')) parts[current] = parts[current] === undefined ? line : `${parts[current]}\n${line}`;
  }
  return Object.fromEntries(SOAP_PARTS.map((part) => [part, parts[part] ?? null]));
}

/** The note as the editor leaves `file`, which starts as the template of `soap` and stays as the draft. */
async function fromEditor(ctx: Context, file: string, soap: Draft): Promise<Draft> {
  await writeFile(file, soapTemplate(soap), { mode: 0o600 });
  try {
    await runEditor(ctx, file);
  } catch (error) {
    const left = parseSoapText(await readFile(file, 'utf8'));
    if (SOAP_PARTS.some((part) => left[part]?.trim())) ctx.out.note(`What the editor left is kept in ${file}; use it with --draft.`);
    else await rm(file, { force: true });
    throw error;
  }
  return parseSoapText(await readFile(file, 'utf8'));
}
