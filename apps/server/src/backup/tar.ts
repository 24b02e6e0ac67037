// The few parts of the tar format (POSIX ustar) a backup needs: regular files with short names, written as a
// stream and read back as one, so `tar -tzf backup.tar.gz` lists a backup and no photo is ever held in memory.
const BLOCK = 512;

export class TarFormatError extends Error {}

/** A header block for a regular file. Names up to 100 bytes (a backup's names are short: backup/archive.ts). */
export function fileHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new TarFormatError(`tar name too long: ${name}`);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o600); // mode
  writeOctal(header, 108, 8, 0); // uid
  writeOctal(header, 116, 8, 0); // gid
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write('        ', 148, 8, 'ascii'); // the checksum counts as spaces while it is summed
  header.write('0', 156, 1, 'ascii'); // a regular file
  header.write('ustar\u0000', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  writeOctal(header, 148, 7, checksum(header));
  return header;
}

export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
/** Two empty blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads an archive from a stream of chunks: `onEntry` is called for each regular file with a reader of its
 * body, which it must read to the end (or not at all: the rest is skipped). Throws TarFormatError for
 * anything but a well-formed archive: a bad header, an unexpected kind of entry, or an end before the end.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const bytes = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await bytes.read(BLOCK);
    if (!header) throw new TarFormatError('the archive ends before its end marker');
    if (header.every((b) => b === 0)) return;
    const stored = parseOctal(header, 148, 8);
    if (stored !== checksum(header)) throw new TarFormatError('a tar header is damaged (checksum)');
    const type = String.fromCharCode(header[156]!);
    if (type !== '0' && type !== '\u0000') throw new TarFormatError(`unexpected tar entry of type "${type}"`);
    const name = untilNul(header.subarray(0, 100)).toString('utf8');
    const size = parseOctal(header, 124, 12);
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const chunk = await bytes.read(Math.min(left, 1 << 20));
        if (!chunk) throw new TarFormatError(`the archive ends inside ${name}`);
        left -= chunk.length;
        yield chunk;
      }
    };
    await onEntry({ name, size }, body());
    // What the handler did not read is skipped.
    for await (const _ of body());
    if (!(await bytes.read(padding(size).length))) throw new TarFormatError(`the archive ends inside ${name}`);
  }
}

function parseOctal(header: Buffer, offset: number, length: number): number {
  const text = untilNul(header.subarray(offset, offset + length))
    .toString('ascii')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('a tar header is damaged (not a number)');
  return parseInt(text, 8);
}

/** A field up to its first NUL byte. */
function untilNul(field: Buffer): Buffer {
  const end = field.indexOf(0);
  return end === -1 ? field : field.subarray(0, end);
}

/** Exact reads of n bytes from a stream of chunks of any size. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** n bytes, or undefined when the stream ends first; read(0) is an empty buffer. */
  async read(n: number): Promise<Buffer | undefined> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    if (this.length < n) return undefined;
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
}
