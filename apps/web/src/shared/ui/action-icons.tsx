import { Icon, type IconProps } from './icons.tsx';

/*
 * Icons of actions on screens that load on demand (delete a line, an address). Kept out of icons.tsx, whose
 * module travels with the first screen: a module lands whole in one chunk.
 */

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M9.5 7V5a1.5 1.5 0 0 1 1.5-1.5h2A1.5 1.5 0 0 1 14.5 5v2M6 7l1 12.2A2 2 0 0 0 9 21h6a2 2 0 0 0 2-1.8L18 7M10 11v6M14 11v6" />
  </Icon>
);
