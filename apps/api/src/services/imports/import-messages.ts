import type { Language } from '@baan/contract';

/**
 * The reasons an import gives (ADR 030), stored as codes and put in the reader's language when read: why a row was
 * refused, and why a whole import failed. A row refused by the wizard's own rules keeps the create call's message.
 */
export const IMPORT_CODES = [
  'formula',
  'price_freq',
  'currency',
  'ref_required',
  'ref_too_long',
  'ref_twice',
  'broken_file',
  'no_header',
  'unknown_columns',
  'too_many_rows',
  'no_package',
  'file_missing',
  'fetch_bad_url',
  'fetch_blocked_address',
  'fetch_too_many_redirects',
  'fetch_too_large',
  'fetch_timeout',
  'fetch_http_status',
  'fetch_unreachable',
  'photo_bad_url',
  'photo_blocked_address',
  'photo_too_many_redirects',
  'photo_too_large',
  'photo_timeout',
  'photo_http_status',
  'photo_unreachable',
  'photo_not_image',
  'photo_too_many_pixels',
  'photo_unreadable',
  'photo_too_many',
] as const;
export type ImportCode = (typeof IMPORT_CODES)[number];

type Texts = Record<ImportCode, string>;

const en: Texts = {
  formula:
    'This cell starts with =, +, - or @, which a spreadsheet runs as a formula. Remove the sign, or start the cell with an apostrophe.',
  price_freq: 'price_freq must be sale or month.',
  currency: 'The price must be in Thai baht (THB).',
  ref_required: 'external_ref is required. Listings made by hand have none and are never changed by an import.',
  ref_too_long: 'external_ref must be at most 100 characters.',
  ref_twice: 'This external_ref appears earlier in the same file; only its first row is imported.',
  broken_file: 'The file could not be read to its end (broken CSV or XML). Rows read before the fault are reported.',
  no_header: 'The first row must be the template’s header, with an external_ref column.',
  unknown_columns: 'The header has columns the template does not have: {{detail}}.',
  too_many_rows: 'The file has more than {{max}} rows; the rows after that were not read.',
  no_package: 'An active package is needed to import listings. Choose a package first.',
  file_missing: 'The uploaded file is no longer available. Upload it again.',
  fetch_bad_url: 'The address must be an http or https URL.',
  fetch_blocked_address: 'The address leads to a private or local network, which Baan does not fetch from.',
  fetch_too_many_redirects: 'The address redirected more than 5 times.',
  fetch_too_large: 'The file at the address is larger than {{maxMb}} MB.',
  fetch_timeout: 'The address took too long to answer.',
  fetch_http_status: 'The address answered with an error ({{detail}}).',
  fetch_unreachable: 'The address could not be reached.',
  photo_bad_url: 'Photo {{url}} was not imported: the address must be an http or https URL.',
  photo_blocked_address:
    'Photo {{url}} was not imported: the address leads to a private or local network, which Baan does not fetch from.',
  photo_too_many_redirects: 'Photo {{url}} was not imported: the address redirected more than 5 times.',
  photo_too_large: 'Photo {{url}} was not imported: it is larger than {{maxMb}} MB.',
  photo_timeout: 'Photo {{url}} was not imported: the address took too long to answer.',
  photo_http_status: 'Photo {{url}} was not imported: the address answered with an error ({{detail}}).',
  photo_unreachable: 'Photo {{url}} was not imported: the address could not be reached.',
  photo_not_image: 'Photo {{url}} was not imported: it is not a JPEG, PNG or GIF image.',
  photo_too_many_pixels:
    'Photo {{url}} was not imported: it is {{width}} × {{height}} pixels; a photo can have at most {{max}} megapixels.',
  photo_unreadable: 'Photo {{url}} was not imported: it could not be read as a photo.',
  photo_too_many: 'A listing can have at most {{max}} photos; the last {{extra}} addresses were not imported.',
};

const th: Texts = {
  formula:
    "ช่องนี้ขึ้นต้นด้วย =, +, - หรือ @ ซึ่งโปรแกรมตารางคำนวณจะรันเป็นสูตร กรุณาลบเครื่องหมายออก หรือขึ้นต้นช่องด้วยเครื่องหมายอะพอสทรอฟี (')",
  price_freq: 'price_freq ต้องเป็น sale หรือ month',
  currency: 'ราคาต้องเป็นเงินบาท (THB)',
  ref_required: 'ต้องระบุ external_ref ประกาศที่สร้างเองไม่มีค่านี้และจะไม่ถูกแก้ไขโดยการนำเข้า',
  ref_too_long: 'external_ref ต้องยาวไม่เกิน 100 ตัวอักษร',
  ref_twice: 'external_ref นี้ปรากฏแล้วก่อนหน้าในไฟล์เดียวกัน ระบบนำเข้าเฉพาะแถวแรกเท่านั้น',
  broken_file: 'ไม่สามารถอ่านไฟล์จนจบได้ (CSV หรือ XML เสียหาย) ระบบรายงานแถวที่อ่านได้ก่อนจุดที่เสียหาย',
  no_header: 'แถวแรกต้องเป็นหัวตารางของแม่แบบ และมีคอลัมน์ external_ref',
  unknown_columns: 'หัวตารางมีคอลัมน์ที่ไม่มีในแม่แบบ: {{detail}}',
  too_many_rows: 'ไฟล์มีมากกว่า {{max}} แถว แถวที่เกินจากนั้นไม่ได้ถูกอ่าน',
  no_package: 'ต้องมีแพ็กเกจที่ใช้งานอยู่จึงจะนำเข้าประกาศได้ กรุณาเลือกแพ็กเกจก่อน',
  file_missing: 'ไฟล์ที่อัปโหลดไม่มีอยู่แล้ว กรุณาอัปโหลดใหม่',
  fetch_bad_url: 'ที่อยู่ต้องเป็น URL แบบ http หรือ https',
  fetch_blocked_address: 'ที่อยู่นี้ชี้ไปยังเครือข่ายส่วนตัวหรือเครือข่ายภายใน ซึ่ง Baan ไม่ดึงข้อมูลจากที่นั่น',
  fetch_too_many_redirects: 'ที่อยู่นี้เปลี่ยนเส้นทางเกิน 5 ครั้ง',
  fetch_too_large: 'ไฟล์ที่ที่อยู่นี้ใหญ่เกิน {{maxMb}} MB',
  fetch_timeout: 'ที่อยู่นี้ตอบกลับช้าเกินไป',
  fetch_http_status: 'ที่อยู่นี้ตอบกลับด้วยข้อผิดพลาด ({{detail}})',
  fetch_unreachable: 'ไม่สามารถเชื่อมต่อที่อยู่นี้ได้',
  photo_bad_url: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ที่อยู่ต้องเป็น URL แบบ http หรือ https',
  photo_blocked_address: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ที่อยู่นี้ชี้ไปยังเครือข่ายส่วนตัวหรือเครือข่ายภายใน ซึ่ง Baan ไม่ดึงข้อมูลจากที่นั่น',
  photo_too_many_redirects: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ที่อยู่นี้เปลี่ยนเส้นทางเกิน 5 ครั้ง',
  photo_too_large: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ไฟล์ใหญ่เกิน {{maxMb}} MB',
  photo_timeout: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ที่อยู่นี้ตอบกลับช้าเกินไป',
  photo_http_status: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ที่อยู่นี้ตอบกลับด้วยข้อผิดพลาด ({{detail}})',
  photo_unreachable: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ไม่สามารถเชื่อมต่อที่อยู่นี้ได้',
  photo_not_image: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ไฟล์นี้ไม่ใช่รูปภาพ JPEG, PNG หรือ GIF',
  photo_too_many_pixels:
    'ไม่ได้นำเข้ารูปภาพ {{url}}: รูปมีขนาด {{width}} × {{height}} พิกเซล รูปภาพหนึ่งรูปมีได้ไม่เกิน {{max}} ล้านพิกเซล',
  photo_unreadable: 'ไม่ได้นำเข้ารูปภาพ {{url}}: ไม่สามารถอ่านไฟล์นี้เป็นรูปภาพได้',
  photo_too_many: 'ประกาศหนึ่งรายการมีรูปภาพได้ไม่เกิน {{max}} รูป ที่อยู่ {{extra}} รายการสุดท้ายไม่ได้ถูกนำเข้า',
};

const zh: Texts = {
  formula: '此单元格以 =、+、- 或 @ 开头，电子表格会将其作为公式执行。请删除该符号，或在单元格开头加一个撇号。',
  price_freq: 'price_freq 必须为 sale 或 month。',
  currency: '价格必须以泰铢（THB）计。',
  ref_required: '必须填写 external_ref。手动创建的房源没有此值，导入永远不会更改它们。',
  ref_too_long: 'external_ref 最多 100 个字符。',
  ref_twice: '此 external_ref 在同一文件中已出现过，只导入第一行。',
  broken_file: '文件无法读取到结尾（CSV 或 XML 已损坏）。已报告出错前读取的行。',
  no_header: '第一行必须是模板的表头，并包含 external_ref 列。',
  unknown_columns: '表头包含模板中没有的列：{{detail}}。',
  too_many_rows: '文件超过 {{max}} 行，之后的行未被读取。',
  no_package: '需要有效的套餐才能导入房源。请先选择套餐。',
  file_missing: '上传的文件已不可用，请重新上传。',
  fetch_bad_url: '地址必须是 http 或 https 网址。',
  fetch_blocked_address: '该地址指向私有或本地网络，Baan 不会从那里获取内容。',
  fetch_too_many_redirects: '该地址重定向超过 5 次。',
  fetch_too_large: '该地址的文件大于 {{maxMb}} MB。',
  fetch_timeout: '该地址响应时间过长。',
  fetch_http_status: '该地址返回了错误（{{detail}}）。',
  fetch_unreachable: '无法连接到该地址。',
  photo_bad_url: '照片 {{url}} 未导入：地址必须是 http 或 https 网址。',
  photo_blocked_address: '照片 {{url}} 未导入：该地址指向私有或本地网络，Baan 不会从那里获取内容。',
  photo_too_many_redirects: '照片 {{url}} 未导入：该地址重定向超过 5 次。',
  photo_too_large: '照片 {{url}} 未导入：文件大于 {{maxMb}} MB。',
  photo_timeout: '照片 {{url}} 未导入：该地址响应时间过长。',
  photo_http_status: '照片 {{url}} 未导入：该地址返回了错误（{{detail}}）。',
  photo_unreachable: '照片 {{url}} 未导入：无法连接到该地址。',
  photo_not_image: '照片 {{url}} 未导入：它不是 JPEG、PNG 或 GIF 图片。',
  photo_too_many_pixels: '照片 {{url}} 未导入：它为 {{width}} × {{height}} 像素；一张照片最多 {{max}} 百万像素。',
  photo_unreadable: '照片 {{url}} 未导入：无法将其读取为照片。',
  photo_too_many: '一个房源最多 {{max}} 张照片；最后 {{extra}} 个地址未导入。',
};

const TW: Texts = {
  formula: '此儲存格以 =、+、- 或 @ 開頭，試算表會將其當作公式執行。請刪除該符號，或在儲存格開頭加上撇號。',
  price_freq: 'price_freq 必須為 sale 或 month。',
  currency: '價格必須以泰銖（THB）計。',
  ref_required: '必須填寫 external_ref。手動建立的物件沒有此值，匯入永遠不會變更它們。',
  ref_too_long: 'external_ref 最多 100 個字元。',
  ref_twice: '此 external_ref 在同一檔案中已出現過，只匯入第一列。',
  broken_file: '檔案無法讀取到結尾（CSV 或 XML 已損壞）。已回報出錯前讀取的列。',
  no_header: '第一列必須是範本的標題列，並包含 external_ref 欄位。',
  unknown_columns: '標題列包含範本中沒有的欄位：{{detail}}。',
  too_many_rows: '檔案超過 {{max}} 列，之後的列未被讀取。',
  no_package: '需要有效的方案才能匯入物件。請先選擇方案。',
  file_missing: '上傳的檔案已無法使用，請重新上傳。',
  fetch_bad_url: '網址必須是 http 或 https。',
  fetch_blocked_address: '此網址指向私人或本機網路，Baan 不會從那裡擷取內容。',
  fetch_too_many_redirects: '此網址重新導向超過 5 次。',
  fetch_too_large: '此網址的檔案大於 {{maxMb}} MB。',
  fetch_timeout: '此網址回應時間過長。',
  fetch_http_status: '此網址回傳了錯誤（{{detail}}）。',
  fetch_unreachable: '無法連線到此網址。',
  photo_bad_url: '照片 {{url}} 未匯入：網址必須是 http 或 https。',
  photo_blocked_address: '照片 {{url}} 未匯入：此網址指向私人或本機網路，Baan 不會從那裡擷取內容。',
  photo_too_many_redirects: '照片 {{url}} 未匯入：此網址重新導向超過 5 次。',
  photo_too_large: '照片 {{url}} 未匯入：檔案大於 {{maxMb}} MB。',
  photo_timeout: '照片 {{url}} 未匯入：此網址回應時間過長。',
  photo_http_status: '照片 {{url}} 未匯入：此網址回傳了錯誤（{{detail}}）。',
  photo_unreachable: '照片 {{url}} 未匯入：無法連線到此網址。',
  photo_not_image: '照片 {{url}} 未匯入：它不是 JPEG、PNG 或 GIF 圖片。',
  photo_too_many_pixels: '照片 {{url}} 未匯入：它為 {{width}} × {{height}} 像素；一張照片最多 {{max}} 百萬像素。',
  photo_unreadable: '照片 {{url}} 未匯入：無法將其讀取為照片。',
  photo_too_many: '一個物件最多 {{max}} 張照片；最後 {{extra}} 個網址未匯入。',
};

const ja: Texts = {
  formula:
    'このセルは =、+、-、@ で始まっており、表計算ソフトでは数式として実行されます。記号を削除するか、セルの先頭にアポストロフィを付けてください。',
  price_freq: 'price_freq は sale または month にしてください。',
  currency: '価格はタイバーツ（THB）で指定してください。',
  ref_required: 'external_ref は必須です。手動で作成した物件にはこの値がなく、インポートで変更されることはありません。',
  ref_too_long: 'external_ref は 100 文字以内にしてください。',
  ref_twice: 'この external_ref は同じファイル内で既に出てきています。最初の行のみインポートされます。',
  broken_file:
    'ファイルを最後まで読み込めませんでした（CSV または XML が壊れています）。問題の前までに読み込んだ行を報告します。',
  no_header: '1 行目はテンプレートの見出し行で、external_ref 列が必要です。',
  unknown_columns: '見出し行にテンプレートにない列があります：{{detail}}。',
  too_many_rows: 'ファイルが {{max}} 行を超えています。それ以降の行は読み込まれていません。',
  no_package: '物件をインポートするには有効なプランが必要です。先にプランを選んでください。',
  file_missing: 'アップロードしたファイルはもう利用できません。もう一度アップロードしてください。',
  fetch_bad_url: 'アドレスは http または https の URL にしてください。',
  fetch_blocked_address:
    'このアドレスはプライベートまたはローカルのネットワークを指しているため、Baan は取得しません。',
  fetch_too_many_redirects: 'このアドレスは 5 回を超えてリダイレクトしました。',
  fetch_too_large: 'このアドレスのファイルは {{maxMb}} MB を超えています。',
  fetch_timeout: 'このアドレスの応答に時間がかかりすぎました。',
  fetch_http_status: 'このアドレスはエラーを返しました（{{detail}}）。',
  fetch_unreachable: 'このアドレスに接続できませんでした。',
  photo_bad_url: '写真 {{url}} はインポートされませんでした：アドレスは http または https の URL にしてください。',
  photo_blocked_address:
    '写真 {{url}} はインポートされませんでした：このアドレスはプライベートまたはローカルのネットワークを指しているため、Baan は取得しません。',
  photo_too_many_redirects:
    '写真 {{url}} はインポートされませんでした：このアドレスは 5 回を超えてリダイレクトしました。',
  photo_too_large: '写真 {{url}} はインポートされませんでした：{{maxMb}} MB を超えています。',
  photo_timeout: '写真 {{url}} はインポートされませんでした：このアドレスの応答に時間がかかりすぎました。',
  photo_http_status: '写真 {{url}} はインポートされませんでした：このアドレスはエラーを返しました（{{detail}}）。',
  photo_unreachable: '写真 {{url}} はインポートされませんでした：このアドレスに接続できませんでした。',
  photo_not_image: '写真 {{url}} はインポートされませんでした：JPEG、PNG、GIF の画像ではありません。',
  photo_too_many_pixels:
    '写真 {{url}} はインポートされませんでした：{{width}} × {{height}} ピクセルです。写真は最大 {{max}} メガピクセルまでです。',
  photo_unreadable: '写真 {{url}} はインポートされませんでした：写真として読み込めませんでした。',
  photo_too_many:
    '1 件の物件に載せられる写真は最大 {{max}} 枚です。最後の {{extra}} 件のアドレスはインポートされませんでした。',
};

const my: Texts = {
  formula:
    'ဤအကွက်သည် =၊ +၊ - သို့မဟုတ် @ ဖြင့် စတင်နေပြီး spreadsheet က ဖော်မြူလာအဖြစ် လုပ်ဆောင်ပါမည်။ သင်္ကေတကို ဖယ်ရှားပါ သို့မဟုတ် အကွက်ကို apostrophe ဖြင့် စတင်ပါ။',
  price_freq: 'price_freq သည် sale သို့မဟုတ် month ဖြစ်ရပါမည်။',
  currency: 'ဈေးနှုန်းကို ထိုင်းဘတ် (THB) ဖြင့် ဖော်ပြရပါမည်။',
  ref_required: 'external_ref လိုအပ်ပါသည်။ ကိုယ်တိုင်ပြုလုပ်ထားသော ကြော်ငြာများတွင် ၎င်းမရှိပါ၊ တင်သွင်းမှုက ၎င်းတို့ကို ဘယ်တော့မှ မပြောင်းလဲပါ။',
  ref_too_long: 'external_ref သည် စာလုံး 100 ထက် မပိုရပါ။',
  ref_twice: 'ဤ external_ref သည် ဖိုင်တစ်ခုတည်းတွင် အရင်ကပါပြီးဖြစ်သည်၊ ပထမအတန်းကိုသာ တင်သွင်းပါသည်။',
  broken_file: 'ဖိုင်ကို အဆုံးထိ မဖတ်နိုင်ပါ (CSV သို့မဟုတ် XML ပျက်နေသည်)။ အမှားမတိုင်မီ ဖတ်ခဲ့သော အတန်းများကို ဖော်ပြထားပါသည်။',
  no_header: 'ပထမအတန်းသည် နမူနာပုံစံ၏ ခေါင်းစီးအတန်းဖြစ်ပြီး external_ref ကော်လံ ပါရပါမည်။',
  unknown_columns: 'ခေါင်းစီးတွင် နမူနာပုံစံ၌ မရှိသော ကော်လံများ ပါနေသည်- {{detail}}။',
  too_many_rows: 'ဖိုင်တွင် အတန်း {{max}} ထက်ပိုနေသည်၊ ထို့နောက်ရှိ အတန်းများကို မဖတ်ခဲ့ပါ။',
  no_package: 'ကြော်ငြာများ တင်သွင်းရန် အသက်ဝင်နေသော ပက်ကေ့ချ် လိုအပ်ပါသည်။ ပက်ကေ့ချ်ကို အရင်ရွေးပါ။',
  file_missing: 'တင်ထားသောဖိုင် မရှိတော့ပါ။ ထပ်မံတင်ပါ။',
  fetch_bad_url: 'လိပ်စာသည် http သို့မဟုတ် https URL ဖြစ်ရပါမည်။',
  fetch_blocked_address: 'ဤလိပ်စာသည် သီးသန့် သို့မဟုတ် ဒေသတွင်း ကွန်ရက်သို့ ညွှန်နေသဖြင့် Baan က ရယူခြင်းမပြုပါ။',
  fetch_too_many_redirects: 'ဤလိပ်စာသည် 5 ကြိမ်ထက်ပို၍ လမ်းကြောင်းလွှဲခဲ့သည်။',
  fetch_too_large: 'ဤလိပ်စာရှိ ဖိုင်သည် {{maxMb}} MB ထက် ကြီးနေသည်။',
  fetch_timeout: 'ဤလိပ်စာ တုံ့ပြန်ရန် အချိန်ကြာလွန်းသည်။',
  fetch_http_status: 'ဤလိပ်စာက အမှားဖြင့် တုံ့ပြန်ခဲ့သည် ({{detail}})။',
  fetch_unreachable: 'ဤလိပ်စာသို့ ဆက်သွယ်၍ မရပါ။',
  photo_bad_url: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- လိပ်စာသည် http သို့မဟုတ် https URL ဖြစ်ရပါမည်။',
  photo_blocked_address: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဤလိပ်စာသည် သီးသန့် သို့မဟုတ် ဒေသတွင်း ကွန်ရက်သို့ ညွှန်နေသဖြင့် Baan က ရယူခြင်းမပြုပါ။',
  photo_too_many_redirects: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဤလိပ်စာသည် 5 ကြိမ်ထက်ပို၍ လမ်းကြောင်းလွှဲခဲ့သည်။',
  photo_too_large: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဖိုင်သည် {{maxMb}} MB ထက် ကြီးနေသည်။',
  photo_timeout: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဤလိပ်စာ တုံ့ပြန်ရန် အချိန်ကြာလွန်းသည်။',
  photo_http_status: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဤလိပ်စာက အမှားဖြင့် တုံ့ပြန်ခဲ့သည် ({{detail}})။',
  photo_unreachable: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ဤလိပ်စာသို့ ဆက်သွယ်၍ မရပါ။',
  photo_not_image: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ၎င်းသည် JPEG၊ PNG သို့မဟုတ် GIF ပုံ မဟုတ်ပါ။',
  photo_too_many_pixels:
    'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ၎င်းသည် {{width}} × {{height}} pixel ရှိသည်၊ ဓာတ်ပုံတစ်ပုံတွင် megapixel {{max}} အထိသာ ရှိနိုင်သည်။',
  photo_unreadable: 'ဓာတ်ပုံ {{url}} ကို မတင်သွင်းခဲ့ပါ- ၎င်းကို ဓာတ်ပုံအဖြစ် မဖတ်နိုင်ပါ။',
  photo_too_many: 'ကြော်ငြာတစ်ခုတွင် ဓာတ်ပုံ {{max}} ပုံအထိသာ ရှိနိုင်သည်၊ နောက်ဆုံး လိပ်စာ {{extra}} ခုကို မတင်သွင်းခဲ့ပါ။',
};

const ru: Texts = {
  formula:
    'Ячейка начинается с =, +, - или @, и электронная таблица выполнит её как формулу. Уберите знак или начните ячейку с апострофа.',
  price_freq: 'price_freq должно быть sale или month.',
  currency: 'Цена должна быть указана в тайских батах (THB).',
  ref_required: 'Нужен external_ref. У объявлений, созданных вручную, его нет, и импорт их никогда не меняет.',
  ref_too_long: 'external_ref — не более 100 символов.',
  ref_twice: 'Этот external_ref уже встречался в этом файле; импортируется только первая строка.',
  broken_file:
    'Файл не удалось прочитать до конца (повреждённый CSV или XML). Строки, прочитанные до ошибки, в отчёте.',
  no_header: 'Первая строка должна быть заголовком шаблона со столбцом external_ref.',
  unknown_columns: 'В заголовке есть столбцы, которых нет в шаблоне: {{detail}}.',
  too_many_rows: 'В файле больше {{max}} строк; дальнейшие строки не прочитаны.',
  no_package: 'Для импорта объявлений нужен действующий пакет. Сначала выберите пакет.',
  file_missing: 'Загруженный файл больше недоступен. Загрузите его снова.',
  fetch_bad_url: 'Адрес должен быть URL с http или https.',
  fetch_blocked_address: 'Адрес ведёт в частную или локальную сеть, из которой Baan не загружает данные.',
  fetch_too_many_redirects: 'Адрес перенаправил более 5 раз.',
  fetch_too_large: 'Файл по адресу больше {{maxMb}} МБ.',
  fetch_timeout: 'Адрес отвечал слишком долго.',
  fetch_http_status: 'Адрес ответил ошибкой ({{detail}}).',
  fetch_unreachable: 'Не удалось связаться с адресом.',
  photo_bad_url: 'Фото {{url}} не импортировано: адрес должен быть URL с http или https.',
  photo_blocked_address:
    'Фото {{url}} не импортировано: адрес ведёт в частную или локальную сеть, из которой Baan не загружает данные.',
  photo_too_many_redirects: 'Фото {{url}} не импортировано: адрес перенаправил более 5 раз.',
  photo_too_large: 'Фото {{url}} не импортировано: файл больше {{maxMb}} МБ.',
  photo_timeout: 'Фото {{url}} не импортировано: адрес отвечал слишком долго.',
  photo_http_status: 'Фото {{url}} не импортировано: адрес ответил ошибкой ({{detail}}).',
  photo_unreachable: 'Фото {{url}} не импортировано: не удалось связаться с адресом.',
  photo_not_image: 'Фото {{url}} не импортировано: это не изображение JPEG, PNG или GIF.',
  photo_too_many_pixels:
    'Фото {{url}} не импортировано: в нём {{width}} × {{height}} пикселей, а в фото может быть не более {{max}} мегапикселей.',
  photo_unreadable: 'Фото {{url}} не импортировано: его не удалось прочитать как фотографию.',
  photo_too_many: 'В объявлении может быть не более {{max}} фото; последние адреса ({{extra}}) не импортированы.',
};

const TEXTS: Record<Language, Texts> = { en, th, zh, ja, my, ru, TW };

export const isImportCode = (code: string): code is ImportCode => (IMPORT_CODES as readonly string[]).includes(code);

/** A code's text in `language`, its `{{values}}` filled in. */
export function importMessage(
  code: ImportCode,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  return TEXTS[language][code].replace(/\{\{(\w{1,20})\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
