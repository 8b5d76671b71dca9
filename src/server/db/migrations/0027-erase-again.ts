// Migration 27: a client erased a second time is answered as such: nothing of their name and
// contact is said to go again when none was left.
import { eraseTellsWhatWasLeft } from './0027/erase-tells-what-was-left.js';
import type { Migration } from './migration.js';

export const eraseAgain: Migration = {
  version: 27,
  name: 'a second erasure of a client does not answer that their name and contact went again',
  sql: eraseTellsWhatWasLeft,
};
