/** The addresses feature's public surface: what app.ts and other features may import (the lint rule allows nothing else). */
export { createAddressesRepository, type AddressesRepository, type AddressRecord } from './addresses.repository.ts';
export { addressesRoutes } from './addresses.routes.ts';
export { createAddressesService, toAddress, type AddressesService } from './addresses.service.ts';
