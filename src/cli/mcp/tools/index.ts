// The tools `practice mcp` serves, in the order a model sees them. There is no delete tool.
import { bookTool, cancelTool, rescheduleTool } from './booking.js';
import { clientHistoryTool, findClientTool } from './clients.js';
import { clientBalanceTool, recordPaymentTool } from './money.js';
import { draftNoteTool, logMessageTool, recordExpenseTool } from './records.js';
import { revenueTool } from './revenue.js';
import { freeSlotsTool, scheduleTool } from './schedule.js';
import type { PracticeTool } from './tool.js';

export const TOOLS: readonly PracticeTool[] = [
  scheduleTool, freeSlotsTool, findClientTool, clientHistoryTool, clientBalanceTool, revenueTool,
  bookTool, rescheduleTool, cancelTool, logMessageTool, draftNoteTool, recordExpenseTool, recordPaymentTool,
];
