import { isLanguage, LANGUAGE_TAGS, type Language, localizedPath } from '@baan/contract';
import type { Mail } from '../mail/mailer.ts';
import { escapeHtml, mailHtml } from './mail-html.ts';

type Texts = {
  greeting: (name: string) => string;
  signOff: string;
  approved: { subject: string; lead: (title: string) => string; link: string };
  rejected: { subject: string; lead: (title: string) => string; reason: string; next: string; link: string };
};

/** The decision on a held listing, mailed to its owner (ADR 017). Every language says the same things. */
const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    signOff: 'The Baan team',
    approved: {
      subject: 'Your listing is now live on Baan',
      lead: (title) =>
        `Good news: we have reviewed your listing “${title}” and approved it. Visitors can now find it on Baan.`,
      link: 'View your listing',
    },
    rejected: {
      subject: 'Your listing was not approved',
      lead: (title) =>
        `We have reviewed your listing “${title}” and could not approve it, so it is not shown to visitors.`,
      reason: 'Our reviewer’s reason:',
      next: 'You can see your listings in your dashboard. If you have questions, please reply through our contact page.',
      link: 'Open my listings',
    },
  },
  th: {
    greeting: (name) => `สวัสดีคุณ ${name}`,
    signOff: 'ทีมงาน Baan',
    approved: {
      subject: 'ประกาศของคุณเผยแพร่บน Baan แล้ว',
      lead: (title) => `ข่าวดี: เราได้ตรวจสอบประกาศ “${title}” ของคุณและอนุมัติแล้ว ผู้เข้าชมสามารถพบประกาศนี้บน Baan ได้แล้ว`,
      link: 'ดูประกาศของคุณ',
    },
    rejected: {
      subject: 'ประกาศของคุณไม่ได้รับการอนุมัติ',
      lead: (title) => `เราได้ตรวจสอบประกาศ “${title}” ของคุณแล้ว แต่ไม่สามารถอนุมัติได้ ประกาศนี้จึงไม่แสดงต่อผู้เข้าชม`,
      reason: 'เหตุผลจากผู้ตรวจสอบของเรา:',
      next: 'คุณสามารถดูประกาศทั้งหมดของคุณได้ที่แดชบอร์ด หากมีคำถาม โปรดติดต่อเราผ่านหน้าติดต่อเรา',
      link: 'เปิดประกาศของฉัน',
    },
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 团队',
    approved: {
      subject: '您的房源已在 Baan 上线',
      lead: (title) => `好消息：我们已审核并批准了您的房源“${title}”。访客现在可以在 Baan 上找到它。`,
      link: '查看您的房源',
    },
    rejected: {
      subject: '您的房源未获批准',
      lead: (title) => `我们已审核您的房源“${title}”，但未能批准，因此它不会向访客显示。`,
      reason: '审核人员给出的原因：',
      next: '您可以在控制面板中查看您的房源。如有疑问，请通过我们的联系页面与我们联系。',
      link: '打开我的房源',
    },
  },
  ja: {
    greeting: (name) => `${name} 様`,
    signOff: 'Baan チーム',
    approved: {
      subject: 'お客様の物件が Baan に掲載されました',
      lead: (title) =>
        `お知らせです。物件「${title}」を審査し、承認しました。Baan で閲覧者が見つけられるようになりました。`,
      link: '物件を見る',
    },
    rejected: {
      subject: 'お客様の物件は承認されませんでした',
      lead: (title) => `物件「${title}」を審査しましたが、承認できませんでした。そのため閲覧者には表示されません。`,
      reason: '審査担当者からの理由：',
      next: 'ダッシュボードでご自身の物件を確認できます。ご不明な点はお問い合わせページからご連絡ください。',
      link: 'マイ物件を開く',
    },
  },
  my: {
    greeting: (name) => `မင်္ဂလာပါ ${name}၊`,
    signOff: 'Baan အဖွဲ့',
    approved: {
      subject: 'သင့်ကြော်ငြာကို Baan တွင် ယခု ဖော်ပြထားပါပြီ',
      lead: (title) =>
        `သတင်းကောင်းပါ- သင့်ကြော်ငြာ “${title}” ကို ကျွန်ုပ်တို့ စစ်ဆေးပြီး အတည်ပြုလိုက်ပါပြီ။ ကြည့်ရှုသူများသည် ယခု Baan တွင် ၎င်းကို ရှာတွေ့နိုင်ပါပြီ။`,
      link: 'သင့်ကြော်ငြာကို ကြည့်ရန်',
    },
    rejected: {
      subject: 'သင့်ကြော်ငြာကို အတည်မပြုနိုင်ခဲ့ပါ',
      lead: (title) => `သင့်ကြော်ငြာ “${title}” ကို ကျွန်ုပ်တို့ စစ်ဆေးခဲ့သော်လည်း အတည်မပြုနိုင်ခဲ့သဖြင့် ကြည့်ရှုသူများထံ ဖော်ပြမည် မဟုတ်ပါ။`,
      reason: 'ကျွန်ုပ်တို့၏ စစ်ဆေးသူ ပေးသော အကြောင်းရင်း-',
      next: 'သင့်ကြော်ငြာများကို ဒက်ရှ်ဘုတ်တွင် ကြည့်နိုင်ပါသည်။ မေးစရာရှိပါက ဆက်သွယ်ရန် စာမျက်နှာမှတစ်ဆင့် ဆက်သွယ်ပါ။',
      link: 'ကျွန်ုပ်၏ ကြော်ငြာများကို ဖွင့်ရန်',
    },
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    signOff: 'Команда Baan',
    approved: {
      subject: 'Ваше объявление опубликовано на Baan',
      lead: (title) =>
        `Хорошие новости: мы проверили ваше объявление «${title}» и одобрили его. Теперь посетители могут найти его на Baan.`,
      link: 'Открыть объявление',
    },
    rejected: {
      subject: 'Ваше объявление не одобрено',
      lead: (title) =>
        `Мы проверили ваше объявление «${title}» и не смогли его одобрить, поэтому посетители его не видят.`,
      reason: 'Причина, указанная проверяющим:',
      next: 'Ваши объявления можно посмотреть в личном кабинете. Если у вас есть вопросы, напишите нам через страницу контактов.',
      link: 'Мои объявления',
    },
  },
  TW: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 團隊',
    approved: {
      subject: '您的物件已在 Baan 上架',
      lead: (title) => `好消息：我們已審核並核准您的物件「${title}」。訪客現在可以在 Baan 上找到它。`,
      link: '查看您的物件',
    },
    rejected: {
      subject: '您的物件未獲核准',
      lead: (title) => `我們已審核您的物件「${title}」，但未能核准，因此不會向訪客顯示。`,
      reason: '審核人員提供的原因：',
      next: '您可以在控制台查看您的物件。如有疑問，請透過我們的聯絡頁面與我們聯繫。',
      link: '開啟我的物件',
    },
  },
};

export type ReviewDecision =
  | { kind: 'approved'; listingId: number; title: string }
  | { kind: 'rejected'; listingId: number; title: string; reason: string };

/** The owner's mail about an admin's decision, in their language (English when theirs is unknown). */
export function reviewDecisionMail(
  owner: { email: string; name: string; language: string },
  decision: ReviewDecision,
  publicUrl: string,
): Mail {
  const language: Language = isLanguage(owner.language) ? owner.language : 'en';
  const t = TEXTS[language];
  const base = publicUrl.replace(/\/+$/, '');
  if (decision.kind === 'approved') {
    const m = t.approved;
    const url = `${base}${localizedPath(language, `/detail/${decision.listingId}`)}`;
    const paragraphs = [t.greeting(owner.name), m.lead(decision.title)];
    return {
      to: owner.email,
      subject: m.subject,
      text: `${[...paragraphs, `${m.link}: ${url}`, t.signOff].join('\n\n')}\n`,
      html: mailHtml(LANGUAGE_TAGS[language], m.subject, [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(url)}">${escapeHtml(m.link)}</a></p>`,
        `<p>${escapeHtml(t.signOff)}</p>`,
      ]),
    };
  }
  const m = t.rejected;
  const url = `${base}${localizedPath(language, '/dashboard/properties')}`;
  return {
    to: owner.email,
    subject: m.subject,
    text: `${[t.greeting(owner.name), m.lead(decision.title), `${m.reason}\n${decision.reason}`, m.next, `${m.link}: ${url}`, t.signOff].join('\n\n')}\n`,
    html: mailHtml(LANGUAGE_TAGS[language], m.subject, [
      `<p>${escapeHtml(t.greeting(owner.name))}</p>`,
      `<p>${escapeHtml(m.lead(decision.title))}</p>`,
      `<p>${escapeHtml(m.reason)}</p>`,
      `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;white-space:pre-line">${escapeHtml(decision.reason)}</blockquote>`,
      `<p>${escapeHtml(m.next)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(m.link)}</a></p>`,
      `<p>${escapeHtml(t.signOff)}</p>`,
    ]),
  };
}
