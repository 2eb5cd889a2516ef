import { expect, it } from 'vitest';
import { asciiServerBuild } from './vite-ascii-server.ts';

type Chunk = { type: 'chunk'; code: string };

async function written(code: string): Promise<string> {
  const plugin = asciiServerBuild();
  const chunk: Chunk = { type: 'chunk', code };
  const hook = plugin.generateBundle as { handler: (options: unknown, bundle: Record<string, Chunk>) => Promise<void> };
  await hook.handler({}, { 'server-build.js': chunk });
  return chunk.code;
}

it('writes the server build in ASCII, every string, template, expression and name meaning what it meant', async () => {
  const source = [
    '/** A price reads \u20b9350 \u2014 never "Rs." */',
    'const caf\u00e9 = "\u20b9" + `${1}\u2009\u2026`;',
    'const sparkle = "\u{1f319}";',
    'export const price = Number("\u20b91,299".replace(/[,\\s\u20b9]/g, ""));',
    'export const moon = /^\u{1f319}$/u.test(sparkle);',
    'export const texts = [caf\u00e9, sparkle];',
  ].join('\n');
  const code = await written(source);
  expect(code).toMatch(/^[\x00-\x7f]*$/);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { price: number; moon: boolean; texts: string[] };
  expect(module).toMatchObject({ price: 1299, moon: true, texts: ['\u20b91\u2009\u2026', '\u{1f319}'] });
});
