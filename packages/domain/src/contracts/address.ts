import { z } from 'zod';
import { AddressType } from './enums.ts';

/*
 * Saved addresses (docs/spec-index.md section 3, Address; section 7, addresses): a customer's places to deliver to, at
 * one brand. The server keeps them for a signed-in customer; a guest keeps them in the browser.
 */

const Text = (max: number) => z.string().trim().max(max);

/** The parts of an address a courier needs beyond the street and house. */
export const AddressDetails = z.object({
  office: Text(64).optional(),
  domophone: Text(32).optional(),
  entrance: Text(16).optional(),
  floor: Text(16).optional(),
  comment: Text(500).optional(),
});
export type AddressDetails = z.infer<typeof AddressDetails>;

/** What the customer sends to save or change an address. */
export const AddressRequest = z.strictObject({
  type: AddressType.default('HOUSE'),
  name: Text(64).default(''),
  streetName: Text(200).default(''),
  houseNumber: Text(32).default(''),
  details: AddressDetails.default({}),
  description: Text(300).default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  cityId: z.uuid().nullable().default(null),
  comment: Text(500).default(''),
});
export type AddressRequest = z.infer<typeof AddressRequest>;

/** A saved address as the API answers it. */
export const Address = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: AddressType,
  name: z.string(),
  streetName: z.string(),
  houseNumber: z.string(),
  details: AddressDetails,
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  cityId: z.uuid().nullable(),
  comment: z.string(),
  createdDate: z.iso.datetime(),
  lastModifiedDate: z.iso.datetime(),
});
export type Address = z.infer<typeof Address>;

export const AddressIdParams = z.object({ id: z.uuid() });
export const AddressUserParams = z.object({ userId: z.uuid() });
export const AddressListParams = z.object({ merchantId: z.uuid(), userId: z.uuid() });
