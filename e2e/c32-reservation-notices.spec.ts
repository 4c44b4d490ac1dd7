import type { Locator } from '@playwright/test';
import { brandUrl, consoleAs, expect, keepSettledScreenshot, logIn, randomPhone, speak, test } from './support.ts';

/*
 * Issue 32, the customer told of their reservation's change and the console's chat alert, in Chromium against the
 * real server: a customer on a phone books a table at Tezkor's Chilonzor, the operator confirms it in the console's
 * book in another browser, and the customer finds "reservation confirmed" (the branch, day and time) in
 * /profile/notifications, leading to their reservations; then the customer writes to the brand and the console's chats
 * tab shows the new message's badge wherever the operator is, gone once they open it. Screenshots in ru and ar.
 */

const OPERATOR = '+998900000002';

const TITLE = { ru: 'Бронь подтверждена', ar: 'تم تأكيد الحجز' } as const;

/** The number on a tab's badge (0 when there is none), read without waiting for it (it comes and goes). */
async function badgeCount(badge: Locator): Promise<number> {
  const [text] = await badge.allTextContents();
  return text ? Number(text.replace('+', '')) : 0;
}

for (const lang of ['ru', 'ar'] as const) {
  test(`the customer is told the console confirmed their table; the console hears a chat message (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('login-prompt').getByRole('link').click();
    await logIn(page, randomPhone('95'));

    // Book tomorrow at 18:30 for two, with a comment the console finds it by.
    const comment = `notice-${lang}-${Date.now() % 1_000_000}`;
    await page.goto(brandUrl('tezkor', '/reservations'));
    await expect(page.getByTestId('reservation-page')).toBeVisible();
    await page.getByTestId('reservation-day').nth(1).click();
    const time = page.locator('[data-testid="reservation-time"][data-time="18:30"]');
    await expect(time).toBeEnabled();
    await time.click();
    await page.getByTestId('reservation-comment').fill(comment);
    await page.getByTestId('reservation-submit').click();
    await expect(page.getByTestId('my-reservations-page')).toBeVisible();

    const { context, page: ops } = await consoleAs(browser, OPERATOR, lang, { viewport: { width: 1280, height: 800 } });
    try {
      await ops.goto(brandUrl('tezkor', '/ops/reservations'));
      await expect(ops.getByTestId('reservations-screen')).toBeVisible();
      const tomorrow = new Date(Date.now() + 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 10);
      await ops.getByTestId('reservations-day').fill(tomorrow);
      const row = ops.getByTestId('reservation-row').filter({ hasText: comment });
      await expect(row).toHaveAttribute('data-status', 'REQUESTED');
      await row.getByTestId('reservation-CONFIRMED').click();
      await expect(row).toHaveAttribute('data-status', 'CONFIRMED');

      // The customer: the profile's bell counts it, the list says so with the branch, day and time.
      await page.goto(brandUrl('tezkor', '/profile'));
      await expect(page.getByTestId('profile-link-notifications-badge')).toBeVisible();
      await page.getByTestId('profile-link-notifications').click();
      const notice = page.locator('[data-testid="notification"][data-kind="RESERVATION"]').first();
      await expect(notice).toHaveAttribute('data-news', 'CONFIRMED');
      await expect(notice.getByTestId('notification-title')).toContainText(TITLE[lang]);
      await expect(notice.getByTestId('notification-reservation')).toContainText(lang === 'ru' ? 'Чиланзар' : /\d\d:\d\d/);
      await keepSettledScreenshot(page, testInfo, `reservation-notice-${lang}`);
      await notice.getByRole('link').click();
      await expect(page.getByTestId('my-reservations-page')).toBeVisible();
      await expect(page.getByTestId('reservation-item').first()).toHaveAttribute('data-status', 'CONFIRMED');

      // The chat: the operator stays on the book; the customer's message badges the chats tab.
      const badge = ops.getByTestId('nav-chats-badge');
      const before = await badgeCount(badge);
      await page.goto(brandUrl('tezkor', '/profile/chat'));
      const question = lang === 'ar' ? 'هل يمكن إضافة كرسي أطفال؟' : 'Можно детский стульчик?';
      await page.getByTestId('chat-input').fill(question);
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-message')).toHaveCount(1);
      await expect.poll(() => badgeCount(badge), { timeout: 15_000 }).toBe(before + 1);
      await expect(ops).toHaveTitle(/^\(\d+\+?\) /);
      await keepSettledScreenshot(ops, testInfo, `chat-badge-${lang}`);
      // Opened, the message is read: the badge goes back to what it was.
      await ops.getByTestId('nav-chats').click();
      await ops
        .getByTestId('chat-row')
        .filter({ hasText: question.slice(0, 10) })
        .first()
        .click();
      await expect(ops.getByTestId('chat-message')).toHaveCount(1);
      await expect.poll(() => badgeCount(badge), { timeout: 15_000 }).toBe(before);
    } finally {
      await context.close();
    }
  });
}
