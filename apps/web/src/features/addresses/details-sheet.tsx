import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';

/** What the customer adds to a place: its name and how the courier reaches the door. */
export interface DoorDetails {
  name: string;
  office: string;
  domophone: string;
  entrance: string;
  floor: string;
  comment: string;
}

const EMPTY: DoorDetails = { name: '', office: '', domophone: '', entrance: '', floor: '', comment: '' };

/**
 * The address details sheet (docs/spec-index.md section 2): the street as a hint, the address's name, flat or office (prefilled
 * with the house number), intercom, entrance and floor, and a courier's note. Each opening (`opening` counts them)
 * starts afresh.
 */
export function DetailsSheet({
  open,
  opening,
  onOpenChange,
  ...form
}: {
  open: boolean;
  opening: number;
  onOpenChange: (open: boolean) => void;
  street: string;
  houseNumber: string;
  busy: boolean;
  onSave: (details: DoorDetails) => void;
}) {
  const { t } = useTranslation();
  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      testId="address-details-sheet"
      title={t('addresses.detailsTitle')}
      dismissible={!form.busy}
    >
      <DetailsForm key={opening} {...form} />
    </BottomSheet>
  );
}

function DetailsForm({
  street,
  houseNumber,
  busy,
  onSave,
}: {
  street: string;
  houseNumber: string;
  busy: boolean;
  onSave: (details: DoorDetails) => void;
}) {
  const { t } = useTranslation();
  const [details, setDetails] = useState<DoorDetails>({ ...EMPTY, office: houseNumber });

  const set = (key: keyof DoorDetails) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSave(details);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-4 pb-6">
      <p
        data-testid="address-details-street"
        className="flex items-center gap-2 rounded-2xl bg-surface-2 px-4 py-3 text-[15px] font-semibold"
      >
        <MapPinIcon size={20} className="shrink-0 text-muted" />
        <bdi className="min-w-0 truncate">{street}</bdi>
      </p>
      <TextField
        id="address-name"
        testId="address-name"
        label={t('addresses.name')}
        placeholder={t('addresses.namePlaceholder')}
        value={details.name}
        onChange={set('name')}
        maxLength={64}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="address-office"
          testId="address-office"
          label={t('addresses.office')}
          value={details.office}
          onChange={set('office')}
          maxLength={64}
        />
        <TextField
          id="address-domophone"
          testId="address-domophone"
          label={t('addresses.domophone')}
          value={details.domophone}
          onChange={set('domophone')}
          maxLength={32}
        />
        <TextField
          id="address-entrance"
          testId="address-entrance"
          label={t('addresses.entrance')}
          value={details.entrance}
          onChange={set('entrance')}
          maxLength={16}
          inputMode="numeric"
        />
        <TextField
          id="address-floor"
          testId="address-floor"
          label={t('addresses.floor')}
          value={details.floor}
          onChange={set('floor')}
          maxLength={16}
          inputMode="numeric"
        />
      </div>
      <TextField
        id="address-comment"
        testId="address-comment"
        label={t('addresses.comment')}
        value={details.comment}
        onChange={set('comment')}
        maxLength={500}
      />
      <SubmitButton testId="address-save" busy={busy}>
        {t('addresses.save')}
      </SubmitButton>
    </form>
  );
}
