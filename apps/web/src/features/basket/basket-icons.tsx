import { Icon, type IconProps } from '../../shared/ui/icons.tsx';

// Shared with the other features; kept importable from here for this feature's files.
export { PlusIcon, MinusIcon, CloseIcon } from '../../shared/ui/icons.tsx';
export { TrashIcon } from '../../shared/ui/action-icons.tsx';

export const TagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7a1 1 0 0 1 .7.3l7.9 7.9a1 1 0 0 1 0 1.4l-7.7 7.7a1 1 0 0 1-1.4 0l-7.9-7.9a1 1 0 0 1-.3-.7Z" />
    <circle cx="8.5" cy="8.5" r="1.5" />
  </Icon>
);
