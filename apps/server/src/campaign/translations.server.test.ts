// The pack's words in the language a request asks for (decision 037), from the demo pack's translations.yaml
// (campaigns/singapore-2025): ?lang= first, then Accept-Language, English otherwise; a field a language leaves
// out keeps the English.
import { describe, expect, it } from 'vitest';
import { api, createUser } from '../../test/helpers';

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
});
