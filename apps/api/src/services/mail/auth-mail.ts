import { LANGUAGE_TAGS, type Language, type OtpType } from '@baan/contract';

type CodeMailText = { subject: string; lead: string; ignore: string };
/** To the owner when wrong codes locked the account's codes (ADR 010); `{count}` is the cap. */
type LockMailText = { subject: string; lead: string; safe: string; advice: string };
type Texts = {
  greeting: (name: string) => string;
  signOff: string;
  register: CodeMailText;
  forgot_password: CodeMailText;
  codesLocked: LockMailText;
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
    codesLocked: {
      subject: 'Codes for your Baan account are paused',
      lead: 'Someone entered {count} wrong codes for your Baan account within a day. To protect the account, we will not send or accept sign-up or password-reset codes for it for the next 24 hours.',
      safe: 'Your password has not changed, and you can still log in with it.',
      advice: 'If this was you, please try again after 24 hours. If it was not, you do not need to do anything.',
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
    codesLocked: {
      subject: 'รหัสสำหรับบัญชี Baan ของคุณถูกระงับชั่วคราว',
      lead: 'มีผู้ป้อนรหัสผิด {count} ครั้งสำหรับบัญชี Baan ของคุณภายในหนึ่งวัน เพื่อปกป้องบัญชีของคุณ เราจะไม่ส่งและไม่รับรหัสยืนยันการสมัครหรือรหัสรีเซ็ตรหัสผ่านของบัญชีนี้เป็นเวลา 24 ชั่วโมงนับจากนี้',
      safe: 'รหัสผ่านของคุณไม่ได้เปลี่ยนแปลง และคุณยังเข้าสู่ระบบด้วยรหัสผ่านเดิมได้ตามปกติ',
      advice: 'หากเป็นคุณเอง โปรดลองอีกครั้งหลังจาก 24 ชั่วโมง หากไม่ใช่คุณ คุณไม่จำเป็นต้องดำเนินการใด ๆ',
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
    codesLocked: {
      subject: '您的 Baan 账户验证码已暂停',
      lead: '有人在一天内为您的 Baan 账户输入了 {count} 次错误的验证码。为保护您的账户，接下来 24 小时内我们将不再为该账户发送或接受注册验证码和密码重置验证码。',
      safe: '您的密码没有改变，您仍可以用它登录。',
      advice: '如果是您本人操作，请在 24 小时后再试。如果不是您，您无需进行任何操作。',
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
    codesLocked: {
      subject: 'Baan アカウントの確認コードを一時停止しました',
      lead: '1 日のうちに、お客様の Baan アカウントで誤ったコードが {count} 回入力されました。アカウントを保護するため、今後 24 時間はこのアカウントの登録確認コードとパスワード再設定コードの送信・受け付けを停止します。',
      safe: 'パスワードは変更されていません。これまでどおりログインできます。',
      advice:
        'ご本人による操作の場合は、24 時間後にもう一度お試しください。お心当たりがない場合は、特に操作の必要はありません。',
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
    codesLocked: {
      subject: 'သင့် Baan အကောင့်အတွက် ကုဒ်များကို ယာယီရပ်ဆိုင်းထားပါသည်',
      lead: 'တစ်ရက်အတွင်း သင့် Baan အကောင့်အတွက် မှားယွင်းသောကုဒ်ကို {count} ကြိမ် ထည့်သွင်းခဲ့ပါသည်။ အကောင့်ကို ကာကွယ်ရန် နောက် ၂၄ နာရီအတွင်း ဤအကောင့်အတွက် စာရင်းသွင်းအတည်ပြုကုဒ်နှင့် စကားဝှက်ပြန်လည်သတ်မှတ်ရန်ကုဒ်များကို ပို့ခြင်းနှင့် လက်ခံခြင်း မပြုပါ။',
      safe: 'သင့်စကားဝှက် မပြောင်းလဲပါ။ ၎င်းဖြင့် ဆက်လက်ဝင်ရောက်နိုင်ပါသည်။',
      advice: 'ဤသည်မှာ သင်ကိုယ်တိုင်ဖြစ်ပါက ၂၄ နာရီကြာပြီးနောက် ထပ်မံကြိုးစားပါ။ သင်မဟုတ်ပါက မည်သည့်အရာမျှ လုပ်ဆောင်ရန် မလိုပါ။',
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
    codesLocked: {
      subject: 'Коды для вашей учётной записи Baan временно приостановлены',
      lead: 'За сутки для вашей учётной записи Baan ввели неверные коды, всего: {count}. Чтобы защитить учётную запись, в ближайшие 24 часа мы не будем отправлять и принимать для неё коды подтверждения регистрации и сброса пароля.',
      safe: 'Ваш пароль не изменился, и вы по-прежнему можете входить с ним.',
      advice: 'Если это были вы, повторите попытку через 24 часа. Если нет, ничего делать не нужно.',
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
    codesLocked: {
      subject: '您的 Baan 帳戶驗證碼已暫停',
      lead: '有人在一天內為您的 Baan 帳戶輸入了 {count} 次錯誤的驗證碼。為保護您的帳戶，接下來 24 小時內我們將不會為此帳戶寄送或接受註冊驗證碼與密碼重設驗證碼。',
      safe: '您的密碼沒有變更，您仍可使用它登入。',
      advice: '如果是您本人操作，請在 24 小時後再試一次。如果不是您，您不需要採取任何行動。',
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

/** To the owner when their account's codes were locked after too many wrong ones (ADR 010). */
export function codesLockedMail(language: Language, name: string, failures: number) {
  const t = TEXTS[language];
  const m = t.codesLocked;
  const lead = m.lead.replace('{count}', String(failures));
  const paragraphs = [t.greeting(name), lead, m.safe, m.advice, t.signOff];
  const text = `${paragraphs.join('\n\n')}\n`;
  const html = `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>
`;
  return { subject: m.subject, text, html };
}
