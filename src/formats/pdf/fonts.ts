// The fonts a printed document embeds, from npm packages of Google's Noto fonts (SIL OFL): Noto Sans
// for Latin, Greek and Cyrillic, and Noto Sans CJK SC, read only when a text needs it (8 MB).
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { postWithoutNames, withTables } from './font-tables.js';

/** The font files a document embeds: pdfkit subsets each to the glyphs the document uses. */
export interface Fonts {
  regular: Uint8Array;
  bold: Uint8Array;
  /** Read only for a document with text beyond Noto Sans (Chinese, Japanese, Korean names). */
  wide?: Uint8Array;
}

// The packages export only their index (dist/), which names the files; the fonts sit in fonts/ beside
// dist/. Resolved from this file in the CommonJS build (dist/), else from the program run (tests).
const resolvePackage = createRequire(typeof __filename === 'string' ? __filename : realpathSync(process.argv[1]!)).resolve;
const fontFile = (pkg: string, file: string) => join(dirname(resolvePackage(pkg)), '..', 'fonts', file);

export async function loadFonts(texts: readonly string[]): Promise<Fonts> {
  const [regular, bold, wide] = await Promise.all([
    readFile(fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf')),
    readFile(fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf')),
    texts.some(needsWideFont) ? readFile(fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf')) : undefined,
  ]);
  const laidOutPlainly = (font: Uint8Array) => withTables(font, { GPOS: null, GSUB: null, GDEF: null, post: postWithoutNames });
  const plain = { regular: laidOutPlainly(regular), bold: laidOutPlainly(bold) };
  return wide === undefined ? plain : { ...plain, wide: laidOutPlainly(wide) };
}

// Noto Sans covers Latin, Greek, Cyrillic (to U+052F), general punctuation and currency signs; a
// character past those is looked for in the CJK font.
const BEYOND_NOTO_SANS = /[^\u0000-\u052f\u1e00-\u1fff\u2000-\u20cf\u2100-\u214f]/u;

function needsWideFont(text: string): boolean {
  return BEYOND_NOTO_SANS.test(text);
}

/** A stretch of text printed in one font: Noto Sans (regular or bold), or the wide CJK font. */
export interface FontRun {
  text: string;
  wide: boolean;
}

/**
 * The text cut where it changes between the two fonts. A name mixing both prints each letter in
 * the font that has it: the CJK font's Latin lacks letters such as Ł, which printed as nothing when
 * the whole name went to it.
 */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const character of text) {
    const wide = BEYOND_NOTO_SANS.test(character);
    const last = runs.at(-1);
    if (last?.wide === wide) last.text += character;
    else runs.push({ text: character, wide });
  }
  return runs;
}
