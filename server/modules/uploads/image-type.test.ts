import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectImageType', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(detectImageType(Uint8Array.from(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')))).toBe('webp');
  });

  it('refuses everything else, however it is named', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
  });
});
