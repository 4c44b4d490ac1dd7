/** The back office's content (issue 28): banners, stories and the policy pages. */
export { adminContentRoutes } from './content.routes.ts';
export { adminPolicyRoutes } from './policies.routes.ts';
export { checkPictures, type NamedPicture } from './pictures.ts';
