// A SOAP note as text (the editor's template, a --draft file) and how it is read back: headings as a
// person writes them, so no typed word is dropped without a word about it. A heading is a part's name
// or letter, in any case, after any number of # (`# Subjective`, `### plan`, `## S`), or before a
// colon with the part's first line after it (`S: sore neck`, `Plan: heat`); a whole name alone on
// its line is one too. Text before any heading is the subjective part. Other lines starting with #
// are comments, left out, and named in a notice.
import { SOAP_PARTS, type SoapPart } from '../../model/record-values.js';

/** What was read from the text, and what the person should be told about how. */
export interface SoapText {
  /** Every part: the text holds the whole note, so a part left empty is null. */
  parts: Partial<Record<SoapPart, string | null>>;
  /** Lines starting with # that are neither a heading nor the template's own instructions. */
  leftOut: string[];
  /** Whether text stood before any heading (taken as the subjective part). */
  beforeHeadings: boolean;
}

const INSTRUCTIONS = [
  '# Write under each heading; leave a part empty for none. A heading may be # Plan, ## plan, P: or Plan:',
  '# (with the text after the colon). Text above every heading is the subjective part. Lines starting with #',
  '# like these are left out.',
];

const PART_OF: Record<string, SoapPart> = Object.fromEntries(SOAP_PARTS.flatMap((part) => [[part, part], [part[0]!, part]]));
const NAME = `(${SOAP_PARTS.join('|')}|[${SOAP_PARTS.map((part) => part[0]).join('')}])`;
// `## Plan`, `# p:`; `S: text`, `## Plan: text`; `Plan` alone (a letter alone is text: "A" may be a grade).
const HASH_HEADING = new RegExp(`^\\s*#+\\s*${NAME}\\s*:?\\s*$`, 'i');
const COLON_HEADING = new RegExp(`^\\s*(?:#+\\s*)?${NAME}\\s*:\\s*(.*)$`, 'i');
const WORD_HEADING = new RegExp(`^\\s*(${SOAP_PARTS.join('|')})\\s*$`, 'i');
const COMMENT = /^\s*#/;

/** The template: a `## Part` heading for each part, filled in with `soap`. */
export function soapTemplate(soap: Partial<Record<SoapPart, string | null>>): string {
  const sections = SOAP_PARTS.map((part) => `## ${part[0]!.toUpperCase()}${part.slice(1)}\n${soap[part] ?? ''}\n`);
  return `${INSTRUCTIONS.join('\n')}\n\n${sections.join('\n')}`;
}

/** The part a line starts, and the text on the line after its heading (null: the line is no heading). */
function headingOf(line: string): { part: SoapPart; rest: string } | null {
  const match = HASH_HEADING.exec(line) ?? WORD_HEADING.exec(line);
  if (match) return { part: PART_OF[match[1]!.toLowerCase()]!, rest: '' };
  const colon = COLON_HEADING.exec(line);
  return colon ? { part: PART_OF[colon[1]!.toLowerCase()]!, rest: colon[2]! } : null;
}

export function parseSoapText(text: string): SoapText {
  const lines: Partial<Record<SoapPart, string[]>> = {};
  const before: string[] = [];
  const leftOut: string[] = [];
  let current: SoapPart | null = null;
  for (const line of text.split(/\r?\n/)) {
    const heading = headingOf(line);
    if (heading) {
      current = heading.part;
      lines[current] ??= [];
      if (heading.rest.trim()) lines[current]!.push(heading.rest);
    } else if (COMMENT.test(line)) {
      if (!INSTRUCTIONS.includes(line.trimEnd()) && !line.startsWith('# Write under each heading')) leftOut.push(line.trim());
    } else if (current) {
      lines[current]!.push(line);
    } else {
      before.push(line);
    }
  }
  const beforeHeadings = before.some((line) => line.trim());
  if (beforeHeadings) lines.subjective = [...before, ...(lines.subjective ?? [])];
  const parts = Object.fromEntries(SOAP_PARTS.map((part) => [part, lines[part]?.join('\n').trim() || null]));
  return { parts, leftOut, beforeHeadings };
}

/** Whether the text holds anything the person typed: a part's text, or a line left out. */
export const holdsWords = (read: SoapText) => SOAP_PARTS.some((part) => read.parts[part]) || read.leftOut.length > 0;

/** What the person should know about how their text was read: null when it was read as written. */
export function readingNotice(read: SoapText, source: string): string | null {
  const said: string[] = [];
  if (read.beforeHeadings) said.push(`The text above the first heading in ${source} was taken as the subjective part.`);
  if (read.leftOut.length > 0) {
    const shown = read.leftOut.slice(0, 3).map((line) => `  ${line}`).join('\n');
    const more = read.leftOut.length > 3 ? `\n  ... and ${read.leftOut.length - 3} more` : '';
    said.push(`Left out of the note, as lines starting with # that are no heading (Subjective, Objective, Assessment, Plan, or S:, O:, A:, P:):\n${shown}${more}`);
  }
  return said.length > 0 ? said.join('\n') : null;
}
