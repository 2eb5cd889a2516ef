import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { buffersArgument, withSharedBuffers } from './pglite-buffers.ts';

async function showSharedBuffers(buffersMb?: number): Promise<string> {
  const database = await openDatabase({ kind: 'memory', buffersMb });
  try {
    const { rows } = await database.executeSql('show shared_buffers');
    return String(rows[0]!.shared_buffers);
  } finally {
    await database.close();
  }
}

it('starts the embedded database with the buffer pool it is given instead of PGlite’s fixed 128 MB', async () => {
  expect(await showSharedBuffers(16)).toBe('16MB');
  expect(await showSharedBuffers(200)).toBe('200MB');
}, 60_000);

it('starts it with a 16 MB pool unless told otherwise', async () => {
  expect(await showSharedBuffers()).toBe('16MB');
}, 60_000);

it('writes the size in place of the built-in one, right-aligned, and only sizes that fit', () => {
  expect(buffersArgument(8)?.toString()).toBe('shared_buffers=  8MB\0');
  expect(buffersArgument(999)?.toString()).toBe('shared_buffers=999MB\0');
  for (const size of [0, 1000, 1.5, -4]) expect(buffersArgument(size)).toBeNull();
});

it('leaves a binary alone unless it carries the built-in argument exactly once', () => {
  const argument = Buffer.from('shared_buffers=128MB\0');
  const once = Buffer.concat([Buffer.from('head'), argument, Buffer.from('tail')]);
  expect(withSharedBuffers(once, 16)?.toString()).toBe('headshared_buffers= 16MB\0tail');
  expect(once.toString()).toBe('headshared_buffers=128MB\0tail');
  expect(withSharedBuffers(Buffer.from('no such argument'), 16)).toBeNull();
  expect(withSharedBuffers(Buffer.concat([argument, argument]), 16)).toBeNull();
});
