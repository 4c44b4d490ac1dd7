import type { ComponentProps } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { CloseIcon } from './icons.tsx';
import { IconButton, type IconButtonSize } from './icon-button.tsx';

const ICON: Record<IconButtonSize, number> = { sm: 16, md: 18, lg: 20 };

/** The round ✕ that closes a sheet, a dialog, a viewer or a panel; called "Close" unless `label` says more. */
export function CloseButton({
  label,
  size = 'lg',
  ...rest
}: Omit<ComponentProps<typeof IconButton>, 'label' | 'children'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <IconButton label={label ?? t('common.close')} size={size} {...rest}>
      <CloseIcon size={ICON[size]} />
    </IconButton>
  );
}
