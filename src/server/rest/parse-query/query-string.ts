// The query string, split and decoded as WAI hands it to PostgREST (http-types'
// parseQueryReplacePlus True): `&` and `;` both separate, `+` is a space, a malformed
// %-escape stays as typed, and the bytes are read as UTF-8 (leniently: U+FFFD, never a 500).

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function percentDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  const bytes = Buffer.from(text, 'utf8');
  const decoded = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const high = byte === 0x25 && i + 2 < bytes.length ? hexValue(bytes[i + 1]!) : -1;
    const low = high >= 0 ? hexValue(bytes[i + 2]!) : -1;
    if (low >= 0) {
      decoded[length++] = high * 16 + low;
      i += 2;
    } else {
      decoded[length++] = byte === 0x2b ? 0x20 : byte;
    }
  }
  return decoded.toString('utf8', 0, length);
}

/** Key and value of each parameter; the value is null when the item has no `=`. */
export function splitQueryString(search: string): Array<[string, string | null]> {
  const params: Array<[string, string | null]> = [];
  for (const item of search.split(/[&;]/)) {
    if (item === '') continue;
    const equals = item.indexOf('=');
    params.push(equals === -1
      ? [percentDecode(item), null]
      : [percentDecode(item.slice(0, equals)), percentDecode(item.slice(equals + 1))]);
  }
  return params;
}
