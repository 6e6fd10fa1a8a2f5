import type { ExecutionResult } from 'graphql';
import { WebSocket } from 'ws';

/**
 * One serialization of a shared message for all its graphql-ws subscribers. The subscription service builds a
 * message once per (entry, API key, operation, variables) and hands the same object to each of its subscribers
 * (service.ts, SharedMessages); graphql-ws would then JSON.stringify it once per subscriber, in its `next`
 * message `{"id":…,"type":"next","payload":…}`. Here the payload's text is made once per message (kept beside
 * the object, in a WeakMap) and each subscriber's frame is its own envelope around that text:
 *  - `onNext` gives graphql-ws the shared object itself as the payload (not its copy without `errors`: the
 *    errors serialize the same, through GraphQLError's toJSON);
 *  - graphql-ws's `jsonMessageReplacer` puts a placeholder in its place when the value is a message marked
 *    here, and notes the text; the envelope is all that is serialized per subscriber;
 *  - the socket class's `send` puts the text back in the placeholder's place. graphql-ws serializes a message
 *    and hands it to the socket in one synchronous step (`socket.send(stringifyMessage(…))`), so the text
 *    noted is that message's; a frame without the placeholder is sent as it is.
 * Only objects marked by `markShared` are replaced, never a value inside a message (a field aliased `payload`
 * is another object), so a subscriber receives the JSON graphql-ws would have sent (a message with errors lists
 * them before `data`, as graphql-js builds it, where graphql-ws moved them after).
 */
const SHARED = new WeakSet<object>();
const TEXTS = new WeakMap<object, string>();
const PLACEHOLDER = '\u0000vigil-shared-payload';
/** How a serialized envelope ends when its payload was replaced. */
const PLACEHOLDER_TAIL = `"payload":${JSON.stringify(PLACEHOLDER)}}`;
/** The text of the payload the replacer replaced last: consumed by the next `send`. */
let pendingText: string | undefined;

/** Marks `result` as a message whose serialization its subscribers share. */
export function markShared<T extends ExecutionResult>(result: T): T {
  SHARED.add(result);
  return result;
}

/** graphql-ws's `onNext`: a shared message is sent as the object itself, so the replacer can recognize it. */
export function sharedPayload(result: ExecutionResult): ExecutionResult | undefined {
  return SHARED.has(result) ? result : undefined;
}

/** graphql-ws's `jsonMessageReplacer`. */
export function replaceSharedPayload(this: unknown, key: string, value: unknown): unknown {
  if (key !== 'payload' || value === null || typeof value !== 'object' || !SHARED.has(value)) return value;
  let text = TEXTS.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    TEXTS.set(value, text);
  }
  pendingText = text;
  return PLACEHOLDER;
}

/** The WebSocket server's socket class: its `send` splices the shared payload's text into the envelope. */
export class SharedFrameWebSocket extends WebSocket {
  override send(data: unknown, options?: unknown, callback?: unknown): void {
    const text = pendingText;
    pendingText = undefined;
    let frame = data;
    if (text !== undefined && typeof data === 'string' && data.endsWith(PLACEHOLDER_TAIL)) {
      frame = `${data.slice(0, data.length - PLACEHOLDER_TAIL.length)}"payload":${text}}`;
    }
    (super.send as (data: unknown, options?: unknown, callback?: unknown) => void)(frame, options, callback);
  }
}
