import { describe, expect, it } from 'vitest';
import { paragraphs } from './policy-text.ts';

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('First.\n\nSecond line one\nline two\r\n\r\n\n  Third.  ')).toEqual([
      'First.',
      'Second line one\nline two',
      'Third.',
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(paragraphs('Text such as <script>alert(1)</script> is shown.')).toEqual(['Text such as <script>alert(1)</script> is shown.']);
  });

  it('gives nothing for nothing', () => {
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
    expect(paragraphs(' \n \n ')).toEqual([]);
  });
});
