import { isLanguage, LANGUAGE_TAGS, type Language, localizedPath } from '@baan/contract';
import type { Mail } from '../mail/mailer.ts';
import { escapeHtml, mailHtml } from '../moderation/mail-html.ts';

type Texts = {
  greeting: (name: string) => string;
  signOff: string;
  subject: (date: string) => string;
  lead: (pkg: string, date: string) => string;
  after: string;
  link: string;
};

/** The mail 3 days before an owner's last period ends (ADR 017). Every language says the same things. */
const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    signOff: 'The Baan team',
    subject: (date) => `Your Baan package ends on ${date}`,
    lead: (pkg, date) => `Your ${pkg} package ends on ${date}.`,
    after:
      'After that your listings stay published, but they are no longer featured and lose premium visibility, and you cannot add new listings. Renew now to keep everything as it is.',
    link: 'Renew your package',
  },
  th: {
    greeting: (name) => `สวัสดีคุณ ${name}`,
    signOff: 'ทีมงาน Baan',
    subject: (date) => `แพ็กเกจ Baan ของคุณจะสิ้นสุดในวันที่ ${date}`,
    lead: (pkg, date) => `แพ็กเกจ ${pkg} ของคุณจะสิ้นสุดในวันที่ ${date}`,
    after:
      'หลังจากนั้นประกาศของคุณจะยังคงเผยแพร่อยู่ แต่จะไม่เป็นประกาศแนะนำและจะไม่ได้รับการแสดงผลแบบพรีเมียมอีกต่อไป และคุณจะเพิ่มประกาศใหม่ไม่ได้ ต่ออายุตอนนี้เพื่อให้ทุกอย่างคงเดิม',
    link: 'ต่ออายุแพ็กเกจของคุณ',
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 团队',
    subject: (date) => `您的 Baan 套餐将于 ${date} 到期`,
    lead: (pkg, date) => `您的 ${pkg} 套餐将于 ${date} 到期。`,
    after:
      '到期后，您的房源仍会继续发布，但将不再是精选房源，也不再享有优先展示，并且您将无法添加新房源。立即续订即可保持现状。',
    link: '续订套餐',
  },
  ja: {
    greeting: (name) => `${name} 様`,
    signOff: 'Baan チーム',
    subject: (date) => `Baan のパッケージは ${date} に終了します`,
    lead: (pkg, date) => `ご利用中の ${pkg} パッケージは ${date} に終了します。`,
    after:
      '終了後も物件の掲載は続きますが、おすすめ表示とプレミアム表示はなくなり、新しい物件を追加できなくなります。今すぐ更新すれば、このままご利用いただけます。',
    link: 'パッケージを更新する',
  },
  my: {
    greeting: (name) => `မင်္ဂလာပါ ${name}၊`,
    signOff: 'Baan အဖွဲ့',
    subject: (date) => `သင်၏ Baan ပက်ကေ့ချ်သည် ${date} တွင် ကုန်ဆုံးပါမည်`,
    lead: (pkg, date) => `သင်၏ ${pkg} ပက်ကေ့ချ်သည် ${date} တွင် ကုန်ဆုံးပါမည်။`,
    after:
      'ထို့နောက် သင့်ကြော်ငြာများကို ဆက်လက်ဖော်ပြထားမည်ဖြစ်သော်လည်း အထူးပြကြော်ငြာ မဟုတ်တော့ဘဲ ပရီမီယံ မြင်သာမှုလည်း မရှိတော့ပါ၊ ကြော်ငြာအသစ်များလည်း ထည့်၍မရတော့ပါ။ အရာအားလုံး ယခုအတိုင်း ဆက်ရှိစေရန် ယခုပင် သက်တမ်းတိုးပါ။',
    link: 'ပက်ကေ့ချ် သက်တမ်းတိုးရန်',
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    signOff: 'Команда Baan',
    subject: (date) => `Ваш пакет Baan заканчивается ${date}`,
    lead: (pkg, date) => `Ваш пакет «${pkg}» заканчивается ${date}.`,
    after:
      'После этого ваши объявления останутся опубликованными, но перестанут быть рекомендуемыми и потеряют премиальный показ, а новые объявления добавить будет нельзя. Продлите пакет сейчас, чтобы всё осталось как есть.',
    link: 'Продлить пакет',
  },
  TW: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 團隊',
    subject: (date) => `您的 Baan 方案將於 ${date} 到期`,
    lead: (pkg, date) => `您的 ${pkg} 方案將於 ${date} 到期。`,
    after:
      '到期後，您的物件仍會繼續刊登，但將不再是精選物件，也不再享有優先曝光，而且您將無法新增物件。立即續訂即可維持現狀。',
    link: '續訂方案',
  },
};

/** The end date as the owner reads it: their language's long date, in Bangkok time. */
export function endDateText(language: Language, endsAt: Date): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
    dateStyle: 'long',
    timeZone: 'Asia/Bangkok',
  }).format(endsAt);
}

export function packageEndReminderMail(
  owner: { email: string; name: string; language: string },
  packageName: string,
  endsAt: Date,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = TEXTS[language];
  const date = endDateText(language, endsAt);
  const url = `${publicUrl.replace(/\/+$/, '')}${localizedPath(language, '/select-package')}`;
  const subject = t.subject(date);
  const paragraphs = [t.greeting(owner.name), t.lead(packageName, date), t.after];
  return {
    to: owner.email,
    subject,
    text: `${[...paragraphs, `${t.link}: ${url}`, t.signOff].join('\n\n')}\n`,
    html: mailHtml(LANGUAGE_TAGS[language], subject, [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t.link)}</a></p>`,
      `<p>${escapeHtml(t.signOff)}</p>`,
    ]),
  };
}
