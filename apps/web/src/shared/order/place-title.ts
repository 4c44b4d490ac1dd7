import type { AddressRequest } from '@dasturxon/domain';

/**
 * How an address reads in one line (the header, the basket, the address lists): its name, else the street and
 * house, else its description. In a module of its own: the header brings it into the first screen.
 */
export function placeTitle(a: Pick<AddressRequest, 'name' | 'streetName' | 'houseNumber' | 'description'>): string {
  return (a.name || '').trim() || [a.streetName, a.houseNumber].filter(Boolean).join(' ') || a.description || '';
}
