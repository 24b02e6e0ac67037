import type { CampaignScreens } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { pickLanguage, translateScreens } from './translations';

describe('pickLanguage (decision 037)', () => {
  it('takes ?lang first, then the first of ours in Accept-Language, zh-* as Simplified Chinese', () => {
    expect(pickLanguage('ta', 'zh-CN,zh;q=0.9')).toBe('ta');
    expect(pickLanguage(undefined, 'fr-FR,zh-TW;q=0.8,en;q=0.5')).toBe('zh-Hans');
    expect(pickLanguage(undefined, 'ms-MY')).toBe('ms');
    expect(pickLanguage('xx', 'en-GB,ta;q=0.5')).toBe('en');
  });

  it('answers English without a language of ours', () => {
    expect(pickLanguage(undefined, undefined)).toBe('en');
    expect(pickLanguage(undefined, 'fr-FR,de;q=0.8')).toBe('en');
    expect(pickLanguage('', '*')).toBe('en');
  });
});

describe('translateScreens (decision 037)', () => {
  const answer = (who: string) => ({ answer: `${who} answer`, rewardsLabel: `${who} only`, refusal: `For ${who} only.` });
  const english: CampaignScreens = {
    logo: null,
    colours: {},
    background: { image: null, videos: [] },
    prize: { title: 'Win a free cabin', text: '3 days, 2 nights', image: '/api/campaign/images/free-cabin.svg' },
    bookingLabel: 'Book Your Cabin',
    signup: {
      question: 'Do you already have a cabin?',
      text: 'Owners earn credits.',
      yes: answer('owners'),
      no: answer('visitors'),
    },
    signupTitle: 'Ready to Board?',
    signupPitch: 'Sign up!',
    signupPhotos: [],
    loginTitle: 'Welcome aboard',
    signupGoogleTitle: 'Almost aboard!',
    congrats: 'Oh Ship!',
    rewardsCaption: 'All up for grabs!',
    rewardsBanner: { url: '/api/campaign/images/rewards-banner.svg', alt: 'A cruise ship' },
    voucherHint: 'Show this code.',
    claimedHint: 'Your voucher is waiting.',
    notFoundTitle: 'Lost at sea',
    loadErrorTitle: 'Man overboard!',
  };

  it('puts the words a language has over the English, field by field, and keeps images and the rest English', () => {
    const zh = translateScreens(english, {
      checkpoints: {},
      rewards: {},
      prize: { title: '赢取免费船舱' },
      signup: { question: '你已经有船舱了吗？', yes: { rewardsLabel: '仅限船舱持有人' } },
      texts: { rewardsCaption: '统统等你来拿！', rewardsBanner: { alt: '一艘邮轮' } },
    });
    expect(zh.prize).toEqual({ title: '赢取免费船舱', text: '3 days, 2 nights', image: '/api/campaign/images/free-cabin.svg' });
    expect(zh.signup).toEqual({
      question: '你已经有船舱了吗？',
      text: 'Owners earn credits.',
      yes: { ...answer('owners'), rewardsLabel: '仅限船舱持有人' },
      no: answer('visitors'),
    });
    expect(zh.rewardsCaption).toBe('统统等你来拿！');
    expect(zh.rewardsBanner).toEqual({ url: '/api/campaign/images/rewards-banner.svg', alt: '一艘邮轮' });
    expect(zh.bookingLabel).toBe('Book Your Cabin');
    expect(zh.congrats).toBe('Oh Ship!');
  });

  it('answers the English screens without a language block, and adds no prize or question the pack lacks', () => {
    expect(translateScreens(english, undefined)).toBe(english);
    const bare = { ...english, prize: null, signup: null };
    const ms = translateScreens(bare, {
      checkpoints: {},
      rewards: {},
      prize: { title: 'Menangi' },
      signup: { question: 'Ada kabin?' },
    });
    expect(ms).toMatchObject({ prize: null, signup: null });
  });
});
