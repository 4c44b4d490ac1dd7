import { Icon, type IconProps } from '../ui/icons.tsx';

/** A bank card (saved cards, the card payment); the profile's link keeps its own drawing (features/profile/profile-icons.tsx), so this travels with the cards' calls and not in a file of its own. */
export const CardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3 10h18M7 14.5h3" />
  </Icon>
);
