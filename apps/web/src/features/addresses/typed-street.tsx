import { useTranslation } from '../../i18n/i18n.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import type { TypedStreet } from './place-rules.ts';

/**
 * Where the geocoder found no street at the pin: the customer types the street and the house. The pin stays where
 * they put it; the address is saved with the typed text (place-rules `typedPlace`).
 */
export function TypedStreetFields({ value, onChange }: { value: TypedStreet; onChange: (value: TypedStreet) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="address-typed" className="mb-3">
      <p className="mb-2 text-sm font-medium text-muted">{t('addresses.typeStreetHint')}</p>
      <div className="grid grid-cols-[1fr_6.5rem] gap-3">
        <TextField
          id="address-typed-street"
          label={t('addresses.typedStreet')}
          value={value.street}
          onChange={(e) => onChange({ ...value, street: e.target.value })}
          maxLength={120}
          autoComplete="address-line1"
        />
        <TextField
          id="address-typed-house"
          label={t('addresses.typedHouse')}
          value={value.house}
          onChange={(e) => onChange({ ...value, house: e.target.value })}
          maxLength={16}
        />
      </div>
    </div>
  );
}
