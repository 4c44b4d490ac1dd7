import { z } from 'zod';

/** Enumerations of spec section 4, spelled as the spec spells them. */
export const OrderStatus = z.enum(['OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const ServiceType = z.enum(['DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24']);
export type ServiceType = z.infer<typeof ServiceType>;

export const WorkHoursType = z.enum(['DELIVERY', 'PICK_UP', 'DINE_IN']);
export type WorkHoursType = z.infer<typeof WorkHoursType>;

export const WeekName = z.enum(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
export type WeekName = z.infer<typeof WeekName>;

export const PaymentType = z.enum(['CASH', 'CLICK', 'PAYNET', 'TERMINAL', 'PAYME', 'UZUM', 'OTHER', 'RAHMAT', 'PAYZE', 'CLICK_MINI_APP']);
export type PaymentType = z.infer<typeof PaymentType>;

export const DiscountType = z.enum(['AMOUNT', 'PERCENTAGE']);
export type DiscountType = z.infer<typeof DiscountType>;

export const SmsGateway = z.enum(['PLAY_MOBILE', 'ESKIZ', 'OUTBOX']);
export type SmsGateway = z.infer<typeof SmsGateway>;

export const MapType = z.enum(['YANDEX', 'LEAFLET', 'LAMENU_YANDEX']);
export type MapType = z.infer<typeof MapType>;

export const ThemeType = z.enum(['DARK', 'LIGHT']);
export type ThemeType = z.infer<typeof ThemeType>;

export const CategoryViewType = z.enum(['BIG', 'MEDIUM', 'SMALL']);
export type CategoryViewType = z.infer<typeof CategoryViewType>;

export const ScrollType = z.enum(['VERTICAL', 'HORIZONTAL']);
export type ScrollType = z.infer<typeof ScrollType>;

export const NavigationType = z.enum(['SHEET', 'POP_UP', 'FULL_SCREEN']);
export type NavigationType = z.infer<typeof NavigationType>;

export const GroupView = z.enum(['GROUP', 'WITHOUT_GROUP']);
export type GroupView = z.infer<typeof GroupView>;

export const CategoryView = z.enum(['ALL', 'ONE_CATEGORY', 'GROUP_CATEGORY']);
export type CategoryView = z.infer<typeof CategoryView>;

export const BasketPosition = z.enum(['NAVIGATION_BAR', 'FLOATING_OVER_PRODUCT']);
export type BasketPosition = z.infer<typeof BasketPosition>;

export const ModificationViewType = z.enum(['NAME_ONLY', 'FULL_IMAGE']);
export type ModificationViewType = z.infer<typeof ModificationViewType>;

export const ProductType = z.enum(['NONE', 'MODIFICATION']);
export type ProductType = z.infer<typeof ProductType>;

export const Unit = z.enum(['KG', 'LITER', 'GRAMM', 'COUNT']);
export type Unit = z.infer<typeof Unit>;

export const ChannelType = z.enum(['TG', 'WEB', 'APP', 'OPERATOR', 'QR', 'CLICK']);
export type ChannelType = z.infer<typeof ChannelType>;

/** Menu source of `GET /products/v1/overalls?type=`. */
export const MenuSource = z.enum(['WEB', 'TELEGRAM', 'QR', 'APP']);
export type MenuSource = z.infer<typeof MenuSource>;

export const PolicyType = z.enum(['TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY']);
export type PolicyType = z.infer<typeof PolicyType>;

export const OrderDevice = z.enum(['LAPOSTER', 'OPERATOR', 'INSTAGRAM', 'CLIENT_APP', 'TELEGRAM_BOT', 'CLIENT', 'CLIENT_WEB', 'CLIENT_IOS', 'CLICK_MINI_APP', 'CLIENT_ANDROID', 'CLIENT_WEB_MOBILE', 'CLIENT_WEB_DESKTOP', 'INTEGRATION_APP']);
export type OrderDevice = z.infer<typeof OrderDevice>;

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;
