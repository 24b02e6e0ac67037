import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { END_OF_ARCHIVE, fileHeader, padding, readTar } from './tar';

const when = new Date('2026-11-25T20:00:00Z');

function archive(files: Record<string, Buffer>): Buffer {
  const parts = Object.entries(files).flatMap(([name, body]) => [
    fileHeader(name, body.length, when),
    body,
    padding(body.length),
  ]);
  return Buffer.concat([...parts, END_OF_ARCHIVE]);
}

/** The archive in chunks of `size` bytes, as a stream delivers it. */
async function* chunks(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Buffer, size = 700): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  await readTar(chunks(bytes, size), async (entry, body) => {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(chunk);
    found[entry.name] = Buffer.concat(parts).toString();
  });
  return found;
}

describe('tar', () => {
  const files = { 'pgdata.tar': Buffer.from('x'.repeat(1500)), 'uploads/a.jpg': Buffer.from('photo'), empty: Buffer.alloc(0) };

  it('reads back what it writes, whatever the chunk sizes', async () => {
    const expected = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.toString()]));
    expect(await read(archive(files), 1)).toEqual(expected);
    expect(await read(archive(files), 512)).toEqual(expected);
    expect(await read(archive(files), 100_000)).toEqual(expected);
  });

  it('writes what the tar command lists', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qq-tar-'));
    writeFileSync(path.join(dir, 'a.tar'), archive(files));
    expect(
      execFileSync('tar', ['-tf', path.join(dir, 'a.tar')], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean),
    ).toEqual(Object.keys(files));
  });

  it('refuses an archive cut short or with a damaged header', async () => {
    const whole = archive(files);
    await expect(read(whole.subarray(0, 1000))).rejects.toThrow('the archive ends inside pgdata.tar');
    await expect(read(whole.subarray(0, whole.length - 1024))).rejects.toThrow('the archive ends before its end marker');
    const damaged = Buffer.from(whole);
    damaged[3] = 0x41;
    await expect(read(damaged)).rejects.toThrow('a tar header is damaged (checksum)');
  });
});
