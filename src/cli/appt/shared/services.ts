// The services a page of appointments is booked with, for the SERVICE column and the day sheet: one
// read of just those ids (`service_menu?id=in.(...)&select=id,name`). A retired service keeps its
// name; one the practice cannot read leaves it empty. JSON and CSV keep the stored rows.
import type { ApiClient } from '../../../core/api-client.js';
import type { Column } from '../../../core/output.js';
import { query } from '../../../core/query-builder.js';
import type { Appointment, Service } from '../../../model/records.js';
import { holdExpired } from '../../../model/request-hold.js';
import { COLUMNS } from './appointment.js';

/** The services `appointments` name, read as id and name only; no request when they name none. */
export async function servicesOf(api: ApiClient, appointments: ReadonlyArray<Pick<Appointment, 'service_id'>>): Promise<Service[]> {
  const ids = [...new Set(appointments.flatMap((appointment) => appointment.service_id ?? []))];
  if (ids.length === 0) return [];
  return api.select<Service>('service_menu', query<Service>().in('id', ids).select(['id', 'name']));
}

/** Each appointment's service name, by service id. */
export async function serviceNames(api: ApiClient, appointments: ReadonlyArray<Pick<Appointment, 'service_id'>>): Promise<Map<string, string>> {
  return new Map((await servicesOf(api, appointments)).map((service) => [service.id, service.name]));
}

/**
 * The list columns with SERVICE after CLIENT; a request whose hold ran out by `now` would read as a
 * booking, so its STATUS says it holds nothing (JSON keeps hold_until).
 */
export function columnsWithService(names: ReadonlyMap<string, string>, now: Date): Array<Column<Appointment>> {
  const service: Column<Appointment> = { key: 'service_id', header: 'SERVICE', format: (id) => (id === null ? '' : names.get(id) ?? '') };
  const status: Column<Appointment> = { key: 'status', format: (value, row) => (holdExpired(row, now) ? 'requested (hold expired)' : String(value)) };
  const columns = COLUMNS.map((column) => (column.key === 'status' ? status : column));
  const after = columns.findIndex((column) => column.key === 'client_name') + 1;
  return [...columns.slice(0, after), service, ...columns.slice(after)];
}
