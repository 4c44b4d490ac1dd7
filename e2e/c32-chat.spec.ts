import { brandUrl, consoleAs, expect, keepSettledScreenshot, logIn, randomPhone, speak, test } from './support.ts';

/*
 * Issue 32, chat with the brand, in Chromium against the real server: a customer on a phone writes to the brand from
 * the profile, the operator sees it unread in the console's inbox in another browser, answers, and the customer sees
 * the answer arrive without reloading; a message with markup stays text. Screenshots at 390x844 in ru and ar.
 */

const OPERATOR = '+998900000002';

for (const lang of ['ru', 'ar'] as const) {
  test(`a customer and the operator exchange messages (${lang})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('login-prompt').getByRole('link').click();
    await logIn(page, randomPhone('94'));
    await page.getByTestId('profile-link-chat').click();
    await expect(page.getByTestId('chat-empty')).toBeVisible();
    const question = lang === 'ar' ? 'هل تعملون ليلًا؟ <b>مرحبا</b>' : 'Вы работаете ночью? <b>привет</b>';
    await page.getByTestId('chat-input').fill(question);
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message')).toHaveCount(1);
    // Markup is shown as the characters typed, never rendered.
    await expect(page.getByTestId('chat-message').first()).toContainText('<b>');
    await expect(page.locator('[data-testid="chat-message"] b')).toHaveCount(0);

    const { context, page: ops } = await consoleAs(browser, OPERATOR, lang);
    try {
      await ops.goto(brandUrl('tezkor', '/ops/chats'));
      const row = ops
        .getByTestId('chat-row')
        .filter({ hasText: question.slice(0, 12) })
        .first();
      await expect(row).toHaveAttribute('data-unread', '1');
      await row.click();
      await expect(ops.getByTestId('chat-message')).toHaveCount(1);
      const answer = lang === 'ar' ? 'نعم، على مدار الساعة' : 'Да, круглосуточно';
      await ops.getByTestId('chat-answer').fill(answer);
      await ops.getByTestId('chat-answer-send').click();
      await expect(ops.getByTestId('chat-message')).toHaveCount(2);
      await keepSettledScreenshot(ops, testInfo, `chat-inbox-${lang}`);

      // The customer's page shows the answer without a reload.
      await expect(page.locator('[data-testid="chat-message"][data-author="STAFF"]')).toHaveText(new RegExp(answer), { timeout: 15_000 });
      await keepSettledScreenshot(page, testInfo, `chat-customer-${lang}`);
    } finally {
      await context.close();
    }
  });
}
