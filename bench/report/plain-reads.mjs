// The plain reads `practice report pnl --year 2026` needs, as a script with no CLI would make them:
// the same query strings and Range pages over node:http with keep-alive, the bodies parsed, nothing
// added up. run.mjs times this as a process of its own, beside the report.
//
//   node bench/report/plain-reads.mjs <rest url> <anon key> <token> <user id> <year>
import { plainReader } from '../shared/plain-pages.mjs';

const [rest, anonKey, token, userId, year] = process.argv.slice(2);
const reader = plainReader(rest, anonKey, token);

const dates = `date=gte.${year}-01-01&date=lte.${year}-12-31`;
const [appointments, expenses] = await Promise.all([
  reader.readAll(`/appointments?select=date,status,price&${dates}&status=in.(completed)&therapist_id=eq.${userId}&order=id.asc`),
  reader.readAll(`/expenses?select=date,category,amount&${dates}&therapist_id=eq.${userId}&order=id.asc`),
]);
reader.close();
process.stdout.write(`${appointments.length} ${expenses.length}\n`);
