import { startFakeClickMerchantApi } from '../../apps/api/test/providers/click-merchant-api.ts';

/*
 * Click's Merchant API (card tokens, docs/protocols.md 2.8) for the journeys, on a fixed port: the fake the API tests use
 * (apps/api/test/providers/click-merchant-api.ts), knowing the demo chain's Click service. The journeys read the code
 * it "texted" from GET /__journeys/last-code. Run: `node --import tsx e2e/providers/fake-click.ts` with FAKE_CLICK_PORT.
 */
const fake = await startFakeClickMerchantApi(Number(process.env.FAKE_CLICK_PORT ?? 3298));
fake.addService({ serviceId: '10001', merchantUserId: '40001', secretKey: 'tezkor-click-secret' });
