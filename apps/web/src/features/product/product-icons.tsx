import { Icon, type IconProps } from '../../shared/ui/icons.tsx';

// Shared with the other features; kept importable from here for this feature's files.
export { PlusIcon, MinusIcon } from '../../shared/ui/icons.tsx';

export const BackIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Icon>
);
export const StarIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3Z" />
  </Icon>
);
export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.4 2.4-5.6 4-7.9.6 1.7 1.6 2.8 2.6 3.3C11.4 6.6 13 4.4 15 3c-.2 3 1.1 4.5 2.4 6.1 1 1.3 1.6 2.8 1.6 4.6C19 17.9 15.9 21 12 21Z" />
  </Icon>
);
export const ScaleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 7h12l2 13H4L6 7Z" />
    <path d="M9 7a3 3 0 0 1 6 0" />
  </Icon>
);
