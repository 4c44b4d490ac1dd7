import { describe, expect, it } from 'vitest';
import { contrastText, parseHexColor, relativeLuminance, textOnBrand, themeOf, validColor } from '../src/color.ts';

describe('parseHexColor', () => {
  it('reads short, long and alpha forms', () => {
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('#E4002B')).toEqual([228, 0, 43]);
    expect(parseHexColor('FCE000')).toEqual([252, 224, 0]);
    expect(parseHexColor('#11223380')).toEqual([17, 34, 51]);
  });

  it('refuses what is not a hex colour', () => {
    for (const v of ['', '#12', 'red', '#ggg', 'rgb(1,2,3)', '#12345']) expect(parseHexColor(v)).toBeNull();
  });
});

describe('contrastText', () => {
  it('puts black on the default yellow and on light brand colours', () => {
    expect(contrastText('#FCE000')).toBe('#000000');
    expect(contrastText('#F5C542')).toBe('#000000');
    expect(contrastText('#FFFFFF')).toBe('#000000');
  });

  it('puts white on dark brand colours', () => {
    expect(contrastText('#E4002B')).toBe('#FFFFFF');
    expect(contrastText('#000000')).toBe('#FFFFFF');
    expect(contrastText('#1E3A8A')).toBe('#FFFFFF');
    expect(contrastText('#2E7D32')).toBe('#FFFFFF');
  });

  it('falls back to black for an unreadable colour', () => {
    expect(contrastText('not-a-colour')).toBe('#000000');
  });

  it('always picks the side with the higher contrast ratio', () => {
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const l = relativeLuminance([v, v, v]);
      const ratioWhite = 1.05 / (l + 0.05);
      const ratioBlack = (l + 0.05) / 0.05;
      expect(contrastText(hex)).toBe(ratioWhite > ratioBlack ? '#FFFFFF' : '#000000');
    }
  });
});

describe('validColor', () => {
  it('keeps a good colour and replaces a bad one', () => {
    expect(validColor('#E4002B', '#FCE000')).toBe('#E4002B');
    expect(validColor('E4002B', '#FCE000')).toBe('#E4002B');
    expect(validColor('', '#FCE000')).toBe('#FCE000');
    expect(validColor('javascript:alert(1)', '#FCE000')).toBe('#FCE000');
  });
});

describe('textOnBrand (the brand says whether its colour is dark: mainColorType)', () => {
  it('follows the brand where both sides read: a red taken as dark gets white, taken as light gets black', () => {
    expect(textOnBrand('#E4002B', 'DARK')).toBe('#FFFFFF');
    expect(textOnBrand('#E4002B', 'LIGHT')).toBe('#000000');
    expect(themeOf({ mainColor: '#E4002B', isDark: true, mainColorType: 'LIGHT' }).onBrand).toBe('#000000');
    expect(themeOf({ mainColor: '#E4002B', isDark: true, mainColorType: 'DARK' }).onBrand).toBe('#FFFFFF');
  });

  it('never makes the text unreadable: the default yellow declared dark still gets black, a navy declared light white', () => {
    expect(textOnBrand('#FCE000', 'DARK')).toBe('#000000');
    expect(textOnBrand('#1E3A8A', 'LIGHT')).toBe('#FFFFFF');
  });

  it('without the setting, or with a colour it cannot read, the luminance decides as before', () => {
    for (const hex of ['#FCE000', '#E4002B', '#2E7D32', '#F5C542']) expect(textOnBrand(hex)).toBe(contrastText(hex));
    expect(textOnBrand('nonsense', 'DARK')).toBe('#000000');
  });

  it('the chosen side has a contrast of 3:1 at least, for every grey and either word', () => {
    for (let v = 0; v < 256; v += 3) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const l = relativeLuminance([v, v, v]);
      for (const declared of ['DARK', 'LIGHT'] as const) {
        const text = textOnBrand(hex, declared);
        const ratio = text === '#FFFFFF' ? 1.05 / (l + 0.05) : (l + 0.05) / 0.05;
        expect(ratio).toBeGreaterThanOrEqual(Math.min(3, Math.max(1.05 / (l + 0.05), (l + 0.05) / 0.05)));
      }
    }
  });
});
