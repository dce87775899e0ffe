import { LANGUAGE_TAGS, type Language, type OtpType } from '@baan/contract';

type CodeMailText = { subject: string; lead: string; ignore: string };
type Texts = {
  greeting: (name: string) => string;
  signOff: string;
  register: CodeMailText;
  forgot_password: CodeMailText;
};

/** `{code}` in `lead` is replaced by the code. Every language says the same things. */
const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    signOff: 'The Baan team',
    register: {
      subject: 'Verify your e-mail for Baan',
      lead: 'Your verification code is {code}. It expires in 10 minutes.',
      ignore: 'If you did not sign up for Baan, you can ignore this e-mail.',
    },
    forgot_password: {
      subject: 'Your Baan password reset code',
      lead: 'Use this code to reset your password: {code}. It expires in 10 minutes.',
      ignore: 'If you did not ask to reset your password, ignore this e-mail; your password stays the same.',
    },
  },
  th: {
    greeting: (name) => `สวัสดีคุณ ${name}`,
    signOff: 'ทีมงาน Baan',
    register: {
      subject: 'ยืนยันอีเมลของคุณสำหรับ Baan',
      lead: 'รหัสยืนยันของคุณคือ {code} รหัสนี้จะหมดอายุภายใน 10 นาที',
      ignore: 'หากคุณไม่ได้สมัครสมาชิก Baan คุณไม่ต้องดำเนินการใด ๆ กับอีเมลนี้',
    },
    forgot_password: {
      subject: 'รหัสสำหรับรีเซ็ตรหัสผ่าน Baan ของคุณ',
      lead: 'ใช้รหัสนี้เพื่อรีเซ็ตรหัสผ่านของคุณ: {code} รหัสนี้จะหมดอายุภายใน 10 นาที',
      ignore: 'หากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะยังคงเหมือนเดิม',
    },
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 团队',
    register: {
      subject: '验证您的 Baan 电子邮箱',
      lead: '您的验证码是 {code}，10 分钟内有效。',
      ignore: '如果您没有注册 Baan，请忽略此邮件。',
    },
    forgot_password: {
      subject: '您的 Baan 密码重置验证码',
      lead: '请使用此验证码重置密码：{code}，10 分钟内有效。',
      ignore: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    },
  },
  ja: {
    greeting: (name) => `${name} 様`,
    signOff: 'Baan チーム',
    register: {
      subject: 'Baan のメールアドレス確認',
      lead: '確認コードは {code} です。有効期限は 10 分です。',
      ignore: 'Baan に登録した覚えがない場合は、このメールを無視してください。',
    },
    forgot_password: {
      subject: 'Baan パスワード再設定コード',
      lead: 'パスワードを再設定するには、次のコードを入力してください：{code}（有効期限は 10 分です）',
      ignore: 'パスワードの再設定を依頼していない場合は、このメールを無視してください。パスワードは変更されません。',
    },
  },
  my: {
    greeting: (name) => `မင်္ဂလာပါ ${name}`,
    signOff: 'Baan အဖွဲ့',
    register: {
      subject: 'Baan အတွက် သင့်အီးမေးလ်ကို အတည်ပြုပါ',
      lead: 'သင့်အတည်ပြုကုဒ်မှာ {code} ဖြစ်ပါသည်။ ဤကုဒ်သည် ၁၀ မိနစ်အကြာတွင် သက်တမ်းကုန်ဆုံးပါမည်။',
      ignore: 'Baan တွင် စာရင်းမသွင်းခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။',
    },
    forgot_password: {
      subject: 'သင့် Baan စကားဝှက် ပြန်လည်သတ်မှတ်ရန် ကုဒ်',
      lead: 'သင့်စကားဝှက်ကို ပြန်လည်သတ်မှတ်ရန် ဤကုဒ်ကို အသုံးပြုပါ- {code}။ ဤကုဒ်သည် ၁၀ မိနစ်အကြာတွင် သက်တမ်းကုန်ဆုံးပါမည်။',
      ignore: 'စကားဝှက် ပြန်လည်သတ်မှတ်ရန် မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုပါ။ သင့်စကားဝှက် မပြောင်းလဲပါ။',
    },
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    signOff: 'Команда Baan',
    register: {
      subject: 'Подтвердите адрес электронной почты для Baan',
      lead: 'Ваш код подтверждения: {code}. Он действует 10 минут.',
      ignore: 'Если вы не регистрировались в Baan, просто проигнорируйте это письмо.',
    },
    forgot_password: {
      subject: 'Код для сброса пароля Baan',
      lead: 'Введите этот код, чтобы сбросить пароль: {code}. Он действует 10 минут.',
      ignore: 'Если вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',
    },
  },
  TW: {
    greeting: (name) => `${name}，您好：`,
    signOff: 'Baan 團隊',
    register: {
      subject: '驗證您的 Baan 電子郵件',
      lead: '您的驗證碼是 {code}，10 分鐘內有效。',
      ignore: '如果您沒有註冊 Baan，請忽略這封郵件。',
    },
    forgot_password: {
      subject: '您的 Baan 密碼重設驗證碼',
      lead: '請使用此驗證碼重設密碼：{code}，10 分鐘內有效。',
      ignore: '如果您沒有申請重設密碼，請忽略這封郵件，您的密碼不會變更。',
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The e-mail carrying a one-time code, in plain text and HTML, in the person's language. */
export function codeMail(language: Language, type: OtpType, name: string, code: string) {
  const t = TEXTS[language];
  const m = t[type];
  const [before, after] = m.lead.split('{code}') as [string, string];
  const text = `${t.greeting(name)}\n\n${before}${code}${after}\n\n${m.ignore}\n\n${t.signOff}\n`;
  const html = `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(before)}<strong style="font-size:24px;letter-spacing:6px;font-family:monospace">${code}</strong>${escapeHtml(after)}</p>
<p style="color:#6b7280">${escapeHtml(m.ignore)}</p>
<p>${escapeHtml(t.signOff)}</p>
</body></html>
`;
  return { subject: m.subject, text, html };
}
