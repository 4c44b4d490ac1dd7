import { Icon, type IconProps } from '../../shared/ui/icons.tsx';

// Shared with the other features; kept importable from here for this feature's files.
export { PlusIcon, MinusIcon } from '../../shared/ui/icons.tsx';

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Icon>
);
