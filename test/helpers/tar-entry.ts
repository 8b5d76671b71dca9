// Hand-made ustar archives for the template's tar readers and writers (extract-tar-gz.ts, tar-without.ts).

/** A ustar entry as PGlite's dumpDataDir writes one: header block, then the content padded to 512. */
export function tarEntry(name: string, type: string, content = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write(`${Buffer.byteLength(content).toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(content) / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body]);
}

/** The entries, then the two blocks of zeros that end an archive. */
export const tarOf = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);
