// Content negotiation for a table's answer (PostgREST's Negotiate.hs over WAI's parseHttpAccept):
// the Accept header's media types by quality, the more specific first at equal quality, and the
// first one this service produces wins: JSON, one JSON object, or CSV.
import { failures } from '../errors.js';

export type ResponseMedia = 'json' | 'single' | 'csv';

const PRODUCED: Record<string, ResponseMedia> = {
  '*/*': 'json',
  'application/*': 'json',
  'application/json': 'json',
  'application/vnd.pgrst.object+json': 'single',
  'application/vnd.pgrst.object': 'single',
  'text/csv': 'csv',
};

interface Acceptable {
  type: string;
  quality: number;
  /** `*\/*` 0, `text/*` 1, `text/csv` 2: at equal quality the more specific is preferred. */
  specificity: number;
}

function acceptable(item: string): Acceptable {
  const [type = '', ...params] = item.split(';').map((part) => part.trim());
  const q = params.map((param) => /^q=([0-9.]+)$/i.exec(param)?.[1]).find((value) => value !== undefined);
  const quality = q === undefined ? 1 : Number(q);
  const lower = type.toLowerCase();
  const specificity = lower === '*/*' ? 0 : lower.endsWith('/*') ? 1 : 2;
  return { type: lower, quality: Number.isNaN(quality) ? 0 : quality, specificity };
}

/** What to answer with; 406 PGRST107 when the client accepts nothing this service produces. */
export function negotiateMedia(accept: string): ResponseMedia {
  const ranked = accept.split(',')
    .map(acceptable)
    .filter((item) => item.type !== '' && item.quality > 0)
    // Array.prototype.sort is stable: equal preferences keep the client's order.
    .sort((a, b) => b.quality - a.quality || b.specificity - a.specificity);
  if (accept.trim() === '') return 'json';
  for (const item of ranked) {
    const media = PRODUCED[item.type];
    if (media) return media;
  }
  throw failures.unacceptable(accept);
}
