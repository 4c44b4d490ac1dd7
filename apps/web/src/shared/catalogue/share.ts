/** What the browser offers for sharing: the Web Share API where present, else the clipboard. */
export interface ShareTarget {
  share?: (data: { title?: string; url: string }) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/**
 * Shares a product's link (spec section 8, "product copied"): the device's share sheet where there is one; else the
 * link goes to the clipboard and the answer is 'copied', for the notice. A share the customer closed is 'cancelled'.
 */
export async function shareLink(target: ShareTarget, title: string, url: string): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if (target.share) {
    try {
      await target.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!target.clipboard) return 'failed';
  try {
    await target.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
