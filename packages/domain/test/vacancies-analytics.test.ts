import { describe, expect, it } from 'vitest';
import { analyticsCspSources, analyticsTags, vacancyCvType } from '../src/index.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('a CV’s type, by its own bytes', () => {
  it('takes PDF, Word and pictures', () => {
    expect(vacancyCvType(bytes('%PDF-1.7\n'), 'x.bin')).toBe('application/pdf');
    expect(vacancyCvType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'cv.doc')).toBe('application/msword');
    expect(vacancyCvType(bytes([0x50, 0x4b, 3, 4], '....[Content_Types].xml....word/document.xml'), 'cv.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(vacancyCvType(bytes([0xff, 0xd8, 0xff, 0xe0]), 'a.jpg')).toBe('image/jpeg');
    expect(vacancyCvType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'a.png')).toBe('image/png');
    expect(vacancyCvType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'a.webp')).toBe('image/webp');
  });
  it('refuses anything else whatever its name says: a program, a plain zip, an OLE file that is not .doc, text', () => {
    expect(vacancyCvType(bytes('MZ', [0x90, 0]), 'cv.pdf')).toBeNull();
    expect(vacancyCvType(bytes([0x50, 0x4b, 3, 4], 'payload/evil.js'), 'cv.docx')).toBeNull();
    expect(vacancyCvType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'macro.xls')).toBeNull();
    expect(vacancyCvType(bytes('<html><script>'), 'cv.pdf')).toBeNull();
    expect(vacancyCvType(new Uint8Array(), 'cv.pdf')).toBeNull();
  });
});

describe('the brand’s analytics tools', () => {
  const ids = { yandexMetricsId: '123', metaPixelId: '456', googleTagManagerId: 'GTM-AB', amoCRMId: '7', amoCRMHash: 'h' };
  it('none without their flags, even with ids; none with a flag but no (or a malformed) id', () => {
    expect(analyticsTags(ids)).toEqual([]);
    expect(analyticsCspSources(ids)).toEqual({ script: [], connect: [], frame: [] });
    expect(analyticsTags({ yandexMetricsEnabled: true, yandexMetricsId: '' })).toEqual([]);
    expect(analyticsTags({ googleTagManagerActive: true, googleTagManagerId: 'GTM-1"><script>' })).toEqual([]);
    expect(analyticsTags({ amoCRMActive: true, amoCRMId: '7' })).toEqual([]);
  });
  it('each flag with its id: that tool and its origins only', () => {
    expect(analyticsTags({ ...ids, metaPixelActive: true })).toEqual([{ tool: 'metaPixel', id: '456' }]);
    expect(analyticsCspSources({ ...ids, metaPixelActive: true }).script).toEqual(['https://connect.facebook.net']);
    expect(analyticsTags({ ...ids, amoCRMActive: true })).toEqual([{ tool: 'amoCRM', id: '7', hash: 'h' }]);
    const all = { ...ids, yandexMetricsEnabled: true, metaPixelActive: true, googleTagManagerActive: true, amoCRMActive: true };
    expect(analyticsTags(all).map((t) => t.tool)).toEqual(['yandexMetrica', 'metaPixel', 'googleTagManager', 'amoCRM']);
    expect(analyticsCspSources(all).frame).toEqual(['https://www.googletagmanager.com', 'https://gso.amocrm.ru']);
  });
});
