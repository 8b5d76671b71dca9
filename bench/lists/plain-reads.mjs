// The plain paged reads of every client, as a script with no CLI would make them: the query string
// `practice client list --json` sends, in Range pages of the service's 1000 rows over node:http.
// run.mjs times this as a process of its own, beside the list.
//
//   node bench/lists/plain-reads.mjs <rest url> <anon key> <token> <user id>
import { plainReader } from '../shared/plain-pages.mjs';

const [rest, anonKey, token, userId] = process.argv.slice(2);
const reader = plainReader(rest, anonKey, token);
const clients = await reader.readAll(`/clients?order=name.asc,id.asc&therapist_id=eq.${userId}`);
reader.close();
process.stdout.write(`${clients.length}\n`);
