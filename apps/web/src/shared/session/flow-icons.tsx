import { Icon, type IconProps } from '../ui/icons.tsx';

/** Icons of the login and account screens (apart from UserIcon, which the header needs at once). */
export const LockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </Icon>
);
export const MessageIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5.5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 3.5v-3.5H4a1 1 0 0 1-1-1v-10a1 1 0 0 1 1-1Z" />
    <path d="M8 11h.01M12 11h.01M16 11h.01" />
  </Icon>
);
/** Points to the start of the line (back); mirrored in right-to-left layouts by its users. */
export const ChevronStartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);
