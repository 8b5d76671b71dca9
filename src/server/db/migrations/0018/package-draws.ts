// `package_draws` (migration 16) plans nested loops again, even when called from `balances`, which
// turns them off for its own joins: each (client, service) that has a package then finds its
// completed visits through the index of completed visits by client and service (indexes.ts), so one
// client's balance reads that client's visits, not the practice's. Migration 16 turned nested loops
// off for want of that index (without statistics, PGlite would rescan every visit per package).
export const packageDrawsPlanning = `
alter function public.package_draws(uuid) set enable_nestloop = on;
`;
