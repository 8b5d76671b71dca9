// How a note is named outside the note commands too (`client show`, undoing a completion): its
// one-line summary and how to correct one that is signed.
import { SOAP_PARTS, type SoapPart } from '../../model/record-values.js';
import { shortId } from '../../model/short-id.js';

/** `S: first line of the subjective`, or of the first part that has text. */
export function noteSummary(note: Partial<Record<SoapPart, string | null>>): string {
  const part = SOAP_PARTS.find((name) => note[name]?.trim());
  return part ? `${part[0]!.toUpperCase()}: ${note[part]!.trim().split('\n')[0]}` : '';
}

/** How to correct a signed note, which the service keeps as it is. */
export const amendHint = (id: string) => `A signed note is final; correct it with \`practice note amend ${shortId(id)}\`.`;
