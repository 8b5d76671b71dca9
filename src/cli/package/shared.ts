// A package as the table holds it, and as rpc/package_usage reports it with the visits it has left.
export interface Package {
  id: string;
  client_id: string;
  service_id: string;
  visits: number;
  price: number;
  sold_on: string;
  expires_on: string | null;
  note: string | null;
  therapist_id: string;
  created_at: string;
}

export interface PackageUsage {
  id: string;
  client_id: string;
  client_name: string;
  service_id: string;
  service_name: string;
  visits: number;
  used: number;
  visits_left: number;
  price: number;
  sold_on: string;
  expires_on: string | null;
  open: boolean;
}
