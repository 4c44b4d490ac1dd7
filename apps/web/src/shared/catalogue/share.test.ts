import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share.ts';

const url = 'https://demo.example/product/p1';

describe('shareLink', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    expect(await shareLink({ share, clipboard: { writeText } }, 'Plov', url)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Plov', url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without one, and when the share sheet fails', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    expect(await shareLink({ clipboard: { writeText } }, 'Plov', url)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(url);
    const broken = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    expect(await shareLink({ share: broken, clipboard: { writeText } }, 'Plov', url)).toBe('copied');
  });

  it('does nothing more when the customer closes the share sheet, and fails without either', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const closed = () => Promise.reject(new DOMException('closed', 'AbortError'));
    expect(await shareLink({ share: closed, clipboard: { writeText } }, 'Plov', url)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
    expect(await shareLink({}, 'Plov', url)).toBe('failed');
    expect(await shareLink({ clipboard: { writeText: () => Promise.reject(new Error('denied')) } }, 'Plov', url)).toBe('failed');
  });
});
