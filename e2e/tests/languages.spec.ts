// Issue 17 part 4 (decision 037): the visitor picks 中文 on the welcome page and every screen follows, the pack's
// checkpoint titles, prize banner and rewards caption included; the choice survives a reload and signing in; தமிழ் switches again; English is
// the original words, exactly.
import { createVisitor, expect, signIn, test } from '../support/fixtures';

test('switching to 中文 and to தமிழ் changes the screens, and the choice survives a reload', async ({ context, page }) => {
  await page.goto('/');
  // The browser says en-US: English, exactly.
  await expect(page.getByRole('button', { name: 'Use another way to sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await expect(page.getByRole('button', { name: '使用其他方式登录' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '语言' })).toHaveValue('zh-Hans');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  // The pack's words come in Chinese too.
  await expect(page.getByText('每天一个打卡点，告别旱鸭子的烦恼。')).toBeVisible();
  // The prize banner too (translations.yaml prize, over campaign.yaml's).
  await expect(page.getByText('在我们的史诗级邮轮假期畅游三天两夜', { exact: true })).toBeVisible();
  await expect(page.getByText('3 days, 2 nights on our epic shipcation')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: '使用其他方式登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use another way to sign in' })).toHaveCount(0);

  const visitor = await createVisitor();
  await signIn(context, visitor);
  await page.goto('/checkpoints');
  await expect(page.getByRole('heading', { name: '打卡点', exact: true })).toBeVisible();
  await expect(page.getByText('舷梯问好', { exact: true })).toBeVisible();
  await expect(page.getByText('甲板自拍', { exact: true })).toBeVisible();
  await expect(page.getByText('Gangway Hello')).toHaveCount(0);
  await page.goto('/rewards');
  await expect(page.getByText('船舱、升级、折扣、抵用金、无线网络、香槟、啤酒，统统等你来拿！', { exact: true })).toBeVisible();

  await page.goto('/');
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'தமிழ்' });
  await expect(page.getByRole('combobox', { name: 'மொழி' })).toHaveValue('ta');
  await page.goto('/checkpoints');
  await expect(page.getByRole('heading', { name: 'சோதனைச் சாவடிகள்', exact: true })).toBeVisible();
  await expect(page.getByText('ஏணிப்பாலத்தில் வணக்கம்', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');

  await page.goto('/');
  await page.getByRole('combobox', { name: 'மொழி' }).selectOption({ label: 'English' });
  await page.goto('/checkpoints');
  await expect(page.getByRole('heading', { name: 'CHECKPOINTS', exact: true })).toBeVisible();
  await expect(page.getByText('Gangway Hello', { exact: true })).toBeVisible();
});
