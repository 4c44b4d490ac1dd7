import type { LocalizedText } from './contracts/languages.ts';

interface CatalogueEntry {
  /** HTTP status the code answers with. */
  status: number;
  /** A short English message for logs and developers. */
  message: string;
  /** What a customer reads, in every content language. */
  description: Required<LocalizedText>;
}

const entry = (status: number, message: string, ru: string, uz: string, eng: string): CatalogueEntry => ({
  status,
  message,
  description: { ru, uz, eng },
});

/**
 * The one error catalogue: every code the API can answer with, its status and its texts.
 * Add a code here and nowhere else; the server's error handler and the storefront both read it.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: entry(
    400,
    'Request validation failed',
    'Неверные данные запроса',
    "So'rov ma'lumotlari noto'g'ri",
    'The request is not valid',
  ),
  MERCHANT_REQUIRED: entry(400, 'Merchant is required', 'Не указан магазин', "Do'kon ko'rsatilmagan", 'The merchant is not specified'),
  MERCHANT_NOT_FOUND: entry(404, 'Merchant not found', 'Магазин не найден', "Do'kon topilmadi", 'The merchant was not found'),
  MERCHANT_BLOCKED: entry(
    403,
    'Merchant is blocked',
    'Система отключена администратором. Если сайт ваш, свяжитесь с вашим менеджером',
    "Tizim admin tomonidan o'chirilgan. Agar sayt sizniki bo'lsa, menejeringizga murojaat qiling",
    'The system was disabled by the administrator. If the site is yours, contact your manager',
  ),
  NOT_FOUND: entry(404, 'Not found', 'Не найдено', 'Topilmadi', 'Not found'),
  CITY_NOT_FOUND: entry(404, 'City not found', 'Город не найден', 'Shahar topilmadi', 'City not found'),
  BRANCH_NOT_FOUND: entry(404, 'Branch not found', 'Филиал не найден', 'Filial topilmadi', 'Branch not found'),
  PRODUCT_NOT_FOUND: entry(404, 'Product not found', 'Товар не найден', 'Mahsulot topilmadi', 'Product not found'),
  PRODUCT_NOT_AVAILABLE: entry(
    409,
    'Product is not available',
    'Этот товар недоступен',
    'Bu mahsulot mavjud emas',
    'This product is not available',
  ),
  NOT_ENOUGH_PRODUCTS: entry(409, 'Not enough products', 'Недостаточно товара!', 'Mahsulot soni yetarlicha emas!', 'Not enough products!'),
  MODIFICATION_MIN: entry(400, 'Too few options chosen', 'Выберите больше вариантов', "Ko'proq variant tanlang", 'Choose more options'),
  MODIFICATION_MAX: entry(
    400,
    'Too many options chosen',
    'Выбрано слишком много вариантов',
    "Juda ko'p variant tanlandi",
    'Too many options are chosen',
  ),
  MODIFICATION_INVALID: entry(
    400,
    'Option does not belong to the product',
    'Этот вариант не относится к товару',
    'Bu variant mahsulotga tegishli emas',
    'This option does not belong to the product',
  ),
  MODIFICATION_NOT_AVAILABLE: entry(
    409,
    'Option is not available at the branch now',
    'Этот вариант сейчас недоступен в филиале',
    'Bu variant hozir filialda mavjud emas',
    'This option is not available at the branch right now',
  ),
  DELIVERY_MIN_AMOUNT: entry(
    409,
    'Delivery minimum not reached',
    'Минимальная сумма для доставки не достигнута',
    'Yetkazib berish uchun minimal summa yetmaydi',
    'The minimum amount for delivery is not reached',
  ),
  SERVICE_NOT_AVAILABLE: entry(
    409,
    'The brand does not offer this service type',
    'Этот способ получения заказа сейчас недоступен',
    'Buyurtmani olishning bu usuli hozircha mavjud emas',
    'This way of getting the order is not available',
  ),
  BRANCH_CLOSED: entry(409, 'Branch is closed', 'Филиал сейчас закрыт', 'Filial hozir yopiq', 'The branch is closed now'),
  OUT_OF_SERVICE_ZONE: entry(
    409,
    'Address is outside every delivery zone',
    'Доставка по выбранному адресу сейчас недоступна, выберите другой адрес',
    'Tanlangan manzilga yetkazib berish hozircha mavjud emas, boshqa manzil tanlang',
    'Delivery to the chosen address is currently unavailable; select another',
  ),
  ADDRESS_NOT_AVAILABLE: entry(
    409,
    'The address lies in the zone of a branch of another city than the chosen one',
    'Адрес недоступен, свяжитесь с филиалом',
    "Manzil mavjud emas, filial bilan bog'laning",
    'Address not available; contact the branch',
  ),
  PRODUCT_OVERPRICED: entry(
    409,
    'The order costs more now than the total the customer was shown',
    'Товар подорожал: проверьте корзину',
    'Mahsulot narxi oshgan: savatni tekshiring',
    'The product is overpriced: check the basket',
  ),
  PROMO_NOT_FOUND: entry(404, 'Promo code not found', 'Промокод не найден', 'Promokod topilmadi', 'Promo code not found'),
  PROMO_NOT_ACTIVE: entry(409, 'Promo code is not active', 'Промокод не активен', 'Promokod faol emas', 'The promo code is not active'),
  PROMO_NOT_STARTED: entry(
    409,
    'Promo code has not started',
    'Промокод ещё не начал действовать',
    'Promokod hali boshlanmagan',
    'The promo code has not started yet',
  ),
  PROMO_EXPIRED: entry(
    409,
    'Promo code has expired',
    'Срок действия промокода истёк',
    "Promokod muddati o'tgan",
    'The promo code has expired',
  ),
  PROMO_MIN_PRICE: entry(
    409,
    'Product price is below the promo minimum',
    'Сумма товаров меньше минимальной для промокода',
    'Mahsulotlar summasi promokod uchun minimal summadan kam',
    'The product total is below the minimum for this promo code',
  ),
  PROMO_LIMIT_REACHED: entry(
    409,
    'Every use of the promo code is taken',
    'Этот промокод уже использован максимальное число раз',
    "Bu promokoddan ruxsat etilgan barcha marta foydalanib bo'lingan",
    'This promo code has been used up',
  ),
  PROMO_CUSTOMER_LIMIT: entry(
    409,
    'The customer has used the promo code as often as allowed',
    'Вы уже использовали этот промокод максимальное число раз',
    "Siz bu promokoddan ruxsat etilgan marta foydalanib bo'lgansiz",
    'You have already used this promo code as many times as allowed',
  ),
  PROMO_CODE_TAKEN: entry(
    409,
    'The brand already has a promo with this code (letter case aside)',
    'Промокод с таким кодом уже есть (регистр букв не важен)',
    'Bunday kodli promokod allaqachon mavjud (harflar registri farqlanmaydi)',
    'A promo code with this code already exists (letter case does not matter)',
  ),
  ORDER_STATUS_CONFLICT: entry(
    409,
    'The order cannot make this status change',
    'Статус заказа уже изменился, это действие недоступно',
    "Buyurtma holati o'zgargan, bu amal mavjud emas",
    'The order has moved on; this action is no longer available',
  ),
  MEDIA_INVALID: entry(
    400,
    'The file is not a picture that can be used',
    'Файл не является изображением (подойдут JPEG, PNG, WebP, AVIF, GIF)',
    'Fayl rasm emas (JPEG, PNG, WebP, AVIF, GIF mos keladi)',
    'The file is not a picture (JPEG, PNG, WebP, AVIF or GIF)',
  ),
  MEDIA_TOO_LARGE: entry(413, 'The picture is larger than allowed', 'Файл слишком большой', 'Fayl juda katta', 'The file is too large'),
  MERCHANT_SUB_TAKEN: entry(
    409,
    'Another brand already has this sub-domain',
    'Этот адрес уже занят другим брендом',
    'Bu manzil boshqa brend tomonidan band qilingan',
    'Another brand already uses this address',
  ),
  VERSION_CONFLICT: entry(
    409,
    'The object was changed by someone else since it was read',
    'Кто-то уже изменил эти данные. Обновите страницу и повторите',
    "Bu ma'lumotlarni kimdir allaqachon o'zgartirgan. Sahifani yangilab, qaytadan urinib ko'ring",
    'Someone else changed this in the meantime. Reload and try again',
  ),
  ORDER_CANCEL_NOT_ALLOWED: entry(
    409,
    'The brand does not let customers cancel orders',
    'Отменить заказ можно только через оператора',
    'Buyurtmani faqat operator orqali bekor qilish mumkin',
    'The order can be cancelled only through the operator',
  ),
  ORDER_ALREADY_ACCEPTED: entry(
    409,
    'The branch has accepted the order: only its staff may cancel it now',
    'Ресторан уже принял заказ — отменить его можно только по звонку в ресторан',
    "Restoran buyurtmani qabul qilib bo'lgan — uni faqat restoranga qo'ng'iroq qilib bekor qilish mumkin",
    'The restaurant has already accepted the order; call the restaurant to cancel it',
  ),
  REFUND_NOT_OPEN: entry(
    409,
    'The refund is done already, or is still ours to finish with the provider',
    'Возврат уже завершён или ещё выполняется платёжной системой',
    "Qaytarish allaqachon yakunlangan yoki hali to'lov tizimi tomonidan bajarilmoqda",
    'The refund is already done, or the payment provider is still processing it',
  ),
  ORDER_TIME_INVALID: entry(
    409,
    'The scheduled time cannot be served',
    'На это время заказ принять нельзя, выберите другое время',
    "Bu vaqtga buyurtma qabul qilib bo'lmaydi, boshqa vaqt tanlang",
    'An order cannot be taken for this time; choose another time',
  ),
  ORDER_CONFIRMATION_REQUIRED: entry(
    428,
    'The brand confirms each order with a code sent by SMS',
    'Мы отправили код в SMS, введите его, чтобы подтвердить заказ',
    'Buyurtmani tasdiqlash uchun SMS orqali yuborilgan kodni kiriting',
    'We sent a code by SMS: enter it to confirm the order',
  ),
  PAYMENT_TYPE_NOT_ALLOWED: entry(
    409,
    'Payment type is not accepted on this channel',
    'Этот способ оплаты сейчас недоступен',
    "Bu to'lov usuli hozircha mavjud emas",
    'This payment method is not available',
  ),
  FISCAL_CODE_MISSING: entry(
    409,
    'A product has no IKPU (mxicCode): it cannot be on a fiscal receipt, so it cannot be paid online',
    'Этот заказ нельзя оплатить онлайн: выберите оплату при получении',
    "Bu buyurtmani onlayn to'lab bo'lmaydi: qabul qilishda to'lovni tanlang",
    'This order cannot be paid online: choose to pay on receipt',
  ),
  CARDS_NOT_AVAILABLE: entry(
    409,
    'The brand does not take saved cards (cardActive off, or no Click account for card tokens)',
    'Оплата сохранённой картой в этом магазине недоступна',
    "Bu do'konda saqlangan karta bilan to'lov mavjud emas",
    'Paying with a saved card is not available at this shop',
  ),
  CARD_NUMBER_INVALID: entry(
    400,
    'Card number is not 16 digits or fails the Luhn check',
    'Неверный номер карты',
    "Karta raqami noto'g'ri",
    'The card number is not valid',
  ),
  CARD_EXPIRY_INVALID: entry(
    400,
    'Card expiry is not MMYY or has passed',
    'Неверный срок действия карты',
    "Karta amal qilish muddati noto'g'ri",
    'The card expiry date is not valid',
  ),
  CARD_INVALID: entry(
    400,
    'The provider refused the card',
    'Банк не принял эту карту. Проверьте данные или добавьте другую карту',
    "Bank bu kartani qabul qilmadi. Ma'lumotlarni tekshiring yoki boshqa karta qo'shing",
    'The bank did not accept this card. Check its details or add another card',
  ),
  CARD_CODE_INVALID: entry(
    400,
    'Wrong or expired card confirmation code',
    'Неверный код из SMS или срок его действия истёк',
    "SMS dagi kod noto'g'ri yoki uning muddati o'tgan",
    'The code from the SMS is wrong or has expired',
  ),
  CARD_LIMIT: entry(
    409,
    'Too many saved cards',
    'Сохранено слишком много карт, удалите ненужные',
    "Saqlangan kartalar juda ko'p, keraksizlarini o'chiring",
    'You have saved too many cards; delete the ones you no longer use',
  ),
  CARD_PAYMENT_FAILED: entry(
    402,
    'The provider declined the card payment',
    'Платёж не прошёл: проверьте баланс карты или выберите другую',
    "To'lov amalga oshmadi: karta balansini tekshiring yoki boshqasini tanlang",
    'The payment did not go through: check the card balance or choose another card',
  ),
  CARD_PAYMENT_PENDING: entry(
    409,
    'A card payment for this order is still being processed',
    'Платёж по этому заказу ещё обрабатывается, проверьте заказ через минуту',
    "Bu buyurtma bo'yicha to'lov hali amalga oshirilmoqda, bir daqiqadan so'ng buyurtmani tekshiring",
    'The payment for this order is still being processed; check the order in a minute',
  ),
  CARD_PROVIDER_FAILED: entry(
    502,
    'The card provider did not answer or failed',
    'Платёжная система не отвечает, попробуйте позже',
    "To'lov tizimi javob bermayapti, keyinroq urinib ko'ring",
    'The payment system is not answering, try again later',
  ),
  BASKET_EMPTY: entry(400, 'The basket is empty', 'Корзина пуста', "Savat bo'sh", 'The basket is empty'),
  CASHBACK_NOT_ENOUGH: entry(
    409,
    'Cashback balance is lower than the amount spent',
    'Недостаточно кешбэка на балансе',
    'Balansda keshbek yetarli emas',
    'There is not enough cashback on the balance',
  ),
  IDEMPOTENCY_KEY_REUSED: entry(
    409,
    'Idempotency-Key was used with another request body',
    'Этот заказ уже отправлен с другими данными, обновите страницу',
    "Bu buyurtma boshqa ma'lumotlar bilan yuborilgan, sahifani yangilang",
    'This order was already sent with other details; reload the page',
  ),
  OTP_INVALID: entry(
    400,
    'Wrong or expired code',
    'Неверный код или срок ввода кода истёк',
    "Noto'g'ri kod yoki kod kiritish muddati o'tib ketgan",
    'Wrong code or the code has expired',
  ),
  OTP_ATTEMPTS_EXHAUSTED: entry(
    400,
    'The tries on this code are over: ask for a new code',
    'Попытки ввода кода закончились, запросите новый код',
    "Kodni kiritish urinishlari tugadi, yangi kod so'rang",
    'No tries are left for this code; ask for a new one',
  ),
  OTP_TOO_EARLY: entry(
    429,
    'A new code can be asked for later',
    'Новый код можно запросить позже',
    "Yangi kodni keyinroq so'rash mumkin",
    'You can ask for a new code later',
  ),
  CHALLENGE_REQUIRED: entry(
    428,
    'Many codes are being asked for: solve the challenge and send the request again',
    'Сейчас запрашивают много кодов, подождите пару секунд и попробуйте ещё раз',
    "Hozir ko'p kod so'ralmoqda, bir necha soniya kuting va qayta urinib ko'ring",
    'Many codes are being asked for right now; wait a few seconds and try again',
  ),
  RATE_LIMITED: entry(
    429,
    'Too many requests',
    'Слишком много запросов, попробуйте позже',
    "Juda ko'p so'rov, keyinroq urinib ko'ring",
    'Too many requests, try again later',
  ),
  PHONE_INVALID: entry(
    400,
    'Phone number is not valid',
    'Неверный номер телефона',
    "Telefon raqami noto'g'ri",
    'The phone number is not valid',
  ),
  PHONE_TAKEN: entry(
    409,
    'Phone number belongs to another customer',
    'Этот номер уже используется',
    'Bu raqam allaqachon ishlatilmoqda',
    'This number is already in use',
  ),
  ADDRESS_LIMIT: entry(
    409,
    'Too many saved addresses',
    'Сохранено слишком много адресов, удалите ненужные',
    "Saqlangan manzillar juda ko'p, keraksizlarini o'chiring",
    'You have saved too many addresses; delete the ones you no longer need',
  ),
  ACCOUNT_ORDER_ON_WAY: entry(
    409,
    'An order of the customer is being delivered',
    'Ваш заказ уже в пути. Удалить аккаунт можно, когда его доставят',
    "Buyurtmangiz yo'lda. Hisobni u yetkazilgach o'chirish mumkin",
    'An order of yours is on its way. You can delete the account once it has been delivered',
  ),
  UNAUTHORIZED: entry(
    401,
    'Unauthorized',
    'Что-то устарело! Пожалуйста, войдите снова',
    'Bazi narsalar eskirgan! Iltimos tizimga boshqattan kiring',
    'Your session has expired. Please log in again',
  ),
  FORBIDDEN: entry(403, 'Forbidden', 'Доступ запрещён', "Ruxsat yo'q", 'Access denied'),
  // The mini app's Telegram data (docs/telegram.md, "Mini app server"): each refusal its own code.
  TELEGRAM_INIT_DATA_MISSING: entry(
    401,
    'Telegram init data is missing',
    'Нет данных Telegram. Откройте магазин из бота',
    "Telegram ma'lumotlari yo'q. Do'konni bot orqali oching",
    'Telegram data is missing. Open the shop from the bot',
  ),
  TELEGRAM_HASH_MISSING: entry(
    401,
    'Telegram init data carries no hash',
    'Данные Telegram не подписаны. Откройте магазин из бота заново',
    "Telegram ma'lumotlari imzolanmagan. Do'konni bot orqali qayta oching",
    'The Telegram data is not signed. Open the shop from the bot again',
  ),
  TELEGRAM_FIELD_MALFORMED: entry(
    401,
    'A field of the Telegram init data is malformed',
    'Данные Telegram повреждены. Откройте магазин из бота заново',
    "Telegram ma'lumotlari buzilgan. Do'konni bot orqali qayta oching",
    'The Telegram data is damaged. Open the shop from the bot again',
  ),
  TELEGRAM_INIT_DATA_EXPIRED: entry(
    401,
    'Telegram init data has expired',
    'Сессия Telegram устарела. Закройте и откройте магазин из бота заново',
    "Telegram sessiyasi eskirgan. Do'konni yoping va bot orqali qayta oching",
    'The Telegram session has expired. Close the shop and open it from the bot again',
  ),
  TELEGRAM_SIGNATURE_INVALID: entry(
    401,
    'Telegram init data signature is invalid',
    'Данные Telegram не прошли проверку. Откройте магазин из бота заново',
    "Telegram ma'lumotlari tekshiruvdan o'tmadi. Do'konni bot orqali qayta oching",
    'The Telegram data did not pass the check. Open the shop from the bot again',
  ),
  TELEGRAM_OTHER_BOT: entry(
    401,
    "Telegram init data was signed by another brand's bot",
    'Магазин открыт из бота другого заведения. Откройте его из бота этого заведения',
    "Do'kon boshqa muassasa boti orqali ochilgan. Uni shu muassasaning boti orqali oching",
    "The shop was opened from another brand's bot. Open it from this brand's bot",
  ),
  TELEGRAM_USER_MISSING: entry(
    401,
    'Telegram init data names no user',
    'Telegram ID не найден, перезапустите бота',
    'Telegram ID topilmadi, botni qayta ishga tushiring',
    'Telegram ID not found; restart the bot',
  ),
  TELEGRAM_CONTACT_MISMATCH: entry(
    401,
    "The shared contact is not the Telegram user's own",
    'Поделитесь своим собственным контактом',
    "O'zingizning kontaktingizni yuboring",
    'Share your own contact',
  ),
  TELEGRAM_PHONE_REQUIRED: entry(
    403,
    'This Telegram user has no customer at the brand yet: a phone is needed',
    'Поделитесь номером телефона, чтобы войти',
    'Kirish uchun telefon raqamingizni yuboring',
    'Share your phone number to log in',
  ),
  RESERVATION_TIME_INVALID: entry(
    400,
    'The reservation time cannot be booked (details.reason: FORMAT, OFF_GRID, TOO_SOON, TOO_FAR or CLOSED)',
    'На это время стол забронировать нельзя: выберите другое время',
    "Bu vaqtga stol band qilib bo'lmaydi: boshqa vaqtni tanlang",
    'A table cannot be booked for this time: choose another time',
  ),
  RESERVATION_GUESTS_INVALID: entry(
    400,
    'No table of the branch (or hall) seats that many guests (details.max)',
    'Столика на столько гостей нет: позвоните в заведение',
    "Buncha mehmon uchun stol yo'q: muassasaga qo'ng'iroq qiling",
    'There is no table for that many guests: call the restaurant',
  ),
  RESERVATION_FULL: entry(
    409,
    'Every table for that many guests is taken at that time (details.nearest: free times of the day)',
    'На это время все подходящие столы заняты',
    'Bu vaqtda mos stollarning hammasi band',
    'All suitable tables are taken at this time',
  ),
  RESERVATION_CANCEL_CLOSED: entry(
    409,
    'The reservation can no longer be cancelled by the customer',
    'Отменить бронь уже нельзя: позвоните в заведение',
    "Bronni endi bekor qilib bo'lmaydi: muassasaga qo'ng'iroq qiling",
    'The reservation can no longer be cancelled: call the restaurant',
  ),
  RESERVATION_MOVE_INVALID: entry(
    409,
    'The reservation cannot move to that status from its own',
    'Бронь уже в другом состоянии: обновите страницу',
    'Bron allaqachon boshqa holatda: sahifani yangilang',
    'The reservation has moved on: refresh the page',
  ),
  CHAT_TEXT_INVALID: entry(
    400,
    'The message is empty or longer than 1000 characters',
    'Сообщение пустое или длиннее 1000 символов',
    "Xabar bo'sh yoki 1000 belgidan uzun",
    'The message is empty or longer than 1000 characters',
  ),
  CHAT_RATE_LIMITED: entry(
    429,
    'Too many messages: wait details.retryAfterSeconds',
    'Слишком много сообщений подряд: подождите немного',
    "Juda ko'p xabar yuborildi: biroz kuting",
    'Too many messages in a row: please wait a little',
  ),
  CHAT_CLOSED: entry(409, 'The conversation is closed', 'Этот разговор закрыт', 'Bu suhbat yopilgan', 'This conversation is closed'),
  VACANCY_CV_INVALID: entry(
    400,
    'The CV is not a PDF, Word document (doc, docx) or picture (JPEG, PNG, WebP)',
    'Резюме должно быть файлом PDF, Word (doc, docx) или изображением (JPEG, PNG, WebP)',
    "Rezyume PDF, Word (doc, docx) fayli yoki rasm (JPEG, PNG, WebP) bo'lishi kerak",
    'The CV must be a PDF, a Word file (doc, docx) or a picture (JPEG, PNG, WebP)',
  ),
  VACANCY_CV_TOO_LARGE: entry(
    413,
    'The CV is larger than 5 MB',
    'Файл резюме больше 5 МБ',
    'Rezyume fayli 5 MB dan katta',
    'The CV file is larger than 5 MB',
  ),
  TABLE_LINK_INVALID: entry(
    404,
    "The table's link is not genuine, or its table is gone (a code of another brand, a changed or mistyped link)",
    'Эта ссылка стола недействительна: отсканируйте QR-код на столе ещё раз',
    'Bu stol havolasi yaroqsiz: stoldagi QR-kodni qaytadan skanerlang',
    'This table link is not valid: scan the QR code on the table again',
  ),
  TABLE_SESSION_ENDED: entry(
    409,
    "The table's session is over (the staff closed the table, or it is older than 12 hours): open the table's link again",
    'Сеанс стола завершён: отсканируйте QR-код на столе ещё раз',
    'Stol seansi tugagan: stoldagi QR-kodni qaytadan skanerlang',
    "This table's session has ended: scan the QR code on the table again",
  ),
  TABLE_BILL_EMPTY: entry(
    409,
    "Nothing is left to pay on the table's bill",
    'По счёту стола больше нечего оплачивать',
    "Stol hisobida to'lanadigan narsa qolmadi",
    "Nothing is left to pay on the table's bill",
  ),
  TABLE_ORDER_INVALID: entry(
    400,
    "An order from a table is a dine-in order of the table's branch, placed now",
    'Заказ со стола можно оформить только в зал этого заведения и только на сейчас',
    'Stoldan buyurtma faqat shu filial zaliga va faqat hozirga beriladi',
    'An order from a table is served at this table, now',
  ),
  TABLE_GUESTS_OFF: entry(
    403,
    'The brand asks its table guests to log in before ordering',
    'Чтобы заказать, войдите по номеру телефона',
    'Buyurtma berish uchun telefon raqamingiz bilan kiring',
    'Please log in with your phone number to order',
  ),
  WAITER_CALL_OPEN: entry(
    409,
    'The table already has an open call of this kind',
    'Официант уже вызван: он скоро подойдёт',
    'Ofitsiant allaqachon chaqirilgan: tez orada keladi',
    'The waiter has already been called and is on the way',
  ),
  WAITER_CALL_RATE_LIMITED: entry(
    429,
    'Too many calls from this table within the hour',
    'Слишком много вызовов с этого стола: подождите немного',
    "Bu stoldan juda ko'p chaqiruv: biroz kuting",
    'Too many calls from this table: please wait a little',
  ),
  WAITER_CALL_NOTE_TOO_LONG: entry(
    400,
    "The call's note is longer than 200 characters",
    'Комментарий к вызову длиннее 200 символов',
    'Chaqiruv izohi 200 belgidan uzun',
    'The note is longer than 200 characters',
  ),
  WAITER_CALL_MOVE_INVALID: entry(
    409,
    'The call cannot move to that status from its own',
    'Вызов уже в другом состоянии: обновите страницу',
    'Chaqiruv allaqachon boshqa holatda: sahifani yangilang',
    'The call has moved on: refresh the page',
  ),
  FEATURE_OFF: entry(
    403,
    'The brand has this feature turned off (its settings flag)',
    'Эта возможность отключена в этом заведении',
    "Bu imkoniyat ushbu muassasada o'chirilgan",
    'This feature is turned off for this place',
  ),
  GRADE_NOT_COMPLETED: entry(
    409,
    'The order can be graded once it is delivered or picked up',
    'Оценить заказ можно после того, как он доставлен или получен',
    'Buyurtmani yetkazilgan yoki olib ketilganidan keyin baholash mumkin',
    'You can rate the order once it is delivered or picked up',
  ),
  GRADE_LOCKED: entry(
    409,
    'The grade can be changed only within a day after it was given',
    'Оценку можно изменить только в течение суток после неё',
    "Bahoni faqat qo'yilganidan keyin bir sutka ichida o'zgartirish mumkin",
    'A rating can be changed only within a day after it was given',
  ),
  TELEGRAM_BOT_OFF: entry(
    403,
    'The brand has no Telegram bot',
    'У этого заведения нет бота в Telegram',
    "Bu muassasaning Telegram boti yo'q",
    'This brand has no Telegram bot',
  ),
  STAFF_CODE_REQUIRED: entry(
    428,
    "Someone is guessing this number's password: enter the code sent by SMS",
    'Кто-то подбирает пароль к этому номеру: введите код из SMS',
    'Kimdir bu raqam parolini topishga urinmoqda: SMS orqali yuborilgan kodni kiriting',
    "Someone is guessing this number's password: enter the code we sent by SMS",
  ),
  STAFF_LOGIN_FAILED: entry(
    401,
    'Wrong phone or password',
    'Неверный номер или пароль',
    "Telefon raqami yoki parol noto'g'ri",
    'Wrong phone number or password',
  ),
  PASSWORD_CHANGE_REQUIRED: entry(
    403,
    'The password is a one-time one: set a new password first (POST /api/ops/v1/auth/password)',
    'Сначала задайте новый пароль вместо временного',
    "Avval vaqtinchalik parol o'rniga yangi parol o'rnating",
    'Set a new password in place of the one-time one first',
  ),
  CURRENT_PASSWORD_WRONG: entry(
    400,
    'The current password is wrong',
    'Текущий пароль введён неверно',
    "Joriy parol noto'g'ri kiritildi",
    'The current password is wrong',
  ),
  STAFF_PHONE_TAKEN: entry(
    409,
    'A staff member of the brand already has this phone number',
    'Сотрудник с этим номером уже есть',
    'Bu raqamli xodim allaqachon mavjud',
    'A staff member with this number already exists',
  ),
  STAFF_SELF_CHANGE: entry(
    409,
    'A staff member cannot disable themselves, change their own role or reset their own password here',
    'Нельзя отключить себя, сменить свою роль или сбросить свой пароль здесь',
    "O'zingizni o'chirib qo'yish, rolingizni o'zgartirish yoki parolingizni bu yerda tiklash mumkin emas",
    'You cannot disable yourself, change your own role or reset your own password here',
  ),
  STAFF_LAST_OWNER: entry(
    409,
    'The brand must keep at least one active owner',
    'У бренда должен остаться хотя бы один активный владелец',
    'Brendda kamida bitta faol egasi qolishi kerak',
    'The brand must keep at least one active owner',
  ),
  COURIER_NOT_FOUND: entry(
    409,
    'No such courier at the branch',
    'Этот курьер не работает в филиале заказа',
    'Bu kuryer buyurtma filialida ishlamaydi',
    "This courier does not work at the order's branch",
  ),
  REJECT_REASON_REQUIRED: entry(
    400,
    'A reason is required to cancel',
    'Укажите причину отмены',
    'Bekor qilish sababini tanlang',
    'Choose why the order is cancelled',
  ),
  CANCEL_REASON_TEXT_REQUIRED: entry(
    400,
    'Write why the order is cancelled',
    'Напишите причину отмены',
    'Bekor qilish sababini yozing',
    'Write why you cancel the order',
  ),
  CANCEL_REASON_TEXT_TOO_LONG: entry(
    400,
    'The cancel reason is too long',
    'Причина отмены слишком длинная',
    'Bekor qilish sababi juda uzun',
    'The reason is too long',
  ),
  SMS_NOT_SENT: entry(
    502,
    'SMS gateway did not take the message',
    'Не удалось отправить SMS, попробуйте позже',
    "SMS yuborib bo'lmadi, keyinroq urinib ko'ring",
    'The SMS could not be sent, try again later',
  ),
  METHOD_NOT_ALLOWED: entry(
    405,
    'Method not allowed',
    'Этот запрос здесь не поддерживается',
    "Bu so'rov bu yerda qo'llab-quvvatlanmaydi",
    'This request is not supported here',
  ),
  HEADERS_TOO_LARGE: entry(431, 'Request headers are too large', 'Слишком большой запрос', "So'rov juda katta", 'The request is too large'),
  SERVICE_UNAVAILABLE: entry(
    503,
    'Service is restarting',
    'Сервис перезапускается, повторите через минуту',
    "Xizmat qayta ishga tushmoqda, bir daqiqadan so'ng urinib ko'ring",
    'The service is restarting, try again in a minute',
  ),
  INTERNAL_ERROR: entry(
    500,
    'Internal Server Error',
    'Произошла ошибка, попробуйте позже',
    "Xatolik yuz berdi, keyinroq urinib ko'ring",
    'Something went wrong, try again later',
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The body of every error answer (docs/architecture.md, HTTP contract). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  description: Required<LocalizedText>;
  details?: Record<string, unknown>;
}

/** The one error type: a catalogue code and the details that make it concrete. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, details?: Record<string, unknown>) {
    super(ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.details);
  }
}

export function errorBody(code: ErrorCode, details?: Record<string, unknown>): ErrorBody {
  const e = ERROR_CATALOGUE[code];
  return details === undefined
    ? { code, message: e.message, description: e.description }
    : { code, message: e.message, description: e.description, details };
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
