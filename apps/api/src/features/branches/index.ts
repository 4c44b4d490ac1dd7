/** The branches feature's public surface: what app.ts and other features may import. */
export { createBranchesRepository } from './branches.repository.ts';
export { branchesRoutes, type ServingBranchFinder } from './branches.routes.ts';
export { createBranchesService, type BranchesService } from './branches.service.ts';
