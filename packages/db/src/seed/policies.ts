import type { LocalizedText, PolicyType } from '@dasturxon/domain';

export interface PolicyInput {
  brand: string;
  phone: string;
  delivers: boolean;
  about: LocalizedText;
  /** Puts a script tag into the English privacy policy, so screens can prove they show it as text. */
  markupProbe?: boolean;
}

const paragraphs = (...items: string[]) => items.join('\n\n');

function terms({ brand, phone, delivers }: PolicyInput): LocalizedText {
  return {
    ru: paragraphs(
      `Настоящие условия регулируют заказ блюд ${brand} через сайт и мини-приложение в Telegram. Оформляя заказ, вы подтверждаете, что ознакомились с этими условиями и принимаете их.`,
      delivers
        ? 'Цены указаны в узбекских сумах и включают НДС. Стоимость доставки и сервисный сбор показываются до подтверждения заказа. Промокоды не суммируются: к одному заказу применяется один промокод.'
        : 'Цены указаны в узбекских сумах и включают НДС. Заказ можно забрать в кафе в выбранное время. Промокоды не суммируются: к одному заказу применяется один промокод.',
      'Мы начинаем готовить сразу после подтверждения заказа. Заказ, оплаченный онлайн, принимается после завершения оплаты. Отменить заказ можно, пока он не передан на кухню.',
      `Если с заказом что-то не так, позвоните нам по номеру ${phone} — мы заменим блюдо или вернём деньги.`,
    ),
    uz: paragraphs(
      `Ushbu shartlar ${brand} taomlarini sayt va Telegram mini-ilovasi orqali buyurtma qilish tartibini belgilaydi. Buyurtma berish orqali siz ushbu shartlar bilan tanishganingizni va ularni qabul qilganingizni tasdiqlaysiz.`,
      delivers
        ? "Narxlar o'zbek so'mida ko'rsatilgan va QQSni o'z ichiga oladi. Yetkazib berish narxi va xizmat haqi buyurtma tasdiqlanishidan oldin ko'rsatiladi. Promokodlar jamlanmaydi: bitta buyurtmaga bitta promokod qo'llanadi."
        : "Narxlar o'zbek so'mida ko'rsatilgan va QQSni o'z ichiga oladi. Buyurtmani tanlangan vaqtda kafedan olib ketishingiz mumkin. Promokodlar jamlanmaydi: bitta buyurtmaga bitta promokod qo'llanadi.",
      "Buyurtma tasdiqlangach, darhol tayyorlashni boshlaymiz. Onlayn to'langan buyurtma to'lov yakunlangandan keyin qabul qilinadi. Buyurtma oshxonaga uzatilmaguncha uni bekor qilish mumkin.",
      `Buyurtmada muammo bo'lsa, ${phone} raqamiga qo'ng'iroq qiling — taomni almashtiramiz yoki pulingizni qaytaramiz.`,
    ),
    eng: paragraphs(
      `These terms govern ordering ${brand} food through the website and the Telegram mini app. By placing an order you confirm that you have read and accept them.`,
      delivers
        ? "Prices are in Uzbek so'm and include VAT. The delivery price and the service fee are shown before you confirm the order. Promo codes cannot be combined: one promo code applies to one order."
        : "Prices are in Uzbek so'm and include VAT. You collect your order at the cafe at the time you choose. Promo codes cannot be combined: one promo code applies to one order.",
      'We start cooking as soon as the order is confirmed. An order paid online is accepted once the payment is complete. You can cancel an order until it has been passed to the kitchen.',
      `If something is wrong with your order, call us at ${phone} and we will replace the dish or refund you.`,
    ),
  };
}

function privacy({ brand, phone, delivers, markupProbe }: PolicyInput): LocalizedText {
  return {
    ru: paragraphs(
      `${brand} обрабатывает персональные данные в соответствии с Законом Республики Узбекистан «О персональных данных». Мы собираем только то, что нужно для выполнения заказа: имя, номер телефона${delivers ? ', адрес доставки' : ''} и историю заказов.`,
      'Номер телефона используется для входа по SMS-коду и для связи по заказу. Данные банковских карт мы не храним: оплату проводят платёжные системы.',
      `Мы не передаём ваши данные третьим лицам, кроме ${delivers ? 'курьерской службы и ' : ''}платёжной системы в объёме, необходимом для заказа. Удалить аккаунт и все связанные с ним данные можно в профиле.`,
      `По вопросам обработки данных звоните по номеру ${phone}.`,
    ),
    uz: paragraphs(
      `${brand} shaxsiy ma'lumotlarni O'zbekiston Respublikasining «Shaxsga doir ma'lumotlar to'g'risida»gi Qonuniga muvofiq qayta ishlaydi. Biz faqat buyurtmani bajarish uchun zarur bo'lgan ma'lumotlarni yig'amiz: ism, telefon raqami${delivers ? ', yetkazib berish manzili' : ''} va buyurtmalar tarixi.`,
      "Telefon raqami SMS-kod orqali kirish va buyurtma bo'yicha bog'lanish uchun ishlatiladi. Bank kartalari ma'lumotlarini saqlamaymiz: to'lovni to'lov tizimlari amalga oshiradi.",
      `Ma'lumotlaringizni uchinchi shaxslarga bermaymiz, faqat ${delivers ? 'kuryerlik xizmati va ' : ''}to'lov tizimiga buyurtma uchun zarur hajmda uzatamiz. Akkauntni va unga bog'liq barcha ma'lumotlarni profilda o'chirish mumkin.`,
      `Ma'lumotlarni qayta ishlash bo'yicha savollar bo'lsa, ${phone} raqamiga qo'ng'iroq qiling.`,
    ),
    eng: paragraphs(
      `${brand} processes personal data under the Law of the Republic of Uzbekistan "On Personal Data". We collect only what an order needs: your name, phone number${delivers ? ', delivery address' : ''} and order history.`,
      'Your phone number is used to sign in with an SMS code and to reach you about an order. We do not store bank card details: payments are handled by the payment providers.',
      `We do not share your data with third parties, except ${delivers ? 'the courier service and ' : ''}the payment provider, and only as far as an order requires. You can delete your account and all data linked to it in your profile.`,
      `Questions about your data: call us at ${phone}.` +
        (markupProbe ? ' Text such as <script>alert(1)</script> in this policy is shown as it is and never run.' : ''),
    ),
  };
}

/** The three company policies of a demo brand, in ru, uz and eng, paragraphs split by a blank line. */
export function policyTexts(input: PolicyInput): { type: PolicyType; text: LocalizedText }[] {
  return [
    { type: 'TERMS', text: terms(input) },
    { type: 'ABOUT_COMPANY', text: input.about },
    { type: 'PRIVACY_POLICY', text: privacy(input) },
  ];
}
