import { z } from 'zod';
import * as E from '../enums.ts';

/** The enumerations of spec section 4 as zod schemas, built from the domain's lists (enums.ts). */
export const OrderStatus = z.enum(E.ORDER_STATUSES);
export const ServiceType = z.enum(E.SERVICE_TYPES);
export const WorkHoursType = z.enum(E.WORK_HOURS_TYPES);
export const WeekName = z.enum(E.WEEK_NAMES);
export const PaymentType = z.enum(E.PAYMENT_TYPES);
export const DiscountType = z.enum(E.DISCOUNT_TYPES);
export const SmsGateway = z.enum(E.SMS_GATEWAYS);
export const MapType = z.enum(E.MAP_TYPES);
export const ThemeType = z.enum(E.THEME_TYPES);
export const CategoryViewType = z.enum(E.CATEGORY_VIEW_TYPES);
export const ScrollType = z.enum(E.SCROLL_TYPES);
export const NavigationType = z.enum(E.NAVIGATION_TYPES);
export const GroupView = z.enum(E.GROUP_VIEWS);
export const CategoryView = z.enum(E.CATEGORY_VIEWS);
export const BasketPosition = z.enum(E.BASKET_POSITIONS);
export const ModificationViewType = z.enum(E.MODIFICATION_VIEW_TYPES);
export const ProductType = z.enum(E.PRODUCT_TYPES);
export const Unit = z.enum(E.UNITS);
export const ChannelType = z.enum(E.CHANNEL_TYPES);
export const MenuSource = z.enum(E.MENU_SOURCES);
export const PolicyType = z.enum(E.POLICY_TYPES);
export const OrderDevice = z.enum(E.ORDER_DEVICES);
export const Gender = z.enum(E.GENDERS);
export const OtpPurpose = z.enum(E.OTP_PURPOSES);
export const SettingsChannel = z.enum(E.SETTINGS_CHANNELS);
