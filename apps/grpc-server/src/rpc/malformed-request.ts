/**
 * Requests whose bytes are not a valid protobuf message. grpc-js answers a decoder that throws
 * with INTERNAL "Error deserializing request", which blames the server for the client's bytes.
 * The service is therefore registered with decoders that never throw: a message that does not
 * decode becomes a marker value, and the request checks answer it INVALID_ARGUMENT.
 */

const MALFORMED = Symbol('malformed request');

/** What a decoder returns for bytes it cannot decode. */
export interface MalformedRequest {
  readonly [MALFORMED]: { readonly rpc: string; readonly reason: string };
}

/** True for the marker a tolerant decoder returned. */
export function isMalformedRequest(value: unknown): value is MalformedRequest {
  return typeof value === 'object' && value !== null && MALFORMED in value;
}

/** The sentence a client gets for a malformed request. */
export function malformedRequestProblem(request: MalformedRequest): string {
  const { rpc, reason } = request[MALFORMED];
  return `the ${rpc} request is not a valid protobuf message (${reason})`;
}

interface Decodable {
  decode(input: Uint8Array, length?: number): unknown;
}

interface MethodShape {
  readonly requestType: Decodable;
}

/** `definition` with every request decoder returning a {@link MalformedRequest} instead of throwing. */
export function withTolerantDecoding<D extends { readonly methods: Record<string, MethodShape> }>(
  definition: D,
): D {
  const methods: Record<string, MethodShape> = {};
  for (const [key, method] of Object.entries(definition.methods)) {
    const original = method.requestType;
    const rpc = (method as { name?: string }).name ?? key;
    methods[key] = {
      ...method,
      requestType: {
        ...original,
        decode(input: Uint8Array, length?: number): unknown {
          try {
            return original.decode(input, length);
          } catch (e) {
            const marker: MalformedRequest = {
              [MALFORMED]: { rpc, reason: e instanceof Error ? e.message : String(e) },
            };
            return marker;
          }
        },
      },
    };
  }
  return { ...definition, methods };
}
