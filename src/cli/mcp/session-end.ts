// A client ends a stdio session by closing the server's stdin (the SDK's transport does not watch
// for it). The requests already read are answered first: a client may still read them, and a write
// under way is not cut short.
import type { Readable } from 'node:stream';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } => 'id' in message && 'method' in message;
const isAnswer = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } => 'id' in message && !('method' in message);

/** Calls `close` once `stdin` has ended and every request read from it has been answered. Call after connect(). */
export function closeAtEndOfInput(transport: StdioServerTransport, stdin: Readable, close: () => void): void {
  const unanswered = new Set<RequestId>();
  let ended = false;
  const closeIfDone = () => {
    if (ended && unanswered.size === 0) close();
  };
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if (isRequest(message)) unanswered.add(message.id);
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (isAnswer(message)) {
      unanswered.delete(message.id);
      closeIfDone();
    }
  };
  stdin.once('end', () => {
    ended = true;
    closeIfDone();
  });
}
