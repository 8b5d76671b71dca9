// Indexes the money answers' plans use. Completed visits by client and service: a package's draws
// (package_draws) and one client's balance read only that client's visits. The ledger by the moment
// money moved: the collected answers read only the period's entries.
export const moneyIndexes = `
create index appointments_completed_by_client on public.appointments (therapist_id, client_id, service_id, "date")
  where status = 'completed';
create index payments_paid_at on public.payments (therapist_id, paid_at);
`;
