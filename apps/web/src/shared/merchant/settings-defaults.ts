import { MerchantSettings } from '@dasturxon/domain/contracts';

/** Every default of the spec, from the domain's contract. Loaded only when the settings could not be. */
export const defaultSettings = (): MerchantSettings => MerchantSettings.parse({});
