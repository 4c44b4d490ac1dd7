import { describe, expect, it } from 'vitest';
import { appLinks } from './app-links.tsx';

const off = {
  iosAppActive: false,
  iosAppLink: '',
  androidAppActive: false,
  androidAppLink: '',
  telegramBotActive: false,
  telegramBotLink: '',
};
const t = (key: string) => key;

describe('the app links', () => {
  it('list each app whose switch is on, in the stores’ order', () => {
    const links = appLinks(
      { ...off, iosAppActive: true, iosAppLink: 'https://apps.apple.com/app/id1', telegramBotActive: true, telegramBotLink: '@tezkor_bot' },
      t,
    );
    expect(links.map((l) => [l.key, l.href, l.label])).toEqual([
      ['ios', 'https://apps.apple.com/app/id1', 'footer.appStore'],
      ['bot', 'https://t.me/tezkor_bot', 'footer.telegramBot'],
    ]);
  });

  it('leave out an app that is off or whose address may not be opened', () => {
    expect(appLinks({ ...off, iosAppLink: 'https://apps.apple.com/app/id1' }, t)).toEqual([]);
    expect(appLinks({ ...off, androidAppActive: true, androidAppLink: 'javascript:alert(1)' }, t)).toEqual([]);
    expect(appLinks({ ...off, androidAppActive: true, androidAppLink: '' }, t)).toEqual([]);
  });
});
