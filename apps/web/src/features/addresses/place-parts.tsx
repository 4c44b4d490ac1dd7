import { useTranslation } from '../../i18n/i18n.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { TrashIcon } from '../../shared/ui/action-icons.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';

type Place = Parameters<typeof placeTitle>[0];

/** An address in a list: its one-line title and, under it, its description, each cut to one line. */
export function PlaceText({ place, titleTestId }: { place: Place; titleTestId: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span data-testid={titleTestId} className="block truncate font-semibold">
        <bdi>{placeTitle(place)}</bdi>
      </span>
      {place.description && (
        <span className="block truncate text-[13px] text-muted">
          <bdi>{place.description}</bdi>
        </span>
      )}
    </span>
  );
}

/**
 * The delete confirmation of an address list (docs/spec-index.md section 2, addresses picker): the address's name and description
 * with yes and no. `testId` names the sheet; its buttons are `{testId}-confirm` and `{testId}-cancel` less `-sheet`.
 */
export function DeletePlaceSheet({
  doomed,
  testId,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  doomed: Place | null;
  testId: 'address-delete' | 'place-delete';
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      open={doomed !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      testId={`${testId}-sheet`}
      confirmTestId={`${testId}-confirm`}
      cancelTestId={`${testId}-cancel`}
      icon={<TrashIcon size={26} />}
      title={t('addresses.deleteTitle')}
      text={doomed ? <bdi>{[placeTitle(doomed), doomed.description].filter(Boolean).join(' · ')}</bdi> : ''}
      confirmLabel={t('addresses.deleteYes')}
      cancelLabel={t('addresses.deleteNo')}
      danger
      busy={busy}
      error={error}
      onConfirm={onConfirm}
    />
  );
}
