// The pack's words in the language a request asks for (decision 037), from the demo pack's translations.yaml
// (campaigns/singapore-2025): ?lang= first, then Accept-Language, English otherwise; a field a language leaves
// out keeps the English.
import { describe, expect, it } from 'vitest';
import type { Campaign } from '@quackquest/contract';
import { addReward, api, createUser } from '../../test/helpers';

type Row = { checkpointId: string; title: string; subtitle: string };

async function checkpoints(headers: Record<string, string>, query = '') {
  const user = await createUser();
  const { status, body, headers: answer } = await api('GET', `/api/checkpoints${query}`, user, undefined, headers);
  expect(status).toBe(200);
  return { rows: body.data as Row[], vary: answer.vary };
}

const row = (rows: Row[], id: string) => rows.find((r) => r.checkpointId === id)!;

describe('the pack in the visitor language', () => {
  it('answers the checkpoint titles and questions in Chinese for Accept-Language zh-CN, and says the answer varies by it', async () => {
    const { rows, vary } = await checkpoints({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
    expect(row(rows, 'day-01-gangway').title).toBe('舷梯问好');
    expect(row(rows, 'day-01-gangway').subtitle).toBe('在活动入口找到条纹舷梯拱门，扫描船长欢迎牌上的二维码。');
    expect(vary).toMatch(/accept-language/i);
  });

  it('takes ?lang before Accept-Language', async () => {
    const { rows } = await checkpoints({ 'accept-language': 'zh-CN' }, '?lang=ta');
    expect(row(rows, 'day-02-lifeboat-drill').title).toBe('உயிர்காப்புப் படகுப் பயிற்சி');
  });

  it('answers English, exactly as the pack has it, without a language of ours', async () => {
    const { rows } = await checkpoints({ 'accept-language': 'fr-FR,de;q=0.8' });
    expect(row(rows, 'day-01-gangway')).toMatchObject({
      title: 'Gangway Hello',
      subtitle: "Find the striped gangway arch at the festival entrance and scan the QR code on the captain's welcome board.",
    });
  });

  it('answers the campaign tagline and description in Malay, and never sends the translations themselves', async () => {
    const { status, body } = await api('GET', '/api/campaign', undefined, undefined, { 'accept-language': 'ms-MY' });
    expect(status).toBe(200);
    expect(body.tagline).toBe('Satu checkpoint sehari, hilang rasa bosan di darat.');
    expect(body.description).toMatch(/^Naiklah ke kapal/);
    expect(body).not.toHaveProperty('translations');
    const english = await api('GET', '/api/campaign');
    expect(english.body.tagline).toBe('One checkpoint a day keeps the landlubber blues away.');
  });

  it('answers reward descriptions in Tamil and keeps the reward names English (they identify a claim)', async () => {
    const user = await createUser();
    const { body } = await api('GET', '/api/inventory', user, undefined, { 'accept-language': 'ta' });
    const wifi = (body.items as { item: string; description: string }[]).find((r) => r.item === 'Wifi Day Pass');
    expect(wifi?.description).toBe('ஒரு நாள் வரம்பற்ற கப்பல் வைஃபை; உங்கள் வாத்து செல்ஃபிகள் உடனுக்குடன் கரை சேரும்.');
    const english = await api('GET', '/api/inventory', user);
    expect(
      (english.body.items as { item: string; description: string }[]).find((r) => r.item === 'Wifi Day Pass')?.description,
    ).toBe('One day of unlimited ship wifi, so your duck selfies reach shore in real time.');
  });

  it('answers the screen words and the terms in Chinese, keeps images and English the pack leaves untranslated', async () => {
    const { status, body: answer } = await api('GET', '/api/campaign?lang=zh-Hans');
    expect(status).toBe(200);
    const body = answer as Campaign;
    const screens = body.screens!;
    const signup = screens.signup!;
    expect(screens.prize).toEqual({
      title: '赢取免费船舱',
      text: '在我们的史诗级邮轮假期畅游三天两夜',
      image: '/api/campaign/images/free-cabin.svg',
    });
    expect(screens.bookingLabel).toBe('预订船舱');
    expect(signup.question).toBe('你已经有船舱了吗？');
    expect(signup.yes.rewardsLabel).toBe('仅限船舱持有人');
    expect(signup.no.rewardsLabel).toBe('适合还没有船舱的访客');
    expect(screens.rewardsCaption).toBe('船舱、升级、折扣、抵用金、无线网络、香槟、啤酒，统统等你来拿！');
    // Left out of translations.yaml: the English of campaign.yaml.
    expect(screens.signupPhotos[0]?.alt).toBe("A rubber duck on the ship's deck rail at sunset");
    expect(body.collection).toEqual({ start: '2025-11-16', end: '2025-11-18', place: '5 层甲板宾客服务台' });
    expect(body.termsText).toMatch(/^# QuackQuest 条款及细则/);
    expect(body.termsText).toContain('自 2025年8月14日 起生效');
    expect(body.termsText).toContain('得奖通知：[to be confirmed: winner notification timeline]。');
  });

  it('answers the English screen words and terms without a language of ours', async () => {
    const body = (await api('GET', '/api/campaign', undefined, undefined, { 'accept-language': 'fr-FR' })).body as Campaign;
    const screens = body.screens!;
    expect(screens.prize?.title).toBe('Win a free cabin');
    expect(screens.rewardsCaption).toBe('Cabins, upgrades, discounts, credits, wifi, champagne, beer - all up for grabs!');
    expect(body.collection?.place).toBe('Guest Services desk, Deck 5');
    expect(body.termsText).toMatch(/^# QuackQuest Terms and Conditions/);
  });

  it('refuses a reward for cabin owners in the visitor language, in the pack words', async () => {
    const reward = await addReward({ price: 5, stock: 3, eligibility: 'owners' });
    const visitor = await createUser({ ducks: 10, cabinOwner: false });
    const headers = { 'idempotency-key': 'key-translated-refusal', 'accept-language': 'ta' };
    const response = await api('POST', '/api/claims', visitor, { item: reward.item }, headers);
    expect(response).toMatchObject({ status: 403, body: { message: 'இந்த வெகுமதி கேபின் உரிமையாளர்களுக்கு மட்டுமே.' } });
  });
});
